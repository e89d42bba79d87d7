import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import {
  clientes,
  establecimientos,
  facturas,
  facturasContadores,
  facturasDetalles,
  puntosEmision,
  secuenciales,
  sriCola,
} from '../../infra/db/schema';
import { prepared } from '../../infra/db/prepared';
import {
  embed,
  listBatches,
  listConditions,
  paged,
  readFilter,
  readPage,
  scopedQuery,
  type Bind,
  type ListQuery,
  type ListSpec,
  type PageRequest,
} from '../../core/list';
import { calcularFactura } from '../../../domain/facturas';
import { clientSearch } from '../clientes';
import {
  camposEmitido,
  COLUMNAS_DETALLE,
  COLUMNAS_EMITIDO,
  delVendedor,
  delVendedorFiltro,
  fijo,
  filtroEntero,
  filtroFecha,
  iso,
  pagosDe,
  SCOPE_EMPRESA,
  SCOPE_VENDEDOR,
  SORTS_DOCUMENTOS,
  visible as visibleDocumento,
} from '../comprobantes';
import {
  ENTREGAS_FACTURA,
  ESTADOS_CORREGIBLES,
  ESTADOS_FACTURA,
  ESTADOS_PENDIENTES,
  type FacturasEstados,
  type Factura,
  type FacturaDetalle,
  type FacturasTotales,
  type PuntoEmisionFactura,
} from './contract';

/** The document type of an invoice (codDoc), the key of its sequential per emission point. */
export const TIPO_FACTURA = '01' as const;

const f = facturas;
/** Only invoices: the table holds every document type (notes too), and an invoice's routes never see another type. */
const esFactura = eq(f.FAC_TIPO, TIPO_FACTURA);

/**
 * Whose invoices a session sees: its company's (EMP_CODIGO from the token), and a seller only those whose buyer is a
 * client assigned to them or the consumidor final — the clients' rule (clientes/access.ts clientScopeValues), plus the
 * consumidor final, which has no seller: every seller sells to it at the counter (GET /api/clientes/consumidorFinal
 * gives it to them too), and sees what they and the others sold to it. Another seller's client's invoice is not found
 * (404).
 */
export type AlcanceFacturas = { empresa: number; vendedor?: number };

/** One invoice's condition for the scope: its company, and for a seller its buyer's (by id: one row, any plan does). */
const visible = (alcance: AlcanceFacturas): SQL => and(visibleDocumento(alcance), esFactura)!;

/** A list row: the invoice with its buyer and its series (joins to clientes, puntos_emision, establecimientos). */
const listColumns = {
  FAC_CODIGO: f.FAC_CODIGO,
  FAC_ESTADO: f.FAC_ESTADO,
  FAC_FECHA: f.FAC_FECHA,
  FAC_NUMERO: f.FAC_NUMERO,
  FAC_CLAVE_ACCESO: f.FAC_CLAVE_ACCESO,
  CLI_CODIGO: clientes.CLI_CODIGO,
  CLI_RAZON_SOCIAL: clientes.CLI_RAZON_SOCIAL,
  CLI_IDENTIFICACION: clientes.CLI_IDENTIFICACION,
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
    .innerJoin(clientes, eq(clientes.CLI_CODIGO, f.CLI_CODIGO))
    .innerJoin(puntosEmision, eq(puntosEmision.PEM_CODIGO, f.PEM_CODIGO))
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO));
type ListRow = Awaited<ReturnType<ReturnType<typeof selectList>['execute']>>[number];

const toFactura = (row: ListRow): Factura => ({
  ...row,
  FAC_SUBTOTAL: fijo(row.FAC_SUBTOTAL, 2),
  FAC_IVA: fijo(row.FAC_IVA, 2),
  FAC_TOTAL: fijo(row.FAC_TOTAL, 2),
});

/**
 * The invoice's number whole (001-001-000000123) or its sequential alone (123), its access key (49 digits), or the
 * buyer's identification or name (the clients' search).
 */
function facturaSearch(text: string, bind: Bind = embed): SQL {
  const numero = /^(\d{1,3})-(\d{1,3})-(\d{1,9})$/.exec(text);
  if (numero) {
    const [, estab, punto, secuencial] = numero;
    return sql`${f.FAC_NUMERO} = ${bind(`${estab!.padStart(3, '0')}-${punto!.padStart(3, '0')}-${secuencial!.padStart(9, '0')}`)}`;
  }
  if (/^\d{49}$/.test(text)) return sql`${f.FAC_CLAVE_ACCESO} = ${bind(text)}`;
  const comprador = sql`${f.CLI_CODIGO} IN (SELECT ${clientes.CLI_CODIGO} FROM ${clientes} WHERE ${clientSearch(text, bind)})`;
  if (/^\d{1,9}$/.test(text)) return sql`(${f.FAC_SECUENCIAL} = ${bind(Number(text))} OR ${comprador})`;
  return comprador;
}

export const PUBLIC_FILTERS = ['FAC_ESTADO', 'FAC_ENTREGA', 'desde', 'hasta', 'CLI_CODIGO', 'EST_CODIGO', 'PEM_CODIGO', 'q', 'id'] as const;

export const facturaListSpec: ListSpec<keyof typeof SORTS_DOCUMENTOS> = {
  resource: 'facturas',
  table: f,
  key: f.FAC_CODIGO,
  sort: SORTS_DOCUMENTOS,
  defaultSort: ['FAC_CODIGO', 'DESC'],
  where: esFactura,
  filters: {
    FAC_ESTADO: { type: 'enum', column: f.FAC_ESTADO, values: ESTADOS_FACTURA },
    FAC_ENTREGA: { type: 'enum', column: f.FAC_ENTREGA, values: ENTREGAS_FACTURA },
    desde: { type: 'search', where: filtroFecha('desde') },
    hasta: { type: 'search', where: filtroFecha('hasta') },
    CLI_CODIGO: { type: 'integer', column: f.CLI_CODIGO },
    PEM_CODIGO: { type: 'integer', column: f.PEM_CODIGO },
    // The count reads facturas alone: the establishment is its emission points.
    EST_CODIGO: {
      type: 'search',
      where: (text, bind) =>
        sql`${f.PEM_CODIGO} IN (SELECT ${puntosEmision.PEM_CODIGO} FROM ${puntosEmision} WHERE ${puntosEmision.EST_CODIGO} = ${bind(filtroEntero('EST_CODIGO', text))})`,
    },
    q: { type: 'search', where: facturaSearch },
    id: { type: 'ids', column: f.FAC_CODIGO },
    // A company's invoices: its index (facturas_empresa) leads with the company.
    [SCOPE_EMPRESA]: { type: 'integer', column: f.EMP_CODIGO, partition: true },
    [SCOPE_VENDEDOR]: { type: 'search', where: delVendedorFiltro },
  },
  defaultRange: [0, 24],
};

/** The caller's query with the scope added; a filter outside PUBLIC_FILTERS (the scope's keys too) is a 400. */
const companyQuery = ({ empresa, vendedor }: AlcanceFacturas, query: ListQuery) =>
  scopedQuery(query, PUBLIC_FILTERS, { [SCOPE_EMPRESA]: empresa, ...(vendedor === undefined ? {} : { [SCOPE_VENDEDOR]: vendedor }) });

const facturaPage = (db: Db, request: PageRequest) => paged(selectList(db).$dynamic(), request);

export const listFacturas = (db: Db, alcance: AlcanceFacturas, query: ListQuery) =>
  readPage(db, facturaListSpec, companyQuery(alcance, query), facturaPage, toFactura);

/** The footer's numbers as the contract sends them: integers, and amounts with two decimals. */
const totales = (row: { cantidad: number; anuladas: number; subtotal: string; iva: string; total: string } | undefined) => ({
  cantidad: Number(row?.cantidad ?? 0),
  anuladas: Number(row?.anuladas ?? 0),
  subtotal: fijo(row?.subtotal, 2),
  iva: fijo(row?.iva, 2),
  total: fijo(row?.total, 2),
});

/** Filters the counters of migrations 0022 and 0024 answer: a company's invoices by state and email state. */
const FILTROS_CONTADOS = new Set(['FAC_ESTADO', 'FAC_ENTREGA']);

/**
 * The list's totals from the counters, when the filter is by state or email state alone and the scope is the whole
 * company: a few rows, where summing the invoices reads every one of them (docs/performance.md).
 */
async function totalesContados(db: Db, empresa: number, filtro: Record<string, unknown>): Promise<FacturasTotales> {
  const c = facturasContadores;
  const valores = (v: unknown) => (Array.isArray(v) ? v : [v]) as string[];
  const cuenta = sql`${c.FAC_ESTADO} <> 'ANULADA'`;
  const [row] = await db
    .select({
      cantidad: sql<number>`coalesce(sum(${c.TOTAL}), 0)::int`,
      anuladas: sql<number>`coalesce(sum(${c.TOTAL}) FILTER (WHERE NOT ${cuenta}), 0)::int`,
      subtotal: sql<string>`coalesce(sum(${c.SUBTOTAL}) FILTER (WHERE ${cuenta}), 0)`,
      iva: sql<string>`coalesce(sum(${c.IVA}) FILTER (WHERE ${cuenta}), 0)`,
      total: sql<string>`coalesce(sum(${c.IMPORTE}) FILTER (WHERE ${cuenta}), 0)`,
    })
    .from(c)
    .where(
      and(
        eq(c.EMP_CODIGO, empresa),
        filtro.FAC_ESTADO === undefined ? undefined : inArray(c.FAC_ESTADO, valores(filtro.FAC_ESTADO)),
        filtro.FAC_ENTREGA === undefined ? undefined : inArray(c.FAC_ENTREGA, valores(filtro.FAC_ENTREGA)),
      ),
    );
  return totales(row);
}

/** Count and sums of the filtered invoices (the list's footer): the same conditions as the list. */
export async function totalesFacturas(db: Db, alcance: AlcanceFacturas, filter: string | undefined): Promise<FacturasTotales> {
  // Checked as the list checks it (400 in Spanish) before either way of answering.
  const { where } = listConditions(facturaListSpec, companyQuery(alcance, { filter }));
  const filtro = Object.fromEntries(Object.entries(readFilter(filter)).filter(([, v]) => v !== undefined && v !== ''));
  if (alcance.vendedor === undefined && Object.keys(filtro).every((clave) => FILTROS_CONTADOS.has(clave)))
    return totalesContados(db, alcance.empresa, filtro);
  // An annulled invoice stays in the list but adds nothing: the company annulled it at the SRI.
  const cuenta = sql`${f.FAC_ESTADO} <> 'ANULADA'`;
  const [row] = await db
    .select({
      cantidad: sql<number>`count(*)::int`,
      anuladas: sql<number>`count(*) FILTER (WHERE NOT ${cuenta})::int`,
      subtotal: sql<string>`coalesce(sum(${f.FAC_SUBTOTAL}) FILTER (WHERE ${cuenta}), 0)`,
      iva: sql<string>`coalesce(sum(${f.FAC_IVA}) FILTER (WHERE ${cuenta}), 0)`,
      total: sql<string>`coalesce(sum(${f.FAC_TOTAL}) FILTER (WHERE ${cuenta}), 0)`,
    })
    .from(f)
    .where(where);
  return totales(row);
}

const puntoColumns = {
  PEM_CODIGO: puntosEmision.PEM_CODIGO,
  PEM_NUMERO: puntosEmision.PEM_NUMERO,
  PEM_NOMBRE: puntosEmision.PEM_NOMBRE,
  EST_CODIGO: establecimientos.EST_CODIGO,
  EST_NUMERO: establecimientos.EST_NUMERO,
  EST_NOMBRE: establecimientos.EST_NOMBRE,
  EST_DIRECCION: establecimientos.EST_DIRECCION,
  siguiente: sql<number>`coalesce(${secuenciales.SEC_SIGUIENTE}, 1)`,
};
const selectPuntos = (db: Executor) =>
  db
    .select(puntoColumns)
    .from(puntosEmision)
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
    .leftJoin(secuenciales, and(eq(secuenciales.PEM_CODIGO, puntosEmision.PEM_CODIGO), eq(secuenciales.SEC_TIPO, TIPO_FACTURA)));
const activo = and(eq(establecimientos.EST_ACTIVO, true), eq(puntosEmision.PEM_ACTIVO, true));
type PuntoRow = Awaited<ReturnType<ReturnType<typeof selectPuntos>['execute']>>[number];
const toPunto = (row: PuntoRow): PuntoEmisionFactura => ({
  ...row,
  siguiente: Number(row.siguiente),
  serie: `${row.EST_NUMERO}-${row.PEM_NUMERO}`,
});

/** The company's active emission points of its active establishments, by series. */
export async function listPuntos(db: Executor, empresa: number): Promise<PuntoEmisionFactura[]> {
  const rows = await selectPuntos(db)
    .where(and(eq(establecimientos.EMP_CODIGO, empresa), activo))
    .orderBy(asc(establecimientos.EST_NUMERO), asc(puntosEmision.PEM_NUMERO));
  return rows.map(toPunto);
}

/** An active emission point of the company; another company's (or an inactive one) is not found. */
export async function findPunto(db: Executor, empresa: number, id: number): Promise<PuntoEmisionFactura | undefined> {
  const [row] = await selectPuntos(db).where(and(eq(puntosEmision.PEM_CODIGO, id), eq(establecimientos.EMP_CODIGO, empresa), activo));
  return row && toPunto(row);
}

/** The invoice's header as GET /:id answers it (without lines, payments and breakdown). */
const detailColumns = {
  ...listColumns,
  CLI_TIPO_IDENTIFICACION: clientes.CLI_TIPO_IDENTIFICACION,
  EST_DIRECCION: establecimientos.EST_DIRECCION,
  FAC_SECUENCIAL: f.FAC_SECUENCIAL,
  FAC_AMBIENTE: f.FAC_AMBIENTE,
  FAC_DESCUENTO: f.FAC_DESCUENTO,
  FAC_PROPINA: f.FAC_PROPINA,
  ...COLUMNAS_EMITIDO,
};

export const lineasDe = (db: Executor, id: number) =>
  db.select(COLUMNAS_DETALLE).from(facturasDetalles).where(eq(facturasDetalles.FAC_CODIGO, id)).orderBy(asc(facturasDetalles.FDE_LINEA));

/**
 * The draft's lines and payments in order, and its tip, in one statement: each line and payment a JSON object with the
 * columns entradaLinea / entradaPago read, amounts as numeric's text (what the driver gives for the columns).
 */
const borradorFactura = (d: Executor) =>
  d
    .select({
      propina: f.FAC_PROPINA,
      lineas: sql<LineaEntrada[]>`(SELECT coalesce(json_agg(json_build_object('FDE_PRINCIPAL', l.fde_principal,
        'FDE_AUXILIAR', l.fde_auxiliar, 'FDE_DESCRIPCION', l.fde_descripcion, 'FDE_CANTIDAD', l.fde_cantidad::text,
        'FDE_PRECIO', l.fde_precio::text, 'FDE_DESCUENTO', l.fde_descuento::text, 'FDE_IVA', l.fde_iva,
        'FDE_ICE_CODIGO', l.fde_ice_codigo, 'FDE_ICE_TARIFA', l.fde_ice_tarifa::text) ORDER BY l.fde_linea), '[]')
        FROM facturas_detalles l WHERE l.fac_codigo = facturas.fac_codigo)`,
      pagos: sql<PagoGuardado[]>`(SELECT coalesce(json_agg(json_build_object('FPA_FORMA', p.fpa_forma,
        'FPA_TOTAL', p.fpa_total::text, 'FPA_PLAZO', p.fpa_plazo, 'FPA_UNIDAD', p.fpa_unidad) ORDER BY p.fpa_linea), '[]')
        FROM facturas_pagos p WHERE p.fac_codigo = facturas.fac_codigo)`,
    })
    .from(f)
    .where(eq(f.FAC_CODIGO, sql.placeholder('id')));

/**
 * A draft's lines, payments and tip as armarComprobante reads them (an invoice's, a liquidación de compra's), read
 * while issuing.
 */
export async function borradorEmision(tx: Executor, id: number) {
  const [row] = await prepared(tx, 'factura_emision_borrador', borradorFactura).execute({ id });
  return { lineas: row!.lineas.map(entradaLinea), pagos: row!.pagos.map(entradaPago), propina: row!.propina };
}

export type LineaGuardada = Awaited<ReturnType<typeof lineasDe>>[number];
export type PagoGuardado = Awaited<ReturnType<typeof pagosDe>>[number];
/** What entradaLinea reads of a stored line. */
type LineaEntrada = Omit<LineaGuardada, 'CAT_CODIGO' | 'FDE_SUBTOTAL'>;

/** Stored lines and payments as calcularFactura (and armarComprobante) reads them. */
export const entradaLinea = (l: LineaEntrada) => ({
  cantidad: l.FDE_CANTIDAD,
  precioUnitario: l.FDE_PRECIO,
  descuento: l.FDE_DESCUENTO,
  codigoPorcentaje: l.FDE_IVA,
  ice: l.FDE_ICE_CODIGO ? { codigoPorcentaje: l.FDE_ICE_CODIGO, tarifa: l.FDE_ICE_TARIFA ?? '0' } : null,
  codigoPrincipal: l.FDE_PRINCIPAL,
  codigoAuxiliar: l.FDE_AUXILIAR,
  descripcion: l.FDE_DESCRIPCION,
});
export const entradaPago = (p: PagoGuardado) => ({
  formaPago: p.FPA_FORMA,
  total: p.FPA_TOTAL,
  plazo: p.FPA_PLAZO,
  unidadTiempo: p.FPA_UNIDAD,
});

/** The invoice whole if the scope sees it (another company's, or another seller's client's, is not found). */
export async function findFactura(db: Executor, alcance: AlcanceFacturas, id: number): Promise<FacturaDetalle | undefined> {
  const { empresa, vendedor } = alcance;
  const select = (d: Executor) =>
    d
      .select(detailColumns)
      .from(f)
      .innerJoin(clientes, eq(clientes.CLI_CODIGO, f.CLI_CODIGO))
      .innerJoin(puntosEmision, eq(puntosEmision.PEM_CODIGO, f.PEM_CODIGO))
      .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
      .leftJoin(sriCola, eq(sriCola.FAC_CODIGO, f.FAC_CODIGO));
  const byId = and(eq(f.FAC_CODIGO, sql.placeholder('id')), eq(f.EMP_CODIGO, sql.placeholder('empresa')), esFactura);
  const header =
    vendedor === undefined
      ? prepared(db, 'factura_por_id', (d) => select(d).where(byId))
      : prepared(db, 'factura_por_id_vendedor', (d) => select(d).where(and(byId, delVendedor(sql.placeholder('vendedor')))));
  const [[row], lineas, pagos] = await Promise.all([header.execute({ id, empresa, vendedor }), lineasDe(db, id), pagosDe(db, id)]);
  if (!row) return undefined;
  const calculo = calcularFactura({ lineas: lineas.map(entradaLinea), pagos: pagos.map(entradaPago), propina: row.FAC_PROPINA });
  return {
    ...toFactura(row),
    CLI_TIPO_IDENTIFICACION: row.CLI_TIPO_IDENTIFICACION,
    EST_DIRECCION: row.EST_DIRECCION,
    FAC_SECUENCIAL: row.FAC_SECUENCIAL,
    FAC_AMBIENTE: row.FAC_AMBIENTE,
    FAC_DESCUENTO: fijo(row.FAC_DESCUENTO, 2),
    FAC_PROPINA: fijo(row.FAC_PROPINA, 2),
    ...camposEmitido(row),
    lineas: lineas.map((l) => ({
      ...l,
      FDE_CANTIDAD: fijo(l.FDE_CANTIDAD, 6),
      FDE_PRECIO: fijo(l.FDE_PRECIO, 6),
      FDE_DESCUENTO: fijo(l.FDE_DESCUENTO, 2),
      FDE_ICE_TARIFA: l.FDE_ICE_TARIFA === null ? null : fijo(l.FDE_ICE_TARIFA, 2),
      FDE_SUBTOTAL: fijo(l.FDE_SUBTOTAL, 2),
    })),
    pagos: pagos.map((p) => ({ ...p, FPA_TOTAL: fijo(p.FPA_TOTAL, 2) })),
    subtotalesIva: calculo.subtotalesIva,
  };
}

/** The buyer a draft names, if the scope may invoice to it (a seller: their clients and the consumidor final). */
export async function findComprador(db: Executor, { empresa, vendedor }: AlcanceFacturas, id: number) {
  const [row] = await db
    .select({
      CLI_CODIGO: clientes.CLI_CODIGO,
      CLI_TIPO_IDENTIFICACION: clientes.CLI_TIPO_IDENTIFICACION,
      CLI_DIAS_CREDITO: clientes.CLI_DIAS_CREDITO,
    })
    .from(clientes)
    .where(and(eq(clientes.CLI_CODIGO, id), eq(clientes.EMP_CODIGO, empresa), vendedor === undefined ? undefined : delVendedor(vendedor)));
  return row;
}

/**
 * How many of the scope's invoices are in each state (GET /estados: the list's chips, polled while something is
 * pending, and the home's card). A company reads its counters; a seller's invoices (those of their clients) are
 * counted, as there are no counters per seller.
 */
export async function estadosFacturas(db: Db, alcance: AlcanceFacturas): Promise<FacturasEstados> {
  const rows =
    alcance.vendedor === undefined
      ? // A few rows however many invoices the company has: the counters the triggers of migration 0022 keep.
        await prepared(db, 'facturas_contadores', (d) =>
          d
            .select({ estado: facturasContadores.FAC_ESTADO, entrega: facturasContadores.FAC_ENTREGA, cantidad: facturasContadores.TOTAL })
            .from(facturasContadores)
            .where(eq(facturasContadores.EMP_CODIGO, sql.placeholder('empresa'))),
        ).execute({ empresa: alcance.empresa })
      : await db
          .select({ estado: f.FAC_ESTADO, entrega: f.FAC_ENTREGA, cantidad: sql<number>`count(*)::int` })
          .from(f)
          .where(visible(alcance))
          .groupBy(f.FAC_ESTADO, f.FAC_ENTREGA);
  const estados: Record<string, number> = Object.fromEntries(ESTADOS_FACTURA.map((e) => [e, 0]));
  let correosFallidos = 0;
  for (const row of rows) {
    estados[row.estado] = (estados[row.estado] ?? 0) + Number(row.cantidad);
    if (row.estado === 'AUTORIZADA' && row.entrega === 'FALLIDA') correosFallidos += Number(row.cantidad);
  }
  const suma = (lista: readonly string[]) => lista.reduce((total, e) => total + (estados[e] ?? 0), 0);
  return {
    estados,
    pendientes: suma(ESTADOS_PENDIENTES),
    autorizadas: estados.AUTORIZADA ?? 0,
    devueltas: suma(ESTADOS_CORREGIBLES),
    sinRespuesta: estados.SIN_RESPUESTA ?? 0,
    correosFallidos,
  };
}

/** A row of the export: the list's, with the SRI's authorization. */
const exportColumns = { ...listColumns, FAC_AUTORIZACION: f.FAC_AUTORIZACION, FAC_FECHA_AUTORIZACION: f.FAC_FECHA_AUTORIZACION };
const selectExport = (db: Executor) =>
  db
    .select(exportColumns)
    .from(f)
    .innerJoin(clientes, eq(clientes.CLI_CODIGO, f.CLI_CODIGO))
    .innerJoin(puntosEmision, eq(puntosEmision.PEM_CODIGO, f.PEM_CODIGO))
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO));
type ExportRow = Awaited<ReturnType<ReturnType<typeof selectExport>['execute']>>[number];
export type FacturaExportada = Factura & { FAC_AUTORIZACION: string | null; FAC_FECHA_AUTORIZACION: string | null };

/** Every invoice of the list's filter and order (the same 400s), `size` at a time, for the export. */
export function facturaBatches(db: Db, alcance: AlcanceFacturas, query: ListQuery, size: number) {
  const read = (where: SQL | undefined, orderBy: SQL[], limit: number) =>
    selectExport(db)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit);
  const map = (row: ExportRow): FacturaExportada => ({
    ...toFactura(row),
    FAC_AUTORIZACION: row.FAC_AUTORIZACION,
    FAC_FECHA_AUTORIZACION: row.FAC_FECHA_AUTORIZACION === null ? null : iso(row.FAC_FECHA_AUTORIZACION),
  });
  return listBatches(facturaListSpec, companyQuery(alcance, query), read, map, size);
}

/** The scope's invoices among `ids`, locked until the caller's transaction ends (a bulk delete). */
export const lockFacturas = (tx: Executor, alcance: AlcanceFacturas, ids: number[]) =>
  tx
    .select({ FAC_CODIGO: f.FAC_CODIGO, FAC_ESTADO: f.FAC_ESTADO, FAC_NUMERO: f.FAC_NUMERO })
    .from(f)
    .where(and(inArray(f.FAC_CODIGO, ids), visible(alcance)))
    .for('update');

export const deleteFacturas = (tx: Executor, ids: number[]) => tx.delete(f).where(inArray(f.FAC_CODIGO, ids));

/** The scope's invoices among `ids` with what their files need (a bulk email or ZIP), by number. */
export const documentosFacturas = (db: Executor, alcance: AlcanceFacturas, ids: number[]) =>
  db
    .select({
      FAC_CODIGO: f.FAC_CODIGO,
      FAC_ESTADO: f.FAC_ESTADO,
      FAC_NUMERO: f.FAC_NUMERO,
      FAC_XML: f.FAC_XML,
      FAC_AUTORIZACION: f.FAC_AUTORIZACION,
      FAC_FECHA_AUTORIZACION: f.FAC_FECHA_AUTORIZACION,
      FAC_AMBIENTE: f.FAC_AMBIENTE,
    })
    .from(f)
    .where(and(inArray(f.FAC_CODIGO, ids), visible(alcance)))
    .orderBy(asc(f.FAC_NUMERO), asc(f.FAC_CODIGO));
