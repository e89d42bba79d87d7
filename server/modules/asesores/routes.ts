import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { resourceSchemas } from '../../core/resource-schemas';
import { found, HttpError } from '../../core/errors';
import { errorResponses, SearchBody } from '../../core/schemas';
import { ListQuery, sendPage } from '../../core/list';
import { MSG } from '../../../domain/messages';
import { Asesor, AsesorDatos, AsesorEliminado, AsesorListado } from './contract';
import { findAsesor, listAsesores, listPublicAsesores, searchAsesores } from './repo';
import { createAsesor, editAsesor, removeAsesor } from './service';

const tags = ['Asesores'];
const schemas = resourceSchemas(tags, Asesor);
const SEARCH_LIMIT = 50;

/**
 * Advisers (resource `asesores`, path /asesor): read by the ticket desk and, in a public projection, by the public
 * ticket page; administered by whoever the menus give `asesores`, every change in the audit log.
 */
const asesoresRoutes: ModuleRoutes = (app, { db, guards }) => {
  // guards.admin: whoever the menus give `asesores` administers them: an adviser grants no access to anything.

  app.get(
    '/',
    {
      // With x-token: any administration user (the ticket desk's picker and filter, the advisers' screen). Without
      // one: the public projection. A token that is not an administration one gets its 401/403 as anywhere else.
      onRequest: async (request) => {
        if (request.headers['x-token'] !== undefined) await guards.admin(request);
      },
      // The advisers' screen and the ticket desk (its assignment picker and filter) read it.
      config: { permiso: ['asesores', 'soporte'] },
      schema: {
        tags,
        summary: 'Asesores (ra-data-simple-rest). Sin x-token: solo ASE_CODIGO y ASE_NOMBRE de los activos',
        description:
          'Con x-token de la administración: todos los campos y los tickets asignados; orden por ASE_NOMBRE (por defecto), ' +
          'ASE_CODIGO, ASE_IDENTIFICACION o ASE_TIPO; filtros q (identificación o nombre, sin tildes ni mayúsculas), ASE_TIPO, ' +
          'ASE_ACTIVO, todos (true: activos e inactivos) e id (lista). Sin ASE_ACTIVO, todos ni id lista solo los activos. ' +
          'Sin x-token (el formulario público de tickets): solo asesores activos, con ASE_CODIGO y ASE_NOMBRE, orden por nombre ' +
          'o código y filtro ASE_TIPO. Sin range devuelve hasta 500; total en Content-Range.',
        querystring: ListQuery,
        response: { 200: Type.Array(AsesorListado), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendPage(reply, request.admin ? await listAsesores(db, request.query) : await listPublicAsesores(db, request.query)),
  );

  app.post(
    '/nombre',
    {
      onRequest: guards.admin,
      config: { permiso: ['asesores', 'soporte'] },
      schema: {
        tags,
        summary: `Busca asesores activos por identificación o nombre, sin tildes ni mayúsculas (hasta ${SEARCH_LIMIT})`,
        body: SearchBody,
        response: { 200: Type.Array(Asesor), ...errorResponses },
      },
    },
    async (request) => {
      if (!request.body.filtro.trim()) throw new HttpError(400, MSG.required('filtro'));
      return searchAsesores(db, request.body.filtro, SEARCH_LIMIT);
    },
  );

  app.get(
    '/:id',
    {
      onRequest: guards.admin,
      config: { permiso: 'asesores' },
      schema: schemas.one({ summary: 'Un asesor (menú asesores)' }),
    },
    async (request) => found(await findAsesor(db, request.params.id)),
  );

  app.post(
    '/',
    {
      onRequest: guards.admin,
      config: { permiso: 'asesores' },
      schema: schemas.create(
        {
          summary: 'Crea un asesor (menú asesores)',
          description:
            'ASE_IDENTIFICACION: cédula (10 dígitos) o RUC (13), única (409); un dígito verificador que no cuadra es un error ' +
            '(salvo el RUC de una sociedad). ASE_TIPO por defecto SOPORTE; ASE_ACTIVO por defecto true.',
        },
        AsesorDatos,
      ),
    },
    async (request, reply) => reply.status(201).send(await createAsesor(db, request.admin!, request.body)),
  );

  app.put(
    '/:id',
    {
      onRequest: guards.admin,
      config: { permiso: 'asesores' },
      schema: schemas.update(
        {
          summary: 'Modifica, activa o desactiva un asesor (menú asesores)',
          description: 'Los campos que no se envían conservan su valor. Un asesor inactivo deja de ofrecerse para asignar tickets.',
        },
        AsesorDatos,
      ),
    },
    async (request) => found(await editAsesor(db, request.admin!, request.params.id, request.body)),
  );

  app.delete(
    '/:id',
    {
      onRequest: guards.admin,
      config: { permiso: 'asesores' },
      schema: schemas.remove(
        {
          summary: 'Elimina un asesor sin tickets; uno con tickets asignados se desactiva en su lugar (menú asesores)',
          description: 'accion dice qué se hizo (eliminado o desactivado) y msg lo explica en español.',
        },
        AsesorEliminado,
      ),
    },
    async (request) => removeAsesor(db, request.admin!, request.params.id),
  );
};

export default asesoresRoutes;
