import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { HttpError } from '../../core/errors';
import { errorResponses } from '../../core/schemas';
import { MSG } from '../../../src/domain/messages';
import { AdminMenuRequest, CompanyMenuRequest, MenuItem } from './contract';
import { adminMenu, companyMenu } from './repo';
import { findCompany } from '../empresas/repo';

const tags = ['Menús'];

/** The menus of both areas: the administration menu per profile, and each company's application menu. */
const menuRoutes: ModuleRoutes = (app, { db, guards }) => {
  app.post(
    '/menus/menuAdmin',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Menú del área de administración para el administrador de la sesión',
        body: AdminMenuRequest,
        response: { 200: Type.Array(MenuItem), ...errorResponses },
      },
    },
    async (request) => {
      if (request.body.id !== request.admin!.admin) throw new HttpError(403, MSG.forbidden);
      return adminMenu(db, request.body.id);
    },
  );

  app.post(
    '/menuEmpresa',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Menú de la aplicación de la empresa de la sesión',
        body: CompanyMenuRequest,
        response: { 200: Type.Array(MenuItem), ...errorResponses },
      },
    },
    async (request) => {
      const empresa = request.company!.empresa;
      if ((await findCompany(db, empresa))?.EMP_RUC !== request.body.ruc) throw new HttpError(404, MSG.notFound);
      return companyMenu(db, empresa);
    },
  );
};

export default menuRoutes;
