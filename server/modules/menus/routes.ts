import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { HttpError } from '../../core/errors';
import { errorResponses } from '../../core/schemas';
import { MSG } from '../../../src/domain/messages';
import { PERFIL } from '../../../src/domain/perfiles';
import { AdminMenuRequest, CompanyMenuRequest, MenuAsignado, MenuItem, MenusEmpresaCambio } from './contract';
import { adminMenu, companyMenu, companyMenuChoices, replaceCompanyMenus } from './repo';
import { bumpVersion, findCompany, lockForChange } from '../empresas/repo';
import { findVisibleCompany } from '../empresas/access';
import { IdParam } from '../../core/schemas';

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

  const staff = guards.requireProfile(PERFIL.administrador, PERFIL.distribuidor);
  app.get(
    '/menus/menuEmpresaAdmin/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Todos los menús de la aplicación de empresas, marcados con asignado si la empresa los tiene',
        params: IdParam('id'),
        response: { 200: Type.Array(MenuAsignado), ...errorResponses },
      },
    },
    async (request) => {
      await findVisibleCompany(db, request, request.params.id);
      return companyMenuChoices(db, request.params.id);
    },
  );

  app.put(
    '/menus/menuEmpresaAdmin/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Reemplaza los menús de una empresa (lista completa de MEN_CODIGO del área empresa)',
        description:
          'Queda en el historial de la empresa y cambia su EMP_VERSION. Con EMP_VERSION (la versión leída) se rechaza con 409 si otra persona cambió la empresa mientras tanto. La ficha guarda sus menús con PUT /empresas/{EMP_CODIGO}, en la misma transacción que los datos.',
        params: IdParam('id'),
        body: MenusEmpresaCambio,
        response: { 200: Type.Array(MenuAsignado), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        await lockForChange(tx, request, id, request.body.EMP_VERSION);
        if (await replaceCompanyMenus(tx, request, id, request.body.menus)) await bumpVersion(tx, id);
      });
      return companyMenuChoices(db, id);
    },
  );
};

export default menuRoutes;
