import { Type, type Static } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { and, asc, count, desc, eq, ilike, inArray, like, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../infra/db/client';
import { HttpError } from './errors';
import { DECIMAL_INTEGER, hasForbiddenCharacters } from './requests';

/**
 * Every paged list follows ra-data-simple-rest: ?range=[0,24]&sort=["FIELD","DESC"]&filter={...}; the answer is
 * the array of rows with a header "Content-Range: <resource> 0-24/319". Parsing, counting and paging live here only.
 */
export const ListQuery = Type.Object({
  range: Type.Optional(Type.String({ maxLength: 40 })),
  sort: Type.Optional(Type.String({ maxLength: 100 })),
  filter: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type ListQuery = Static<typeof ListQuery>;

/** How one filter key is read: its accepted values and the condition it adds. */
export type Filter =
  /** Free text (or a number); blank text adds nothing. */
  | { type: 'search'; where: (text: string) => SQL | undefined }
  /** One allowed value or a non-empty list of them. */
  | { type: 'enum'; column: AnyColumn; values: readonly string[] }
  /** One integer id (a number or a string of digits). */
  | { type: 'integer'; column: AnyColumn }
  | { type: 'boolean'; column: AnyColumn }
  /** true adds the condition, false adds nothing. */
  | { type: 'flag'; where: SQL }
  /** One id or a list of ids (react-admin's getMany sends filter {"id":[...]}). */
  | { type: 'ids'; column: AnyColumn };

export type ListSpec<Sort extends string = string> = {
  /** Name in Content-Range: the resource's Spanish name. */
  resource: string;
  /** The table counted for the total; filters may only use its columns. */
  table: PgTable;
  /** Sortable keys and the columns each orders by (all in the requested direction). */
  sort: Record<Sort, AnyColumn[]>;
  defaultSort: [Sort, 'ASC' | 'DESC'];
  filters: Record<string, Filter>;
  /** A condition every row of the list meets (e.g. only active rows). */
  where?: SQL;
  /** The rows sent without a range: a first page, or every row when the resource is small and read whole. */
  defaultRange: [number, number] | 'all';
};

/** What a repository needs to read one page. */
export type PageRequest = { where: SQL | undefined; orderBy: SQL[]; offset: number; limit: number };
export type Page<T> = { resource: string; rows: T[]; offset: number; total: number };

const MAX_PAGE = 500;
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

function condition(key: string, filter: Filter, value: unknown): SQL | undefined {
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
      return text ? filter.where(text) : undefined;
    }
    case 'enum': {
      const values = list(value);
      if (!values.length || !values.every((v) => filter.values.includes(v))) throw invalid();
      return inArray(filter.column, values);
    }
    case 'integer':
      return eq(filter.column, id(value));
    case 'boolean':
      if (typeof value !== 'boolean') throw invalid();
      return eq(filter.column, value);
    case 'flag':
      if (typeof value !== 'boolean') throw invalid();
      return value ? filter.where : undefined;
    case 'ids':
      return inArray(filter.column, list(value).map(id));
  }
}

/** Reads range, sort and filter against the resource's allow-lists; a 400 in Spanish names what is wrong. */
function parseList<Sort extends string>(spec: ListSpec<Sort>, query: ListQuery): PageRequest {
  const range = parseJson(query.range, 'range') ?? spec.defaultRange;
  if (range !== 'all' && (!Array.isArray(range) || range.length !== 2 || !range.every(isInt32) || range[1] < range[0])) {
    throw new HttpError(400, 'El parámetro range debe ser [desde, hasta]');
  }
  const sortable = Object.keys(spec.sort) as Sort[];
  const sort = parseJson(query.sort, 'sort') ?? spec.defaultSort;
  if (!Array.isArray(sort) || !sortable.includes(sort[0]) || !['ASC', 'DESC'].includes(sort[1])) {
    throw new HttpError(400, `Solo se puede ordenar por ${sortable.join(', ')}`);
  }
  const filter = parseJson(query.filter, 'filter') ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw new HttpError(400, 'El parámetro filter debe ser un objeto');
  const keys = Object.keys(spec.filters);
  const conditions = Object.entries(filter).map(([key, value]) => {
    const rule = spec.filters[key];
    if (!rule) throw new HttpError(400, `El filtro ${key} no existe; use ${keys.join(', ')}`);
    return value === undefined || value === '' ? undefined : condition(key, rule, value);
  });
  const direction = sort[1] === 'ASC' ? asc : desc;
  return {
    where: and(spec.where, ...conditions),
    orderBy: spec.sort[sort[0] as Sort].map((column) => direction(column)),
    offset: range === 'all' ? 0 : range[0],
    limit: range === 'all' ? NO_LIMIT : Math.min(range[1] - range[0] + 1, MAX_PAGE),
  };
}

/** One page of a list: the rows the repository reads for the request, and the total of rows that match. */
export async function readPage<T, Sort extends string>(
  db: Db,
  spec: ListSpec<Sort>,
  query: ListQuery,
  rows: (request: PageRequest) => Promise<T[]>,
): Promise<Page<T>> {
  const request = parseList(spec, query);
  const [{ total }] = await db.select({ total: count() }).from(spec.table).where(request.where);
  return { resource: spec.resource, rows: await rows(request), offset: request.offset, total };
}

/** Sends a page as ra-data-simple-rest reads it: the rows, and the total in Content-Range. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  const end = page.rows.length ? page.offset + page.rows.length - 1 : page.offset;
  reply.header('Content-Range', `${page.resource} ${page.offset}-${end}/${page.total}`);
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
  return page.rows;
}

/** Escapes % _ and \ so the user's text is searched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Text searches for `search` filters and search endpoints: a part of the column (any case), or its beginning. */
export const contains = (column: AnyColumn, text: string) => ilike(column, `%${escapeLike(text.trim())}%`);
export const startsWith = (column: AnyColumn, text: string) => like(column, `${escapeLike(text.trim())}%`);
