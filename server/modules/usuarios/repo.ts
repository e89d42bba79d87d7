import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { usuarios } from '../../infra/db/schema';
import { escapeLike, paged, readPage, type Bind, type ListQuery, type ListSpec, type PageRequest } from '../../core/list';
import { ROLES_EMPRESA, type RolEmpresa } from '../../../domain/clientes';
import type { Usuario, UsuarioCambios } from './contract';

/** What the company's users screen reads of a user: never USU_CLAVE nor USU_CLAVE_TEMPORAL. */
const columns = {
  USU_CODIGO: usuarios.USU_CODIGO,
  USU_USUARIO: usuarios.USU_USUARIO,
  USU_NOMBRE: usuarios.USU_NOMBRE,
  USU_CORREO: usuarios.USU_CORREO,
  USU_ROL: usuarios.USU_ROL,
  USU_ACTIVO: usuarios.USU_ACTIVO,
};
type Row = Omit<Usuario, 'USU_ROL'> & { USU_ROL: string };
const toUsuario = (row: Row): Usuario => ({ ...row, USU_ROL: row.USU_ROL as RolEmpresa });

const ofCompany = (empresa: number, id: number) => and(eq(usuarios.COM_CODIGO, empresa), eq(usuarios.USU_CODIGO, id));

/** A part of the user name, the name or the email, without accents, in any case. */
function userSearch(text: string, bind: Bind): SQL {
  const pattern = sql`'%' || amelia_busqueda(${bind(escapeLike(text))}) || '%'`;
  return sql`(amelia_busqueda(${usuarios.USU_USUARIO}) LIKE ${pattern} OR amelia_busqueda(coalesce(${usuarios.USU_NOMBRE}, '')) LIKE ${pattern} OR amelia_busqueda(coalesce(${usuarios.USU_CORREO}, '')) LIKE ${pattern})`;
}

const SORTS = {
  USU_CODIGO: [usuarios.USU_CODIGO],
  USU_USUARIO: [usuarios.USU_USUARIO, usuarios.USU_CODIGO],
  USU_NOMBRE: [usuarios.USU_NOMBRE, usuarios.USU_CODIGO],
  USU_CORREO: [usuarios.USU_CORREO, usuarios.USU_CODIGO],
  USU_ROL: [usuarios.USU_ROL, usuarios.USU_USUARIO, usuarios.USU_CODIGO],
  USU_ACTIVO: [usuarios.USU_ACTIVO, usuarios.USU_USUARIO, usuarios.USU_CODIGO],
  id: [usuarios.USU_CODIGO],
};

/** A company's users (a handful: read whole when no range is asked). */
const spec: ListSpec<keyof typeof SORTS> = {
  resource: 'usuarios',
  table: usuarios,
  sort: SORTS,
  defaultSort: ['USU_USUARIO', 'ASC'],
  filters: {
    q: { type: 'search', where: userSearch },
    USU_ROL: { type: 'enum', column: usuarios.USU_ROL, values: ROLES_EMPRESA },
    USU_ACTIVO: { type: 'boolean', column: usuarios.USU_ACTIVO },
    id: { type: 'ids', column: usuarios.USU_CODIGO },
  },
  defaultRange: 'all',
};

const page = (db: Db, request: PageRequest) => paged(db.select(columns).from(usuarios).$dynamic(), request);

/** The company's users as a react-admin list; the company comes from the token, never from the request. */
export const listCompanyUsers = (db: Db, empresa: number, query: ListQuery) =>
  readPage(db, spec, query, page, toUsuario, eq(usuarios.COM_CODIGO, empresa));

/** One user of this company (undefined for another company's), optionally locked until the transaction ends. */
export async function findCompanyUser(db: Executor, empresa: number, id: number, lock = false): Promise<Usuario | undefined> {
  const query = db.select(columns).from(usuarios).where(ofCompany(empresa, id));
  const [row] = lock ? await query.for('update') : await query;
  return row && toUsuario(row);
}

/**
 * The company's active administrators, locked in a fixed order: two simultaneous changes (each demoting or deactivating
 * one of the last two) wait for each other instead of both leaving the company without one. Lock them before the
 * user being changed, always in that order.
 */
export async function lockActiveAdministrators(tx: Executor, empresa: number): Promise<number[]> {
  const rows = await tx
    .select({ id: usuarios.USU_CODIGO })
    .from(usuarios)
    .where(and(eq(usuarios.COM_CODIGO, empresa), eq(usuarios.USU_ROL, 'administrador' satisfies RolEmpresa), eq(usuarios.USU_ACTIVO, true)))
    .orderBy(asc(usuarios.USU_CODIGO))
    .for('update');
  return rows.map((row) => row.id);
}

/** Throws the unique index's violation when the company already has that user name. */
export async function insertCompanyUser(
  tx: Executor,
  values: {
    COM_CODIGO: number;
    USU_USUARIO: string;
    USU_NOMBRE: string;
    USU_CORREO: string;
    USU_ROL: RolEmpresa;
    USU_CLAVE: string;
    USU_CLAVE_TEMPORAL: string;
    USU_CLAVE_TEMPORAL_VENCE: Date;
  },
): Promise<Usuario> {
  const [row] = await tx
    .insert(usuarios)
    .values({ ...values, USU_ACTIVO: true })
    .returning(columns);
  return toUsuario(row);
}

export async function updateCompanyUser(tx: Executor, empresa: number, id: number, values: UsuarioCambios): Promise<Usuario> {
  const [row] = await tx.update(usuarios).set(values).where(ofCompany(empresa, id)).returning(columns);
  return toUsuario(row);
}
