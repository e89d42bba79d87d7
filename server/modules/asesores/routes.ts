import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { HttpError } from '../../core/errors';
import { errorResponses, SearchBody } from '../../core/schemas';
import { ListQuery, sendPage } from '../../core/list';
import { MSG } from '../../../src/domain/messages';
import { Asesor } from './contract';
import { listAsesores, searchAsesores } from './repo';

const tags = ['Asesores'];
const SEARCH_LIMIT = 50;

/** Support advisers a ticket can be assigned to (administrators and distributors). */
const asesoresRoutes: ModuleRoutes = (app, { db, guards }) => {
  app.get(
    '/',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Asesores activos (ra-data-simple-rest; sin range devuelve hasta 500)',
        description:
          'Orden por ASE_NOMBRE (por defecto) o ASE_CODIGO; filtros q (identificación o nombre) e id (lista); total en Content-Range.',
        querystring: ListQuery,
        response: { 200: Type.Array(Asesor), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(reply, await listAsesores(db, request.query)),
  );

  app.post(
    '/nombre',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: `Busca asesores activos por identificación (prefijo) o nombre (hasta ${SEARCH_LIMIT})`,
        body: SearchBody,
        response: { 200: Type.Array(Asesor), ...errorResponses },
      },
    },
    async (request) => {
      if (!request.body.filtro.trim()) throw new HttpError(400, MSG.required('filtro'));
      return searchAsesores(db, request.body.filtro, SEARCH_LIMIT);
    },
  );
};

export default asesoresRoutes;
