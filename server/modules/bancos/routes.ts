import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { sendPage } from '../../core/list';
import { errorResponses } from '../../core/schemas';
import { PERFIL } from '../../../src/domain/perfiles';
import { Banco } from './contract';
import { activeBanks } from './repo';

/** The banks a company's payment may name; their administration comes with issue 11. */
const bancosRoutes: ModuleRoutes = (app, { db, guards }) => {
  app.get(
    '/bancos',
    {
      onRequest: guards.requireProfile(PERFIL.administrador, PERFIL.distribuidor),
      schema: {
        tags: ['Empresas'],
        summary: 'Bancos activos donde las empresas pagan (administradores y distribuidores)',
        response: { 200: Type.Array(Banco), ...errorResponses },
      },
    },
    async (_request, reply) => {
      const rows = await activeBanks(db);
      return sendPage(reply, { resource: 'bancos', rows, offset: 0, total: rows.length });
    },
  );
};

export default bancosRoutes;
