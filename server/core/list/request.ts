import { HttpError } from '../errors';
import { hasForbiddenCharacters } from '../requests';
import type { ListQuery } from '../../../domain/contratos/lista';
import type { ListSpec } from './spec';

/**
 * Reading ra-data-simple-rest's query (?range=[0,24]&sort=["FIELD","DESC"]&filter={...}) against a list's allow-lists:
 * what is wrong is a 400 in Spanish that names it. Nothing else reads these parameters.
 */

const MAX_PAGE = 500;
/** LIMIT of a list read whole: no table of ours comes near it. */
export const NO_LIMIT = Number.MAX_SAFE_INTEGER;
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
export const isInt32 = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_INT;

/** Reads the range: the page's first row and how many rows (NO_LIMIT for all); a 400 in Spanish when it is wrong. */
export function readRange(spec: ListSpec, query: ListQuery): { offset: number; limit: number } {
  const range = parseJson(query.range, 'range') ?? spec.defaultRange;
  if (range === 'all') return { offset: 0, limit: NO_LIMIT };
  if (!Array.isArray(range) || range.length !== 2 || !range.every(isInt32) || range[1] < range[0]) {
    throw new HttpError(400, 'El parámetro range debe ser [desde, hasta]');
  }
  return { offset: range[0], limit: Math.min(range[1] - range[0] + 1, MAX_PAGE) };
}

/** Reads the sort: one of the ListSpec's sortable keys and a direction (its default when absent). */
export function readSort<Sort extends string>(spec: ListSpec<Sort>, query: ListQuery): [Sort, 'ASC' | 'DESC'] {
  const sortable = Object.keys(spec.sort) as Sort[];
  const sort = parseJson(query.sort, 'sort') ?? spec.defaultSort;
  if (!Array.isArray(sort) || !sortable.includes(sort[0]) || !['ASC', 'DESC'].includes(sort[1])) {
    throw new HttpError(400, `Solo se puede ordenar por ${sortable.join(', ')}`);
  }
  return sort as [Sort, 'ASC' | 'DESC'];
}

/**
 * The one reader of a list's `filter`: its JSON object, or a 400 in Spanish (not JSON, a character one-line text
 * refuses, not an object). Absent or empty is no filter. JSON null is refused, except where the list alone reads the
 * filter (`nullIsNoFilter`): there a null filter is no filter, as a null sort or range is the default.
 */
export function readFilter(raw: string | undefined, { nullIsNoFilter = false } = {}): Record<string, unknown> {
  const parsed = parseJson(raw, 'filter');
  const filter = parsed === undefined || (nullIsNoFilter && parsed === null) ? {} : parsed;
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw new HttpError(400, 'El parámetro filter debe ser un objeto');
  return filter as Record<string, unknown>;
}

/**
 * The caller's query with the server's scope added as filters (a company, a seller). The caller's filter must be a JSON
 * object of `publicFilters` keys only: a scope key, or anything else, is a 400 here, so that no request reaches
 * readPage without its scope. Bind the scope's filters (Filter 'integer'), so that every company shares the list's
 * prepared statements.
 */
export function scopedQuery(query: ListQuery, publicFilters: readonly string[], scope: Record<string, unknown>): ListQuery {
  // Read as the list reads it: a key is named in the answer only once it is known to hold no refused character.
  const filter = readFilter(query.filter);
  for (const key of Object.keys(filter))
    if (!publicFilters.includes(key)) throw new HttpError(400, `El filtro ${key} no existe; use ${publicFilters.join(', ')}`);
  return { ...query, filter: JSON.stringify({ ...filter, ...scope }) };
}

/** The company as the bound filter a company's list adds: every company shares the list's prepared statements. */
export const SCOPE_EMPRESA = '_empresa';

/** A company's list query: the caller's with the company added (scopedQuery: a filter outside publicFilters is a 400). */
export const companyQuery = (publicFilters: readonly string[]) => (empresa: number, query: ListQuery) =>
  scopedQuery(query, publicFilters, { [SCOPE_EMPRESA]: empresa });
