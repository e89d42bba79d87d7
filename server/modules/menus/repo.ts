import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { administradores, menus, menusEmpresa, menusRoles } from '../../infra/db/schema';
import type { MenuItem } from './contract';

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
