import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { keyedWrites } from '../../infra/db/keyed';
import { asesores, soporte } from '../../infra/db/schema';
import {
  embed,
  escapeLike,
  paged,
  readFilter,
  readPage,
  startsWith,
  type Bind,
  type ListQuery,
  type ListSpec,
  type PageRequest,
} from '../../core/list';
import { ASESOR_TIPOS, type AsesorTipo } from '../../../domain/asesores';
import type { Asesor } from './contract';

/**
 * Digits: the beginning of the identification. Other text: a part of the name, or of the identification, without
 * accents and in any case ("andres" finds "Andrés"), normalised on both sides by amelia_busqueda (migration 0009; PGlite
 * has no unaccent). The advisers are a few dozen rows: no index is needed for the name.
 */
export function asesorSearch(text: string, bind: Bind = embed): SQL {
  const value = text.trim();
  if (/^[0-9]{1,13}$/.test(value)) return startsWith(asesores.ASE_IDENTIFICACION, value, bind);
  return or(
    sql`amelia_busqueda(${asesores.ASE_NOMBRE}) LIKE '%' || amelia_busqueda(${bind(escapeLike(value))}) || '%'`,
    sql`${asesores.ASE_IDENTIFICACION} LIKE '%' || ${bind(escapeLike(value))} || '%'`,
  )!;
}

const active = eq(asesores.ASE_ACTIVO, true);

/** The tickets assigned to the adviser: one probe of the (ase_codigo, spt_id) index per row. */
const tickets = sql<number>`(SELECT count(*)::int FROM ${soporte} WHERE ${soporte.ASE_CODIGO} = ${sql.identifier('asesores')}.${sql.identifier('ase_codigo')})`;

const columns = {
  ASE_CODIGO: asesores.ASE_CODIGO,
  ASE_NOMBRE: asesores.ASE_NOMBRE,
  ASE_CORREO: asesores.ASE_CORREO,
  ASE_IDENTIFICACION: asesores.ASE_IDENTIFICACION,
  ASE_TELEFONO: asesores.ASE_TELEFONO,
  ASE_TIPO: asesores.ASE_TIPO,
  ASE_ACTIVO: asesores.ASE_ACTIVO,
  tickets,
};
type Row = Omit<typeof asesores.$inferSelect, never> & { tickets: number };
const toAsesor = (row: Row): Asesor => ({ ...row, ASE_TIPO: row.ASE_TIPO as AsesorTipo, tickets: Number(row.tickets) });

const SORTS = {
  ASE_NOMBRE: [asesores.ASE_NOMBRE, asesores.ASE_CODIGO],
  ASE_CODIGO: [asesores.ASE_CODIGO],
  ASE_IDENTIFICACION: [asesores.ASE_IDENTIFICACION],
  ASE_TIPO: [asesores.ASE_TIPO, asesores.ASE_NOMBRE, asesores.ASE_CODIGO],
  id: [asesores.ASE_CODIGO],
};

/**
 * The administration's list. Without ASE_ACTIVO, todos or id in the filter it lists only the active advisers, as the
 * ticket desk's assignment picker has always read it; the administration's screen sends todos (or ASE_ACTIVO), and a
 * reference by id finds an inactive adviser too.
 */
const adminList: ListSpec<keyof typeof SORTS> = {
  resource: 'asesores',
  table: asesores,
  sort: SORTS,
  defaultSort: ['ASE_NOMBRE', 'ASC'],
  filters: {
    q: { type: 'search', where: asesorSearch },
    ASE_TIPO: { type: 'enum', column: asesores.ASE_TIPO, values: ASESOR_TIPOS },
    ASE_ACTIVO: { type: 'boolean', column: asesores.ASE_ACTIVO },
    todos: { type: 'flag', where: sql`true` },
    id: { type: 'ids', column: asesores.ASE_CODIGO },
  },
  // The assignment picker reads every active adviser in one call.
  defaultRange: [0, 499],
};
const activeList: ListSpec<keyof typeof SORTS> = { ...adminList, where: active };

/**
 * What an anonymous caller may ask (the public ticket page): active advisers, by name or code, by type; no text
 * search, which would let anyone probe identifications by their first digits.
 */
const publicList: ListSpec<'ASE_NOMBRE' | 'ASE_CODIGO' | 'id'> = {
  resource: 'asesores',
  table: asesores,
  sort: { ASE_NOMBRE: SORTS.ASE_NOMBRE, ASE_CODIGO: SORTS.ASE_CODIGO, id: SORTS.id },
  defaultSort: ['ASE_NOMBRE', 'ASC'],
  filters: { ASE_TIPO: { type: 'enum', column: asesores.ASE_TIPO, values: ASESOR_TIPOS } },
  where: active,
  defaultRange: [0, 499],
};

const adminPage = (db: Db, request: PageRequest) => paged(db.select(columns).from(asesores).$dynamic(), request);

const publicPage = (db: Db, request: PageRequest) =>
  paged(db.select({ ASE_CODIGO: asesores.ASE_CODIGO, ASE_NOMBRE: asesores.ASE_NOMBRE }).from(asesores).$dynamic(), request);

/** The keys of the filter ([] when it is refused: readPage answers the 400, after the range's and the sort's). */
function filterKeys(query: ListQuery): string[] {
  try {
    return Object.keys(readFilter(query.filter));
  } catch {
    return [];
  }
}

export function listAsesores(db: Db, query: ListQuery) {
  const keys = filterKeys(query);
  const spec = ['ASE_ACTIVO', 'todos', 'id'].some((key) => keys.includes(key)) ? adminList : activeList;
  return readPage(db, spec, query, adminPage, toAsesor);
}

export const listPublicAsesores = (db: Db, query: ListQuery) => readPage(db, publicList, query, publicPage, (row) => row);

/** Active advisers whose identification starts with, or whose name contains (without accents, any case), the text. */
export async function searchAsesores(db: Db, text: string, limit: number): Promise<Asesor[]> {
  const rows = await db
    .select(columns)
    .from(asesores)
    .where(and(active, asesorSearch(text)))
    .orderBy(asc(asesores.ASE_NOMBRE), asc(asesores.ASE_CODIGO))
    .limit(limit);
  return rows.map(toAsesor);
}

export async function findAsesor(db: Executor, id: number, lock = false): Promise<Asesor | undefined> {
  const query = db.select(columns).from(asesores).where(eq(asesores.ASE_CODIGO, id));
  const [row] = lock ? await query.for('update') : await query;
  return row && toAsesor(row);
}

export async function findActiveAsesor(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(asesores)
    .where(and(eq(asesores.ASE_CODIGO, id), active));
  return row;
}

/** Whether another adviser has this identification. */
export async function isIdentificationTaken(db: Executor, identification: string, except?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: asesores.ASE_CODIGO })
    .from(asesores)
    .where(and(eq(asesores.ASE_IDENTIFICACION, identification), except ? ne(asesores.ASE_CODIGO, except) : undefined));
  return Boolean(row);
}

export type AsesorValores = Omit<typeof asesores.$inferInsert, 'ASE_CODIGO'>;

export const { insert: insertAsesor, update: updateAsesor, remove: deleteAsesor } = keyedWrites(asesores, asesores.ASE_CODIGO);
