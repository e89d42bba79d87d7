import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { resourceSchemas } from '../../core/resource-schemas';
import { found, HttpError } from '../../core/errors';
import { actorOf } from '../../core/actor';
import { errorResponses } from '../../core/schemas';
import { MSG } from '../../../domain/messages';
import { PERFIL } from '../../../domain/perfiles';
import { ListQuery, sendPage } from '../../core/list';
import {
  AdminMenuRequest,
  CompanyMenuRequest,
  MenuAsignado,
  MenuDatos,
  MenuEliminado,
  MenuEntrada,
  MenuItem,
  MENU_MSG,
  MenuRolAsignado,
  MenusEmpresaCambio,
  MenusRolCambio,
} from './contract';
import {
  adminMenu,
  companyMenu,
  companyMenuChoices,
  createMenu,
  deleteMenu,
  findMenu,
  listMenus,
  replaceCompanyMenus,
  replaceRoleMenus,
  roleMenuChoices,
  updateMenu,
} from './repo';
import { bumpVersion, findCompany, lockForChange } from '../../core/companies';
import { findVisibleCompany } from '../../core/companies';
import { IdParam } from '../../core/schemas';
import { findPerfil, lockPerfil } from '../perfiles';
import { PERFIL_MSG } from '../perfiles';

const tags = ['Menús'];
const schemas = resourceSchemas(tags, MenuEntrada);

/**
 * The menus of both areas: the catalogue of entries, the administration menu per profile (menuRolesAdmin), each
 * company's application menu (menuEmpresaAdmin), and the signed-in caller's own menu (menuAdmin, menuEmpresa).
 */
const menuRoutes: ModuleRoutes = (app, { db, guards }) => {
  app.post(
    '/menus/menuAdmin',
    {
      onRequest: guards.admin,
      config: { permiso: null },
      schema: {
        tags,
        summary: 'Menú del área de administración para el administrador de la sesión',
        description: 'Las entradas activas de su perfil, en orden; ninguna si el perfil está inactivo.',
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
      config: { permiso: null },
      schema: {
        tags,
        summary: 'Menú de la aplicación de la empresa de la sesión',
        description:
          'Las entradas activas que la empresa tiene, sin las secciones que el rol del usuario no abre (Usuarios solo para el administrador; Firma electrónica y Mi empresa para el administrador y el contador).',
        body: CompanyMenuRequest,
        response: { 200: Type.Array(MenuItem), ...errorResponses },
      },
    },
    async (request) => {
      const empresa = request.company!.empresa;
      if ((await findCompany(db, empresa))?.EMP_RUC !== request.body.ruc) throw new HttpError(404, MSG.notFound);
      return companyMenu(db, empresa, request.company!.rol);
    },
  );

  app.get(
    '/menus/menuEmpresaAdmin/:id',
    {
      onRequest: guards.admin,
      config: { permiso: 'empresas' },
      schema: {
        tags,
        summary: 'Los menús activos de la aplicación de empresas, marcados con asignado si la empresa los tiene',
        params: IdParam('id'),
        response: { 200: Type.Array(MenuAsignado), ...errorResponses },
      },
    },
    async (request) => {
      await findVisibleCompany(db, request.admin!, request.params.id);
      return companyMenuChoices(db, request.params.id);
    },
  );

  app.put(
    '/menus/menuEmpresaAdmin/:id',
    {
      onRequest: guards.admin,
      config: { permiso: 'empresas' },
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
        await lockForChange(tx, request.admin!, id, request.body.EMP_VERSION);
        if (await replaceCompanyMenus(tx, actorOf(request), id, request.body.menus)) await bumpVersion(tx, id);
      });
      return companyMenuChoices(db, id);
    },
  );

  // The catalogue of entries of both areas (administrators).
  const catalogue = { permiso: 'menus' };

  app.get(
    '/menus',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config: catalogue,
      schema: schemas.list(
        {
          summary: 'Catálogo de entradas del menú de ambas áreas (admin y empresa), con cuántos perfiles tiene cada una',
          description:
            'Sigue ra-data-simple-rest: range, sort (MEN_AREA —área y orden—, MEN_ORDEN, MEN_NOMBRE, MEN_RUTA, MEN_PERMISO, MEN_CODIGO) y filter (q busca en nombre, ruta y permiso; MEN_AREA, MEN_ACTIVO, id). Sin range devuelve todas.',
        },
        ListQuery,
      ),
    },
    async (request, reply) => sendPage(reply, await listMenus(db, request.query)),
  );

  app.get(
    '/menus/:id',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config: catalogue,
      schema: schemas.one({ summary: 'Una entrada del catálogo de menús' }),
    },
    async (request) => found(await findMenu(db, request.params.id), MENU_MSG.notFound),
  );

  app.post(
    '/menus',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config: catalogue,
      schema: schemas.create(
        {
          summary: 'Crea una entrada del menú (sin concederla a nadie)',
          description:
            'MEN_RUTA es la ruta dentro del área (letras, números, - y /; vacía para la página de inicio) y es única por área. MEN_PERMISO es el permiso de la API que concede ([a-zA-Z0-9-]*).',
        },
        MenuDatos,
      ),
    },
    async (request, reply) => reply.status(201).send(await createMenu(db, request.admin!, request.body)),
  );

  app.put(
    '/menus/:id',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config: catalogue,
      schema: schemas.update(
        {
          summary: 'Cambia una entrada del menú (nombre, ruta, icono, orden, permiso, activa)',
          description:
            'El área no se cambia. La página de inicio conserva su ruta y no se desactiva. El perfil Administrador conserva siempre una entrada activa con el permiso perfiles y otra con menus (409).',
        },
        MenuDatos,
      ),
    },
    async (request) => updateMenu(db, request.admin!, request.params.id, request.body),
  );

  app.delete(
    '/menus/:id',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config: catalogue,
      schema: schemas.remove(
        {
          summary: 'Elimina una entrada que nadie tiene; si algún perfil o empresa la tiene, la desactiva',
          description: 'eliminado dice cuál de las dos ocurrió. La página de inicio no se elimina ni desactiva (409).',
        },
        MenuEliminado,
      ),
    },
    async (request) => deleteMenu(db, request.admin!, request.params.id),
  );

  // A profile's administration menus, as a checklist.
  app.get(
    '/menus/menuRolesAdmin/:id',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config: { permiso: 'perfiles' },
      schema: {
        tags,
        summary: 'Todas las entradas del área de administración, marcadas con asignado si el perfil las tiene',
        params: IdParam('id'),
        response: { 200: Type.Array(MenuRolAsignado), ...errorResponses },
      },
    },
    async (request) => {
      if (!(await findPerfil(db, request.params.id))) throw new HttpError(404, PERFIL_MSG.notFound);
      return roleMenuChoices(db, request.params.id);
    },
  );

  app.post(
    '/menus/menuRolesAdmin',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config: { permiso: 'perfiles' },
      schema: {
        tags,
        summary: 'Reemplaza los menús de administración de un perfil (lista completa de MEN_CODIGO)',
        description:
          'En una transacción, y queda en la auditoría. El perfil Administrador (1) conserva siempre las entradas que administran perfiles y menús (409 si se quitan).',
        body: MenusRolCambio,
        response: { 200: Type.Array(MenuRolAsignado), ...errorResponses },
      },
    },
    async (request) => {
      const { PRF_CODIGO, menus } = request.body;
      await db.transaction(async (tx) => {
        await lockPerfil(tx, PRF_CODIGO);
        await replaceRoleMenus(tx, request.admin!, PRF_CODIGO, menus);
      });
      return roleMenuChoices(db, PRF_CODIGO);
    },
  );
};

export default menuRoutes;
