/**
 * The list of one issued document type (rows of `facturas` of one FAC_TIPO) whose recipient is a client, a supplier
 * or a carrier: its spec (the state, dates, recipient, search and id filters every type has, plus the type's own), a
 * page, the totals of the filter and the export's batches. Each type gives its rows' select and reader; each list has
 * its own spec (its type as a literal), so the statements of two types never mix.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../infra/db/client';
import { proveedores, clientes, facturas, transportistas } from '../../infra/db/schema';
import { consultaLista, embed, type Bind, type ListSpec } from '../../core/list';
import { busquedaTercero } from '../../core/terceros';
import type { Filter } from '../../core/list/spec';
import { ESTADOS_FACTURA } from '../../../domain/comprobantes/estados';
import { clientSearch } from '../clientes';
import { supplierSearch } from '../proveedores';
import { delVendedorFiltro, filtroFecha, fijo, SCOPE_EMPRESA, SCOPE_VENDEDOR, SORTS_DOCUMENTOS, type AlcanceDocumentos } from './filas';

const f = facturas;

type Busqueda = (text: string, bind: Bind) => SQL;

/** A carrier by identification, name or usual plate (its busqueda column), as the clients' and suppliers' search. */
const carrierSearch = busquedaTercero(transportistas.TRA_IDENTIFICACION, transportistas.TRA_BUSQUEDA);

/**
 * The documents of a client (CLI_CODIGO), a supplier (PRV_CODIGO) or a carrier (TRA_CODIGO) the search names, by
 * identification or name.
 */
const RECEPTORES = {
  cliente: (text: string, bind: Bind) =>
    sql`${f.CLI_CODIGO} IN (SELECT ${clientes.CLI_CODIGO} FROM ${clientes} WHERE ${clientSearch(text, bind)})`,
  proveedor: (text: string, bind: Bind) =>
    sql`${f.PRV_CODIGO} IN (SELECT ${proveedores.PRV_CODIGO} FROM ${proveedores} WHERE ${supplierSearch(text, bind)})`,
  transportista: (text: string, bind: Bind) =>
    sql`${f.TRA_CODIGO} IN (SELECT ${transportistas.TRA_CODIGO} FROM ${transportistas} WHERE ${carrierSearch(text, bind)})`,
} satisfies Record<string, Busqueda>;

/** The column of each kind of recipient. */
const CODIGO_RECEPTOR = { cliente: 'CLI_CODIGO', proveedor: 'PRV_CODIGO', transportista: 'TRA_CODIGO' } as const;

/**
 * A document list's search (q): the number whole (or, with `otroNumero`, also another document's it names: a note's
 * invoice, a retención's support) or its sequential, the access key, or the recipient (`receptor`'s search, else the
 * type's client or supplier by identification or name).
 */
export function busquedaDocumento(
  tipo: keyof typeof RECEPTORES,
  { otroNumero, receptor = RECEPTORES[tipo] }: { otroNumero?: (completo: string) => SQL; receptor?: Busqueda } = {},
) {
  return (text: string, bind: Bind = embed): SQL => {
    const numero = /^(\d{1,3})-(\d{1,3})-(\d{1,9})$/.exec(text);
    if (numero) {
      const [, estab, punto, secuencial] = numero;
      const completo = bind(`${estab!.padStart(3, '0')}-${punto!.padStart(3, '0')}-${secuencial!.padStart(9, '0')}`);
      return otroNumero ? sql`(${f.FAC_NUMERO} = ${completo} OR ${otroNumero(completo)})` : sql`${f.FAC_NUMERO} = ${completo}`;
    }
    if (/^\d{49}$/.test(text)) return sql`${f.FAC_CLAVE_ACCESO} = ${bind(text)}`;
    const delReceptor = receptor(text, bind);
    if (/^\d{1,9}$/.test(text)) return sql`(${f.FAC_SECUENCIAL} = ${bind(Number(text))} OR ${delReceptor})`;
    return delReceptor;
  };
}

/** What a type gives its list: R is a row its select reads, T the row the API answers; E and X the export's. */
export type DefinicionLista<R, T, E, X> = {
  resource: string;
  codDoc: string;
  receptor: keyof typeof RECEPTORES;
  /** The filters a caller may send (the scope's keys are the list's own). */
  filtros: readonly string[];
  /** The search (q): busquedaDocumento. */
  busqueda: Busqueda;
  /** The type's own filters (a note's FAC_MODIFICA). */
  propios?: Record<string, Filter>;
  /** The rows' select with its joins (dynamic), and its reader. */
  seleccion: (db: Executor) => PgSelect;
  fila: (row: R) => T;
  /** The export's select and reader, when it reads more than the list. */
  exportacion?: { seleccion: (db: Executor) => PgSelect; fila: (row: E) => X };
};

/** Count and sums of a filter's documents; annulled ones are counted apart and add nothing. */
export type TotalesDocumentos = { cantidad: number; anuladas: number; subtotal: string; iva: string; total: string };

export function listaDocumentos<R, T, E = R, X = T>(d: DefinicionLista<R, T, E, X>) {
  const codigoReceptor = CODIGO_RECEPTOR[d.receptor];
  const spec: ListSpec<keyof typeof SORTS_DOCUMENTOS> = {
    resource: d.resource,
    table: f,
    key: f.FAC_CODIGO,
    sort: SORTS_DOCUMENTOS,
    defaultSort: ['FAC_CODIGO', 'DESC'],
    where: sql`${f.FAC_TIPO} = ${sql.raw(`'${d.codDoc}'`)}`,
    filters: {
      FAC_ESTADO: { type: 'enum', column: f.FAC_ESTADO, values: ESTADOS_FACTURA },
      desde: { type: 'search', where: filtroFecha('desde') },
      hasta: { type: 'search', where: filtroFecha('hasta') },
      [codigoReceptor]: { type: 'integer', column: f[codigoReceptor] },
      ...d.propios,
      q: { type: 'search', where: d.busqueda },
      id: { type: 'ids', column: f.FAC_CODIGO },
      // A company's documents of a type: its index (facturas_empresa_tipo) leads with the company.
      [SCOPE_EMPRESA]: { type: 'integer', column: f.EMP_CODIGO, partition: true },
      ...(d.receptor === 'cliente' ? { [SCOPE_VENDEDOR]: { type: 'search', where: delVendedorFiltro } satisfies Filter } : {}),
    },
    defaultRange: [0, 24],
  };
  const lista = consultaLista({
    spec,
    filtros: d.filtros,
    alcance: ({ empresa, vendedor }: AlcanceDocumentos) => ({
      [SCOPE_EMPRESA]: empresa,
      ...(vendedor === undefined ? {} : { [SCOPE_VENDEDOR]: vendedor }),
    }),
    seleccion: d.seleccion,
    fila: d.fila,
  });

  return {
    filtros: d.filtros,
    listar: lista.listar,

    async totales(db: Db, alcance: AlcanceDocumentos, filter: string | undefined): Promise<TotalesDocumentos> {
      const where = lista.condicion(alcance, filter);
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
      return {
        cantidad: Number(row?.cantidad ?? 0),
        anuladas: Number(row?.anuladas ?? 0),
        subtotal: fijo(row?.subtotal, 2),
        iva: fijo(row?.iva, 2),
        total: fijo(row?.total, 2),
      };
    },

    /** Every document of the list's filter and order, `size` at a time (the export). */
    lotes: d.exportacion ? lista.lotesDe<E, X>(d.exportacion.seleccion, d.exportacion.fila) : lista.lotes,
  };
}
