import { Type } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { HttpError } from './errors';

/**
 * List endpoints follow ra-data-simple-rest: ?range=[0,24]&sort=["FIELD","DESC"]&filter={...};
 * the response is the array of rows with a Content-Range header "items 0-24/319".
 */
export const ListQuery = Type.Object({
  range: Type.Optional(Type.String({ maxLength: 40 })),
  sort: Type.Optional(Type.String({ maxLength: 100 })),
  filter: Type.Optional(Type.String({ maxLength: 2000 })),
});

export type ListParams<F extends string> = { offset: number; limit: number; sortField: F; sortOrder: 'ASC' | 'DESC'; filter: Record<string, unknown> };

const MAX_PAGE = 500;

function parseJson(raw: string | undefined, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError(400, `El parámetro ${name} no es un JSON válido`);
  }
}

export function parseListQuery<F extends string>(
  query: { range?: string; sort?: string; filter?: string }, sortable: readonly F[], defaultSort: [F, 'ASC' | 'DESC'],
): ListParams<F> {
  const range = parseJson(query.range, 'range') ?? [0, 24];
  if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0) || range[1] < range[0]) {
    throw new HttpError(400, 'El parámetro range debe ser [desde, hasta]');
  }
  const sort = parseJson(query.sort, 'sort') ?? defaultSort;
  if (!Array.isArray(sort) || !sortable.includes(sort[0]) || !['ASC', 'DESC'].includes(sort[1])) {
    throw new HttpError(400, `Solo se puede ordenar por ${sortable.join(', ')}`);
  }
  const filter = parseJson(query.filter, 'filter') ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw new HttpError(400, 'El parámetro filter debe ser un objeto');
  return {
    offset: range[0], limit: Math.min(range[1] - range[0] + 1, MAX_PAGE),
    sortField: sort[0] as F, sortOrder: sort[1] as 'ASC' | 'DESC', filter: filter as Record<string, unknown>,
  };
}

export function sendPage<T>(reply: FastifyReply, name: string, rows: T[], offset: number, total: number): T[] {
  const end = rows.length ? offset + rows.length - 1 : offset;
  reply.header('Content-Range', `${name} ${offset}-${end}/${total}`);
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
  return rows;
}
