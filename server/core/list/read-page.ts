import type { SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { EXACT_TOTAL } from '../../../domain/listas';
import type { ListQuery } from '../../../domain/contratos/lista';
import { countOf, estimatedRows, knownRequest, type ListStatements } from './cache';
import { NO_LIMIT, readRange } from './request';
import { boundsOf } from './sql';
import type { ListSpec, Page, PageSelect } from './spec';

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
  /** The caller's own condition (a distributor's companies, one company's history), with the ListSpec's and the filter's. */
  scope?: SQL,
): Promise<Page<T>> {
  const { offset, limit } = readRange(spec as ListSpec, query);
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
