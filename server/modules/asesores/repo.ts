import { and, asc, eq, or } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { asesores } from '../../infra/db/schema';
import { contains, embed, readPage, tablePage, startsWith, type Bind, type ListQuery, type ListSpec } from '../../core/list';

/** Identification prefix or part of the name. */
const matches = (text: string, bind: Bind = embed) =>
  or(startsWith(asesores.ASE_IDENTIFICACION, text, bind), contains(asesores.ASE_NOMBRE, text, bind));
const active = eq(asesores.ASE_ACTIVO, true);

const list: ListSpec<'ASE_NOMBRE' | 'ASE_CODIGO' | 'id'> = {
  resource: 'asesores',
  table: asesores,
  sort: { ASE_NOMBRE: [asesores.ASE_NOMBRE, asesores.ASE_CODIGO], ASE_CODIGO: [asesores.ASE_CODIGO], id: [asesores.ASE_CODIGO] },
  defaultSort: ['ASE_NOMBRE', 'ASC'],
  filters: {
    q: { type: 'search', where: matches },
    id: { type: 'ids', column: asesores.ASE_CODIGO },
  },
  where: active,
  // The assignment picker reads every active adviser in one call.
  defaultRange: [0, 499],
};

/** Active advisers, a page at a time. */
const page = tablePage(asesores);

export const listAsesores = (db: Db, query: ListQuery) => readPage(db, list, query, page, (row) => row);

/** Active advisers whose identification starts with, or whose name contains, the text; by name. */
export const searchAsesores = (db: Db, text: string, limit: number) =>
  db
    .select()
    .from(asesores)
    .where(and(active, matches(text)))
    .orderBy(asc(asesores.ASE_NOMBRE))
    .limit(limit);

export async function findActiveAsesor(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(asesores)
    .where(and(eq(asesores.ASE_CODIGO, id), active));
  return row;
}
