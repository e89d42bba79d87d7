import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { HttpError } from '../errors';
import { DECIMAL_INTEGER } from '../requests';
import type { ListQuery } from '../../../domain/contratos/lista';
import { isInt32, readFilter, readSort } from './request';
import { embed, type Bind, type Filter, type ListSpec, type PageRequest, type PageSelect, type Preparable } from './spec';

/**
 * The SQL of a list: the conditions of its filter, the caller's scope and its order, the page's bounds and the
 * condition that selects one page's rows, and the text searches its filters use.
 */

/** A search first looks among this many first rows of the list's order per row needed (within MIN and MAX). */
const SEARCH_WINDOW_FACTOR = 20;
const SEARCH_WINDOW_MIN = 2_000;
const SEARCH_WINDOW_MAX = 50_000;

/** The placeholders of one request: bind() names each value and keeps it, for the statements' execute(). */
export function binder() {
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

export type ParsedList = Pick<PageRequest, 'where' | 'orderBy'> & {
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

/**
 * Reads sort and filter against the resource's allow-lists (a 400 in Spanish names what is wrong) into the conditions
 * of the ListSpec, the caller's scope and the filter.
 */
export function parseList<Sort extends string>(spec: ListSpec<Sort>, query: ListQuery, bind: Bind, scope?: SQL): ParsedList {
  const sort = readSort(spec, query);
  const filter = readFilter(query.filter, { nullIsNoFilter: true });
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
  const sortColumns = spec.sort[sort[0]];
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
export const BOUND_PLACEHOLDERS = Object.fromEntries(
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
    // instead, through every newer row of the other owners (docs/performance.md).
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

/**
 * A select narrowed to the request's page, given in Drizzle's dynamic mode (`db.select(columns).from(table).$dynamic()`):
 * with a spec.key, `page` names exactly the page's rows; without one, the conditions, limit and offset do.
 */
export function paged<Q extends PgSelect>(query: Q, { where, orderBy, limit, offset, page }: PageRequest): Q {
  if (page) return query.where(page).orderBy(...orderBy);
  return query
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
}

/** The rows of a small table, whole, a page at a time (lists without a key: products, settings). */
export function tablePage<T extends PgTable>(table: T): PageSelect<T['$inferSelect']> {
  return (db, request) =>
    paged(
      db
        .select()
        .from(table as PgTable)
        .$dynamic(),
      request,
    ) as unknown as Preparable<T['$inferSelect']>;
}

/** The request's conditions with their values embedded (400 in Spanish when invalid), for statements built once. */
export function listConditions<Sort extends string>(spec: ListSpec<Sort>, query: ListQuery, scope?: SQL) {
  const { where, orderBy } = parseList(spec, query, embed, scope);
  return { where, orderBy };
}

/** Escapes % _ and \ so the user's text is searched literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Text searches for `search` filters and search endpoints: a part of the column (any case), or its beginning. */
export const contains = (column: AnyColumn, text: string, bind: Bind = embed) =>
  sql`${column} ILIKE ${bind(`%${escapeLike(text.trim())}%`)}`;
export const startsWith = (column: AnyColumn, text: string, bind: Bind = embed) =>
  sql`${column} LIKE ${bind(`${escapeLike(text.trim())}%`)}`;
