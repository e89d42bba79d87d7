import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { errorResponses } from '../../core/schemas';
import { ListQuery, sendPage } from '../../core/list';
import { PERFIL } from '../../../domain/perfiles';
import { Ingreso } from './contract';
import { listIngresos } from './repo';

/** Audit trail of distributors entering companies (who, which company, as which user, when). Administrators only. */
const ingresosRoutes: ModuleRoutes = (app, { db, guards }) => {
  app.get(
    '/',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      schema: {
        tags: ['Administración'],
        summary: 'Ingresos de distribuidores a empresas (ra-data-simple-rest; total en Content-Range)',
        description: 'Orden por ING_FECHA (por defecto, DESC) o ING_CODIGO.',
        querystring: ListQuery,
        response: { 200: Type.Array(Ingreso), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(reply, await listIngresos(db, request.query)),
  );
};

export default ingresosRoutes;
