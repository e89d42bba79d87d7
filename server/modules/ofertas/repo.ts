/**
 * The quotes' queries: the list (ra-data-simple-rest, core/list) with its state, date, client and text filters, one
 * quote whole, a quote locked for a change, its client as a quote needs it, and the company's next number. Every query
 * is scoped by the token's company, and a seller's by their clients (clientes/access.ts: a quote is never to the
 * consumidor final, so a seller sees only those of the clients assigned to them).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { clientes, empresas, facturas, ofertas } from '../../infra/db/schema';
import { HttpError } from '../../core/errors';
import { consultaLista, readFilter, SCOPE_EMPRESA, type Bind, type ListQuery, type ListSpec } from '../../core/list';
import { calcularFactura } from '../../../domain/facturas';
import { hoyEcuador } from '../../../domain/fechas';
import { estadoOferta } from '../../../domain/ofertas';
import { ESTADOS_OFERTA, type Oferta, type OfertaDetalle } from '../../../domain/contratos/ofertas';
import type { LineaBorrador } from '../../../domain/contratos/facturas';
import { clientSearch } from '../clientes';
import { entradaCalculo } from '../facturas';
import { fijo, filtroEntero, filtroFecha, isoONull, iso, SCOPE_VENDEDOR } from '../comprobantes';

const o = ofertas;

/** Whose quotes a session sees: its company's; a seller, those of their clients. */
export type AlcanceOfertas = { empresa: number; vendedor?: number };

/** A seller's clients, by the quote's client. */
const delVendedor = (vendedor: unknown) =>
  sql`${o.CLI_CODIGO} IN (SELECT ${clientes.CLI_CODIGO} FROM ${clientes} WHERE ${clientes.CLI_VENDEDOR} = ${vendedor})`;

/** One quote's condition for the scope. */
const visible = ({ empresa, vendedor }: AlcanceOfertas): SQL =>
  and(eq(o.EMP_CODIGO, empresa), vendedor === undefined ? undefined : delVendedor(vendedor))!;

const listColumns = {
  OFE_CODIGO: o.OFE_CODIGO,
  OFE_NUMERO: o.OFE_NUMERO,
  OFE_ESTADO: o.OFE_ESTADO,
  OFE_FECHA: o.OFE_FECHA,
  OFE_VALIDEZ: o.OFE_VALIDEZ,
  CLI_CODIGO: o.CLI_CODIGO,
  CLI_RAZON_SOCIAL: clientes.CLI_RAZON_SOCIAL,
  CLI_IDENTIFICACION: clientes.CLI_IDENTIFICACION,
  OFE_SUBTOTAL: o.OFE_SUBTOTAL,
  OFE_IVA: o.OFE_IVA,
  OFE_TOTAL: o.OFE_TOTAL,
  FAC_CODIGO: o.FAC_CODIGO,
  FAC_NUMERO: facturas.FAC_NUMERO,
  OFE_ENVIADA: o.OFE_ENVIADA,
};

const selectList = (db: Executor) =>
  db
    .select(listColumns)
    .from(o)
    .innerJoin(clientes, eq(clientes.CLI_CODIGO, o.CLI_CODIGO))
    .leftJoin(facturas, eq(facturas.FAC_CODIGO, o.FAC_CODIGO));
type ListRow = Awaited<ReturnType<ReturnType<typeof selectList>['execute']>>[number];

const toOferta = (row: ListRow, hoy = hoyEcuador()): Oferta => ({
  ...row,
  OFE_ESTADO: estadoOferta(row.OFE_ESTADO, row.OFE_VALIDEZ, hoy),
  OFE_SUBTOTAL: fijo(row.OFE_SUBTOTAL, 2),
  OFE_IVA: fijo(row.OFE_IVA, 2),
  OFE_TOTAL: fijo(row.OFE_TOTAL, 2),
  OFE_ENVIADA: isoONull(row.OFE_ENVIADA),
});

/**
 * The state filter as the quote answers it: VENCIDA is a BORRADOR or ENVIADA one valid until before today (Ecuador's
 * day, bound: the list's requests are remembered per day), and those two states are the ones still valid.
 */
function filtroEstado(text: string, bind: Bind): SQL {
  const estados = [...new Set(text.split(','))];
  if (!estados.every((e) => (ESTADOS_OFERTA as readonly string[]).includes(e)))
    throw new HttpError(400, 'El filtro OFE_ESTADO no es válido');
  const hoy = bind(hoyEcuador());
  const condiciones = estados.map((estado) => {
    if (estado === 'VENCIDA') return sql`(${o.OFE_ESTADO} IN ('BORRADOR', 'ENVIADA') AND ${o.OFE_VALIDEZ} < ${hoy}::date)`;
    if (estado === 'BORRADOR' || estado === 'ENVIADA') return sql`(${o.OFE_ESTADO} = ${bind(estado)} AND ${o.OFE_VALIDEZ} >= ${hoy}::date)`;
    return sql`${o.OFE_ESTADO} = ${bind(estado)}`;
  });
  return sql`(${sql.join(condiciones, sql` OR `)})`;
}

/** The quote's number (123), or the client's identification or name (the clients' search). */
function ofertaSearch(text: string, bind: Bind): SQL {
  const cliente = sql`${o.CLI_CODIGO} IN (SELECT ${clientes.CLI_CODIGO} FROM ${clientes} WHERE ${clientSearch(text, bind)})`;
  if (/^\d{1,9}$/.test(text)) return sql`(${o.OFE_NUMERO} = ${bind(Number(text))} OR ${cliente})`;
  return cliente;
}

export const PUBLIC_FILTERS = ['OFE_ESTADO', 'desde', 'hasta', 'CLI_CODIGO', 'q', 'id'] as const;

const SORTS = {
  OFE_CODIGO: [o.OFE_CODIGO],
  OFE_NUMERO: [o.OFE_NUMERO, o.OFE_CODIGO],
  OFE_FECHA: [o.OFE_FECHA, o.OFE_CODIGO],
  OFE_VALIDEZ: [o.OFE_VALIDEZ, o.OFE_CODIGO],
  OFE_TOTAL: [o.OFE_TOTAL, o.OFE_CODIGO],
  id: [o.OFE_CODIGO],
};

const ofertaListSpec: ListSpec<keyof typeof SORTS> = {
  resource: 'ofertas',
  table: o,
  key: o.OFE_CODIGO,
  sort: SORTS,
  defaultSort: ['OFE_CODIGO', 'DESC'],
  filters: {
    OFE_ESTADO: { type: 'search', where: filtroEstado },
    desde: { type: 'search', where: filtroFecha('desde', o.OFE_FECHA) },
    hasta: { type: 'search', where: filtroFecha('hasta', o.OFE_FECHA) },
    CLI_CODIGO: { type: 'integer', column: o.CLI_CODIGO },
    q: { type: 'search', where: ofertaSearch },
    id: { type: 'ids', column: o.OFE_CODIGO },
    // A company's quotes: its index (ofertas_empresa) leads with the company.
    [SCOPE_EMPRESA]: { type: 'integer', column: o.EMP_CODIGO, partition: true },
    [SCOPE_VENDEDOR]: { type: 'search', where: (text, bind) => delVendedor(bind(filtroEntero(SCOPE_VENDEDOR, text))) },
  },
  defaultRange: [0, 24],
};

const lista = consultaLista({
  spec: ofertaListSpec,
  filtros: PUBLIC_FILTERS,
  alcance: ({ empresa, vendedor }: AlcanceOfertas) => ({
    [SCOPE_EMPRESA]: empresa,
    ...(vendedor === undefined ? {} : { [SCOPE_VENDEDOR]: vendedor }),
  }),
  seleccion: (db) => selectList(db).$dynamic(),
  fila: (row: ListRow) => toOferta(row),
});

/** OFE_ESTADO may be one state or a list: the list travels to its search filter as one text. */
function conEstados(query: ListQuery): ListQuery {
  const filtro = readFilter(query.filter);
  if (!Array.isArray(filtro.OFE_ESTADO)) return query;
  const estados = filtro.OFE_ESTADO;
  if (!estados.length || !estados.every((e) => typeof e === 'string')) throw new HttpError(400, 'El filtro OFE_ESTADO no es válido');
  return { ...query, filter: JSON.stringify({ ...filtro, OFE_ESTADO: estados.join(',') }) };
}

export const listOfertas = (db: Db, alcance: AlcanceOfertas, query: ListQuery) => lista.listar(db, alcance, conEstados(query));

/** Every quote of the list's filter and order (the same 400s), `size` at a time, for the export. */
export const ofertaBatches = (db: Db, alcance: AlcanceOfertas, query: ListQuery, size: number) =>
  lista.lotes(db, alcance, conEstados(query), size);

const detailColumns = {
  ...listColumns,
  CLI_TIPO_IDENTIFICACION: clientes.CLI_TIPO_IDENTIFICACION,
  CLI_CORREOS: clientes.CLI_CORREOS,
  OFE_NOTAS: o.OFE_NOTAS,
  OFE_DESCUENTO: o.OFE_DESCUENTO,
  OFE_ENVIO_DETALLE: o.OFE_ENVIO_DETALLE,
  OFE_LINEAS: o.OFE_LINEAS,
  FAC_ESTADO: facturas.FAC_ESTADO,
  OFE_CREADO: o.OFE_CREADO,
  OFE_ACTUALIZADO: o.OFE_ACTUALIZADO,
};

/** The quote's lines as stored (OFE_LINEAS: the invoice draft's lines as the form sent them, normalized). */
export const lineasGuardadas = (valor: unknown) => (valor ?? []) as LineaBorrador[];

/** The stored lines computed again as the invoice computes them: each line's total and the per-rate breakdown. */
export const calculoDe = (lineas: readonly LineaBorrador[]) =>
  calcularFactura({ lineas: entradaCalculo({ lineas, pagos: [] }).lineas, pagos: [] });

/** The quote whole if the scope sees it (another company's, or another seller's client's, is not found). */
export async function findOferta(db: Executor, alcance: AlcanceOfertas, id: number): Promise<OfertaDetalle | undefined> {
  const [row] = await db
    .select(detailColumns)
    .from(o)
    .innerJoin(clientes, eq(clientes.CLI_CODIGO, o.CLI_CODIGO))
    .leftJoin(facturas, eq(facturas.FAC_CODIGO, o.FAC_CODIGO))
    .where(and(eq(o.OFE_CODIGO, id), visible(alcance)));
  if (!row) return undefined;
  const { OFE_LINEAS, ...cabecera } = row;
  const lineas = lineasGuardadas(OFE_LINEAS);
  const calculo = calculoDe(lineas);
  return {
    ...toOferta(cabecera),
    CLI_TIPO_IDENTIFICACION: row.CLI_TIPO_IDENTIFICACION,
    CLI_CORREOS: row.CLI_CORREOS,
    OFE_NOTAS: row.OFE_NOTAS,
    OFE_DESCUENTO: fijo(row.OFE_DESCUENTO, 2),
    OFE_ENVIO_DETALLE: row.OFE_ENVIO_DETALLE,
    FAC_ESTADO: row.FAC_ESTADO,
    lineas: lineas.map((l, i) => {
      const c = calculo.lineas[i];
      return {
        CAT_CODIGO: l.CAT_CODIGO ?? null,
        FDE_PRINCIPAL: l.FDE_PRINCIPAL ?? null,
        FDE_AUXILIAR: l.FDE_AUXILIAR ?? null,
        FDE_DESCRIPCION: l.FDE_DESCRIPCION,
        FDE_CANTIDAD: fijo(l.FDE_CANTIDAD, 6),
        FDE_PRECIO: fijo(l.FDE_PRECIO, 6),
        FDE_DESCUENTO: fijo(l.FDE_DESCUENTO ?? 0, 2),
        FDE_IVA: l.FDE_IVA,
        FDE_ICE_CODIGO: l.FDE_ICE_CODIGO ?? null,
        FDE_ICE_TARIFA: l.FDE_ICE_TARIFA === null || l.FDE_ICE_TARIFA === undefined ? null : fijo(l.FDE_ICE_TARIFA, 2),
        FDE_SUBTOTAL: c?.precioTotalSinImpuesto ?? '0.00',
      };
    }),
    subtotalesIva: calculo.subtotalesIva,
    OFE_CREADO: iso(row.OFE_CREADO),
    OFE_ACTUALIZADO: iso(row.OFE_ACTUALIZADO),
  };
}

/** What a change checks of the quote the scope sees, read under a row lock (the caller's transaction). */
export async function lockOferta(tx: Executor, alcance: AlcanceOfertas, id: number) {
  const [row] = await tx
    .select({ OFE_ESTADO: o.OFE_ESTADO, OFE_VALIDEZ: o.OFE_VALIDEZ, FAC_CODIGO: o.FAC_CODIGO })
    .from(o)
    .where(and(eq(o.OFE_CODIGO, id), visible(alcance)))
    .for('update');
  return row;
}

/** The client a quote names, if the scope may offer to it: the company's, and a seller's own. */
export async function findClienteOferta(db: Executor, { empresa, vendedor }: AlcanceOfertas, id: number) {
  const [row] = await db
    .select({
      CLI_TIPO_IDENTIFICACION: clientes.CLI_TIPO_IDENTIFICACION,
      CLI_CONSUMIDOR_FINAL: clientes.CLI_CONSUMIDOR_FINAL,
      CLI_ACTIVO: clientes.CLI_ACTIVO,
    })
    .from(clientes)
    .where(
      and(
        eq(clientes.CLI_CODIGO, id),
        eq(clientes.EMP_CODIGO, empresa),
        vendedor === undefined ? undefined : eq(clientes.CLI_VENDEDOR, vendedor),
      ),
    );
  return row;
}

/**
 * The company's next quote number, inside the caller's transaction: a lock per company (released at commit) orders
 * concurrent creations, so each reads the number the previous one wrote (ofertas_numero keeps them unique anyway).
 */
export async function siguienteNumero(tx: Executor, empresa: number): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ofertas'), ${empresa})`);
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${o.OFE_NUMERO}), 0) + 1` })
    .from(o)
    .where(eq(o.EMP_CODIGO, empresa));
  return Number(row!.n);
}

/** What the PDF and the email print of the company. */
export async function empresaDeOferta(db: Executor, empresa: number) {
  const [row] = await db
    .select({
      EMP_RUC: empresas.EMP_RUC,
      EMP_NOMBRE: empresas.EMP_NOMBRE,
      EMP_NOMBREC: empresas.EMP_NOMBREC,
      EMP_DIRECCION: empresas.EMP_DIRECCION,
      EMP_TELEFONO: empresas.EMP_TELEFONO,
      EMP_CORREO: empresas.EMP_CORREO,
    })
    .from(empresas)
    .where(eq(empresas.EMP_CODIGO, empresa));
  return row!;
}

/** What the PDF prints of the client besides the detail. */
export async function clienteImpreso(db: Executor, id: number) {
  const [row] = await db
    .select({ CLI_DIRECCION: clientes.CLI_DIRECCION, CLI_TELEFONOS: clientes.CLI_TELEFONOS })
    .from(clientes)
    .where(eq(clientes.CLI_CODIGO, id));
  return row;
}
