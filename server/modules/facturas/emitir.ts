/**
 * Issuing an invoice: a draft becomes a numbered, signed document (FIRMADA) in one transaction. The draft is locked,
 * the company's plans locked and checked against what already waits for the SRI (planes/consumption.ts), the emission
 * point's next sequential taken (secuenciales: its row lock orders concurrent issuers, a rollback gives the number
 * back), the document built, checked against the SRI's schema, signed, stored and queued. Anything refused rolls all
 * of it back: no number is skipped or used twice. The plan pays for the document when the SRI authorizes it.
 *
 * What needs no lock happens before the transaction: the company's data and opening its certificate (milliseconds the
 * first time, then cached by signature id), so that the locks are held only for the document's own work (a few ms).
 */
import { performance } from 'node:perf_hooks';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { clientes, empresas, establecimientos, facturas, firmas, puntosEmision } from '../../infra/db/schema';
import type { FileStore } from '../../infra/files';
import type { SecretBox } from '../../infra/secret-box';
import { CertificateError } from '../../infra/certificates';
import { found, HttpError } from '../../core/errors';
import { MSG } from '../../../domain/messages';
import { REGIMEN_RIMPE, type RegimenRimpe } from '../../../domain/empresas';
import {
  armarComprobante,
  leerClaveAcceso,
  type Ambiente,
  type ErrorFactura,
  type MensajeSriGuardado,
  type TipoIdentificacionComprador,
} from '../../../domain/facturas';
import { currentSignatureSecret } from '../firmas';
import { issuingBlockLocked } from '../planesEmpresa';
import { encolar } from '../comprobantes';
import { certificadoDeFirma, type Certificado } from '../firmas';
import { prepararValidador, validarFactura } from '../comprobantes';
import { facturaXml } from './xml';
import { firmarXml } from '../comprobantes';
import { ESTADOS_CORREGIBLES, ESTADOS_EN_CAMINO, FACTURAS_MSG, type CampoAdicional } from './contract';
import {
  alcanceDe,
  documentoFactura,
  entradaLinea,
  entradaPago,
  lineasDe,
  lockFactura,
  marcarFirmada,
  pagosDe,
  siguienteSecuencial,
  type AlcanceFacturas,
} from './repo';

/** A document the rules or the schema refuse: 400 with every reason (msg joins them; errores lists them for the form). */
export class FacturaRechazada extends HttpError {
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
  /** Locking the draft, checking the plan, reading the draft. */
  leer: number;
  secuencial: number;
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

async function emisorDe(db: Executor, empresa: number) {
  const [row] = await db
    .select({
      EMP_RUC: empresas.EMP_RUC,
      EMP_NOMBRE: empresas.EMP_NOMBRE,
      EMP_NOMBREC: empresas.EMP_NOMBREC,
      EMP_DIRECCION: empresas.EMP_DIRECCION,
      EMP_CONTABILIDAD: empresas.EMP_CONTABILIDAD,
      EMP_CONTRIBUYENTE_ESPECIAL: empresas.EMP_CONTRIBUYENTE_ESPECIAL,
      EMP_AGENTE_RETENCION: empresas.EMP_AGENTE_RETENCION,
      EMP_RIMPE: empresas.EMP_RIMPE,
      EMP_AMBIENTE: empresas.EMP_AMBIENTE,
    })
    .from(empresas)
    .where(eq(empresas.EMP_CODIGO, empresa));
  return found(row);
}

/**
 * The company's current signature opened (cached by its id): none, unreadable or outside its validity is a 400 that
 * says what to do.
 */
export async function certificadoEmpresa(deps: DependenciasEmision, empresa: number, ahora: Date): Promise<Certificado> {
  const [firma] = await deps.db
    .select({ FIR_CODIGO: firmas.FIR_CODIGO })
    .from(firmas)
    .where(and(eq(firmas.EMP_CODIGO, empresa), eq(firmas.FIR_ACTUAL, true)));
  if (!firma) throw new HttpError(400, FACTURAS_MSG.sinFirma);
  try {
    return await certificadoDeFirma(
      firma.FIR_CODIGO,
      async () => {
        const secreto = await currentSignatureSecret(deps.db, deps.files, deps.box, empresa);
        if (!secreto) throw new HttpError(400, FACTURAS_MSG.sinFirma);
        return { p12: secreto.p12, clave: secreto.password };
      },
      ahora,
    );
  } catch (error) {
    if (error instanceof CertificateError) throw new HttpError(400, FACTURAS_MSG.firmaInvalida(error.message));
    throw error;
  }
}

/**
 * What a corrected invoice keeps of its last issue. Its number, unless the SRI said the number is taken (45) or the
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

/** The company's invoices issued and not yet answered by the SRI (SIN_RESPUESTA too): the plan pays for them when authorized. */
async function enCamino(tx: Executor, empresa: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(facturas)
    .where(and(eq(facturas.EMP_CODIGO, empresa), inArray(facturas.FAC_ESTADO, [...ESTADOS_EN_CAMINO])));
  return Number(row?.n ?? 0);
}

/** The locked draft with its buyer and series. */
async function borradorDe(tx: Executor, id: number) {
  const [row] = await tx
    .select({
      PEM_CODIGO: facturas.PEM_CODIGO,
      FAC_SECUENCIAL: facturas.FAC_SECUENCIAL,
      FAC_NUMERO: facturas.FAC_NUMERO,
      FAC_CLAVE_ACCESO: facturas.FAC_CLAVE_ACCESO,
      FAC_SRI_MENSAJES: facturas.FAC_SRI_MENSAJES,
      FAC_FECHA: facturas.FAC_FECHA,
      FAC_PROPINA: facturas.FAC_PROPINA,
      FAC_ADICIONAL: facturas.FAC_ADICIONAL,
      EST_NUMERO: establecimientos.EST_NUMERO,
      EST_DIRECCION: establecimientos.EST_DIRECCION,
      PEM_NUMERO: puntosEmision.PEM_NUMERO,
      CLI_TIPO_IDENTIFICACION: clientes.CLI_TIPO_IDENTIFICACION,
      CLI_IDENTIFICACION: clientes.CLI_IDENTIFICACION,
      CLI_RAZON_SOCIAL: clientes.CLI_RAZON_SOCIAL,
      CLI_DIRECCION: clientes.CLI_DIRECCION,
      CLI_CORREOS: clientes.CLI_CORREOS,
      CLI_TELEFONOS: clientes.CLI_TELEFONOS,
    })
    .from(facturas)
    .innerJoin(clientes, eq(clientes.CLI_CODIGO, facturas.CLI_CODIGO))
    .innerJoin(puntosEmision, eq(puntosEmision.PEM_CODIGO, facturas.PEM_CODIGO))
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
    .where(eq(facturas.FAC_CODIGO, id));
  const [lineas, pagos] = await Promise.all([lineasDe(tx, id), pagosDe(tx, id)]);
  return { ...row!, lineas, pagos };
}

/**
 * Issues the draft `id` the scope sees (a company id: the whole company). Refused (nothing saved, no number used): not
 * found 404, already issued 409, no valid signature or plan 400 (what to do), a rule or the schema broken 400
 * (FacturaRechazada, each field in Spanish).
 */
export async function emitirFactura(
  deps: DependenciasEmision,
  quien: AlcanceFacturas | number,
  id: number,
  ahora = new Date(),
): Promise<Emision> {
  const alcance = alcanceDe(quien);
  const empresa = alcance.empresa;
  const preparativos = Promise.all([emisorDe(deps.db, empresa), certificadoEmpresa(deps, empresa, ahora), prepararValidador()]);
  // Judged after the invoice is found: someone else's invoice is a 404, never "your company has no signature".
  preparativos.catch(() => {});
  if (!(await documentoFactura(deps.db, alcance, id))) throw new HttpError(404, MSG.notFound);
  const [emisor, certificado] = await preparativos;
  const inicio = performance.now();
  const tiempos: TiemposEmision = { leer: 0, secuencial: 0, armar: 0, xml: 0, esquema: 0, firma: 0, guardar: 0, transaccion: 0 };
  const resultado = await deps.db.transaction(async (tx) => {
    const bloqueada = found(await lockFactura(tx, alcance, id));
    const corregida = (ESTADOS_CORREGIBLES as readonly string[]).includes(bloqueada.FAC_ESTADO);
    if (bloqueada.FAC_ESTADO !== 'BORRADOR' && !corregida) {
      throw new HttpError(
        409,
        (ESTADOS_EN_CAMINO as readonly string[]).includes(bloqueada.FAC_ESTADO) ? FACTURAS_MSG.enProceso : FACTURAS_MSG.yaEmitida,
      );
    }
    const bloqueo = await issuingBlockLocked(tx, empresa, () => enCamino(tx, empresa));
    if (bloqueo) throw new HttpError(400, bloqueo);
    const b = await borradorDe(tx, id);
    let t = performance.now();
    tiempos.leer = t - inicio;
    const anterior = corregida ? numeroAnterior(b, bloqueada.FAC_ESTADO) : null;
    const secuencial = anterior?.secuencial ?? (await siguienteSecuencial(tx, b.PEM_CODIGO));
    tiempos.secuencial = performance.now() - t;
    t = performance.now();
    const armado = armarComprobante({
      emisor: {
        ruc: emisor.EMP_RUC,
        razonSocial: emisor.EMP_NOMBRE ?? '',
        nombreComercial: emisor.EMP_NOMBREC,
        direccionMatriz: emisor.EMP_DIRECCION ?? '',
        direccionEstablecimiento: b.EST_DIRECCION,
        contribuyenteEspecial: emisor.EMP_CONTRIBUYENTE_ESPECIAL,
        obligadoContabilidad: emisor.EMP_CONTABILIDAD,
        agenteRetencion: emisor.EMP_AGENTE_RETENCION,
        regimenRimpe: emisor.EMP_RIMPE ? (REGIMEN_RIMPE[emisor.EMP_RIMPE as RegimenRimpe] ?? null) : null,
      },
      ambiente: String(emisor.EMP_AMBIENTE) as Ambiente,
      establecimiento: b.EST_NUMERO,
      puntoEmision: b.PEM_NUMERO,
      secuencial,
      codigoNumerico: anterior?.codigoNumerico,
      fecha: b.FAC_FECHA,
      comprador: {
        tipoIdentificacion: b.CLI_TIPO_IDENTIFICACION as TipoIdentificacionComprador,
        identificacion: b.CLI_IDENTIFICACION,
        razonSocial: b.CLI_RAZON_SOCIAL,
        direccion: b.CLI_DIRECCION,
        email: b.CLI_CORREOS,
        telefono: b.CLI_TELEFONOS[0] ?? null,
      },
      lineas: b.lineas.map(entradaLinea),
      pagos: b.pagos.map(entradaPago),
      propina: b.FAC_PROPINA,
      camposAdicionales: (b.FAC_ADICIONAL as CampoAdicional[] | null) ?? [],
    });
    tiempos.armar = performance.now() - t;
    if (!armado.ok) throw new FacturaRechazada(armado.errores);

    t = performance.now();
    const xml = facturaXml(armado.comprobante);
    tiempos.xml = performance.now() - t;
    t = performance.now();
    const esquema = await validarFactura(xml);
    tiempos.esquema = performance.now() - t;
    if (!esquema.valido) {
      throw new FacturaRechazada(
        esquema.errores.map((e) => ({ campo: e.campo, mensaje: e.mensaje })),
        FACTURAS_MSG.esquema,
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
    await marcarFirmada(tx, id, emitida);
    // The plan is consumed when the SRI authorizes it (sri/proceso.ts), not here: a document sent back costs nothing.
    await encolar(tx, id);
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
