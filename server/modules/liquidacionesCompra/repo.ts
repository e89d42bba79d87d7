/**
 * The liquidaciones' queries: rows of `facturas` of type 03 whose recipient is a supplier (PRV_CODIGO), with the same
 * list, totals, detail and locks as the invoices'. Only accounting roles reach them: the scope is the whole company.
 */
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../infra/db/client';
import { prepared } from '../../infra/db/prepared';
import { establecimientos, facturas, proveedores, puntosEmision, retencionesSustentos, sriCola } from '../../infra/db/schema';
import { calcularFactura } from '../../../domain/facturas';
import { ESTADOS_SIN_RETENCION } from '../../../domain/retenciones';
import {
  busquedaDocumento,
  camposEmitido,
  COLUMNAS_EMITIDO,
  fijo,
  iso,
  lineaRespuesta,
  lineasNota,
  listaDocumentos,
  pagosDe,
} from '../comprobantes';
import { entradaLinea, entradaPago } from '../facturas';
import { type LiquidacionCompra, type LiquidacionCompraDetalle, type RetencionDeLiquidacion } from './contract';

/** The document type of a liquidación de compra (codDoc), the key of its sequential per emission point. */
export const TIPO_LIQUIDACION = '03' as const;

const f = facturas;
const esLiquidacion = eq(f.FAC_TIPO, TIPO_LIQUIDACION);
/** The company's liquidación `id`. */
const visible = (empresa: number, id: number) => and(eq(f.FAC_CODIGO, id), eq(f.EMP_CODIGO, empresa), esLiquidacion);

const listColumns = {
  FAC_CODIGO: f.FAC_CODIGO,
  FAC_ESTADO: f.FAC_ESTADO,
  FAC_FECHA: f.FAC_FECHA,
  FAC_NUMERO: f.FAC_NUMERO,
  FAC_CLAVE_ACCESO: f.FAC_CLAVE_ACCESO,
  PRV_CODIGO: proveedores.PRV_CODIGO,
  PRV_RAZON_SOCIAL: proveedores.PRV_RAZON_SOCIAL,
  PRV_IDENTIFICACION: proveedores.PRV_IDENTIFICACION,
  PEM_CODIGO: f.PEM_CODIGO,
  EST_CODIGO: establecimientos.EST_CODIGO,
  EST_NUMERO: establecimientos.EST_NUMERO,
  PEM_NUMERO: puntosEmision.PEM_NUMERO,
  FAC_SUBTOTAL: f.FAC_SUBTOTAL,
  FAC_IVA: f.FAC_IVA,
  FAC_TOTAL: f.FAC_TOTAL,
  FAC_ENTREGA: f.FAC_ENTREGA,
};

const selectList = (db: Executor) =>
  db
    .select(listColumns)
    .from(f)
    .innerJoin(proveedores, eq(proveedores.PRV_CODIGO, f.PRV_CODIGO))
    .innerJoin(puntosEmision, eq(puntosEmision.PEM_CODIGO, f.PEM_CODIGO))
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO));
type ListRow = Awaited<ReturnType<ReturnType<typeof selectList>['execute']>>[number];

const toLiquidacion = (row: ListRow): LiquidacionCompra => ({
  ...row,
  FAC_SUBTOTAL: fijo(row.FAC_SUBTOTAL, 2),
  FAC_IVA: fijo(row.FAC_IVA, 2),
  FAC_TOTAL: fijo(row.FAC_TOTAL, 2),
});

export const PUBLIC_FILTERS = ['FAC_ESTADO', 'desde', 'hasta', 'PRV_CODIGO', 'q', 'id'] as const;

const exportColumns = { ...listColumns, FAC_AUTORIZACION: f.FAC_AUTORIZACION, FAC_FECHA_AUTORIZACION: f.FAC_FECHA_AUTORIZACION };
const selectExport = (db: Executor) =>
  db
    .select(exportColumns)
    .from(f)
    .innerJoin(proveedores, eq(proveedores.PRV_CODIGO, f.PRV_CODIGO))
    .innerJoin(puntosEmision, eq(puntosEmision.PEM_CODIGO, f.PEM_CODIGO))
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO));
type ExportRow = Awaited<ReturnType<ReturnType<typeof selectExport>['execute']>>[number];
export type LiquidacionExportada = LiquidacionCompra & { FAC_AUTORIZACION: string | null; FAC_FECHA_AUTORIZACION: string | null };

/** The liquidaciones' list, its totals and export (with the authorization); the search: number, access key or supplier. */
export const LISTA_LIQUIDACIONES = listaDocumentos({
  resource: 'liquidacionesCompra',
  codDoc: TIPO_LIQUIDACION,
  receptor: 'proveedor',
  filtros: PUBLIC_FILTERS,
  busqueda: busquedaDocumento('proveedor'),
  seleccion: (db) => selectList(db).$dynamic(),
  fila: toLiquidacion,
  exportacion: {
    seleccion: (db) => selectExport(db).$dynamic(),
    fila: (row: ExportRow): LiquidacionExportada => ({
      ...toLiquidacion(row),
      FAC_AUTORIZACION: row.FAC_AUTORIZACION,
      FAC_FECHA_AUTORIZACION: row.FAC_FECHA_AUTORIZACION === null ? null : iso(row.FAC_FECHA_AUTORIZACION),
    }),
  },
});

const r = alias(f, 'retencion');

/** The live retención issued over the liquidación (retenciones_sustentos.RSU_LIQUIDACION), if any. */
export async function retencionDe(db: Executor, id: number): Promise<RetencionDeLiquidacion | null> {
  const [row] = await db
    .select({ FAC_CODIGO: r.FAC_CODIGO, FAC_NUMERO: r.FAC_NUMERO, FAC_ESTADO: r.FAC_ESTADO })
    .from(retencionesSustentos)
    .innerJoin(r, eq(r.FAC_CODIGO, retencionesSustentos.FAC_CODIGO))
    .where(and(eq(retencionesSustentos.RSU_LIQUIDACION, id), notInArray(r.FAC_ESTADO, [...ESTADOS_SIN_RETENCION])))
    .limit(1);
  return row ?? null;
}

const detailColumns = {
  ...listColumns,
  PRV_TIPO_IDENTIFICACION: proveedores.PRV_TIPO_IDENTIFICACION,
  EST_DIRECCION: establecimientos.EST_DIRECCION,
  FAC_SECUENCIAL: f.FAC_SECUENCIAL,
  FAC_AMBIENTE: f.FAC_AMBIENTE,
  FAC_DESCUENTO: f.FAC_DESCUENTO,
  ...COLUMNAS_EMITIDO,
};

/** The company's liquidación whole; another company's (or another type) is not found. */
export async function findLiquidacion(db: Executor, empresa: number, id: number): Promise<LiquidacionCompraDetalle | undefined> {
  const [row] = await db
    .select(detailColumns)
    .from(f)
    .innerJoin(proveedores, eq(proveedores.PRV_CODIGO, f.PRV_CODIGO))
    .innerJoin(puntosEmision, eq(puntosEmision.PEM_CODIGO, f.PEM_CODIGO))
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
    .leftJoin(sriCola, eq(sriCola.FAC_CODIGO, f.FAC_CODIGO))
    .where(visible(empresa, id));
  if (!row) return undefined;
  const lineas = await lineasNota(db, id);
  const pagos = await pagosDe(db, id);
  const RETENCION = await retencionDe(db, id);
  const calculo = calcularFactura({ lineas: lineas.map(entradaLinea), pagos: pagos.map(entradaPago) });
  return {
    ...toLiquidacion(row),
    PRV_TIPO_IDENTIFICACION: row.PRV_TIPO_IDENTIFICACION,
    EST_DIRECCION: row.EST_DIRECCION,
    FAC_SECUENCIAL: row.FAC_SECUENCIAL,
    FAC_AMBIENTE: row.FAC_AMBIENTE,
    FAC_DESCUENTO: fijo(row.FAC_DESCUENTO, 2),
    ...camposEmitido(row),
    lineas: lineas.map(lineaRespuesta),
    pagos: pagos.map((p) => ({ ...p, FPA_TOTAL: fijo(p.FPA_TOTAL, 2) })),
    subtotalesIva: calculo.subtotalesIva,
    RETENCION,
  };
}

/** The supplier a draft names, if it is the company's: what its rule reads. */
export async function findProveedor(db: Executor, empresa: number, id: number) {
  const [row] = await db
    .select({
      PRV_CODIGO: proveedores.PRV_CODIGO,
      PRV_TIPO_IDENTIFICACION: proveedores.PRV_TIPO_IDENTIFICACION,
      PRV_ACTIVO: proveedores.PRV_ACTIVO,
      PRV_DIAS_CREDITO: proveedores.PRV_DIAS_CREDITO,
    })
    .from(proveedores)
    .where(and(eq(proveedores.PRV_CODIGO, id), eq(proveedores.EMP_CODIGO, empresa)));
  return row;
}

/** The supplier of the liquidación being issued, as the book says now. */
export async function proveedorDe(db: Executor, id: number) {
  const [row] = await prepared(db, 'liquidacion_proveedor', (d) =>
    d
      .select({ PRV_TIPO_IDENTIFICACION: proveedores.PRV_TIPO_IDENTIFICACION, PRV_ACTIVO: proveedores.PRV_ACTIVO })
      .from(f)
      .innerJoin(proveedores, eq(proveedores.PRV_CODIGO, f.PRV_CODIGO))
      .where(eq(f.FAC_CODIGO, sql.placeholder('id'))),
  ).execute({ id });
  return row;
}
