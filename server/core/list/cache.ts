import { count, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { writesVersion, type Db } from '../../infra/db/client';
import { withRowMapper } from '../../infra/db/prepared';
import { EXACT_TOTAL } from '../../../domain/listas';
import { hoyEcuador } from '../../../domain/fechas';
import type { ListQuery } from '../../../domain/contratos/lista';
import { binder, BOUND_PLACEHOLDERS, pageCondition, parseList, type ParsedList } from './sql';
import type { ListSpec, PageRequest, PageSelect, Statement } from './spec';

/**
 * What a list keeps between requests: the statements of each list shape, prepared once; the requests already read into
 * them; and, beside each shape, the counts (PGlite) and the planner's estimates per filter values.
 */

/**
 * The statements of one list shape: its count, the planner's estimate past EXACT_TOTAL, and its rows. The count reads
 * at most EXACT_TOTAL + 1 matching rows (a LIMIT under the count), so it never walks a big table; past that the total
 * is the planner's row estimate of the same filtered query (statistics kept by ANALYZE; no rows read). Estimates are
 * kept for ESTIMATE_TTL_MS per filter values (`estimates`, keyed by the estimate's own parameters, so paging does not
 * ask again): they change only when ANALYZE runs, and an admin paging a big list would otherwise plan it each page.
 */
export type ListStatements<R> = {
  count: Statement<{ n: number }>;
  /** Counts kept on PGlite per filter values (see countOf). */
  counts: Map<string, { n: number; version: number; until: number }>;
  estimate: Statement<unknown>;
  /** The parameters of the filter's conditions (the estimate's), placeholders included: what the filter values key. */
  estimateParams: unknown[];
  estimates: Map<string, { rows: number; until: number }>;
  rows: Statement<R>;
};
const ESTIMATE_TTL_MS = 60_000;
/**
 * A count is kept only while no statement has changed rows, and never longer than this: a safety net for a write
 * Drizzle does not see (a maintenance script through PGlite's own client).
 */
const COUNT_TTL_MS = 60_000;
/** Filter values whose count or estimate one shape keeps; past it the shape starts over. */
const MAX_KEPT = 100;

function keep<V>(kept: Map<string, V>, key: string, value: V) {
  if (kept.size >= MAX_KEPT) kept.clear();
  kept.set(key, value);
}

const dialect = new PgDialect();
/** Distinct list shapes kept per database and row reader; past it the oldest shape is dropped (and built again if asked). */
const MAX_SHAPES = 300;
const shapesByDb = new WeakMap<Db, WeakMap<PageSelect<unknown>, Map<string, ListStatements<unknown>>>>();

/** A request already read: its shape's statements and its filter's values (all but the page's bounds). */
type KnownRequest = { statements: ListStatements<unknown>; values: Record<string, unknown>; filterValues: string };
/**
 * Requests (sort, filter, scope) remembered per database, list and row reader; past it they start over. A filter may
 * be 2 000 characters: a few MB at most over every list.
 */
const MAX_REQUESTS = 200;
const requestsByDb = new WeakMap<Db, WeakMap<ListSpec, WeakMap<PageSelect<unknown>, Map<string, KnownRequest>>>>();

/** The value kept under `key` in a WeakMap of caches, made the first time. */
function cacheOf<K extends object, V>(caches: WeakMap<K, V>, key: K, make: () => V): V {
  let cache = caches.get(key);
  if (cache === undefined) caches.set(key, (cache = make()));
  return cache;
}

/**
 * A statement that runs raw SQL with placeholders (EXPLAIN cannot be a query builder's): the session's own
 * prepareQuery, which db.execute() uses too, so logging and placeholders work as for any other statement. Drizzle
 * prepares only its builders' queries; `db._.session` is the session they use, in its public types.
 */
function prepareRaw(db: Db, query: SQL): { statement: Statement<unknown>; params: unknown[] } {
  const built = dialect.sqlToQuery(query);
  const statement = db._.session.prepareQuery<{ execute: unknown[]; all: unknown; values: unknown }>(built, undefined, '', false);
  return { statement, params: built.params };
}

/**
 * What decides the text of a request's page condition besides its conditions and order (see pageCondition), so that
 * the page condition (the conditions' text twice over for a search) need not be written out to recognise a shape.
 */
const pageShape = (spec: ListSpec, list: ParsedList, whole: boolean) =>
  [
    spec.key ? 'key' : '',
    list.searching ? 'search' : '',
    list.partition ? 'owner' : '',
    list.branches ? `${list.branches.length} of ${list.branchedCondition}` : '',
    whole ? 'all' : '',
  ].join();

/**
 * The statements of a request's shape, built and prepared the first time it is seen. The shape is the text of the
 * conditions and order together with every value embedded in them (a distributor's scope, a search a filter did not
 * bind), and the pageShape: two requests share statements only when their SQL differs in placeholder values alone.
 */
function statementsFor<R>(db: Db, spec: ListSpec, select: PageSelect<R>, request: PageRequest, pageShape: string): ListStatements<R> {
  const { where, orderBy } = request;
  const shape = dialect.sqlToQuery(sql`${where ?? sql``} | ${sql.join(orderBy, sql`, `)}`);
  const key = `${spec.resource}\n${pageShape}\n${shape.sql}\n${JSON.stringify(shape.params)}`;
  const shapes = cacheOf(
    cacheOf(shapesByDb, db, () => new WeakMap()),
    select,
    () => new Map(),
  );
  const known = shapes.get(key) as ListStatements<R> | undefined;
  if (known) return known;
  // Drizzle's builders change in place: each statement gets its own.
  const matching = () =>
    db
      .select({ one: sql<number>`1`.as('one') })
      .from(spec.table)
      .where(where);
  const estimate = prepareRaw(db, sql`EXPLAIN (FORMAT JSON) ${matching().getSQL()}`);
  // Unnamed ('') on PostgreSQL: nothing stays allocated on its connections when a shape is dropped here.
  const statements: ListStatements<R> = {
    count: db
      .select({ n: count() })
      .from(
        matching()
          .limit(EXACT_TOTAL + 1)
          .as('c'),
      )
      .prepare(''),
    counts: new Map(),
    estimate: estimate.statement,
    estimateParams: estimate.params,
    estimates: new Map(),
    rows: withRowMapper(select(db, request).prepare('')),
  };
  if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
  shapes.set(key, statements as ListStatements<unknown>);
  return statements;
}

/**
 * The statements and filter values of a request's sort, filter and scope, read (and refused with a 400) the first time
 * they are seen. Read again, the same text gives the same conditions: the ListSpec's filters and a PageSelect are built
 * from their arguments alone. So a list shown again, refetched after an edit or paged reuses them, without building
 * its conditions in Drizzle or writing them out again to find its shape (docs/performance.md).
 */
export function knownRequest(db: Db, spec: ListSpec, select: PageSelect<unknown>, query: ListQuery, whole: boolean, scope?: SQL) {
  // A scope is a condition of the caller's own (a distributor's companies): its text and values are part of the key.
  // So is the day: a filter on a date's state ("vencido", "por vencer") compares with today's.
  const scoped = scope && dialect.sqlToQuery(scope);
  const key = `${hoyEcuador()}\n${whole}\n${query.sort ?? ''}\n${query.filter ?? ''}\n${scoped ? `${scoped.sql}\n${JSON.stringify(scoped.params)}` : ''}`;
  const requests = cacheOf(
    cacheOf(
      cacheOf(requestsByDb, db, () => new WeakMap()),
      spec,
      () => new WeakMap(),
    ),
    select,
    () => new Map(),
  );
  const known = requests.get(key);
  if (known) return known;
  const { bind, values } = binder();
  const list = parseList(spec, query, bind, scope);
  const page = spec.key ? pageCondition(spec.key, spec.table, list, BOUND_PLACEHOLDERS, whole) : undefined;
  const request: PageRequest = {
    where: list.where,
    orderBy: list.orderBy,
    offset: BOUND_PLACEHOLDERS.offset,
    limit: BOUND_PLACEHOLDERS.limit,
    page,
  };
  const statements = statementsFor(db, spec, select, request, pageShape(spec, list, whole));
  const filterValues = JSON.stringify(fillPlaceholders(statements.estimateParams, values));
  if (requests.size >= MAX_REQUESTS) requests.clear();
  const read: KnownRequest = { statements, values, filterValues };
  requests.set(key, read);
  return read;
}

/**
 * The count of the request's filter values (at most EXACT_TOTAL + 1). On PGlite, where this process is the only writer,
 * it is kept while no statement has changed rows since it was read (writesVersion): an admin who pages through a list,
 * sorts it or comes back to it is not counted for again, and a request then runs one statement instead of two.
 */
export async function countOf(db: Db, statements: ListStatements<unknown>, values: Record<string, unknown>, filterValues: string) {
  const version = writesVersion(db);
  if (!version) return (await statements.count.execute(values))[0].n;
  const before = version();
  const kept = statements.counts.get(filterValues);
  if (kept && kept.version === before && kept.until > Date.now()) return kept.n;
  const [{ n }] = await statements.count.execute(values);
  // A write sent meanwhile may have run before the count or after it: then it is not kept.
  if (version() === before) keep(statements.counts, filterValues, { n, version: before, until: Date.now() + COUNT_TTL_MS });
  return n;
}

/** The planner's estimate for the request's filter values, from the shape's kept estimates while they are fresh. */
export async function estimatedRows(statements: ListStatements<unknown>, values: Record<string, unknown>, filterValues: string) {
  const kept = statements.estimates.get(filterValues);
  if (kept && kept.until > Date.now()) return kept.rows;
  const rows = plannedRows(await statements.estimate.execute(values));
  keep(statements.estimates, filterValues, { rows, until: Date.now() + ESTIMATE_TTL_MS });
  return rows;
}

/** The planner's estimate of the rows a query returns (the top node's "Plan Rows" of EXPLAIN (FORMAT JSON)). */
function plannedRows(result: unknown): number {
  const rows = (result as { rows?: Array<Record<string, unknown>> }).rows ?? (result as Array<Record<string, unknown>>);
  let plan = Object.values(rows[0] ?? {})[0];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const planned = (plan as Array<{ Plan?: { 'Plan Rows'?: number } }>)[0]?.Plan?.['Plan Rows'];
  return typeof planned === 'number' && Number.isFinite(planned) ? Math.round(planned) : 0;
}
