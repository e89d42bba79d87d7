import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { HttpError } from '../../core/errors';
import { errorResponses } from '../../core/schemas';
import { ListQuery, sendPage } from '../../core/list';
import { MSG } from '../../../src/domain/messages';
import { PERFIL } from '../../../src/domain/perfiles';
import { Configuracion, ConfiguracionCambio, ConfiguracionParams } from './contract';
import { findConfiguracion, listConfiguraciones, updateConfiguracion } from './repo';

const tags = ['Configuraciones'];

/** The global settings: public to read (the web app's branding and contact data); only administrators (profile 1) change them. */
const configuracionesRoutes: ModuleRoutes = (app, { db, guards }) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary:
          'Configuraciones globales (pública); sin parámetros, todas en orden de CON_CODIGO: el orden del arreglo es parte del contrato',
        description:
          'Con range, sort (CON_CODIGO, CON_NOMBRE, id) o filter (q sobre CON_NOMBRE, id) responde como ra-data-simple-rest, con el total en Content-Range.',
        querystring: ListQuery,
        response: { 200: Type.Array(Configuracion), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(reply, await listConfiguraciones(db, request.query)),
  );

  app.get(
    '/:id',
    {
      onRequest: guards.admin,
      schema: { tags, summary: 'Una configuración', params: ConfiguracionParams, response: { 200: Configuracion, ...errorResponses } },
    },
    async (request) => {
      const row = await findConfiguracion(db, request.params.id);
      if (!row) throw new HttpError(404, MSG.settingNotFound);
      return row;
    },
  );

  app.put(
    '/actualizar',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      schema: {
        tags,
        summary: 'Actualiza los valores de una configuración (administradores, perfil 1)',
        body: ConfiguracionCambio,
        response: { 200: Configuracion, ...errorResponses },
      },
    },
    async (request) => {
      const row = await updateConfiguracion(db, request.body);
      if (!row) throw new HttpError(404, MSG.settingNotFound);
      return row;
    },
  );
};

export default configuracionesRoutes;
