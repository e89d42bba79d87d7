import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { resourceSchemas } from '../../core/resource-schemas';
import { found } from '../../core/errors';
import { sendAll, sendPage } from '../../core/list';
import { errorResponses } from '../../core/schemas';
import { noAccess } from '../../core/menu-access';
import { BancoAdmin, BancoDatos, BancoEliminado, BancoListado, BancoQuery } from './contract';
import { activeBanks, findBank, listBanks } from './repo';
import { createBank, editBank, removeBank } from './service';

const tags = ['Bancos'];
const schemas = resourceSchemas(tags, BancoAdmin);

/**
 * The provider's collection accounts (resource `bancos`, path /empresas/bancos): the payments of a company name one
 * of the active ones; whoever the menus give `bancos` administers them, every change in the audit log.
 */
const bancosRoutes: ModuleRoutes = (app, { db, guards }) => {
  // guards.admin: whoever the menus give `bancos` administers them: a collection account grants no access to anything.

  app.get(
    '/bancos',
    {
      onRequest: guards.admin,
      // The banks' screen (todos=1, menu bancos) and the payments dialog of the company page (menu empresas).
      config: { permiso: ['bancos', 'empresas'] },
      schema: {
        tags,
        summary: 'Bancos activos donde las empresas pagan (administradores y distribuidores); todos=1: la lista de la administración',
        description:
          'Sin todos: las cuentas activas por nombre, con BAN_CODIGO, BAN_NOMBRE, BAN_TIPO_CUENTA y BAN_NUMERO (el diálogo de pagos). ' +
          'Con todos=1 (menú bancos): activas e inactivas, con BAN_ACTIVO y pagos; ra-data-simple-rest con orden por ' +
          'BAN_NOMBRE, BAN_CODIGO, BAN_TIPO_CUENTA o BAN_NUMERO y filtros q (nombre sin tildes, o el comienzo del número), ' +
          'BAN_TIPO_CUENTA, BAN_ACTIVO e id. Total en Content-Range.',
        querystring: BancoQuery,
        response: { 200: Type.Array(BancoListado), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { todos, ...list } = request.query;
      if (todos === '1' || todos === 'true') {
        // The banks' own screen: the payments dialog (menu empresas) only gets the active accounts.
        if (!request.admin!.permisos.includes('bancos')) throw noAccess();
        return sendPage(reply, await listBanks(db, list));
      }
      return sendAll(reply, 'bancos', await activeBanks(db));
    },
  );

  app.get(
    '/bancos/:id',
    {
      onRequest: guards.admin,
      config: { permiso: 'bancos' },
      schema: schemas.one({ summary: 'Una cuenta bancaria (menú bancos)' }),
    },
    async (request) => found(await findBank(db, request.params.id)),
  );

  app.post(
    '/bancos',
    {
      onRequest: guards.admin,
      config: { permiso: 'bancos' },
      schema: schemas.create(
        {
          summary: 'Crea una cuenta bancaria de cobro (menú bancos)',
          description: 'BAN_NUMERO: de 5 a 20 dígitos; el mismo banco y número no se repiten (409). BAN_ACTIVO por defecto true.',
        },
        BancoDatos,
      ),
    },
    async (request, reply) => reply.status(201).send(await createBank(db, request.admin!, request.body)),
  );

  app.put(
    '/bancos/:id',
    {
      onRequest: guards.admin,
      config: { permiso: 'bancos' },
      schema: schemas.update(
        {
          summary: 'Modifica, activa o desactiva una cuenta bancaria (menú bancos)',
          description: 'Una cuenta inactiva deja de ofrecerse para registrar pagos; los pagos ya registrados la conservan.',
        },
        BancoDatos,
      ),
    },
    async (request) => found(await editBank(db, request.admin!, request.params.id, request.body)),
  );

  app.delete(
    '/bancos/:id',
    {
      onRequest: guards.admin,
      config: { permiso: 'bancos' },
      schema: schemas.remove(
        {
          summary: 'Elimina una cuenta sin pagos; una con pagos se desactiva en su lugar (menú bancos)',
          description: 'accion dice qué se hizo (eliminado o desactivado) y msg lo explica en español.',
        },
        BancoEliminado,
      ),
    },
    async (request) => removeBank(db, request.admin!, request.params.id),
  );
};

export default bancosRoutes;
