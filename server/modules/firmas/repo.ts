import { Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../infra/db/client';
import { administradores, archivos, empresas, firmas, usuarios } from '../../infra/db/schema';
import type { FileStore } from '../../infra/files';
import type { CertificateInfo } from '../../infra/certificates';
import { SEALED_OVERHEAD, type SecretBox } from '../../infra/secret-box';
import { diaEcuador } from '../../../domain/fechas';
import type { Firma, FirmasEmpresa } from './contract';
import { SIGNATURE_FILE } from '../../../domain/firmas';
import { olvidarCertificado } from './certificado';

/** The store's rule for what it keeps: the signature sealed, so a little larger than the upload's limit. */
const SEALED_SIGNATURE_FILE = { ...SIGNATURE_FILE, maxBytes: SIGNATURE_FILE.maxBytes + SEALED_OVERHEAD };

/** Who uploads a signature: an administration user, a company user, or neither (the demo data). */
export type Uploader = { ADM_CODIGO?: number; USU_CODIGO?: number };

const columns = {
  FIR_CODIGO: firmas.FIR_CODIGO,
  FIR_ACTUAL: firmas.FIR_ACTUAL,
  FIR_TITULAR: firmas.FIR_TITULAR,
  FIR_EMISOR: firmas.FIR_EMISOR,
  FIR_SERIE: firmas.FIR_SERIE,
  FIR_IDENTIFICACION: firmas.FIR_IDENTIFICACION,
  FIR_DESDE: firmas.FIR_DESDE,
  FIR_HASTA: firmas.FIR_HASTA,
  FIR_FECHA: firmas.FIR_FECHA,
  ARC_NOMBRE: archivos.ARC_NOMBRE,
  ADM_NOMBRE: administradores.ADM_NOMBRE,
  USU_NOMBRE: usuarios.USU_NOMBRE,
};

function selectFirmas(db: Executor) {
  return db
    .select(columns)
    .from(firmas)
    .leftJoin(archivos, eq(archivos.ARC_ID, firmas.ARC_ID))
    .leftJoin(administradores, eq(administradores.ADM_CODIGO, firmas.ADM_CODIGO))
    .leftJoin(usuarios, eq(usuarios.USU_CODIGO, firmas.USU_CODIGO));
}

type Row = Awaited<ReturnType<typeof selectFirmas>>[number];

const toFirma = ({ ADM_NOMBRE, USU_NOMBRE, ...row }: Row): Firma => ({
  ...row,
  FIR_DESDE: diaEcuador(row.FIR_DESDE),
  FIR_HASTA: diaEcuador(row.FIR_HASTA),
  FIR_FECHA: row.FIR_FECHA.toISOString(),
  FIR_SUBIDA_POR: ADM_NOMBRE ?? USU_NOMBRE,
});

/** The company's current signature and the ones it replaced, newest first. */
export async function companySignatures(db: Executor, empresa: number): Promise<FirmasEmpresa> {
  const rows = (await selectFirmas(db).where(eq(firmas.EMP_CODIGO, empresa)).orderBy(desc(firmas.FIR_CODIGO))).map(toFirma);
  return { actual: rows.find((r) => r.FIR_ACTUAL) ?? null, anteriores: rows.filter((r) => !r.FIR_ACTUAL) };
}

/** Expiry (YYYY-MM-DD) of the company's current signature, or null without one. */
export async function currentSignatureExpiry(db: Executor, empresa: number): Promise<string | null> {
  const [row] = await db
    .select({ hasta: firmas.FIR_HASTA })
    .from(firmas)
    .where(and(eq(firmas.EMP_CODIGO, empresa), eq(firmas.FIR_ACTUAL, true)));
  return row ? diaEcuador(row.hasta) : null;
}

/** What a history entry keeps of a signature: its certificate's metadata, never the file or the password. */
export const signatureSummary = (
  firma: Pick<Firma, 'FIR_TITULAR' | 'FIR_EMISOR' | 'FIR_SERIE' | 'FIR_IDENTIFICACION' | 'FIR_DESDE' | 'FIR_HASTA'>,
) => ({
  FIR_TITULAR: firma.FIR_TITULAR,
  FIR_EMISOR: firma.FIR_EMISOR,
  FIR_SERIE: firma.FIR_SERIE,
  FIR_IDENTIFICACION: firma.FIR_IDENTIFICACION,
  FIR_DESDE: firma.FIR_DESDE,
  FIR_HASTA: firma.FIR_HASTA,
});

export type NewSignature = {
  empresa: number;
  /** The .p12 as uploaded, already opened by readCertificate. */
  p12: Buffer;
  filename: string;
  password: string;
  certificate: CertificateInfo;
  uploader: Uploader;
};

/**
 * Makes an uploaded signature the company's current one, sealed: its file through the file store, its password in
 * FIR_CLAVE. The one it replaces stays as history without its file and password (removed after the commit), and its
 * opened certificate leaves this process's memory. The company's EMP_FIRMA_CADUCA follows, and `record` (the company
 * history) runs in the same transaction.
 */
export async function storeSignature(
  files: FileStore,
  box: SecretBox,
  signature: NewSignature,
  record: (tx: Tx, previous: Firma | null, stored: Firma) => Promise<void> = async () => {},
): Promise<Firma> {
  const { empresa, certificate } = signature;
  const upload = { stream: Readable.from([box.seal(signature.p12)]), filename: signature.filename };
  let replaced: number | undefined;
  const stored = await files.save(upload, SEALED_SIGNATURE_FILE, `firma:${empresa}`, async (tx, file, release) => {
    // One upload at a time per company: each replaces the one before it and the last stays current.
    await tx.select({ id: empresas.EMP_CODIGO }).from(empresas).where(eq(empresas.EMP_CODIGO, empresa)).for('update');
    const [previous] = await tx
      .select({ FIR_CODIGO: firmas.FIR_CODIGO, ARC_ID: firmas.ARC_ID })
      .from(firmas)
      .where(and(eq(firmas.EMP_CODIGO, empresa), eq(firmas.FIR_ACTUAL, true)));
    const before = previous ? toFirma((await selectFirmas(tx).where(eq(firmas.FIR_CODIGO, previous.FIR_CODIGO)))[0]) : null;
    if (previous) {
      replaced = previous.FIR_CODIGO;
      await tx.update(firmas).set({ FIR_ACTUAL: false, ARC_ID: null, FIR_CLAVE: null }).where(eq(firmas.FIR_CODIGO, previous.FIR_CODIGO));
      await release(previous.ARC_ID);
    }
    const [inserted] = await tx
      .insert(firmas)
      .values({
        EMP_CODIGO: empresa,
        ARC_ID: file.ARC_ID,
        FIR_CLAVE: box.encryptText(signature.password),
        FIR_TITULAR: certificate.titular.slice(0, 300),
        FIR_EMISOR: certificate.emisor.slice(0, 300),
        FIR_SERIE: certificate.serie.slice(0, 80),
        FIR_IDENTIFICACION: certificate.identificacion,
        FIR_DESDE: certificate.desde,
        FIR_HASTA: certificate.hasta,
        ...signature.uploader,
      })
      .returning({ FIR_CODIGO: firmas.FIR_CODIGO });
    await tx
      .update(empresas)
      .set({ EMP_FIRMA_CADUCA: diaEcuador(certificate.hasta) })
      .where(eq(empresas.EMP_CODIGO, empresa));
    const stored = toFirma((await selectFirmas(tx).where(eq(firmas.FIR_CODIGO, inserted.FIR_CODIGO)))[0]);
    await record(tx, before, stored);
    return stored;
  });
  // Once the new signature is committed nothing signs with the old one: its private key does not stay in memory.
  if (replaced !== undefined) olvidarCertificado(replaced);
  return stored;
}

/**
 * The company's current signature ready to sign with: the .p12 and its password, decrypted; null without one.
 * Throws when its file is gone or the key (SECRETS_KEY / DATA_DIR/secrets.key) is not the one it was sealed with.
 */
export async function currentSignatureSecret(db: Executor, files: FileStore, box: SecretBox, empresa: number) {
  const [row] = await db
    .select({ FIR_CODIGO: firmas.FIR_CODIGO, ARC_ID: firmas.ARC_ID, FIR_CLAVE: firmas.FIR_CLAVE })
    .from(firmas)
    .where(and(eq(firmas.EMP_CODIGO, empresa), eq(firmas.FIR_ACTUAL, true)));
  if (!row) return null;
  const stored = row.ARC_ID ? await files.open(row.ARC_ID) : undefined;
  if (!stored?.body || !row.FIR_CLAVE) throw new Error(`la firma ${row.FIR_CODIGO} de la empresa ${empresa} no tiene su archivo`);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return { FIR_CODIGO: row.FIR_CODIGO, p12: box.open(Buffer.concat(chunks)), password: box.decryptText(row.FIR_CLAVE) };
}
