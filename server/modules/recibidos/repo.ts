/**
 * The queries of the documents a company received: the list with its filters (and the one retención of ours that
 * rests on each), its totals by month and type, its export's batches, one whole with the collection a client's
 * retención became, and forgetting one.
 */
import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { cobros, cobrosFacturas, facturas, recibidos, retencionesSustentos } from '../../infra/db/schema';
import { HttpError } from '../../core/errors';
import { consultaLista, embed, type Bind, type ListSpec } from '../../core/list';
import { filtroFecha, fijo, iso, isoONull, SCOPE_EMPRESA } from '../comprobantes';
import { RECIBIDOS_MSG, TIPOS_RECIBIDOS, type DatosRecibido, type Recibido, type RecibidoDetalle, type RecibidosTotales } from './contract';
import { ESTADOS_SIN_RETENCION } from '../../../domain/retenciones';

const r = recibidos;
/**
 * The outer row's key, named with its table: inside a subquery over retenciones_sustentos (which has its own
 * rec_codigo) drizzle's bare column would bind to the subquery's, and every document would show any retention.
 */
const esteRecibido = sql.raw('"recibidos"."rec_codigo"');

/**
 * Our retenciones that hold a document: any but a refused or annulled one, a draft too (the retenciones' own rule:
 * a second retención on it answers 409, so the list must not offer it).
 */
const MUERTAS = sql.raw(ESTADOS_SIN_RETENCION.map((e) => `'${e}'`).join(', '));

/** The live retención of ours on the row's document, if any (the newest). */
const retencion = sql<{ FAC_CODIGO: number; FAC_NUMERO: string | null; FAC_ESTADO: string } | null>`(
  SELECT json_build_object('FAC_CODIGO', rf.fac_codigo, 'FAC_NUMERO', rf.fac_numero, 'FAC_ESTADO', rf.fac_estado)
  FROM ${retencionesSustentos} rs JOIN ${facturas} rf ON rf.fac_codigo = rs.fac_codigo
  WHERE rs.rec_codigo = ${esteRecibido} AND rf.fac_tipo = '07' AND rf.fac_estado NOT IN (${MUERTAS})
  ORDER BY rf.fac_codigo DESC LIMIT 1)`;

const columnas = {
  REC_CODIGO: r.REC_CODIGO,
  REC_TIPO: r.REC_TIPO,
  REC_NUMERO: r.REC_NUMERO,
  REC_FECHA: r.REC_FECHA,
  REC_CLAVE_ACCESO: r.REC_CLAVE_ACCESO,
  REC_EMISOR_RUC: r.REC_EMISOR_RUC,
  REC_EMISOR_RAZON_SOCIAL: r.REC_EMISOR_RAZON_SOCIAL,
  PRV_CODIGO: r.PRV_CODIGO,
  CLI_CODIGO: r.CLI_CODIGO,
  REC_AUTORIZACION: r.REC_AUTORIZACION,
  REC_FECHA_AUTORIZACION: r.REC_FECHA_AUTORIZACION,
  REC_AMBIENTE: r.REC_AMBIENTE,
  REC_SUBTOTAL: r.REC_SUBTOTAL,
  REC_IVA: r.REC_IVA,
  REC_TOTAL: r.REC_TOTAL,
  REC_ORIGEN: r.REC_ORIGEN,
  REC_CREADO: r.REC_CREADO,
  RETENCION: retencion,
};

const seleccion = (db: Executor) => db.select(columnas).from(r);
type Fila = Awaited<ReturnType<ReturnType<typeof seleccion>['execute']>>[number];

const aRecibido = (f: Fila): Recibido => ({
  ...f,
  REC_SUBTOTAL: fijo(f.REC_SUBTOTAL, 2),
  REC_IVA: fijo(f.REC_IVA, 2),
  REC_TOTAL: fijo(f.REC_TOTAL, 2),
  REC_FECHA_AUTORIZACION: isoONull(f.REC_FECHA_AUTORIZACION),
  REC_CREADO: iso(f.REC_CREADO),
  RETENCION: typeof f.RETENCION === 'string' ? JSON.parse(f.RETENCION) : (f.RETENCION ?? null),
});

/** Its number whole (001-001-123 too), its access key, or part of the issuer's RUC or name. */
function busqueda(texto: string, bind: Bind = embed): SQL {
  const numero = /^(\d{1,3})-(\d{1,3})-(\d{1,9})$/.exec(texto);
  if (numero)
    return sql`${r.REC_NUMERO} = ${bind(`${numero[1]!.padStart(3, '0')}-${numero[2]!.padStart(3, '0')}-${numero[3]!.padStart(9, '0')}`)}`;
  if (/^\d{49}$/.test(texto)) return sql`${r.REC_CLAVE_ACCESO} = ${bind(texto)}`;
  const patron = bind(`%${texto.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return sql`(${r.REC_EMISOR_RUC} LIKE ${patron} OR ${r.REC_EMISOR_RAZON_SOCIAL} ILIKE ${patron} OR ${r.REC_NUMERO} LIKE ${patron})`;
}

/**
 * A document one can still withhold on: a supplier's factura or nota de débito with no live retención of ours (only a
 * refused or annulled one leaves it open).
 */
const retenible = sql`${r.REC_TIPO} IN ('01', '05') AND ${r.PRV_CODIGO} IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM ${retencionesSustentos} rs JOIN ${facturas} rf ON rf.fac_codigo = rs.fac_codigo
  WHERE rs.rec_codigo = ${esteRecibido} AND rf.fac_estado NOT IN (${MUERTAS}))`;

export const FILTROS_RECIBIDOS = ['REC_TIPO', 'desde', 'hasta', 'PRV_CODIGO', 'CLI_CODIGO', 'q', 'id', 'retenible'] as const;
const SORTS = {
  REC_CODIGO: [r.REC_CODIGO],
  REC_FECHA: [r.REC_FECHA, r.REC_CODIGO],
  REC_TOTAL: [r.REC_TOTAL, r.REC_CODIGO],
  id: [r.REC_CODIGO],
} satisfies Record<string, AnyColumn[]>;

const spec: ListSpec<keyof typeof SORTS> = {
  resource: 'recibidos',
  table: r,
  key: r.REC_CODIGO,
  sort: SORTS,
  defaultSort: ['REC_CODIGO', 'DESC'],
  filters: {
    REC_TIPO: { type: 'enum', column: r.REC_TIPO, values: TIPOS_RECIBIDOS },
    desde: { type: 'search', where: filtroFecha('desde', r.REC_FECHA) },
    hasta: { type: 'search', where: filtroFecha('hasta', r.REC_FECHA) },
    PRV_CODIGO: { type: 'integer', column: r.PRV_CODIGO },
    CLI_CODIGO: { type: 'integer', column: r.CLI_CODIGO },
    q: { type: 'search', where: busqueda },
    id: { type: 'ids', column: r.REC_CODIGO },
    retenible: { type: 'flag', where: retenible },
    [SCOPE_EMPRESA]: { type: 'integer', column: r.EMP_CODIGO, partition: true },
  },
  defaultRange: [0, 24],
};

const lista = consultaLista({
  spec,
  filtros: FILTROS_RECIBIDOS,
  alcance: (empresa: number) => ({ [SCOPE_EMPRESA]: empresa }),
  seleccion: (db) => seleccion(db).$dynamic(),
  fila: aRecibido,
});

export const listRecibidos = lista.listar;

/** Every document of the list's filter and order, `size` at a time (the export). */
export const recibidosBatches = lista.lotes;

/** Count and sums of the filtered documents, and the same by month (of issue) and type. */
export async function totalesRecibidos(db: Db, empresa: number, filter: string | undefined): Promise<RecibidosTotales> {
  const where = lista.condicion(empresa, filter);
  const mes = sql<string>`to_char(${r.REC_FECHA}, 'YYYY-MM')`;
  const sumas = {
    cantidad: sql<number>`count(*)::int`,
    subtotal: sql<string>`coalesce(sum(${r.REC_SUBTOTAL}), 0)`,
    iva: sql<string>`coalesce(sum(${r.REC_IVA}), 0)`,
    total: sql<string>`coalesce(sum(${r.REC_TOTAL}), 0)`,
  };
  const filas = await db
    .select({ mes, REC_TIPO: r.REC_TIPO, ...sumas })
    .from(r)
    .where(where)
    .groupBy(mes, r.REC_TIPO)
    .orderBy(asc(mes), asc(r.REC_TIPO));
  const centavos = (v: unknown) => Math.round(Number(v) * 100);
  const porMes = filas.map((f) => ({
    mes: f.mes,
    REC_TIPO: f.REC_TIPO,
    cantidad: Number(f.cantidad),
    subtotal: fijo(f.subtotal, 2),
    iva: fijo(f.iva, 2),
    total: fijo(f.total, 2),
  }));
  const sumar = (k: 'subtotal' | 'iva' | 'total') => (filas.reduce((s, f) => s + centavos(f[k]), 0) / 100).toFixed(2);
  return {
    cantidad: porMes.reduce((s, f) => s + f.cantidad, 0),
    subtotal: sumar('subtotal'),
    iva: sumar('iva'),
    total: sumar('total'),
    porMes,
  };
}

const delaEmpresa = (empresa: number, id: number) => and(eq(r.EMP_CODIGO, empresa), eq(r.REC_CODIGO, id));

/** One document whole, if it is the company's: its columns, REC_DATOS, and the collection a client's retención became. */
export async function buscarRecibido(db: Executor, empresa: number, id: number): Promise<RecibidoDetalle | undefined> {
  const [fila] = await db
    .select({ ...columnas, REC_DATOS: r.REC_DATOS })
    .from(r)
    .where(delaEmpresa(empresa, id));
  if (!fila) return undefined;
  const [cobro] = await db
    .select({ COB_CODIGO: cobros.COB_CODIGO, COB_VALOR: cobros.COB_VALOR })
    .from(cobros)
    .where(and(eq(cobros.REC_CODIGO, id), eq(cobros.COB_ANULADO, false)));
  const facturasCobro = cobro
    ? await db
        .select({ FAC_CODIGO: facturas.FAC_CODIGO, FAC_NUMERO: facturas.FAC_NUMERO, CFA_VALOR: cobrosFacturas.CFA_VALOR })
        .from(cobrosFacturas)
        .innerJoin(facturas, eq(facturas.FAC_CODIGO, cobrosFacturas.FAC_CODIGO))
        .where(eq(cobrosFacturas.COB_CODIGO, cobro.COB_CODIGO))
        .orderBy(asc(facturas.FAC_CODIGO))
    : [];
  const { REC_DATOS, ...resto } = fila;
  return {
    ...aRecibido(resto),
    REC_DATOS: REC_DATOS as DatosRecibido,
    COBRO: cobro
      ? {
          COB_CODIGO: cobro.COB_CODIGO,
          COB_VALOR: fijo(cobro.COB_VALOR, 2),
          facturas: facturasCobro.map((f) => ({
            FAC_CODIGO: f.FAC_CODIGO,
            FAC_NUMERO: f.FAC_NUMERO ?? '',
            CFA_VALOR: fijo(f.CFA_VALOR, 2),
          })),
        }
      : null,
  };
}

/** The authorized document's signed XML and what its downloads need. */
export async function documentoRecibido(db: Executor, empresa: number, id: number) {
  const [fila] = await db
    .select({
      REC_TIPO: r.REC_TIPO,
      REC_NUMERO: r.REC_NUMERO,
      REC_XML: r.REC_XML,
      REC_AUTORIZACION: r.REC_AUTORIZACION,
      REC_FECHA_AUTORIZACION: r.REC_FECHA_AUTORIZACION,
      REC_AMBIENTE: r.REC_AMBIENTE,
    })
    .from(r)
    .where(delaEmpresa(empresa, id));
  return fila;
}

/**
 * Forgets a document, locked so that nothing lands on it meanwhile. 404 when it is not the company's; 409 while a
 * retención of ours names it (any state: the retención keeps its support) or a collection applies it.
 */
export async function eliminarRecibido(db: Db, empresa: number, id: number) {
  await db.transaction(async (tx) => {
    const [fila] = await tx.select({ id: r.REC_CODIGO }).from(r).where(delaEmpresa(empresa, id)).for('update');
    if (!fila) throw new HttpError(404, RECIBIDOS_MSG.noEncontrado);
    const [uso] = await tx
      .select({
        uso: sql<boolean>`EXISTS (SELECT 1 FROM ${retencionesSustentos} WHERE rec_codigo = ${id})
          OR EXISTS (SELECT 1 FROM ${cobros} WHERE rec_codigo = ${id} AND NOT cob_anulado)`,
      })
      .from(r)
      .where(eq(r.REC_CODIGO, id));
    if (uso?.uso) throw new HttpError(409, RECIBIDOS_MSG.enUso);
    await tx.delete(r).where(eq(r.REC_CODIGO, id));
  });
  return { REC_CODIGO: id };
}
