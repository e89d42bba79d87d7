import { and, asc, count, eq, inArray, not, sql, type AnyColumn } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { keyedWrites } from '../../infra/db/keyed';
import {
  clientes,
  clientesContadores,
  clientesDocumentos,
  facturas,
  gruposCliente,
  guiasDestinatarios,
  ofertas,
  tiposCliente,
  tiposJuridicos,
  usuarios,
} from '../../infra/db/schema';
import { prepared } from '../../infra/db/prepared';
import { busquedaTercero, filtroBandera } from '../../core/terceros';
import { paged, readPage, scopedQuery, type ListQuery, type ListSpec, type PageRequest } from '../../core/list';
import { CONSUMIDOR_FINAL, TIPO_IDENTIFICACION, type Banderas } from '../../../domain/clientes';
import { clientScope, clientScopeValues, type ClientViewer } from './access';
import type { Cliente } from './contract';

/** Who the client is and how to reach them: the first columns of every read of a client (lists, reports, lookups). */
export const identityColumns = {
  CLI_CODIGO: clientes.CLI_CODIGO,
  CLI_TIPO_IDENTIFICACION: clientes.CLI_TIPO_IDENTIFICACION,
  CLI_IDENTIFICACION: clientes.CLI_IDENTIFICACION,
  CLI_RAZON_SOCIAL: clientes.CLI_RAZON_SOCIAL,
  CLI_NOMBRE_COMERCIAL: clientes.CLI_NOMBRE_COMERCIAL,
  CLI_CORREOS: clientes.CLI_CORREOS,
  CLI_TELEFONOS: clientes.CLI_TELEFONOS,
  CLI_DIRECCION: clientes.CLI_DIRECCION,
};

/** A client's columns as every call answers them, with the seller's name (left join usuarios). */
const columns = {
  ...identityColumns,
  TCL_CODIGO: clientes.TCL_CODIGO,
  GCL_CODIGO: clientes.GCL_CODIGO,
  TJU_CODIGO: clientes.TJU_CODIGO,
  CLI_VENDEDOR: clientes.CLI_VENDEDOR,
  vendedor: sql<string | null>`coalesce(${usuarios.USU_NOMBRE}, ${usuarios.USU_USUARIO})`,
  CLI_DIAS_CREDITO: clientes.CLI_DIAS_CREDITO,
  CLI_LIMITE_CREDITO: clientes.CLI_LIMITE_CREDITO,
  CLI_ACTIVO: clientes.CLI_ACTIVO,
  CLI_OBSERVACION: clientes.CLI_OBSERVACION,
  CLI_CONSUMIDOR_FINAL: clientes.CLI_CONSUMIDOR_FINAL,
  CLI_BANDERAS: clientes.CLI_BANDERAS,
  CLI_CREADO: clientes.CLI_CREADO,
  CLI_ACTUALIZADO: clientes.CLI_ACTUALIZADO,
};

const selectClients = (db: Executor) =>
  db.select(columns).from(clientes).leftJoin(usuarios, eq(usuarios.USU_CODIGO, clientes.CLI_VENDEDOR));

type Row = Awaited<ReturnType<ReturnType<typeof selectClients>['execute']>>[number];

/** numeric(14,2) as text with two decimals, whatever the driver hands back. */
const money = (value: unknown) => {
  const text = String(value ?? '0');
  return /^-?[0-9]+\.[0-9]{2}$/.test(text) ? text : Number(text).toFixed(2);
};
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export const toCliente = (row: Row): Cliente => ({
  ...row,
  CLI_CORREOS: row.CLI_CORREOS ?? [],
  CLI_TELEFONOS: row.CLI_TELEFONOS ?? [],
  CLI_LIMITE_CREDITO: money(row.CLI_LIMITE_CREDITO),
  CLI_BANDERAS: (row.CLI_BANDERAS as Banderas | null) ?? null,
  CLI_CREADO: iso(row.CLI_CREADO),
  CLI_ACTUALIZADO: iso(row.CLI_ACTUALIZADO),
});

/** The search of the list and of the documents' client filter (busquedaTercero). */
export const clientSearch = busquedaTercero(clientes.CLI_IDENTIFICACION, clientes.CLI_BUSQUEDA);

/** tipos_juridicos 4 (seeded by migration 0017): the legal type of the consumidor final. */
const TJU_CONSUMIDOR_FINAL = 4;

/** The list's orders; each ends in a key unique within a company, so a report can read its rows after the last one. */
export const SORTS = {
  CLI_CODIGO: [clientes.CLI_CODIGO],
  CLI_RAZON_SOCIAL: [clientes.CLI_RAZON_SOCIAL, clientes.CLI_CODIGO],
  // Unique within a company (clientes_identificacion serves the order).
  CLI_IDENTIFICACION: [clientes.CLI_IDENTIFICACION],
  // A client gets its serial id when it is created: id order is creation order, and the (company, id) index serves it.
  CLI_CREADO: [clientes.CLI_CODIGO],
  id: [clientes.CLI_CODIGO],
} satisfies Record<string, AnyColumn[]>;
export type Sort = keyof typeof SORTS;

/** The filters a caller may send (the scope's keys below are the server's own). */
export const PUBLIC_FILTERS = ['q', 'TCL_CODIGO', 'GCL_CODIGO', 'CLI_VENDEDOR', 'CLI_ACTIVO', 'bandera', 'id'] as const;
/**
 * The scope (clientScopeValues) as filters: bound values, so that every company shares the list's prepared statements
 * (a value embedded in a condition would make one shape per company).
 */
const SCOPE_EMPRESA = '_empresa';
const SCOPE_VENDEDOR = '_vendedor';

/** GET /api/clientes's filters and orders; the reports read the same (clientesImportacion/filtros.ts). */
export const clientListSpec: ListSpec<Sort> = {
  resource: 'clientes',
  table: clientes,
  key: clientes.CLI_CODIGO,
  sort: SORTS,
  defaultSort: ['CLI_CODIGO', 'DESC'],
  filters: {
    q: { type: 'search', where: clientSearch },
    TCL_CODIGO: { type: 'integer', column: clientes.TCL_CODIGO },
    GCL_CODIGO: { type: 'integer', column: clientes.GCL_CODIGO },
    CLI_VENDEDOR: { type: 'integer', column: clientes.CLI_VENDEDOR },
    CLI_ACTIVO: { type: 'boolean', column: clientes.CLI_ACTIVO },
    bandera: { type: 'search', where: filtroBandera(clientes.CLI_BANDERAS) },
    id: { type: 'ids', column: clientes.CLI_CODIGO },
    // A company's clients: a search's window walks that company's most recent rows (index clientes_empresa).
    [SCOPE_EMPRESA]: { type: 'integer', column: clientes.EMP_CODIGO, partition: true },
    [SCOPE_VENDEDOR]: { type: 'integer', column: clientes.CLI_VENDEDOR },
  },
  defaultRange: [0, 24],
};

/** The caller's query with the scope (clientScopeValues) added as filters; see core/list/request.ts scopedQuery. */
export function clientQuery(viewer: ClientViewer, query: ListQuery, extra: Record<string, unknown> = {}): ListQuery {
  const { empresa, vendedor } = clientScopeValues(viewer);
  const scope = { [SCOPE_EMPRESA]: empresa, ...(vendedor === undefined ? {} : { [SCOPE_VENDEDOR]: vendedor }) };
  return scopedQuery(query, PUBLIC_FILTERS, { ...extra, ...scope });
}

const clientPage = (db: Db, request: PageRequest) => paged(selectClients(db).$dynamic(), request);

/** One page of the clients the caller may see (the query must come from clientQuery). */
export const listClients = (db: Db, query: ListQuery) => readPage(db, clientListSpec, query, clientPage, toCliente);

/** The client by id, if the caller may see it: one prepared statement per scope kind. */
export async function findClient(db: Executor, viewer: ClientViewer, id: number): Promise<Cliente | undefined> {
  const { empresa, vendedor } = clientScopeValues(viewer);
  const statement =
    vendedor === undefined
      ? prepared(db, 'cliente_por_id', (d) =>
          selectClients(d).where(and(eq(clientes.CLI_CODIGO, sql.placeholder('id')), eq(clientes.EMP_CODIGO, sql.placeholder('empresa')))),
        )
      : prepared(db, 'cliente_por_id_vendedor', (d) =>
          selectClients(d).where(
            and(
              eq(clientes.CLI_CODIGO, sql.placeholder('id')),
              eq(clientes.EMP_CODIGO, sql.placeholder('empresa')),
              eq(clientes.CLI_VENDEDOR, sql.placeholder('vendedor')),
            ),
          ),
        );
  const [row] = await statement.execute({ id, empresa, vendedor });
  return row && toCliente(row);
}

/** The company's consumidor final, whoever asks (a seller invoices to it too). */
export async function findFinalConsumer(db: Executor, empresa: number): Promise<Cliente | undefined> {
  const statement = prepared(db, 'cliente_consumidor_final', (d) =>
    selectClients(d).where(and(eq(clientes.EMP_CODIGO, sql.placeholder('empresa')), eq(clientes.CLI_CONSUMIDOR_FINAL, true))),
  );
  const [row] = await statement.execute({ empresa });
  return row && toCliente(row);
}

/** What makes a client the consumidor final, whether it is created so or an imported 9999999999999 becomes it. */
const finalConsumer = {
  CLI_TIPO_IDENTIFICACION: TIPO_IDENTIFICACION.consumidorFinal,
  CLI_RAZON_SOCIAL: 'CONSUMIDOR FINAL',
  CLI_CONSUMIDOR_FINAL: true,
};

/**
 * Creates the company's consumidor final unless it exists. Two first calls at once: the partial unique index
 * clientes_un_consumidor_final lets one insert win and the other do nothing. A client with the identification
 * 9999999999999 that is not marked (an import's) becomes the consumidor final.
 */
export async function ensureFinalConsumer(db: Db, empresa: number): Promise<Cliente> {
  const found = await findFinalConsumer(db, empresa);
  if (found) return found;
  await db
    .insert(clientes)
    .values({ EMP_CODIGO: empresa, CLI_IDENTIFICACION: CONSUMIDOR_FINAL, ...finalConsumer, TJU_CODIGO: TJU_CONSUMIDOR_FINAL })
    .onConflictDoNothing();
  const created = await findFinalConsumer(db, empresa);
  if (created) return created;
  await db
    .update(clientes)
    .set({ ...finalConsumer, CLI_ACTUALIZADO: new Date() })
    .where(and(eq(clientes.EMP_CODIGO, empresa), eq(clientes.CLI_IDENTIFICACION, CONSUMIDOR_FINAL)));
  return (await findFinalConsumer(db, empresa))!;
}

/**
 * How many clients the scope has, and how many are active: the counters the triggers of migration 0023 keep (a few
 * rows per company, however many clients it has). A seller's are those assigned to them.
 */
export async function countClients(db: Executor, viewer: ClientViewer) {
  const { empresa, vendedor } = clientScopeValues(viewer);
  const c = clientesContadores;
  const totals = {
    total: sql<number>`coalesce(sum(${c.TOTAL}), 0)::int`,
    activos: sql<number>`coalesce(sum(${c.TOTAL}) filter (where ${c.CLI_ACTIVO}), 0)::int`,
  };
  const statement =
    vendedor === undefined
      ? prepared(db, 'clientes_total', (d) =>
          d
            .select(totals)
            .from(c)
            .where(eq(c.EMP_CODIGO, sql.placeholder('empresa'))),
        )
      : prepared(db, 'clientes_total_vendedor', (d) =>
          d
            .select(totals)
            .from(c)
            .where(and(eq(c.EMP_CODIGO, sql.placeholder('empresa')), eq(c.CLI_VENDEDOR, sql.placeholder('vendedor')))),
        );
  const [row] = await statement.execute({ empresa, vendedor });
  return { total: Number(row?.total ?? 0), activos: Number(row?.activos ?? 0) };
}

/** Whether another client of the company has this identification. */
export async function identificationTaken(db: Executor, empresa: number, identificacion: string, except?: number) {
  const [row] = await db
    .select({ id: clientes.CLI_CODIGO })
    .from(clientes)
    .where(and(eq(clientes.EMP_CODIGO, empresa), eq(clientes.CLI_IDENTIFICACION, identificacion)));
  return Boolean(row && row.id !== except);
}

/** An active user of the company who may sell (role vendedor or administrador). */
export async function isSeller(db: Executor, empresa: number, usuario: number) {
  const [row] = await db
    .select({ id: usuarios.USU_CODIGO })
    .from(usuarios)
    .where(
      and(
        eq(usuarios.USU_CODIGO, usuario),
        eq(usuarios.COM_CODIGO, empresa),
        eq(usuarios.USU_ACTIVO, true),
        inArray(usuarios.USU_ROL, ['vendedor', 'administrador']),
      ),
    );
  return Boolean(row);
}

export const listSellers = (db: Executor, empresa: number) =>
  db
    .select({ USU_CODIGO: usuarios.USU_CODIGO, nombre: sql<string>`coalesce(${usuarios.USU_NOMBRE}, ${usuarios.USU_USUARIO})` })
    .from(usuarios)
    .where(and(eq(usuarios.COM_CODIGO, empresa), eq(usuarios.USU_ACTIVO, true), inArray(usuarios.USU_ROL, ['vendedor', 'administrador'])))
    .orderBy(sql`coalesce(${usuarios.USU_NOMBRE}, ${usuarios.USU_USUARIO})`, asc(usuarios.USU_CODIGO));

export async function groupBelongs(db: Executor, empresa: number, grupo: number) {
  const [row] = await db
    .select({ id: gruposCliente.GCL_CODIGO })
    .from(gruposCliente)
    .where(and(eq(gruposCliente.GCL_CODIGO, grupo), eq(gruposCliente.EMP_CODIGO, empresa)));
  return Boolean(row);
}

export async function clientTypeExists(db: Executor, tipo: number) {
  const [row] = await db.select({ id: tiposCliente.TCL_CODIGO }).from(tiposCliente).where(eq(tiposCliente.TCL_CODIGO, tipo));
  return Boolean(row);
}

/** The identification types (SRI codes) a legal type applies to; undefined when it does not exist. */
export async function legalTypeIdentifications(db: Executor, tipo: number): Promise<string[] | undefined> {
  const [row] = await db
    .select({ ids: tiposJuridicos.TJU_IDENTIFICACIONES })
    .from(tiposJuridicos)
    .where(eq(tiposJuridicos.TJU_CODIGO, tipo));
  return row?.ids.split(',').map((id) => id.trim());
}

export const listClientTypes = (db: Executor) => db.select().from(tiposCliente).orderBy(asc(tiposCliente.TCL_CODIGO));

export const listGroups = (db: Executor, empresa: number) =>
  db
    .select({ GCL_CODIGO: gruposCliente.GCL_CODIGO, GCL_NOMBRE: gruposCliente.GCL_NOMBRE })
    .from(gruposCliente)
    .where(eq(gruposCliente.EMP_CODIGO, empresa))
    .orderBy(asc(gruposCliente.GCL_NOMBRE));

export async function insertGroup(db: Executor, empresa: number, nombre: string) {
  const [row] = await db
    .insert(gruposCliente)
    .values({ EMP_CODIGO: empresa, GCL_NOMBRE: nombre })
    .returning({ GCL_CODIGO: gruposCliente.GCL_CODIGO, GCL_NOMBRE: gruposCliente.GCL_NOMBRE });
  return row;
}

/** Whether the company already has a group of this name, in any case. */
export async function groupNameTaken(db: Executor, empresa: number, nombre: string) {
  const [row] = await db
    .select({ id: gruposCliente.GCL_CODIGO })
    .from(gruposCliente)
    .where(and(eq(gruposCliente.EMP_CODIGO, empresa), sql`lower(${gruposCliente.GCL_NOMBRE}) = lower(${nombre})`));
  return Boolean(row);
}

export const listLegalTypes = async (db: Executor, tipoIdentificacion: string) =>
  (await db.select().from(tiposJuridicos).orderBy(asc(tiposJuridicos.TJU_CODIGO)))
    .filter((row) => row.TJU_IDENTIFICACIONES.split(',').includes(tipoIdentificacion))
    .map(({ TJU_CODIGO, TJU_NOMBRE }) => ({ TJU_CODIGO, TJU_NOMBRE }));

export type ClienteValores = Omit<typeof clientes.$inferInsert, 'CLI_CODIGO' | 'CLI_BUSQUEDA'>;

export const { insert: insertClient } = keyedWrites(clientes, clientes.CLI_CODIGO);

/** Updates a client the caller may see (never the consumidor final); false when none was updated. */
export async function updateClient(db: Executor, viewer: ClientViewer, id: number, values: Partial<ClienteValores>) {
  const rows = await db
    .update(clientes)
    .set({ ...values, CLI_ACTUALIZADO: new Date() })
    .where(and(eq(clientes.CLI_CODIGO, id), clientScope(viewer), not(clientes.CLI_CONSUMIDOR_FINAL)))
    .returning({ id: clientes.CLI_CODIGO });
  return rows.length > 0;
}

export async function hasDocuments(db: Executor, id: number) {
  const [row] = await db.select({ n: count() }).from(clientesDocumentos).where(eq(clientesDocumentos.CLI_CODIGO, id));
  return Number(row?.n ?? 0) > 0;
}

/**
 * A client with documents stays: the invoices name it as their buyer (the SRI keeps them for seven years), the guías
 * de remisión as a destinatario, and its quotes are the history of what it was offered.
 */
export const CLIENTE_CON_FACTURAS =
  'El cliente tiene facturas, guías de remisión u ofertas: no se puede eliminar. Desactívelo si ya no le vende.';

/** Some invoice, guía or quote names the client `id`. */
const conDocumentos = (id: number) =>
  sql`(EXISTS (SELECT 1 FROM ${facturas} WHERE ${facturas.CLI_CODIGO} = ${id})
    OR EXISTS (SELECT 1 FROM ${guiasDestinatarios} WHERE ${guiasDestinatarios.CLI_CODIGO} = ${id})
    OR EXISTS (SELECT 1 FROM ${ofertas} WHERE ${ofertas.CLI_CODIGO} = ${id}))`;

export async function hasInvoices(db: Executor, id: number) {
  const [row] = await db.select({ si: sql<boolean>`${conDocumentos(id)}` }).from(sql`(SELECT 1) AS uno`);
  return Boolean(row?.si);
}

/**
 * Deletes a client the caller may see that has no documents nor invoices (checked in the same statement, so a document saved in
 * between keeps it) and is not the consumidor final; false when nothing was deleted.
 */
export async function deleteClient(db: Executor, viewer: ClientViewer, id: number) {
  const rows = await db
    .delete(clientes)
    .where(
      and(
        eq(clientes.CLI_CODIGO, id),
        clientScope(viewer),
        not(clientes.CLI_CONSUMIDOR_FINAL),
        sql`NOT EXISTS (SELECT 1 FROM ${clientesDocumentos} WHERE ${clientesDocumentos.CLI_CODIGO} = ${id})`,
        sql`NOT ${conDocumentos(id)}`,
      ),
    )
    .returning({ id: clientes.CLI_CODIGO });
  return rows.length > 0;
}

/** Updates the visible clients among ids, never the consumidor final; how many were updated. */
export async function updateClients(db: Executor, viewer: ClientViewer, ids: number[], values: Partial<ClienteValores>) {
  const rows = await db
    .update(clientes)
    .set({ ...values, CLI_ACTUALIZADO: new Date() })
    .where(and(inArray(clientes.CLI_CODIGO, ids), clientScope(viewer), not(clientes.CLI_CONSUMIDOR_FINAL)))
    .returning({ id: clientes.CLI_CODIGO });
  return rows.length;
}
