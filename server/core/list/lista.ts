import type { SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../infra/db/client';
import type { ListQuery } from '../../../domain/contratos/lista';
import { listBatches } from './batches';
import { readPage } from './read-page';
import { scopedQuery } from './request';
import { listConditions, paged } from './sql';
import type { ListSpec, PageRequest, Preparable } from './spec';

/**
 * One list read three ways, each with the caller's scope (`alcance` gives the scope's filter values; a public filter
 * outside `filtros` is a 400): a page of `seleccion`'s rows (dynamic, with its joins) read by `fila`, every row in
 * batches (an export; `lotesDe` for one that selects more), and the filter's condition (a totals query).
 */
export function consultaLista<Sort extends string, A, R, T>(d: {
  spec: ListSpec<Sort>;
  filtros: readonly string[];
  alcance: (alcance: A) => Record<string, unknown>;
  seleccion: (db: Executor) => PgSelect;
  fila: (row: R) => T;
}) {
  const consulta = (alcance: A, query: ListQuery) => scopedQuery(query, d.filtros, d.alcance(alcance));
  const pagina = (db: Db, request: PageRequest) => paged(d.seleccion(db), request) as unknown as Preparable<R>;
  const lotesDe =
    <S, Y>(seleccion: (db: Executor) => PgSelect, fila: (row: S) => Y) =>
    (db: Db, alcance: A, query: ListQuery, size: number) => {
      const read = (where: SQL | undefined, orderBy: SQL[], limit: number) =>
        seleccion(db)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit) as unknown as Promise<S[]>;
      return listBatches(d.spec, consulta(alcance, query), read, fila, size);
    };
  return {
    listar: (db: Db, alcance: A, query: ListQuery) => readPage(db, d.spec, consulta(alcance, query), pagina, d.fila),
    lotes: lotesDe<R, T>(d.seleccion, d.fila),
    lotesDe,
    condicion: (alcance: A, filter: string | undefined) => listConditions(d.spec, consulta(alcance, { filter })).where,
  };
}
