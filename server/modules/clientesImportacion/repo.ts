import { setImmediate } from 'node:timers/promises';
import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { clientes, empresas, gruposCliente, tiposCliente, usuarios } from '../../infra/db/schema';
import { identityColumns } from '../clientes';

export type ClienteImportado = typeof clientes.$inferInsert;

/** What the import compares names with: the client types, the company's groups and the users that may sell. */
export async function importLookups(db: Db, empresa: number) {
  const [tipos, grupos, vendedores] = await Promise.all([
    db.select({ codigo: tiposCliente.TCL_CODIGO, nombre: tiposCliente.TCL_NOMBRE }).from(tiposCliente),
    db
      .select({ codigo: gruposCliente.GCL_CODIGO, nombre: gruposCliente.GCL_NOMBRE })
      .from(gruposCliente)
      .where(eq(gruposCliente.EMP_CODIGO, empresa)),
    db
      .select({ codigo: usuarios.USU_CODIGO, usuario: usuarios.USU_USUARIO, nombre: usuarios.USU_NOMBRE })
      .from(usuarios)
      .where(
        and(eq(usuarios.COM_CODIGO, empresa), eq(usuarios.USU_ACTIVO, true), inArray(usuarios.USU_ROL, ['vendedor', 'administrador'])),
      ),
  ]);
  return { tipos, grupos, vendedores };
}

/** The columns an upsert writes: the file's columns, with the names of the Drizzle schema. */
export type ColumnaCliente = Exclude<keyof ClienteImportado, 'CLI_CODIGO' | 'CLI_CREADO' | 'CLI_ACTUALIZADO'>;

/**
 * Inserts the rows, or updates the client of the company with the same identification (the unique index
 * (EMP_CODIGO, CLI_IDENTIFICACION)), in one statement. Only `columns` are updated; the consumidor final is never
 * touched, and for a seller (`soloDe`) neither is a client assigned to someone else. Returns the identifications
 * written, each saying whether it was created; a row missing from the answer was refused by that rule.
 */
export async function upsertClients(db: Db, rows: ClienteImportado[], columns: ColumnaCliente[], soloDe: number | null) {
  if (!rows.length) return [];
  const set: Record<string, SQL> = { CLI_ACTUALIZADO: sql`now()` };
  for (const key of columns) set[key] = sql.raw(`excluded."${clientes[key].name}"`);
  const refused = and(
    sql`NOT ${clientes.CLI_CONSUMIDOR_FINAL}`,
    soloDe === null ? undefined : sql`${clientes.CLI_VENDEDOR} IS NOT DISTINCT FROM ${soloDe}`,
  );
  return db
    .insert(clientes)
    .values(rows)
    .onConflictDoUpdate({ target: [clientes.EMP_CODIGO, clientes.CLI_IDENTIFICACION], set, setWhere: refused })
    .returning({ identificacion: clientes.CLI_IDENTIFICACION, creado: sql<boolean>`(xmax = 0)` });
}

/** The company's names and RUC for the reports' heading and file name. */
export async function companyHeading(db: Db, empresa: number) {
  const [company] = await db
    .select({ ruc: empresas.EMP_RUC, nombre: empresas.EMP_NOMBRE, comercial: empresas.EMP_NOMBREC })
    .from(empresas)
    .where(eq(empresas.EMP_CODIGO, empresa));
  return company;
}

const selectReportRows = (db: Db) =>
  db
    .select({
      ...identityColumns,
      tipo: tiposCliente.TCL_NOMBRE,
      grupo: gruposCliente.GCL_NOMBRE,
      vendedor: sql<string | null>`coalesce(${usuarios.USU_NOMBRE}, ${usuarios.USU_USUARIO})`,
      CLI_DIAS_CREDITO: clientes.CLI_DIAS_CREDITO,
      CLI_LIMITE_CREDITO: clientes.CLI_LIMITE_CREDITO,
      CLI_ACTIVO: clientes.CLI_ACTIVO,
      CLI_OBSERVACION: clientes.CLI_OBSERVACION,
      CLI_CREADO: clientes.CLI_CREADO,
    })
    .from(clientes)
    .leftJoin(tiposCliente, eq(tiposCliente.TCL_CODIGO, clientes.TCL_CODIGO))
    .leftJoin(gruposCliente, eq(gruposCliente.GCL_CODIGO, clientes.GCL_CODIGO))
    .leftJoin(usuarios, eq(usuarios.USU_CODIGO, clientes.CLI_VENDEDOR));

export type FilaReporte = Awaited<ReturnType<ReturnType<typeof selectReportRows>['execute']>>[number];

/**
 * The report's rows in pages of `size`, each page the rows after the last one in the list's order (a row comparison on
 * the sort's columns, which all end in CLI_CODIGO): memory holds one page whatever the number of clients.
 */
export async function* reportBatches(
  db: Db,
  { where, columns, descending }: { where: SQL | undefined; columns: AnyColumn[]; descending: boolean },
  size: number,
): AsyncGenerator<FilaReporte[]> {
  const order = columns.map((column) => (descending ? desc(column) : asc(column)));
  const operator = sql.raw(descending ? '<' : '>');
  let last: FilaReporte | undefined;
  for (;;) {
    const after = last
      ? sql`(${sql.join(columns, sql`, `)}) ${operator} (${sql.join(
          columns.map((column) => sql`${(last as Record<string, unknown>)[column.name.toUpperCase()]}`),
          sql`, `,
        )})`
      : undefined;
    const rows = await selectReportRows(db)
      .where(and(where, after))
      .orderBy(...order)
      .limit(size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    last = rows.at(-1);
    // A turn of the event loop between pages: other requests are served while a big report is written.
    await setImmediate();
  }
}
