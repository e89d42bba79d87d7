import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { HttpError } from '../../core/errors';
import { ListQuery, sendPage } from '../../core/list';
import { errorResponses, IdParam } from '../../core/schemas';
import { PERFIL } from '../../../domain/perfiles';
import { Perfil, PerfilCambio, PerfilEliminado, PerfilNuevo, PERFIL_MSG } from './contract';
import { createPerfil, deletePerfil, findPerfil, listPerfiles, updatePerfil } from './repo';

const tags = ['Perfiles'];
const config = { permiso: 'perfiles' };

/**
 * The profiles of administration users: 1 Administrador and 2 Distribuidor are fixed, the provider adds its
 * own (Soporte, Ventas...). Each profile's menus are its permissions: GET/POST /menus/menuRolesAdmin.
 */
const perfilesRoutes: ModuleRoutes = (app, { db, guards }) => {
  app.get(
    '/perfiles',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config,
      schema: {
        tags,
        summary: 'Perfiles de los usuarios de la administración, con cuántos administradores y menús tiene cada uno',
        description:
          'Sigue ra-data-simple-rest: range, sort (PRF_CODIGO, PRF_NOMBRE) y filter (q busca en el nombre o el código, PRF_ACTIVO, id); el total va en Content-Range. Sin range devuelve todos.',
        querystring: ListQuery,
        response: { 200: Type.Array(Perfil), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(reply, await listPerfiles(db, request.query)),
  );

  app.get(
    '/perfiles/:id',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config,
      schema: { tags, summary: 'Un perfil', params: IdParam('id'), response: { 200: Perfil, ...errorResponses } },
    },
    async (request) => {
      const row = await findPerfil(db, request.params.id);
      if (!row) throw new HttpError(404, PERFIL_MSG.notFound);
      return row;
    },
  );

  app.post(
    '/perfiles',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config,
      schema: {
        tags,
        summary: 'Crea un perfil (sin menús); el código es el siguiente libre desde 3, o el que se envíe',
        description: 'El nombre es único (sin distinguir mayúsculas). Sus menús se conceden después con POST /menus/menuRolesAdmin.',
        body: PerfilNuevo,
        response: { 201: Perfil, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createPerfil(db, request.admin!, request.body)),
  );

  app.put(
    '/perfiles/:id',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config,
      schema: {
        tags,
        summary: 'Cambia el nombre de un perfil o lo activa o desactiva',
        description:
          'Un perfil inactivo no concede nada: sus administradores conservan la cuenta pero no ven ninguna sección. El código no se cambia, y los perfiles 1 y 2 no se desactivan (409).',
        params: IdParam('id'),
        body: PerfilCambio,
        response: { 200: Perfil, ...errorResponses },
      },
    },
    async (request) => updatePerfil(db, request.admin!, request.params.id, request.body),
  );

  app.delete(
    '/perfiles/:id',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config,
      schema: {
        tags,
        summary: 'Elimina un perfil que ningún administrador tiene',
        description: 'Un perfil asignado a administradores no se elimina (409): se desactiva con PUT. Los perfiles 1 y 2 no se eliminan.',
        params: IdParam('id'),
        response: { 200: PerfilEliminado, ...errorResponses },
      },
    },
    async (request) => deletePerfil(db, request.admin!, request.params.id),
  );
};

export default perfilesRoutes;
