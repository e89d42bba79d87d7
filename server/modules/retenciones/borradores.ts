/**
 * Retenciones' drafts, and the judgement they share with issuing (tipo.ts): the supplier and every support document
 * read within the company (404 otherwise) and locked, each of the retención's supplier and of a type that is withheld
 * on (400), none already under another live retención (409), the codes read from the table, and the withholdings
 * recomputed by the form's own calculation (domain/retenciones calcularRetencion), refused with every reason or when
 * the totals the user saw differ by a cent.
 */
import type { Db, Executor } from '../../infra/db/client';
import { found, HttpError } from '../../core/errors';
import type { CompanyActor } from '../../core/actor';
import { MSG } from '../../../domain/messages';
import type { ErrorFactura } from '../../../domain/facturas';
import { NOTAS_MSG } from '../../../domain/contratos/notasCredito';
import { ESTADOS_CORREGIBLES, ESTADOS_EN_CAMINO } from '../../../domain/comprobantes/estados';
import {
  calcularRetencion,
  compararTotalesRetencion,
  enDocumento,
  RECIBIDOS_RETENIBLES,
  RETENCIONES_MSG as M,
  type CodigoRetencionVigente,
  type SustentoEntrada,
} from '../../../domain/retenciones';
import {
  ComprobanteRechazado,
  deleteBorrador,
  documentoEmitido,
  fechaNota,
  insertBorrador,
  puntoDeEmpresa,
  replaceBorrador,
  type ValoresBorrador,
} from '../comprobantes';
import type { RetencionBorrador, RetencionDetalle } from './contract';
import {
  codigosDe,
  escribirSustentos,
  liquidacionesDe,
  lockRetencion,
  proveedorDe,
  recibidosDe,
  RETENCION,
  retencionesVivas,
  type Sustento,
} from './repo';
import { buscarRetencion } from './buscar';

export const NOMBRE = 'retención';

/** The identification types a sujeto retenido may have (tipoIdentificacionSujetoRetenido: 04 to 08 but 07). */
const IDENTIFICACIONES_SUJETO = ['04', '05', '06', '08'];

/** A support document as the form sends it, or as a stored draft gives it back. */
export type SustentoPedido = {
  REC_CODIGO?: number | null;
  RSU_LIQUIDACION?: number | null;
  RSU_SUSTENTO: string;
  retenciones: ReadonlyArray<{ RCO_ID: number | null; RDE_BASE: string | number }>;
};

/** The supplier as the rules and the sujeto retenido read it. */
export type SujetoRetenido = NonNullable<Awaited<ReturnType<typeof proveedorDe>>>;

/**
 * Every rule of a retención of the supplier `proveedor` dated `fecha` on these documents (inside the caller's
 * transaction, the documents locked): the computation, its entries and its errors. `excepto`: the retención itself.
 */
export async function juzgarRetencion(
  tx: Executor,
  empresa: number,
  proveedor: number,
  fecha: string,
  pedidos: readonly SustentoPedido[],
  excepto?: number,
) {
  const sujeto = found(await proveedorDe(tx, empresa, proveedor));
  const codigos = await codigosDe(
    tx,
    pedidos.flatMap((s) => s.retenciones.flatMap((r) => (r.RCO_ID ? [r.RCO_ID] : []))),
  );
  return juzgarConLeidos(tx, empresa, { sujeto, codigos }, fecha, pedidos, excepto);
}

/**
 * juzgarRetencion with the supplier and the codes already read (issuing reads them with the retención itself): locks
 * the documents and judges.
 */
export async function juzgarConLeidos(
  tx: Executor,
  empresa: number,
  { sujeto, codigos }: { sujeto: SujetoRetenido; codigos: Map<number, CodigoRetencionVigente> },
  fecha: string,
  pedidos: readonly SustentoPedido[],
  excepto?: number,
) {
  const recIds = pedidos.flatMap((s) => (s.REC_CODIGO ? [s.REC_CODIGO] : []));
  const liqIds = pedidos.flatMap((s) => (s.RSU_LIQUIDACION ? [s.RSU_LIQUIDACION] : []));
  const recs = await recibidosDe(tx, empresa, recIds, true);
  const liqs = await liquidacionesDe(tx, empresa, liqIds, true);

  const errores: ErrorFactura[] = [];
  if (!IDENTIFICACIONES_SUJETO.includes(sujeto.PRV_TIPO_IDENTIFICACION))
    errores.push({ campo: 'PRV_CODIGO', mensaje: M.proveedorIdentificacion });
  const documentos: Array<Sustento | undefined> = pedidos.map((s, i) => {
    const n = i + 1;
    const error = (texto: string) => errores.push({ campo: 'documento', linea: n, mensaje: enDocumento(n, texto) });
    if (Boolean(s.REC_CODIGO) === Boolean(s.RSU_LIQUIDACION)) {
      error(M.documentoUnico);
      return undefined;
    }
    // Another company's document answers as a missing one.
    const d = s.REC_CODIGO ? recs.get(s.REC_CODIGO) : liqs.get(s.RSU_LIQUIDACION!);
    if (!d) throw new HttpError(404, MSG.notFound);
    if (d.PRV_CODIGO !== sujeto.PRV_CODIGO) error(M.otroProveedor(sujeto.PRV_RAZON_SOCIAL));
    else if (s.REC_CODIGO && !(RECIBIDOS_RETENIBLES as readonly string[]).includes(d.codDocSustento)) error(M.documentoNoRetenible);
    else if (s.RSU_LIQUIDACION && d.codDocSustento !== '03') error(M.documentoNoRetenible);
    else if (s.RSU_LIQUIDACION && d.ESTADO !== 'AUTORIZADA') error(M.liquidacionNoAutorizada);
    else return d;
    return undefined;
  });
  if (errores.length) return { errores, calculo: undefined, entradas: [] };

  const vivas = await retencionesVivas(tx, recIds, liqIds, excepto);
  if (vivas.length) {
    const v = vivas[0]!;
    const d = v.REC_CODIGO ? recs.get(v.REC_CODIGO) : liqs.get(v.RSU_LIQUIDACION!);
    throw new HttpError(409, M.ya(d?.numero ?? '', v.FAC_NUMERO ?? `en borrador (${v.FAC_CODIGO})`));
  }

  const entradas: SustentoEntrada[] = pedidos.map((s, i) => ({
    codSustento: s.RSU_SUSTENTO,
    documento: documentos[i]!.documento,
    retenciones: s.retenciones.map((r) => ({ codigo: r.RCO_ID ? codigos.get(r.RCO_ID) : null, base: r.RDE_BASE })),
  }));
  const calculo = calcularRetencion(entradas, fecha);
  return { errores: calculo.errores, calculo, entradas };
}

/** What a draft stores: its header's amounts, and each document with its withholdings. */
export function valoresDe(
  calculo: NonNullable<Awaited<ReturnType<typeof juzgarRetencion>>['calculo']>,
  pedidos: readonly SustentoPedido[],
) {
  return pedidos.map((s, i) => ({
    REC_CODIGO: s.REC_CODIGO ?? null,
    RSU_LIQUIDACION: s.RSU_LIQUIDACION ?? null,
    RSU_SUSTENTO: s.RSU_SUSTENTO,
    retenciones: calculo.sustentos[i]!.retenciones.map((r) => ({
      RCO_ID: r.codigoId,
      RDE_IMPUESTO: r.impuesto,
      RDE_CODIGO: r.codigo,
      RDE_BASE: r.base,
      RDE_PORCENTAJE: r.porcentaje,
      RDE_VALOR: r.valor,
    })),
  }));
}

/** The draft's rows from the form's body, judged inside the transaction `tx`; a 400 with every reason. */
async function escribir(tx: Executor, actor: CompanyActor, body: RetencionBorrador, id?: number) {
  const empresa = actor.empresa;
  const punto = await puntoDeEmpresa(tx, empresa, body.PEM_CODIGO);
  if (!punto) throw new HttpError(404, MSG.notFound);
  const fecha = fechaNota(body.FAC_FECHA);
  const { errores, calculo } = await juzgarRetencion(tx, empresa, body.PRV_CODIGO, fecha, body.sustentos, id);
  if (calculo && !errores.length && body.totales) errores.push(...compararTotalesRetencion(calculo, body.totales));
  if (errores.length || !calculo) throw new ComprobanteRechazado(errores);

  const cabecera: ValoresBorrador = {
    EMP_CODIGO: empresa,
    FAC_TIPO: RETENCION,
    PEM_CODIGO: punto.PEM_CODIGO,
    PRV_CODIGO: body.PRV_CODIGO,
    CLI_CODIGO: null,
    FAC_FECHA: fecha,
    FAC_SUBTOTAL: calculo.renta,
    FAC_DESCUENTO: '0',
    FAC_IVA: calculo.iva,
    FAC_PROPINA: '0',
    FAC_TOTAL: calculo.total,
    FAC_ADICIONAL: (body.FAC_ADICIONAL ?? [])
      .map((c) => ({ nombre: c.nombre.trim(), valor: c.valor.trim() }))
      .filter((c) => c.nombre || c.valor),
    USU_CODIGO: actor.usuario,
  };
  const sustentos = valoresDe(calculo, body.sustentos);
  const propio = id ?? (await insertBorrador(tx, cabecera, [], []));
  if (id !== undefined) await replaceBorrador(tx, id, cabecera, [], []);
  await escribirSustentos(tx, propio, sustentos);
  return propio;
}

export async function crearRetencion(db: Db, actor: CompanyActor, body: RetencionBorrador): Promise<RetencionDetalle> {
  const id = await db.transaction((tx) => escribir(tx, actor, body));
  return (await buscarRetencion(db, actor.empresa, id))!;
}

const EDITABLES: readonly string[] = ['BORRADOR', ...ESTADOS_CORREGIBLES];
const noAdmite = (estado: string) =>
  (ESTADOS_EN_CAMINO as readonly string[]).includes(estado) ? NOTAS_MSG.enProceso(NOMBRE) : NOTAS_MSG.emitidaNoModificable(NOMBRE);

export async function editarRetencion(db: Db, actor: CompanyActor, id: number, body: RetencionBorrador): Promise<RetencionDetalle> {
  const actual = found(await documentoEmitido(db, { empresa: actor.empresa }, id, RETENCION));
  if (!EDITABLES.includes(actual.FAC_ESTADO)) throw new HttpError(409, noAdmite(actual.FAC_ESTADO));
  await db.transaction(async (tx) => {
    const row = found(await lockRetencion(tx, actor.empresa, id));
    if (!EDITABLES.includes(row.FAC_ESTADO)) throw new HttpError(409, noAdmite(row.FAC_ESTADO));
    await escribir(tx, actor, body, id);
  });
  return (await buscarRetencion(db, actor.empresa, id))!;
}

/** Deletes a draft of the company; an issued one is a 409. */
export async function eliminarRetencion(db: Db, empresa: number, id: number) {
  await db.transaction(async (tx) => {
    const row = found(await lockRetencion(tx, empresa, id));
    if (row.FAC_ESTADO !== 'BORRADOR') throw new HttpError(409, NOTAS_MSG.emitidaNoEliminable(NOMBRE));
    // Its documents and withholdings go with it (ON DELETE CASCADE).
    await deleteBorrador(tx, id);
  });
  return { FAC_CODIGO: id };
}
