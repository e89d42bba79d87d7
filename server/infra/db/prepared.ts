import { Column, is, SQL, sql, type AnyColumn } from 'drizzle-orm';
import type { Executor } from './client';
import { clientePreparado } from './pglite-preparada';

/**
 * Building a statement in Drizzle (its query builder, then the SQL text) costs more CPU than PGlite takes to find a
 * row by id (docs/performance.md). A hot statement is built once per database with `sql.placeholder` for its values,
 * then only executed. A transaction runs the database's statement on its own connection: Drizzle's prepared query is
 * its SQL text, its fields and the client it runs on, so the transaction gets the same one bound to its client
 * (a transaction shares its database's dialect, which keys the statements). On PGlite that client is
 * pglite-preparada.ts's, which parses each statement once.
 */
const built = new WeakMap<object, Map<string, unknown>>();

type Handle = { dialect?: object; session?: { client?: unknown } };
type Bound = { client?: unknown };

export function prepared<P>(db: Executor, name: string, build: (db: Executor) => { prepare(name: string): P }): P {
  const handle = db as unknown as Handle;
  const key = handle.dialect ?? db;
  let statements = built.get(key);
  if (!statements) built.set(key, (statements = new Map()));
  let statement = statements.get(name) as P | undefined;
  if (!statement) {
    statement = withRowMapper(build(db).prepare(name));
    (statement as Bound).client = clientePreparado((statement as Bound).client);
    statements.set(name, statement);
  }
  const client = clientePreparado(handle.session?.client);
  if (client === undefined || (statement as Bound).client === client) return statement;
  return Object.create(statement as object, { client: { value: client } }) as P;
}

/**
 * A prepared statement Drizzle's builders cannot write (a data-modifying WITH, an upsert with a subquery): its SQL
 * with `sql.placeholder` values, run as `prepared` runs the built ones. Its rows are objects keyed by the SQL's
 * column names, the driver's values as they are.
 */
export function preparedSql<R>(db: Executor, name: string, query: () => SQL) {
  const statement = prepared(db, name, (d) => {
    const { session, dialect } = d as unknown as {
      session: { prepareQuery(q: unknown, fields: undefined, name: string, arrayMode: boolean): RawQuery };
      dialect: { sqlToQuery(s: SQL): unknown };
    };
    return { prepare: (n: string) => session.prepareQuery(dialect.sqlToQuery(query()), undefined, n, false) };
  });
  return { execute: async (values: Record<string, unknown>) => (await statement.execute(values)).rows as R[] };
}
type RawQuery = { execute(values: Record<string, unknown>): Promise<{ rows: unknown[] }> };

/** A timestamp as JavaScript's toISOString() writes it (UTC, milliseconds), for values read inside JSON. */
export const isoText = (column: AnyColumn | SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type Decoder = { mapFromDriverValue(value: unknown): unknown };
/** What Drizzle's prepared queries keep (PGlite's and node-postgres' alike): the selection in column order. */
type MappedQuery = {
  fields?: Array<{ path: string[]; field: unknown }>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};

/** As Drizzle's mapResultRow finds it: the column, or the decoder of the field's SQL (mapWith()'s). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  const query = is(field, SQL) ? field : is(field, SQL.Aliased) ? field.sql : (field as { _: { sql: SQL } })._.sql;
  return (query as unknown as { decoder: Decoder }).decoder;
}

/**
 * A prepared select of flat fields ({ A: column, B: sql`...` }) whose rows are made by a mapper built once. Drizzle maps
 * every row field by field and asks each field's kind anew (is(), a walk up its prototype chain) for every row:
 * about a tenth of the API's time over its SQL on a page of tickets (docs/performance.md). Nested selections ({ empresa: { ... } }),
 * whose objects Drizzle sets to null after a left join that found nothing, keep Drizzle's mapping.
 */
export function withRowMapper<P>(statement: P): P {
  const query = statement as MappedQuery;
  const fields = query.fields;
  if (!fields?.length || query.customResultMapper || fields.some(({ path }) => path.length !== 1)) return statement;
  const keys = fields.map(({ path }) => path[0]);
  const decoders = fields.map(({ field }) => decoderOf(field));
  query.customResultMapper = (rows) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = row[i];
        mapped[keys[i]] = value === null ? null : decoders[i].mapFromDriverValue(value);
      }
      return mapped;
    });
  return statement;
}
