/**
 * An issued document's files, the same for the downloads and for the email to the recipient: the RIDE (printed from
 * the signed XML by the core's frame around its type's body, with the authorization once there is one) and the authorized XML (the SRI's <autorizacion> envelope
 * around the signed document, what Ecuadorian buyers' systems import).
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { empresas } from '../../infra/db/schema';
import type { FileStore } from '../../infra/files';
import { leerComprobanteXml } from './comprobante-xml';
import type { DibujanteRide } from './ride-hilos';
import type { Comprobante, TipoComprobante } from './tipo';

export type DocumentoEmitido = {
  FAC_XML: string;
  FAC_AUTORIZACION: string | null;
  FAC_FECHA_AUTORIZACION: Date | string | null;
  FAC_AMBIENTE?: number | null;
};

/**
 * Logos read, by file id: a stored file never changes under its id (a new logo is a new file), and each RIDE of a
 * company's documents would otherwise read its logo again (a statement and the storage). The oldest leave first.
 */
const logos = new Map<string, Buffer>();
const LOGOS_BYTES = 16 * 1024 * 1024;
let logosBytes = 0;

async function leerArchivo(files: FileStore, id: string | null): Promise<Buffer | undefined> {
  if (!id) return undefined;
  const guardado = logos.get(id);
  if (guardado) return guardado;
  const stored = await files.open(id);
  if (!stored?.body) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  const archivo = Buffer.concat(chunks);
  if (!logos.has(id) && archivo.length <= LOGOS_BYTES) {
    logos.set(id, archivo);
    logosBytes += archivo.length;
    for (const [viejo, bytes] of logos) {
      if (logosBytes <= LOGOS_BYTES) break;
      logos.delete(viejo);
      logosBytes -= bytes.length;
    }
  }
  return archivo;
}

export async function logoEmpresa(db: Executor, files: FileStore, empresa: number) {
  const [row] = await db.select({ EMP_LOGO: empresas.EMP_LOGO }).from(empresas).where(eq(empresas.EMP_CODIGO, empresa));
  return leerArchivo(files, row?.EMP_LOGO ?? null);
}

const autorizacionDe = (d: DocumentoEmitido) =>
  d.FAC_AUTORIZACION && d.FAC_FECHA_AUTORIZACION ? { numero: d.FAC_AUTORIZACION, fecha: new Date(d.FAC_FECHA_AUTORIZACION) } : undefined;

/**
 * The RIDE (PDF) with the company's logo; "PENDIENTE DE AUTORIZACIÓN" until the SRI authorizes it. The type computes
 * its body here (on the event loop); the frame draws it, in a thread when there are threads. `leido`: what the caller
 * already has (the document read back, the company's logo file id), not read again.
 */
export async function rideDe(
  { db, files, ride }: { db: Executor; files: FileStore; ride: DibujanteRide },
  empresa: number,
  documento: DocumentoEmitido,
  tipo: TipoComprobante,
  leido: { comprobante?: Comprobante; logo?: string | null } = {},
): Promise<Buffer> {
  const [comprobante, logo] = await Promise.all([
    leido.comprobante ?? (leerComprobanteXml(documento.FAC_XML) as Promise<Comprobante>),
    leido.logo === undefined ? logoEmpresa(db, files, empresa) : leerArchivo(files, leido.logo),
  ]);
  return ride.dibujar({
    comprobante,
    cuerpo: tipo.ride(comprobante),
    titulo: tipo.titulo,
    opciones: { logo, autorizacion: autorizacionDe(documento) },
  });
}

/** Ecuador's time (UTC−5 all year) with its offset, as the SRI writes fechaAutorizacion. */
export function fechaEcuador(fecha: Date): string {
  return new Date(fecha.getTime() - 5 * 3_600_000).toISOString().replace('Z', '-05:00');
}

/** The authorized XML: the SRI's <autorizacion> with the signed document in CDATA (a "]]>" inside is split). */
export function xmlAutorizado(documento: DocumentoEmitido): string {
  const autorizacion = autorizacionDe(documento);
  if (!autorizacion) throw new Error('La factura no está autorizada');
  const ambiente = documento.FAC_AMBIENTE === 2 ? 'PRODUCCIÓN' : 'PRUEBAS';
  const comprobante = documento.FAC_XML.replaceAll(']]>', ']]]]><![CDATA[>');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<autorizacion>',
    '  <estado>AUTORIZADO</estado>',
    `  <numeroAutorizacion>${autorizacion.numero}</numeroAutorizacion>`,
    `  <fechaAutorizacion>${fechaEcuador(autorizacion.fecha)}</fechaAutorizacion>`,
    `  <ambiente>${ambiente}</ambiente>`,
    `  <comprobante><![CDATA[${comprobante}]]></comprobante>`,
    '  <mensajes/>',
    '</autorizacion>',
    '',
  ].join('\n');
}
