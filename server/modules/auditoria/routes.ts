import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { resourceSchemas } from '../../core/resource-schemas';
import { found } from '../../core/errors';
import { ListQuery, sendPage } from '../../core/list';
import { errorResponses } from '../../core/schemas';
import { AuditoriaDetalle, AuditoriaFila } from './contract';
import { findAuditoria, listAuditoria } from './repo';

const tags = ['Auditoría'];
const schemas = resourceSchemas(tags, AuditoriaDetalle);
const config = { permiso: 'auditoria' };

/** The audit log of the back office: every change, who made it, when, and the values before and after. Read only. */
const auditoriaRoutes: ModuleRoutes = (app, { db, guards }) => {
  // guards.admin: the log is read by whoever the menus give `auditoria` (an auditor profile, say).

  app.get(
    '/',
    {
      onRequest: guards.admin,
      config,
      schema: {
        tags,
        summary: 'Cambios hechos en la administración (auditoría), los más recientes primero',
        description:
          'ra-data-simple-rest: range, sort (AUD_FECHA por defecto DESC, AUD_ID, AUD_USUARIO, AUD_RECURSO, AUD_ACCION) y filter: ADM_CODIGO (quién), AUD_RECURSO (asesores, bancos, perfiles, menus, administradores, configuraciones...), AUD_ACCION (creacion, edicion, eliminacion, activacion, desactivacion, clave, menus, empresas...), AUD_REGISTRO (el id del registro, como texto), desde y hasta (AAAA-MM-DD, días de Ecuador, ambos incluidos), id (lista). Cada fila dice qué campos cambiaron (CAMPOS); los valores antes y después, en GET {id}. Total en Content-Range.',
        querystring: ListQuery,
        response: { 200: Type.Array(AuditoriaFila), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(reply, await listAuditoria(db, request.query)),
  );

  app.get(
    '/:id',
    {
      onRequest: guards.admin,
      config,
      schema: schemas.one({ summary: 'Un cambio de la auditoría con los valores antes y después (solo los campos que cambiaron)' }),
    },
    async (request) => found(await findAuditoria(db, request.params.id)),
  );
};

export default auditoriaRoutes;
