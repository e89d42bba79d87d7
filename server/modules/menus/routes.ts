import { Type } from '@fastify/type-provider-typebox';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import type { RouteArea } from '../../core/context';
import { HttpError } from '../../core/errors';
import { MSG } from '../../../src/domain/messages';
import { administradores, menus, menusEmpresa, menusRoles } from '../../infra/db/schema';
import { errorResponses, MenuItem } from '../../core/schemas';

const menuColumns = {
  MEN_CODIGO: menus.MEN_CODIGO, MEN_NOMBRE: menus.MEN_NOMBRE, MEN_RUTA: menus.MEN_RUTA, MEN_ICONO: menus.MEN_ICONO, MEN_ORDEN: menus.MEN_ORDEN,
};

export function companyMenu(db: Db, empresa: number) {
  return db.select(menuColumns).from(menusEmpresa).innerJoin(menus, eq(menus.MEN_CODIGO, menusEmpresa.MEN_CODIGO))
    .where(eq(menusEmpresa.EMP_CODIGO, empresa)).orderBy(asc(menus.MEN_ORDEN), asc(menus.MEN_CODIGO));
}

function roleMenu(db: Db, perfil: number) {
  return db.select(menuColumns).from(menusRoles).innerJoin(menus, eq(menus.MEN_CODIGO, menusRoles.MEN_CODIGO))
    .where(eq(menusRoles.PRF_CODIGO, perfil)).orderBy(asc(menus.MEN_ORDEN), asc(menus.MEN_CODIGO));
}

/** {menus} base path of spec §7: the admin menu per role. */
const menuRoutes: RouteArea = (app, ctx) => {
  app.post('/menuAdmin', {
    preValidation: ctx.guards.admin,
    schema: {
      tags: ['Menús'], summary: 'Menú del área de administración para el administrador de la sesión',
      body: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
      response: { 200: Type.Array(MenuItem), ...errorResponses },
    },
  }, async (request) => {
    if (request.body.id !== request.admin!.admin) throw new HttpError(403, MSG.forbidden);
    const [admin] = await ctx.db.select({ perfil: administradores.PRF_CODIGO }).from(administradores)
      .where(eq(administradores.ADM_CODIGO, request.body.id));
    return roleMenu(ctx.db, admin.perfil);
  });
};

export default menuRoutes;
