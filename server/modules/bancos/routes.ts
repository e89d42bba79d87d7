import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { HttpError } from '../../core/errors';
import { sendPage } from '../../core/list';
import { errorResponses, IdParam } from '../../core/schemas';
import { MSG } from '../../../domain/messages';
import { noAccess } from '../../core/menu-access';
import { BancoAdmin, BancoDatos, BancoEliminado, BancoListado, BancoQuery } from './contract';
import { activeBanks, findBank, listBanks } from './repo';
import { createBank, editBank, removeBank } from './service';

const tags = ['Bancos'];
const Id = IdParam('id');

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
      const rows = await activeBanks(db);
      return sendPage(reply, { resource: 'bancos', rows, offset: 0, total: rows.length });
    },
  );

  app.get(
    '/bancos/:id',
    {
      onRequest: guards.admin,
      config: { permiso: 'bancos' },
      schema: { tags, summary: 'Una cuenta bancaria (menú bancos)', params: Id, response: { 200: BancoAdmin, ...errorResponses } },
    },
    async (request) => {
      const row = await findBank(db, request.params.id);
      if (!row) throw new HttpError(404, MSG.notFound);
      return row;
    },
  );

  app.post(
    '/bancos',
    {
      onRequest: guards.admin,
      config: { permiso: 'bancos' },
      schema: {
        tags,
        summary: 'Crea una cuenta bancaria de cobro (menú bancos)',
        description: 'BAN_NUMERO: de 5 a 20 dígitos; el mismo banco y número no se repiten (409). BAN_ACTIVO por defecto true.',
        body: BancoDatos,
        response: { 201: BancoAdmin, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createBank(db, request.admin!, request.body)),
  );

  app.put(
    '/bancos/:id',
    {
      onRequest: guards.admin,
      config: { permiso: 'bancos' },
      schema: {
        tags,
        summary: 'Modifica, activa o desactiva una cuenta bancaria (menú bancos)',
        description: 'Una cuenta inactiva deja de ofrecerse para registrar pagos; los pagos ya registrados la conservan.',
        params: Id,
        body: BancoDatos,
        response: { 200: BancoAdmin, ...errorResponses },
      },
    },
    async (request) => {
      const row = await editBank(db, request.admin!, request.params.id, request.body);
      if (!row) throw new HttpError(404, MSG.notFound);
      return row;
    },
  );

  app.delete(
    '/bancos/:id',
    {
      onRequest: guards.admin,
      config: { permiso: 'bancos' },
      schema: {
        tags,
        summary: 'Elimina una cuenta sin pagos; una con pagos se desactiva en su lugar (menú bancos)',
        description: 'accion dice qué se hizo (eliminado o desactivado) y msg lo explica en español.',
        params: Id,
        response: { 200: BancoEliminado, ...errorResponses },
      },
    },
    async (request) => removeBank(db, request.admin!, request.params.id),
  );
};

export default bancosRoutes;
