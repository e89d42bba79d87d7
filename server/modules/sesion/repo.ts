import { and, asc, eq, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { administradores, empresas, sesiones, usuarios } from '../../infra/db/schema';

const companyUserColumns = {
  USU_CODIGO: usuarios.USU_CODIGO,
  USU_USUARIO: usuarios.USU_USUARIO,
  USU_NOMBRE: usuarios.USU_NOMBRE,
  USU_ACTIVO: usuarios.USU_ACTIVO,
  USU_CLAVE: usuarios.USU_CLAVE,
  USU_CORREO: usuarios.USU_CORREO,
  COM_CODIGO: usuarios.COM_CODIGO,
  EMP_RUC: empresas.EMP_RUC,
  EMP_NOMBREC: empresas.EMP_NOMBREC,
  EMP_ACTIVO: empresas.EMP_ACTIVO,
  EMP_CORREO: empresas.EMP_CORREO,
  USU_CLAVE_TEMPORAL: usuarios.USU_CLAVE_TEMPORAL,
  USU_CLAVE_TEMPORAL_VENCE: usuarios.USU_CLAVE_TEMPORAL_VENCE,
  USU_ROL: usuarios.USU_ROL,
};

async function companyUser(db: Db, where: SQL | undefined) {
  const [user] = await db
    .select(companyUserColumns)
    .from(usuarios)
    .innerJoin(empresas, eq(empresas.EMP_CODIGO, usuarios.COM_CODIGO))
    .where(where)
    .orderBy(asc(usuarios.USU_CODIGO))
    .limit(1);
  return user;
}
export type CompanyUser = NonNullable<Awaited<ReturnType<typeof companyUser>>>;

/** A company user by the company's RUC and the user name, active or not. */
export const findCompanyUser = (db: Db, ruc: string, usuario: string) =>
  companyUser(db, and(eq(empresas.EMP_RUC, ruc), eq(usuarios.USU_USUARIO, usuario)));

/** The same, only when both the user and the company are active (who may recover a password). */
export const findActiveCompanyUser = (db: Db, ruc: string, usuario: string) =>
  companyUser(
    db,
    and(eq(empresas.EMP_RUC, ruc), eq(usuarios.USU_USUARIO, usuario), eq(usuarios.USU_ACTIVO, true), eq(empresas.EMP_ACTIVO, true)),
  );

/** The named active user of a company, or its first active user when no name is given. */
export const firstActiveUser = (db: Db, empresa: number, usuario?: string) =>
  companyUser(
    db,
    and(eq(usuarios.COM_CODIGO, empresa), eq(usuarios.USU_ACTIVO, true), usuario ? eq(usuarios.USU_USUARIO, usuario) : undefined),
  );

export async function findAdmin(db: Db, where: { usuario: string } | { id: number }) {
  const [admin] = await db
    .select()
    .from(administradores)
    .where('id' in where ? eq(administradores.ADM_CODIGO, where.id) : eq(administradores.ADM_USUARIO, where.usuario));
  return admin;
}

/** An active company of this distributor, by RUC. */
export async function distributorCompany(db: Db, distribuidor: number, ruc: string) {
  const [company] = await db
    .select()
    .from(empresas)
    .where(and(eq(empresas.EMP_RUC, ruc), eq(empresas.EMP_DISTRIBUIDOR, distribuidor), eq(empresas.EMP_ACTIVO, true)));
  return company;
}

export async function companyPasswordHash(db: Db, usuario: number) {
  const [row] = await db.select({ hash: usuarios.USU_CLAVE }).from(usuarios).where(eq(usuarios.USU_CODIGO, usuario));
  return row?.hash;
}

/** Stores the hash of a recovery's temporary clave; the current clave keeps working beside it. */
export async function setTemporaryPassword(db: Executor, usuario: number, hash: string, vence: Date) {
  await db.update(usuarios).set({ USU_CLAVE_TEMPORAL: hash, USU_CLAVE_TEMPORAL_VENCE: vence }).where(eq(usuarios.USU_CODIGO, usuario));
}

/** Signing in with either clave uses up the temporary one. */
export async function clearTemporaryPassword(db: Db, usuario: number) {
  await db.update(usuarios).set({ USU_CLAVE_TEMPORAL: null, USU_CLAVE_TEMPORAL_VENCE: null }).where(eq(usuarios.USU_CODIGO, usuario));
}

export type NewSession = {
  id: string;
  tipo: 'empresa' | 'admin';
  usuario?: number;
  admin?: number;
  /** A distributor's company session: the administration session it was opened from. */
  origen?: string;
  cambiarClave?: boolean;
  vence: Date;
};

/** Records a session at sign-in, and drops the sessions that expired (no timer needed, whatever the number of instances). */
export async function insertSession(db: Db, session: NewSession) {
  await db.delete(sesiones).where(lt(sesiones.SES_VENCE, sql`now()`));
  await db.insert(sesiones).values({
    SES_ID: session.id,
    SES_TIPO: session.tipo,
    USU_CODIGO: session.usuario,
    ADM_CODIGO: session.admin,
    SES_ORIGEN: session.origen,
    SES_CAMBIAR_CLAVE: session.cambiarClave ?? false,
    SES_VENCE: session.vence,
  });
}

const revoke = (db: Executor, where: SQL | undefined) =>
  db
    .update(sesiones)
    .set({ SES_REVOCADA: sql`now()` })
    .where(and(isNull(sesiones.SES_REVOCADA), where));

/** When a session ends (its token's expiry, which the guards check first). */
export async function sessionExpiry(db: Db, id: string): Promise<Date> {
  const [row] = await db.select({ vence: sesiones.SES_VENCE }).from(sesiones).where(eq(sesiones.SES_ID, id));
  return row.vence;
}

/** Logout: the token stops working on every instance, and so do the company sessions a distributor opened from it. */
export async function endSession(db: Executor, id: string) {
  await revoke(db, or(eq(sesiones.SES_ID, id), eq(sesiones.SES_ORIGEN, id)));
}

/**
 * Ends every session of a company user (including a distributor's sessions inside it), but `except`:
 * after a clave change or reset, or when the user is deactivated.
 */
export async function endUserSessions(db: Executor, usuario: number, except?: string) {
  await revoke(db, and(eq(sesiones.USU_CODIGO, usuario), except ? ne(sesiones.SES_ID, except) : undefined));
}

/**
 * Ends every session of an administration user, but `except`, and for a distributor also its sessions inside
 * its companies (they carry its ADM_CODIGO): after a clave change, or when the administrator or distributor is deactivated.
 */
export async function endAdminSessions(db: Executor, admin: number, except?: string) {
  await revoke(db, and(eq(sesiones.ADM_CODIGO, admin), except ? ne(sesiones.SES_ID, except) : undefined));
}

/** A company user's own clave change: new hash, no temporary clave, the session that made it no longer restricted, the others ended. */
export async function changeCompanyPassword(db: Db, usuario: number, hash: string, session: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(usuarios)
      .set({ USU_CLAVE: hash, USU_CLAVE_TEMPORAL: null, USU_CLAVE_TEMPORAL_VENCE: null })
      .where(eq(usuarios.USU_CODIGO, usuario));
    await tx.update(sesiones).set({ SES_CAMBIAR_CLAVE: false }).where(eq(sesiones.SES_ID, session));
    await endUserSessions(tx, usuario, session);
  });
}

/** An administration user's own clave change: new hash, no temporary clave, the session that made it no longer restricted, the others ended. */
export async function changeAdminPassword(db: Db, admin: number, hash: string, session: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(administradores)
      .set({ ADM_CLAVE: hash, ADM_CLAVE_TEMPORAL: null, ADM_CLAVE_TEMPORAL_VENCE: null })
      .where(eq(administradores.ADM_CODIGO, admin));
    await tx.update(sesiones).set({ SES_CAMBIAR_CLAVE: false }).where(eq(sesiones.SES_ID, session));
    await endAdminSessions(tx, admin, session);
  });
}

/** Signing in with a reset's temporary clave uses it up (it works once). */
export async function clearAdminTemporaryPassword(db: Db, admin: number) {
  await db
    .update(administradores)
    .set({ ADM_CLAVE_TEMPORAL: null, ADM_CLAVE_TEMPORAL_VENCE: null })
    .where(eq(administradores.ADM_CODIGO, admin));
}
