import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { keyedWrites } from '../../infra/db/keyed';
import { administradores, empresas, perfiles } from '../../infra/db/schema';
import { contains, paged, readPage, type ListQuery, type ListSpec, type PageRequest } from '../../core/list';
import { PERFIL } from '../../../domain/perfiles';
import type { Administrador, AdministradorCambios } from './contract';

const a = administradores;

const columns = {
  ADM_CODIGO: a.ADM_CODIGO,
  ADM_USUARIO: a.ADM_USUARIO,
  ADM_NOMBRE: a.ADM_NOMBRE,
  ADM_CORREO: a.ADM_CORREO,
  PRF_CODIGO: a.PRF_CODIGO,
  PRF_NOMBRE: perfiles.PRF_NOMBRE,
  DRB_CONTADOR: a.DRB_CONTADOR,
  ADM_ACTIVO: a.ADM_ACTIVO,
};

const SORTS = {
  ADM_CODIGO: [a.ADM_CODIGO],
  ADM_USUARIO: [a.ADM_USUARIO],
  ADM_NOMBRE: [a.ADM_NOMBRE, a.ADM_CODIGO],
  ADM_CORREO: [a.ADM_CORREO, a.ADM_CODIGO],
  PRF_CODIGO: [a.PRF_CODIGO, a.ADM_CODIGO],
  DRB_CONTADOR: [a.DRB_CONTADOR, a.ADM_CODIGO],
  ADM_ACTIVO: [a.ADM_ACTIVO, a.ADM_CODIGO],
  id: [a.ADM_CODIGO],
};

/** Administration users: a small table, read a page at a time with each one's profile name. */
const spec: ListSpec<keyof typeof SORTS> = {
  resource: 'administradores',
  table: a,
  sort: SORTS,
  defaultSort: ['ADM_NOMBRE', 'ASC'],
  filters: {
    q: {
      type: 'search',
      where: (text, bind) =>
        or(contains(a.ADM_USUARIO, text, bind), contains(a.ADM_NOMBRE, text, bind), contains(a.ADM_CORREO, text, bind)),
    },
    PRF_CODIGO: { type: 'integer', column: a.PRF_CODIGO },
    ADM_ACTIVO: { type: 'boolean', column: a.ADM_ACTIVO },
    DRB_CONTADOR: { type: 'integer', column: a.DRB_CONTADOR },
    /** true: only distributors (profile 2). */
    distribuidor: { type: 'flag', where: eq(a.PRF_CODIGO, PERFIL.distribuidor) },
    id: { type: 'ids', column: a.ADM_CODIGO },
  },
  defaultRange: [0, 24],
};

const adminPage = (db: Db, request: PageRequest) =>
  paged(db.select(columns).from(a).innerJoin(perfiles, eq(perfiles.PRF_CODIGO, a.PRF_CODIGO)).$dynamic(), request);

export const listAdministradores = (db: Db, query: ListQuery) => readPage(db, spec, query, adminPage, (row) => row);

/** One administrator with its profile's name; `lock` holds its row until the transaction ends. */
export async function findAdministrador(db: Executor, id: number, lock = false): Promise<Administrador | undefined> {
  const query = db.select(columns).from(a).innerJoin(perfiles, eq(perfiles.PRF_CODIGO, a.PRF_CODIGO)).where(eq(a.ADM_CODIGO, id));
  const [row] = await (lock ? query.for('update', { of: a }) : query);
  return row;
}

/** How many companies are assigned to this administration user (EMP_DISTRIBUIDOR, by its index). */
export async function companyCount(db: Executor, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(empresas).where(eq(empresas.EMP_DISTRIBUIDOR, id));
  return row.n;
}

/** Whether another administration user has this usuario in any case ("Admin" beside "admin" would only confuse). */
export async function isUsernameTaken(db: Executor, usuario: string): Promise<boolean> {
  const [row] = await db
    .select({ id: a.ADM_CODIGO })
    .from(a)
    .where(eq(sql`lower(${a.ADM_USUARIO})`, usuario.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

/** A profile that exists and is active (what a new or changed administrator may be given). */
export async function isActiveProfile(db: Executor, codigo: number): Promise<boolean> {
  const [row] = await db
    .select({ id: perfiles.PRF_CODIGO })
    .from(perfiles)
    .where(and(eq(perfiles.PRF_CODIGO, codigo), eq(perfiles.PRF_ACTIVO, true)));
  return Boolean(row);
}

/** Every profile, for the form's choice and the list's filter. */
export const listProfiles = (db: Db) =>
  db
    .select({ PRF_CODIGO: perfiles.PRF_CODIGO, PRF_NOMBRE: perfiles.PRF_NOMBRE, PRF_ACTIVO: perfiles.PRF_ACTIVO })
    .from(perfiles)
    .orderBy(asc(perfiles.PRF_CODIGO));

/**
 * The active administrators (profile 1), locked in ADM_CODIGO order until the transaction ends: two requests that each
 * would remove one of the last two wait for each other (always in the same order, so never in a deadlock), and the
 * second then sees that only one is left.
 */
export async function lockActiveAdministrators(tx: Executor): Promise<number[]> {
  const rows = await tx
    .select({ id: a.ADM_CODIGO })
    .from(a)
    .where(and(eq(a.PRF_CODIGO, PERFIL.administrador), eq(a.ADM_ACTIVO, true)))
    .orderBy(asc(a.ADM_CODIGO))
    .for('update');
  return rows.map((row) => row.id);
}

/** Inserts an administrator; throws the unique index's violation when the usuario exists. */
export const { insert: insertAdministrador } = keyedWrites(a, a.ADM_CODIGO);

export async function updateAdministrador(tx: Executor, id: number, values: AdministradorCambios) {
  await tx.update(a).set(values).where(eq(a.ADM_CODIGO, id));
}

/**
 * A reset: the clave becomes `hash` (of a secret nobody knows, so the old clave stops working) and the mailed
 * temporary clave (`temporal`, its hash) works until `vence`, once.
 */
export async function resetAdminPassword(tx: Executor, id: number, hashes: { hash: string; temporal: string }, vence: Date) {
  await tx
    .update(a)
    .set({ ADM_CLAVE: hashes.hash, ADM_CLAVE_TEMPORAL: hashes.temporal, ADM_CLAVE_TEMPORAL_VENCE: vence })
    .where(eq(a.ADM_CODIGO, id));
}
