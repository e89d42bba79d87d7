import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { usuarios } from '../../infra/db/schema';
import type { UsuarioEmpresaCambios, UsuarioEmpresa } from './contract';

const columns = {
  USU_CODIGO: usuarios.USU_CODIGO,
  USU_USUARIO: usuarios.USU_USUARIO,
  USU_NOMBRE: usuarios.USU_NOMBRE,
  USU_CORREO: usuarios.USU_CORREO,
  USU_ACTIVO: usuarios.USU_ACTIVO,
};
const ofCompany = (empresa: number, id: number) => and(eq(usuarios.COM_CODIGO, empresa), eq(usuarios.USU_CODIGO, id));

/** The users of a company, in the order they were created. */
export const companyUsers = (db: Executor, empresa: number): Promise<UsuarioEmpresa[]> =>
  db.select(columns).from(usuarios).where(eq(usuarios.COM_CODIGO, empresa)).orderBy(asc(usuarios.USU_CODIGO));

/** One user of this company (undefined for another company's user), locked until the transaction ends. */
export async function lockCompanyUser(tx: Executor, empresa: number, id: number): Promise<UsuarioEmpresa | undefined> {
  const [row] = await tx.select(columns).from(usuarios).where(ofCompany(empresa, id)).for('update');
  return row;
}

/** Throws the unique index's violation when the company already has that user name. */
export async function insertUser(
  tx: Executor,
  values: { COM_CODIGO: number; USU_USUARIO: string; USU_NOMBRE: string; USU_CORREO: string; USU_CLAVE: string; USU_ACTIVO: boolean },
): Promise<UsuarioEmpresa> {
  const [row] = await tx.insert(usuarios).values(values).returning(columns);
  return row;
}

export async function updateUser(tx: Executor, empresa: number, id: number, values: UsuarioEmpresaCambios): Promise<UsuarioEmpresa> {
  const [row] = await tx.update(usuarios).set(values).where(ofCompany(empresa, id)).returning(columns);
  return row;
}
