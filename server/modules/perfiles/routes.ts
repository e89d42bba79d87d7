import type { ModuleRoutes } from '../../core/context';
import { resourceSchemas } from '../../core/resource-schemas';
import { found } from '../../core/errors';
import { ListQuery, sendPage } from '../../core/list';
import { PERFIL } from '../../../domain/perfiles';
import { Perfil, PerfilCambio, PerfilEliminado, PerfilNuevo, PERFIL_MSG } from './contract';
import { createPerfil, deletePerfil, findPerfil, listPerfiles, updatePerfil } from './repo';

const tags = ['Perfiles'];
const schemas = resourceSchemas(tags, Perfil);
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
      schema: schemas.list(
        {
          summary: 'Perfiles de los usuarios de la administración, con cuántos administradores y menús tiene cada uno',
          description:
            'Sigue ra-data-simple-rest: range, sort (PRF_CODIGO, PRF_NOMBRE) y filter (q busca en el nombre o el código, PRF_ACTIVO, id); el total va en Content-Range. Sin range devuelve todos.',
        },
        ListQuery,
      ),
    },
    async (request, reply) => sendPage(reply, await listPerfiles(db, request.query)),
  );

  app.get(
    '/perfiles/:id',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config,
      schema: schemas.one({ summary: 'Un perfil' }),
    },
    async (request) => found(await findPerfil(db, request.params.id), PERFIL_MSG.notFound),
  );

  app.post(
    '/perfiles',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config,
      schema: schemas.create(
        {
          summary: 'Crea un perfil (sin menús); el código es el siguiente libre desde 3, o el que se envíe',
          description: 'El nombre es único (sin distinguir mayúsculas). Sus menús se conceden después con POST /menus/menuRolesAdmin.',
        },
        PerfilNuevo,
      ),
    },
    async (request, reply) => reply.status(201).send(await createPerfil(db, request.admin!, request.body)),
  );

  app.put(
    '/perfiles/:id',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config,
      schema: schemas.update(
        {
          summary: 'Cambia el nombre de un perfil o lo activa o desactiva',
          description:
            'Un perfil inactivo no concede nada: sus administradores conservan la cuenta pero no ven ninguna sección. El código no se cambia, y los perfiles 1 y 2 no se desactivan (409).',
        },
        PerfilCambio,
      ),
    },
    async (request) => updatePerfil(db, request.admin!, request.params.id, request.body),
  );

  app.delete(
    '/perfiles/:id',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config,
      schema: schemas.remove(
        {
          summary: 'Elimina un perfil que ningún administrador tiene',
          description: 'Un perfil asignado a administradores no se elimina (409): se desactiva con PUT. Los perfiles 1 y 2 no se eliminan.',
        },
        PerfilEliminado,
      ),
    },
    async (request) => deletePerfil(db, request.admin!, request.params.id),
  );
};

export default perfilesRoutes;
