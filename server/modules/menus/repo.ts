import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Executor } from '../../infra/db/client';
import { administradores, menus, menusEmpresa, menusRoles } from '../../infra/db/schema';
import { HttpError } from '../../core/errors';
import { recordHistory } from '../empresas/history';
import { EMPRESA_MSG } from '../empresas/contract';
import type { MenuAsignado, MenuItem } from './contract';

const menuColumns = {
  MEN_CODIGO: menus.MEN_CODIGO,
  MEN_NOMBRE: menus.MEN_NOMBRE,
  MEN_RUTA: menus.MEN_RUTA,
  MEN_ICONO: menus.MEN_ICONO,
  MEN_ORDEN: menus.MEN_ORDEN,
};
const menuOrder = [asc(menus.MEN_ORDEN), asc(menus.MEN_CODIGO)];

/** The entries a company's application shows. */
export function companyMenu(db: Db, empresa: number): Promise<MenuItem[]> {
  return db
    .select(menuColumns)
    .from(menusEmpresa)
    .innerJoin(menus, eq(menus.MEN_CODIGO, menusEmpresa.MEN_CODIGO))
    .where(eq(menusEmpresa.EMP_CODIGO, empresa))
    .orderBy(...menuOrder);
}

/** The administration area's entries for an administrator's current profile. */
export function adminMenu(db: Db, admin: number): Promise<MenuItem[]> {
  return db
    .select(menuColumns)
    .from(administradores)
    .innerJoin(menusRoles, eq(menusRoles.PRF_CODIGO, administradores.PRF_CODIGO))
    .innerJoin(menus, eq(menus.MEN_CODIGO, menusRoles.MEN_CODIGO))
    .where(eq(administradores.ADM_CODIGO, admin))
    .orderBy(...menuOrder);
}

/** Every menu of the company application, marked with whether this company has it. */
export function companyMenuChoices(db: Executor, empresa: number): Promise<MenuAsignado[]> {
  return db
    .select({ ...menuColumns, asignado: sql<boolean>`${menusEmpresa.EMP_CODIGO} is not null` })
    .from(menus)
    .leftJoin(menusEmpresa, and(eq(menusEmpresa.MEN_CODIGO, menus.MEN_CODIGO), eq(menusEmpresa.EMP_CODIGO, empresa)))
    .where(eq(menus.MEN_AREA, 'empresa'))
    .orderBy(...menuOrder);
}

/**
 * Replaces a company's menus with this list (menus of the company area only: 400 otherwise) and records the change
 * in its history. Run it in the transaction of the whole save; returns whether anything changed.
 */
export async function replaceCompanyMenus(tx: Executor, request: FastifyRequest, empresa: number, wanted: number[]): Promise<boolean> {
  const choices = await companyMenuChoices(tx, empresa);
  const invalid = wanted.find((id) => !choices.some((m) => m.MEN_CODIGO === id));
  if (invalid !== undefined) throw new HttpError(400, EMPRESA_MSG.menuInvalid(invalid));
  const before = choices.filter((m) => m.asignado);
  const after = choices.filter((m) => wanted.includes(m.MEN_CODIGO));
  const removed = before.filter((m) => !wanted.includes(m.MEN_CODIGO)).map((m) => m.MEN_CODIGO);
  const added = after.filter((m) => !m.asignado).map((m) => m.MEN_CODIGO);
  if (!removed.length && !added.length) return false;
  if (removed.length)
    await tx.delete(menusEmpresa).where(and(eq(menusEmpresa.EMP_CODIGO, empresa), inArray(menusEmpresa.MEN_CODIGO, removed)));
  if (added.length) await tx.insert(menusEmpresa).values(added.map((MEN_CODIGO) => ({ EMP_CODIGO: empresa, MEN_CODIGO })));
  const names = (list: MenuAsignado[]) => list.map((m) => m.MEN_NOMBRE);
  await recordHistory(tx, request, {
    empresa,
    accion: 'menus',
    descripcion: 'Menús de la empresa cambiados',
    antes: { menus: names(before) },
    despues: { menus: names(after) },
  });
  return true;
}
