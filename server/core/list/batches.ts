import { and, isNotNull, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../../domain/contratos/lista';
import { embed, type ListSpec } from './spec';
import { parseList } from './sql';

/**
 * Every row of a list's filter and order (an export), `size` at a time: each batch starts after the last row of the
 * one before (keyset, never OFFSET), so memory holds one batch and each query starts from the sort's index. `read`
 * selects rows that carry the sort's columns under their names in capitals (FAC_FECHA for fac_fecha); `map` turns each
 * into what the batch holds. The filter and
 * sort are read (and refused with a 400) now, before the answer starts: once a file streams, its status is sent.
 */
export function listBatches<Sort extends string, R, T>(
  spec: ListSpec<Sort>,
  query: ListQuery,
  read: (where: SQL | undefined, orderBy: SQL[], limit: number) => Promise<R[]>,
  map: (row: R) => T,
  size: number,
  scope?: SQL,
): AsyncGenerator<T[]> {
  const { where, orderBy, sortColumns, descending } = parseList(spec, query, embed, scope);
  return (async function* () {
    let last: R | undefined;
    for (;;) {
      const rows = await read(and(where, last ? after(sortColumns, descending, last) : undefined), orderBy, size);
      if (rows.length) yield rows.map(map);
      if (rows.length < size) return;
      last = rows.at(-1);
    }
  })();
}

/**
 * The rows after `last` in the order of `columns` (the last one unique: the primary key or the RUC), as a row
 * comparison the sort's index can start from. PostgreSQL sorts NULL after every value ascending and before them
 * descending: when a nullable date's value is NULL, or past every value, that is said explicitly.
 */
function after(columns: AnyColumn[], descending: boolean, last: unknown): SQL {
  const valueOf = (column: AnyColumn) => (last as Record<string, unknown>)[column.name.toUpperCase()];
  const operator = sql.raw(descending ? '<' : '>');
  const tuple = (cols: AnyColumn[]) => sql.join(cols, sql`, `);
  const compare = (cols: AnyColumn[]) =>
    sql`(${tuple(cols)}) ${operator} (${sql.join(
      cols.map((c) => sql`${valueOf(c)}`),
      sql`, `,
    )})`;
  const [first, ...rest] = columns;
  if (first.notNull) return compare(columns);
  if (valueOf(first) === null) {
    const same = and(isNull(first), compare(rest));
    return descending ? or(same, isNotNull(first))! : same!;
  }
  return descending ? and(isNotNull(first), compare(columns))! : or(compare(columns), isNull(first))!;
}
