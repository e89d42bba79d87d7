/**
 * Issuing any document: a draft becomes a numbered, signed document (FIRMADA) in one transaction. The draft is locked,
 * the company's plans locked and checked against what already waits for the SRI (planes/consumption.ts), the emission
 * point's next sequential of the document's type taken (secuenciales: its row lock orders concurrent issuers, a
 * rollback gives the number back), the document built by its type (tipo.armar, which may lock what its rules need: a
 * credit note locks its invoice), checked against its type's schema, signed, stored and queued. Anything refused rolls
 * all of it back: no number is skipped or used twice. The plan pays for the document when the SRI authorizes it.
 *
 * The draft is locked and read with its company's data and current signature's id in one statement. Its certificate,
 * cached by signature id, is used if this process has it open; otherwise issuing rolls back, opens it (reading its
 * file and the database, milliseconds) and tries again, so that no lock waits on that. Every statement is prepared
 * once (infra/db/prepared.ts), and the transaction runs as few as its locks allow: the draft locked and read with the
 * issuer, the plans locked with the documents in flight read and the number taken (emision-repo.ts's tomarNumero), the
 * signed document stored and queued together.
 */
import { performance } from 'node:perf_hooks';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { firmas } from '../../infra/db/schema';
import type { FileStore } from '../../infra/files';
import type { SecretBox } from '../../infra/secret-box';
import { CertificateError } from '../../infra/certificates';
import { found, HttpError } from '../../core/errors';
import { REGIMEN_RIMPE, type RegimenRimpe } from '../../../domain/empresas';
import {
  COMPROBANTES_MSG,
  ESTADOS_CORREGIBLES,
  ESTADOS_EN_CAMINO,
  leerClaveAcceso,
  type CampoAdicional,
  type DatosComunes,
  type MensajeSriGuardado,
  type TipoIdentificacionComprador,
} from '../../../domain/comprobantes';
import type { Ambiente, ErrorFactura } from '../../../domain/facturas';
import { certificadoAbierto, certificadoDeFirma, currentSignatureSecret, type Certificado } from '../firmas';
import { issuingBlockLocked, issuingBlockOf } from '../planesEmpresa';
import { prepararValidador, validarComprobante } from './esquema';
import { firmarXml } from './xades';
import { alcanceComprobantes, borradorBloqueado, enCamino, guardarFirmada, tomarNumero, type AlcanceComprobantes } from './emision-repo';
import type { Comprobante, TipoComprobante } from './tipo';

/** A document the rules or the schema refuse: 400 with every reason (msg joins them; errores lists them for the form). */
export class ComprobanteRechazado extends HttpError {
  constructor(
    readonly errores: ErrorFactura[],
    prefijo = '',
  ) {
    super(400, prefijo + errores.map((e) => e.mensaje).join(' '));
  }
}

export type DependenciasEmision = { db: Db; files: FileStore; box: SecretBox };

/** Milliseconds of each step, for the bench (and the logs). */
export type TiemposEmision = {
  /** Locking and reading the draft (and what its type reads before the plans are locked). */
  leer: number;
  /** Locking the plans, reading the documents in flight, taking the number: one statement. */
  secuencial: number;
  /** The type's armar: reading its lines (and what its rules lock) and building the document. */
  armar: number;
  xml: number;
  esquema: number;
  firma: number;
  /** Storing the signed document and queueing it for the SRI. */
  guardar: number;
  /** The whole transaction, commit included. */
  transaccion: number;
};
export type Emision = { FAC_NUMERO: string; FAC_CLAVE_ACCESO: string; FAC_SECUENCIAL: number; tiempos: TiemposEmision };

/**
 * The company's current signature opened (cached by its id): none, unreadable or outside its validity is a 400 that
 * says what to do (`nombre`: the document being signed, "factura" unless said).
 */
export async function certificadoEmpresa(
  deps: DependenciasEmision,
  empresa: number,
  ahora: Date,
  nombre = 'factura',
): Promise<Certificado> {
  const [firma] = await deps.db
    .select({ FIR_CODIGO: firmas.FIR_CODIGO })
    .from(firmas)
    .where(and(eq(firmas.EMP_CODIGO, empresa), eq(firmas.FIR_ACTUAL, true)));
  return abrirCertificado(deps, empresa, firma?.FIR_CODIGO ?? null, ahora, nombre);
}

/** The company's signature `firma` (its current one, null: none) opened, as certificadoEmpresa says. */
async function abrirCertificado(deps: DependenciasEmision, empresa: number, firma: number | null, ahora: Date, nombre: string) {
  if (firma === null) throw new HttpError(400, COMPROBANTES_MSG.sinFirma(nombre));
  return conMotivo(() =>
    certificadoDeFirma(
      firma,
      async () => {
        const secreto = await currentSignatureSecret(deps.db, deps.files, deps.box, empresa);
        if (!secreto) throw new HttpError(400, COMPROBANTES_MSG.sinFirma(nombre));
        return { p12: secreto.p12, clave: secreto.password };
      },
      ahora,
    ),
  );
}

/** An unreadable certificate, or one outside its validity, is a 400 that says why and what to do. */
async function conMotivo<T>(abrir: () => Promise<T> | T): Promise<T> {
  try {
    return await abrir();
  } catch (error) {
    if (error instanceof CertificateError) throw new HttpError(400, COMPROBANTES_MSG.firmaInvalida(error.message));
    throw error;
  }
}

/**
 * Issuing's transaction found the company's current signature `firma` not open in this process: opening it reads its
 * file and the database, which the transaction must not wait on, so issuing opens it outside and tries again.
 */
class FirmaCerrada {
  constructor(readonly firma: number) {}
}
/** How many times issuing tries: a second time once the signature is open, a third should it have changed meanwhile. */
const INTENTOS_FIRMA = 3;

/**
 * What a corrected document keeps of its last issue. Its number, unless the SRI said the number is taken (45) or the
 * user moved it to another emission point. Its access key's random part after a DEVUELTA (the SRI did not register
 * the key, so the same date gives the same key); a new one after NO AUTORIZADO (the SRI registered that key).
 */
function numeroAnterior(
  b: {
    FAC_SECUENCIAL: number | null;
    FAC_NUMERO: string | null;
    FAC_CLAVE_ACCESO: string | null;
    FAC_SRI_MENSAJES: unknown;
    EST_NUMERO: string;
    PEM_NUMERO: string;
  },
  estado: string,
) {
  const mensajes = (b.FAC_SRI_MENSAJES as MensajeSriGuardado[] | null) ?? [];
  const mismoPunto = b.FAC_NUMERO?.startsWith(`${b.EST_NUMERO}-${b.PEM_NUMERO}-`) ?? false;
  if (b.FAC_SECUENCIAL === null || !mismoPunto || mensajes.some((m) => m.identificador === '45')) return null;
  const clave = b.FAC_CLAVE_ACCESO ? leerClaveAcceso(b.FAC_CLAVE_ACCESO) : null;
  return { secuencial: b.FAC_SECUENCIAL, codigoNumerico: estado === 'DEVUELTA' ? clave?.codigoNumerico : undefined };
}

type Borrador = NonNullable<Awaited<ReturnType<typeof borradorBloqueado>>>;

/** What every type is built from: the issuer, the series, the date, the buyer, the additional information. */
function comunesDe(b: Borrador, secuencial: number, codigoNumerico: string | undefined): DatosComunes {
  return {
    emisor: {
      ruc: b.EMP_RUC,
      razonSocial: b.EMP_NOMBRE ?? '',
      nombreComercial: b.EMP_NOMBREC,
      direccionMatriz: b.EMP_DIRECCION ?? '',
      direccionEstablecimiento: b.EST_DIRECCION,
      contribuyenteEspecial: b.EMP_CONTRIBUYENTE_ESPECIAL,
      obligadoContabilidad: b.EMP_CONTABILIDAD,
      agenteRetencion: b.EMP_AGENTE_RETENCION,
      regimenRimpe: b.EMP_RIMPE ? (REGIMEN_RIMPE[b.EMP_RIMPE as RegimenRimpe] ?? null) : null,
    },
    ambiente: String(b.EMP_AMBIENTE) as Ambiente,
    establecimiento: b.EST_NUMERO,
    puntoEmision: b.PEM_NUMERO,
    secuencial,
    codigoNumerico,
    fecha: b.FAC_FECHA,
    comprador: {
      tipoIdentificacion: b.RECEPTOR_TIPO_IDENTIFICACION as TipoIdentificacionComprador,
      identificacion: b.RECEPTOR_IDENTIFICACION,
      razonSocial: b.RECEPTOR_RAZON_SOCIAL,
      direccion: b.RECEPTOR_DIRECCION,
      email: b.RECEPTOR_CORREOS,
      telefono: b.RECEPTOR_TELEFONOS[0] ?? null,
    },
    camposAdicionales: (b.FAC_ADICIONAL as CampoAdicional[] | null) ?? [],
  };
}

/**
 * Issues the draft `id` of type `tipo` the scope sees (a company id: the whole company). Refused (nothing saved, no
 * number used): not found or of another type 404, already issued 409, no valid signature or plan 400 (what to do), a
 * rule or the schema broken 400 (ComprobanteRechazado, each field in Spanish).
 */
export async function emitirComprobante<C extends Comprobante, L>(
  deps: DependenciasEmision,
  quien: AlcanceComprobantes | number,
  id: number,
  tipo: TipoComprobante<C, L>,
  ahora = new Date(),
): Promise<Emision> {
  const alcance = alcanceComprobantes(quien);
  const empresa = alcance.empresa;
  // The type's schema is compiled once per process (about 0.1 s), before any lock is taken.
  await prepararValidador(tipo.esquema);
  let abierta: { firma: number; certificado: Certificado } | undefined;
  for (let intento = 1; ; intento++) {
    try {
      return await emitirEnTransaccion(abierta);
    } catch (error) {
      if (!(error instanceof FirmaCerrada)) throw error;
      if (intento === INTENTOS_FIRMA) throw new HttpError(409, COMPROBANTES_MSG.firmaCambiando(tipo.nombre));
      abierta = { firma: error.firma, certificado: await abrirCertificado(deps, empresa, error.firma, ahora, tipo.nombre) };
    }
  }

  async function emitirEnTransaccion(firmaAbierta: { firma: number; certificado: Certificado } | undefined): Promise<Emision> {
    const inicio = performance.now();
    const tiempos: TiemposEmision = { leer: 0, secuencial: 0, armar: 0, xml: 0, esquema: 0, firma: 0, guardar: 0, transaccion: 0 };
    const resultado = await deps.db.transaction(async (tx) => {
      const b = found(await borradorBloqueado(tx, alcance, id, tipo.codDoc));
      // The company's data and its current signature are read with the draft, in the transaction: the certificate is
      // used if this process has it open, or opened outside the transaction and issuing tried again (FirmaCerrada).
      if (b.FIR_CODIGO === null) throw new HttpError(400, COMPROBANTES_MSG.sinFirma(tipo.nombre));
      const firma = b.FIR_CODIGO;
      const certificado =
        firmaAbierta?.firma === firma ? firmaAbierta.certificado : await conMotivo(() => certificadoAbierto(firma, ahora));
      if (!certificado) throw new FirmaCerrada(firma);
      const corregida = (ESTADOS_CORREGIBLES as readonly string[]).includes(b.FAC_ESTADO);
      if (b.FAC_ESTADO !== 'BORRADOR' && !corregida) {
        throw new HttpError(
          409,
          (ESTADOS_EN_CAMINO as readonly string[]).includes(b.FAC_ESTADO)
            ? COMPROBANTES_MSG.enProceso(tipo.nombre)
            : COMPROBANTES_MSG.yaEmitida(tipo.nombre),
        );
      }
      // The draft is read under its own lock, before the company's plans are locked: every issuer of the company waits
      // on those rows until commit, so the less that happens after them, the more documents a second.
      const leido = tipo.leer ? await tipo.leer(tx, id) : undefined;
      const anterior = corregida ? numeroAnterior(b, b.FAC_ESTADO) : null;
      let secuencial = anterior?.secuencial ?? 0;
      // A new number is taken with the plans locked and the documents in flight counted, in one statement (a rollback
      // gives it back); a corrected document keeping its number only counts them, once the plans are locked.
      let bloqueo: string | null;
      if (anterior) bloqueo = await issuingBlockLocked(tx, empresa, () => enCamino(tx, empresa));
      else {
        const t0 = performance.now();
        const tomado = await tomarNumero(tx, b.PEM_CODIGO, tipo.codDoc, empresa);
        tiempos.secuencial = performance.now() - t0;
        secuencial = tomado.numero;
        bloqueo = issuingBlockOf(tomado.planes, tomado.enCamino);
      }
      if (bloqueo) throw new HttpError(400, bloqueo);
      let t = performance.now();
      tiempos.leer = t - inicio - tiempos.secuencial;
      const armado = await tipo.armar(tx, id, comunesDe(b, secuencial, anterior?.codigoNumerico), leido);
      tiempos.armar = performance.now() - t;
      if (!armado.ok) throw new ComprobanteRechazado(armado.errores);

      t = performance.now();
      const xml = tipo.xml(armado.comprobante);
      tiempos.xml = performance.now() - t;
      t = performance.now();
      const esquema = await validarComprobante(xml, tipo.esquema);
      tiempos.esquema = performance.now() - t;
      if (!esquema.valido) {
        throw new ComprobanteRechazado(
          esquema.errores.map((e) => ({ campo: e.campo, mensaje: e.mensaje })),
          COMPROBANTES_MSG.esquema(tipo.nombre),
        );
      }
      t = performance.now();
      const firmado = firmarXml(xml, certificado, ahora);
      tiempos.firma = performance.now() - t;

      const it = armado.comprobante.infoTributaria;
      const emitida = {
        FAC_SECUENCIAL: secuencial,
        FAC_NUMERO: `${it.estab}-${it.ptoEmi}-${it.secuencial}`,
        FAC_CLAVE_ACCESO: it.claveAcceso,
        FAC_AMBIENTE: Number(it.ambiente),
        FAC_XML: firmado,
      };
      t = performance.now();
      // The plan is consumed when the SRI authorizes it (sri/proceso.ts), not here: a document sent back costs nothing.
      await guardarFirmada(tx, id, emitida);
      tiempos.guardar = performance.now() - t;
      return emitida;
    });
    tiempos.transaccion = performance.now() - inicio;
    return {
      FAC_NUMERO: resultado.FAC_NUMERO,
      FAC_CLAVE_ACCESO: resultado.FAC_CLAVE_ACCESO,
      FAC_SECUENCIAL: resultado.FAC_SECUENCIAL,
      tiempos,
    };
  }
}
