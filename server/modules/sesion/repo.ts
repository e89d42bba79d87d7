import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { administradores, empresas, usuarios } from '../../infra/db/schema';

const companyUserColumns = {
  USU_CODIGO: usuarios.USU_CODIGO, USU_USUARIO: usuarios.USU_USUARIO, USU_NOMBRE: usuarios.USU_NOMBRE,
  USU_ACTIVO: usuarios.USU_ACTIVO, USU_CLAVE: usuarios.USU_CLAVE, USU_CORREO: usuarios.USU_CORREO,
  COM_CODIGO: usuarios.COM_CODIGO, EMP_RUC: empresas.EMP_RUC, EMP_NOMBREC: empresas.EMP_NOMBREC,
  EMP_ACTIVO: empresas.EMP_ACTIVO, EMP_CORREO: empresas.EMP_CORREO,
};

async function companyUser(db: Db, where: SQL | undefined) {
  const [user] = await db.select(companyUserColumns).from(usuarios)
    .innerJoin(empresas, eq(empresas.EMP_CODIGO, usuarios.COM_CODIGO))
    .where(where).orderBy(asc(usuarios.USU_CODIGO)).limit(1);
  return user;
}
export type CompanyUser = NonNullable<Awaited<ReturnType<typeof companyUser>>>;

/** A company user by the company's RUC and the user name, active or not. */
export const findCompanyUser = (db: Db, ruc: string, usuario: string) =>
  companyUser(db, and(eq(empresas.EMP_RUC, ruc), eq(usuarios.USU_USUARIO, usuario)));

/** The same, only when both the user and the company are active (who may recover a password). */
export const findActiveCompanyUser = (db: Db, ruc: string, usuario: string) =>
  companyUser(db, and(eq(empresas.EMP_RUC, ruc), eq(usuarios.USU_USUARIO, usuario), eq(usuarios.USU_ACTIVO, true), eq(empresas.EMP_ACTIVO, true)));

/** The named active user of a company, or its first active user when no name is given. */
export const firstActiveUser = (db: Db, empresa: number, usuario?: string) =>
  companyUser(db, and(eq(usuarios.COM_CODIGO, empresa), eq(usuarios.USU_ACTIVO, true), usuario ? eq(usuarios.USU_USUARIO, usuario) : undefined));

export async function findAdmin(db: Db, where: { usuario: string } | { id: number }) {
  const [admin] = await db.select().from(administradores)
    .where('id' in where ? eq(administradores.ADM_CODIGO, where.id) : eq(administradores.ADM_USUARIO, where.usuario));
  return admin;
}

/** An active company of this distributor, by RUC. */
export async function distributorCompany(db: Db, distribuidor: number, ruc: string) {
  const [company] = await db.select().from(empresas)
    .where(and(eq(empresas.EMP_RUC, ruc), eq(empresas.EMP_DISTRIBUIDOR, distribuidor), eq(empresas.EMP_ACTIVO, true)));
  return company;
}

/** Stores a new password hash; it only takes effect if `deliver` (run inside the same transaction) succeeds. */
export async function replacePassword(db: Db, usuario: number, hash: string, deliver: () => Promise<void>) {
  await db.transaction(async (tx) => {
    await tx.update(usuarios).set({ USU_CLAVE: hash }).where(eq(usuarios.USU_CODIGO, usuario));
    await deliver();
  });
}
