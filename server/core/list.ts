import type { FastifyReply, onSendHookHandler } from 'fastify';
import { and, asc, count, desc, eq, fillPlaceholders, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PgTable } from 'drizzle-orm/pg-core';
import { writesVersion, type Db } from '../infra/db/client';
import { HttpError } from './errors';
import { withRowMapper } from '../infra/db/prepared';
import { DECIMAL_INTEGER, hasForbiddenCharacters } from './requests';
import { ESTIMATED_TOTAL_HEADER, EXACT_TOTAL } from '../../domain/listas';
import { hoyEcuador } from '../../domain/fechas';
import { ListQuery } from '../../domain/contratos/lista';

/**
 * Every paged list follows ra-data-simple-rest: ?range=[0,24]&sort=["FIELD","DESC"]&filter={...}; the answer is
 * the array of rows with a header "Content-Range: <resource> 0-24/319". Parsing, counting and paging live here only.
 * The query's schema is the web app's too, so it lives in domain/contratos/lista.ts.
 */
export { ListQuery };

/** How one filter key is read: its accepted values and the condition it adds. */
export type Filter =
  /**
   * Free text (or a number); blank text adds nothing. Values taken from the text go through bind(), so that requests
   * whose conditions differ only in those values share one prepared statement (see readPage). The condition may read
   * today's date in Ecuador (a plan's state), and nothing else besides the text: requests are remembered per day.
   */
  | { type: 'search'; where: (text: string, bind: Bind) => SQL | undefined }
  /** One allowed value or a non-empty list of them. */
  | { type: 'enum'; column: AnyColumn; values: readonly string[] }
  /**
   * One integer id (a number or a string of digits). `partition`: the list is one owner's rows (a company's clients),
   * and the owner's index leads with this column: a search's window walks the owner's most recent rows, not the table's.
   */
  | { type: 'integer'; column: AnyColumn; partition?: boolean }
  | { type: 'boolean'; column: AnyColumn }
  /** true adds the condition, false adds nothing. */
  | { type: 'flag'; where: SQL }
  /** One id or a list of ids (react-admin's getMany sends filter {"id":[...]}). */
  | { type: 'ids'; column: AnyColumn };

/**
 * How a request's value enters a statement: as a placeholder that the prepared statement of the list's shape fills in
 * (readPage), or embedded as a parameter (embed, for statements built once).
 */
export type Bind = <T>(value: T) => T;
export const embed: Bind = (value) => value;

function binder() {
  const values: Record<string, unknown> = {};
  let next = 0;
  // Typed as the value it stands for: Drizzle takes a placeholder wherever it takes a value (eq, inArray, limit, sql``).
  const bind = (<T>(value: T) => {
    const name = `v${next++}`;
    values[name] = value;
    return sql.placeholder(name) as unknown as T;
  }) as Bind;
  return { bind, values };
}

export type ListSpec<Sort extends string = string> = {
  /** Name in Content-Range: the resource's Spanish name. */
  resource: string;
  /** The table counted for the total; filters may only use its columns. */
  table: PgTable;
  /**
   * Its primary key. With it, a page is read as `key IN (the page's keys)`: the keys are found (and OFFSET walked) on
   * an index alone, and only the page's rows are read and joined (see PageRequest.page). Big tables must set it.
   */
  key?: AnyColumn;
  /** Sortable keys and the columns each orders by (all in the requested direction). */
  sort: Record<Sort, AnyColumn[]>;
  defaultSort: [Sort, 'ASC' | 'DESC'];
  filters: Record<string, Filter>;
  /** A condition every row of the list meets (e.g. only active rows). */
  where?: SQL;
  /** The rows sent without a range: a first page, or every row when the resource is small and read whole. */
  defaultRange: [number, number] | 'all';
};

/**
 * What a repository needs to read one page. With a spec.key, read `.where(page).orderBy(...orderBy)` (no limit, no
 * offset): `page` selects exactly the page's rows. Without one, `.where(where).orderBy(...orderBy).limit(limit).offset(offset)`.
 */
export type PageRequest = {
  where: SQL | undefined;
  orderBy: SQL[];
  /** Placeholders (BOUND_PLACEHOLDERS), like every value of the request. */
  offset: number;
  limit: number;
  page: SQL | undefined;
};
/** total is exact up to EXACT_TOTAL; past it `estimated` is true and total is the planner's estimate (at least EXACT_TOTAL + 1). */
export type Page<T> = { resource: string; rows: T[]; offset: number; total: number; estimated?: boolean };

export { EXACT_TOTAL, ESTIMATED_TOTAL_HEADER };

const MAX_PAGE = 500;
/** A search first looks among this many first rows of the list's order per row needed (within MIN and MAX). */
const SEARCH_WINDOW_FACTOR = 20;
const SEARCH_WINDOW_MIN = 2_000;
const SEARCH_WINDOW_MAX = 50_000;
/** LIMIT of a list read whole: no table of ours comes near it. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;
const MAX_INT = 2147483647;

/** Whether a JSON value has a key or a string with a character one-line text refuses (JSON escapes hide them from the query string's check). */
const hasForbiddenText = (value: unknown): boolean =>
  typeof value === 'string'
    ? hasForbiddenCharacters(value)
    : typeof value === 'object' &&
      value !== null &&
      Object.entries(value).some(([key, v]) => hasForbiddenCharacters(key) || hasForbiddenText(v));

function parseJson(raw: string | undefined, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new HttpError(400, `El parámetro ${name} no es un JSON válido`);
  }
  if (hasForbiddenText(value)) throw new HttpError(400, `El parámetro ${name} contiene caracteres no permitidos`);
  return value;
}

/** Ids and range bounds: non-negative integers that fit an int4 column (OFFSET 1e308 would fail in the database). */
const isInt32 = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_INT;

function condition(key: string, filter: Filter, value: unknown, bind: Bind): SQL | undefined {
  const invalid = () => new HttpError(400, `El filtro ${key} no es válido`);
  const id = (v: unknown) => {
    const n = typeof v === 'string' && DECIMAL_INTEGER.test(v) ? Number(v) : v;
    if (!isInt32(n)) throw invalid();
    return n;
  };
  const list = (v: unknown) => (Array.isArray(v) ? v : [v]);
  switch (filter.type) {
    case 'search': {
      if (typeof value !== 'string' && typeof value !== 'number') throw invalid();
      const text = String(value).trim();
      return text ? filter.where(text, bind) : undefined;
    }
    case 'enum': {
      const values = list(value);
      if (!values.length || !values.every((v) => filter.values.includes(v))) throw invalid();
      return inArray(filter.column, values.map(bind));
    }
    case 'integer':
      return eq(filter.column, bind(id(value)));
    case 'boolean':
      if (typeof value !== 'boolean') throw invalid();
      return eq(filter.column, bind(value));
    case 'flag':
      if (typeof value !== 'boolean') throw invalid();
      return value ? filter.where : undefined;
    case 'ids':
      return inArray(
        filter.column,
        list(value).map((v) => bind(id(v))),
      );
  }
}

type ParsedList = Pick<PageRequest, 'where' | 'orderBy'> & {
  sortColumns: AnyColumn[];
  descending: boolean;
  /** Whether a search filter (text: trigram or prefix indexes) is among the conditions. */
  searching: boolean;
  /** The conditions of the partition filters (see Filter 'integer'), which a search's window walks within. */
  partition?: SQL;

  /**
   * A filter on several values of one column (SPT_ESTADO in (ABIERTO, REABIERTO)): the whole condition once per value.
   * An index (column, key) orders one value's rows, not several values' together: each value's rows are read in order
   * on their own and merged (see pageCondition).
   */
  branches?: SQL[];
  /** Which of the filter's conditions the branches split (its place in the filter). */
  branchedCondition?: number;
};

/** Reads the range: the page's first row and how many rows (NO_LIMIT for all); a 400 in Spanish when it is wrong. */
function parseRange(spec: ListSpec, query: ListQuery): { offset: number; limit: number } {
  const range = parseJson(query.range, 'range') ?? spec.defaultRange;
  if (range === 'all') return { offset: 0, limit: NO_LIMIT };
  if (!Array.isArray(range) || range.length !== 2 || !range.every(isInt32) || range[1] < range[0]) {
    throw new HttpError(400, 'El parámetro range debe ser [desde, hasta]');
  }
  return { offset: range[0], limit: Math.min(range[1] - range[0] + 1, MAX_PAGE) };
}

/**
 * Reads sort and filter against the resource's allow-lists (a 400 in Spanish names what is wrong) into the conditions
 * of the spec, the caller's scope and the filter.
 */
function parseList<Sort extends string>(spec: ListSpec<Sort>, query: ListQuery, bind: Bind, scope?: SQL): ParsedList {
  const sortable = Object.keys(spec.sort) as Sort[];
  const sort = parseJson(query.sort, 'sort') ?? spec.defaultSort;
  if (!Array.isArray(sort) || !sortable.includes(sort[0]) || !['ASC', 'DESC'].includes(sort[1])) {
    throw new HttpError(400, `Solo se puede ordenar por ${sortable.join(', ')}`);
  }
  const filter = parseJson(query.filter, 'filter') ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw new HttpError(400, 'El parámetro filter debe ser un objeto');
  const keys = Object.keys(spec.filters);
  let searching = false;
  const partition: SQL[] = [];
  let several: { column: AnyColumn; values: unknown[]; index: number } | undefined;
  const conditions = Object.entries(filter).map(([key, value], index) => {
    const rule = spec.filters[key];
    if (!rule) throw new HttpError(400, `El filtro ${key} no existe; use ${keys.join(', ')}`);
    const where = value === undefined || value === '' ? undefined : condition(key, rule, value, bind);
    if (where && rule.type === 'search') searching = true;
    if (where && rule.type === 'integer' && rule.partition) partition.push(where);
    if (where && rule.type === 'enum' && Array.isArray(value) && new Set(value).size > 1 && !several) {
      several = { column: rule.column, values: [...new Set(value)], index };
    }
    return where;
  });
  const expanded = several;
  const branches = expanded?.values.map((value) =>
    and(spec.where, scope, ...conditions.map((where, i) => (i === expanded.index ? eq(expanded.column, bind(value)) : where)))!,
  );
  const direction = sort[1] === 'ASC' ? asc : desc;
  const sortColumns = spec.sort[sort[0] as Sort];
  return {
    where: and(spec.where, scope, ...conditions),
    orderBy: sortColumns.map((column) => direction(column)),
    sortColumns,
    descending: sort[1] === 'DESC',
    searching,
    partition: and(...partition),
    branches,
    branchedCondition: expanded?.index,
  };
}

/** A page's bounds as its statements read them: what pageCondition and a PageSelect take for the range. */
export type Bounds = { offset: number; limit: number; needed: number; window: number };

/** The bounds of the page of `limit` rows from `offset` (NO_LIMIT: every row from it). */
export function boundsOf(offset: number, limit: number): Bounds {
  const needed = offset + limit;
  return { offset, limit, needed, window: Math.min(Math.max(SEARCH_WINDOW_FACTOR * needed, SEARCH_WINDOW_MIN), SEARCH_WINDOW_MAX) };
}

/** The bounds as placeholders, filled from boundsOf per request: a list's statements do not depend on which page. */
const BOUND_PLACEHOLDERS = Object.fromEntries(
  ['offset', 'limit', 'needed', 'window'].map((name) => [name, sql.placeholder(name)]),
) as unknown as Bounds;

/**
 * The condition that selects one page's rows by their keys (a "deferred join"): the keys are ordered, offset and
 * limited on the table alone, where an index (the primary key, or a filter's (column, key) index) serves the order and
 * OFFSET walks index entries only; then only those rows are read and joined. When a text search is among the
 * conditions, the matching keys are collected first (behind an OFFSET 0 fence the planner cannot see through, so it
 * finds them with the search's trigram or prefix index) and only then ordered and limited: otherwise, with ORDER BY key
 * LIMIT n, the planner may walk the primary key backwards testing every row against the search.
 */
export function pageCondition(
  key: AnyColumn,
  table: PgTable,
  list: Pick<ParsedList, 'where' | 'sortColumns' | 'descending' | 'searching' | 'branches' | 'partition'>,
  bounds: Bounds,
  /** Every row from the offset on (a list read whole): no LIMIT. */
  whole = false,
): SQL {
  const { where, sortColumns, descending, branches } = list;
  const whereOf = (condition: SQL | undefined) => (condition ? sql` WHERE ${condition}` : sql``);
  const limits = whole ? sql`OFFSET ${bounds.offset}` : sql`LIMIT ${bounds.limit} OFFSET ${bounds.offset}`;
  const direction = sql.raw(descending ? 'DESC' : 'ASC');
  const orderBy = sql.join(
    sortColumns.map((column) => sql`${column} ${direction}`),
    sql`, `,
  );
  const alias = (i: number) => sql.identifier(`s${i}`);
  const columns = sql.join(
    sortColumns.map((column, i) => sql`${column} AS ${alias(i)}`),
    sql`, `,
  );
  const orderByAliases = sql.join(
    sortColumns.map((_, i) => sql`m.${alias(i)} ${direction}`),
    sql`, `,
  );
  if (list.searching && !whole) {
    // A common word matches many rows, found at once among the most recent: first the matches among the window's first
    // rows in the list's order (a bounded walk of the sort's index, the condition tested above its LIMIT). Only when
    // those are not enough for the page (`needed`: offset + limit) are all the matches collected by the search's index,
    // then ordered.
    const { needed, window } = bounds;
    // The condition is a column of the window's rows, not a WHERE the planner could push into the walk.
    // One owner's window is found by its keys alone first: an index-only walk of the owner's index (company, key). Read
    // with the rows' other columns (the condition's), the planner may walk the primary key backwards filtering by owner
    // instead, through every newer row of the other owners (800 000 rows, 280 ms, for a company whose clients are the oldest).
    const windowRows = list.partition
      ? sql`FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE ${list.partition} ORDER BY ${orderBy} LIMIT ${window})`
      : sql`FROM ${table} ORDER BY ${orderBy} LIMIT ${window}`;
    const recent = sql`SELECT ${key} AS k, ${columns}, (${where ?? sql`true`}) AS hit ${windowRows}`;
    return sql`${key} IN (WITH w AS MATERIALIZED (SELECT r.k, ${sql.join(
      sortColumns.map((_, i) => sql`r.${alias(i)}`),
      sql`, `,
    )} FROM (${recent}) r WHERE r.hit ORDER BY ${sql.join(
      sortColumns.map((_, i) => sql`r.${alias(i)} ${direction}`),
      sql`, `,
    )} LIMIT ${needed})
      SELECT m.k FROM (
        SELECT * FROM w WHERE (SELECT count(*) FROM w) >= ${needed}
        UNION ALL
        SELECT * FROM (SELECT ${key} AS k, ${columns} FROM ${table}${whereOf(where)} OFFSET 0) a WHERE (SELECT count(*) FROM w) < ${needed}
      ) m ORDER BY ${orderByAliases} ${limits})`;
  }
  if (list.searching) {
    return sql`${key} IN (SELECT m.k FROM (SELECT ${key} AS k, ${columns} FROM ${table}${whereOf(where)} OFFSET 0) m ORDER BY ${orderByAliases} ${limits})`;
  }
  if (branches && !whole) {
    // Each value's first offset + limit rows, in order on its own index; the page is taken from their union.
    const each = sql.join(
      branches.map(
        (branch) => sql`(SELECT ${key} AS k, ${columns} FROM ${table}${whereOf(branch)} ORDER BY ${orderBy} LIMIT ${bounds.needed})`,
      ),
      sql` UNION ALL `,
    );
    return sql`${key} IN (SELECT m.k FROM (${each}) m ORDER BY ${orderByAliases} ${limits})`;
  }
  return sql`${key} IN (SELECT ${key} FROM ${table}${whereOf(where)} ORDER BY ${orderBy} ${limits})`;
}

/** The planner's estimate of the rows a query returns (the top node's "Plan Rows" of EXPLAIN (FORMAT JSON)). */
function plannedRows(result: unknown): number {
  const rows = (result as { rows?: Array<Record<string, unknown>> }).rows ?? (result as Array<Record<string, unknown>>);
  let plan = Object.values(rows[0] ?? {})[0];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const planned = (plan as Array<{ Plan?: { 'Plan Rows'?: number } }>)[0]?.Plan?.['Plan Rows'];
  return typeof planned === 'number' && Number.isFinite(planned) ? Math.round(planned) : 0;
}

type Statement<R> = { execute(values?: Record<string, unknown>): Promise<R[]> };
type Preparable<R> = { prepare(name: string): Statement<R> };

/**
 * The statements of one list shape: its count, the planner's estimate past EXACT_TOTAL, and its rows. The count reads
 * at most EXACT_TOTAL + 1 matching rows (a LIMIT under the count), so it never walks a big table; past that the total
 * is the planner's row estimate of the same filtered query (statistics kept by ANALYZE; no rows read). Estimates are
 * kept for ESTIMATE_TTL_MS per filter values (`estimates`, keyed by the estimate's own parameters, so paging does not
 * ask again): they change only when ANALYZE runs, and an admin paging a big list would otherwise plan it each page.
 */
type ListStatements<R> = {
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

/**
 * The rows of a page as a statement to prepare, from the request's conditions (which carry placeholders). Declare it
 * once, at module level, and build from `db` and `request` only: it is built once per list shape, so anything else it
 * read would be frozen into the shape's statement.
 */
export type PageSelect<R> = (db: Db, request: PageRequest) => Preparable<R>;

/** The rows of a small table, whole, a page at a time (lists without a key: advisers, products, settings). */
export function tablePage<T extends PgTable>(table: T): PageSelect<T['$inferSelect']> {
  return (db, { where, orderBy, limit, offset }) =>
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset) as unknown as Preparable<T['$inferSelect']>;
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
 * prepareQuery, which db.execute() uses too, so logging and placeholders work as for any other statement.
 */
function prepareRaw(db: Db, query: SQL): { statement: Statement<unknown>; params: unknown[] } {
  const session = (db as unknown as { session: { prepareQuery(q: unknown, f: undefined, n: string, a: boolean): Statement<unknown> } })
    .session;
  const built = dialect.sqlToQuery(query);
  return { statement: session.prepareQuery(built, undefined, '', false), params: built.params };
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

/** The request's conditions with their values embedded (400 in Spanish when invalid), for statements built once. */
export function listConditions<Sort extends string>(spec: ListSpec<Sort>, query: ListQuery, scope?: SQL) {
  const { where, orderBy } = parseList(spec, query, embed, scope);
  return { where, orderBy };
}

/**
 * The statements and filter values of a request's sort, filter and scope, read (and refused with a 400) the first time
 * they are seen. Read again, the same text gives the same conditions: the spec's filters and a PageSelect are built
 * from their arguments alone. So a list shown again, refetched after an edit or paged reuses them, without building
 * its conditions in Drizzle or writing them out again to find its shape (about 0.1 ms of the request on PGlite).
 */
function knownRequest(db: Db, spec: ListSpec, select: PageSelect<unknown>, query: ListQuery, whole: boolean, scope?: SQL) {
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
 * One page of a list: the rows `select` reads for the request, each passed through `map`, and the total of rows that
 * match (exact up to EXACT_TOTAL, an estimate past it). The count and the rows are read at the same time, by
 * statements prepared once per list shape: building SQL in Drizzle costs more CPU than PGlite takes to read most pages.
 * On PGlite the count is kept until a statement changes rows (countOf).
 */
export async function readPage<R, T, Sort extends string>(
  db: Db,
  spec: ListSpec<Sort>,
  query: ListQuery,
  select: PageSelect<R>,
  map: (row: R) => T,
  /** The caller's own condition (a distributor's companies, one company's history), with the spec's and the filter's. */
  scope?: SQL,
): Promise<Page<T>> {
  const { offset, limit } = parseRange(spec as ListSpec, query);
  const known = knownRequest(db, spec as ListSpec, select as PageSelect<unknown>, query, limit === NO_LIMIT, scope);
  const statements = known.statements as ListStatements<R>;
  const { filterValues } = known;
  const values = { ...known.values, ...boundsOf(offset, limit) };
  const [n, rows] = await Promise.all([countOf(db, statements, values, filterValues), statements.rows.execute(values)]);
  const found = rows.map(map);
  if (n <= EXACT_TOTAL) return { resource: spec.resource, rows: found, offset, total: n, estimated: false };
  const estimate = Math.max(await estimatedRows(statements, values, filterValues), EXACT_TOTAL + 1);
  // An estimate must still cover the rows sent (and one more when the page is full, so that a next page is offered).
  const total = Math.max(estimate, offset + found.length + (found.length === limit ? 1 : 0));
  return { resource: spec.resource, rows: found, offset, total, estimated: true };
}

/**
 * The count of the request's filter values (at most EXACT_TOTAL + 1). On PGlite, where this process is the only writer,
 * it is kept while no statement has changed rows since it was read (writesVersion): an admin who pages through a list,
 * sorts it or comes back to it is not counted for again, and a request then runs one statement instead of two.
 */
async function countOf(db: Db, statements: ListStatements<unknown>, values: Record<string, unknown>, filterValues: string) {
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
async function estimatedRows(statements: ListStatements<unknown>, values: Record<string, unknown>, filterValues: string) {
  const kept = statements.estimates.get(filterValues);
  if (kept && kept.until > Date.now()) return kept.rows;
  const rows = plannedRows(await statements.estimate.execute(values));
  keep(statements.estimates, filterValues, { rows, until: Date.now() + ESTIMATE_TTL_MS });
  return rows;
}

/**
 * The caller's query with the server's scope added as filters (a company, a seller). The caller's filter must be a JSON
 * object of `publicFilters` keys only: a scope key, or anything else, is a 400 here, so that no request reaches
 * readPage without its scope. Bind the scope's filters (Filter 'integer'), so that every company shares the list's
 * prepared statements.
 */
export function scopedQuery(query: ListQuery, publicFilters: readonly string[], scope: Record<string, unknown>): ListQuery {
  // Read as the list reads it: a key is named in the answer only once it is known to hold no refused character.
  const parsed = parseJson(query.filter, 'filter');
  const filter = parsed === undefined ? {} : parsed;
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw new HttpError(400, 'El parámetro filter debe ser un objeto');
  for (const key of Object.keys(filter))
    if (!publicFilters.includes(key)) throw new HttpError(400, `El filtro ${key} no existe; use ${publicFilters.join(', ')}`);
  return { ...query, filter: JSON.stringify({ ...filter, ...scope }) };
}

/**
 * The Content-Range of each list reply, set by sendListRange once the body is compressed: @fastify/compress takes any
 * Content-Range for a byte range and leaves the body as it is, though lists are the largest JSON the API sends.
 */
const listRanges = new WeakMap<FastifyReply, string>();

/** The onSend hook that puts a list's Content-Range on its reply; it must run after the compression plugin's. */
export const sendListRange: onSendHookHandler = (_request, reply, payload, done) => {
  const range = listRanges.get(reply);
  if (range !== undefined) reply.header('Content-Range', range);
  done(null, payload);
};

/** Sends a page as ra-data-simple-rest reads it: the rows, and the total in Content-Range (see sendListRange). */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  const end = page.rows.length ? page.offset + page.rows.length - 1 : page.offset;
  listRanges.set(reply, `${page.resource} ${page.offset}-${end}/${page.total}`);
  if (page.estimated) reply.header(ESTIMATED_TOTAL_HEADER, '1');
  reply.header('Access-Control-Expose-Headers', `Content-Range, ${ESTIMATED_TOTAL_HEADER}`);
  return page.rows;
}

/** Escapes % _ and \ so the user's text is searched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Text searches for `search` filters and search endpoints: a part of the column (any case), or its beginning. */
export const contains = (column: AnyColumn, text: string, bind: Bind = embed) =>
  sql`${column} ILIKE ${bind(`%${escapeLike(text.trim())}%`)}`;
export const startsWith = (column: AnyColumn, text: string, bind: Bind = embed) =>
  sql`${column} LIKE ${bind(`${escapeLike(text.trim())}%`)}`;
