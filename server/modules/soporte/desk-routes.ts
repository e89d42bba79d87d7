import { Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../core/context';
import { HttpError } from '../../core/errors';
import { Download, errorResponses, IdParam, SearchBody } from '../../core/schemas';
import { ListQuery, sendPage } from '../../core/list';
import { readUpload } from '../../core/upload';
import { sendFile, storedFile } from '../../core/download';
import { MSG } from '../../../domain/messages';
import { PERFIL } from '../../../domain/perfiles';
import { distributorOf } from '../../core/companies';
import { TICKET_FILE } from '../../../domain/archivos';
import { isTicketState, TICKET_MSG, TICKET_STATES, type TicketState } from '../../../domain/tickets';
import { AdviserFileSaved, Ticket, TicketChange, TicketDeleted, TicketDetail, TicketReply, TicketSummary } from './contract';
import { adminActor, countByState, listTickets, searchTickets, ticketExists, type TicketScope } from './repo';
import { changeTicket, notFound, removeTicket, replyToTicket, ticketDetail } from './service';
import { attachTicketFile, ticketFile } from './attachments';

const tags = ['Soporte (mesa de ayuda)'];
const SEARCH_LIMIT = 50;

/**
 * The support desk: the provider's staff (administrators, and any profile of its own the tickets menu is granted to)
 * see every ticket; a distributor, a reseller outside the provider, only those of its own companies (another's ticket is
 * 404, as if it did not exist). Deleting a ticket is for administrators only.
 */
const supportDeskRoutes: ModuleRoutes = (app, { db, guards, mailer, files }) => {
  const scopeOf = (request: FastifyRequest): TicketScope => distributorOf(request.admin!);
  /** preHandler of the routes about one ticket (param id or SPT_ID): a distributor's reach stops at its companies' tickets. */
  const ownTicket = async (request: FastifyRequest) => {
    const scope = scopeOf(request);
    const { id, SPT_ID } = request.params as { id?: number; SPT_ID?: number };
    const ticket = (id ?? SPT_ID)!;
    if (scope !== undefined && !(await ticketExists(db, ticket, scope))) throw notFound(ticket);
  };

  app.get(
    '/',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Lista paginada de tickets (ra-data-simple-rest: range, sort, filter; total en Content-Range)',
        description:
          'Orden por SPT_ID o SPT_FECHA (por defecto SPT_ID DESC). Filtros: q (número de ticket, RUC/cédula de 10+ dígitos o parte del nombre del cliente), SPT_ESTADO (uno o una lista), SPT_PRODUCTOS, SPT_ASUNTO, ASE_CODIGO, sinAsesor (true), id (lista). Un distribuidor solo ve los tickets de sus empresas (por RUC, o por la cédula de una persona natural cuyo RUC es la cédula + 001).',
        querystring: ListQuery,
        response: { 200: Type.Array(Ticket), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(reply, await listTickets(db, request.query, scopeOf(request))),
  );

  app.get(
    '/resumen',
    {
      onRequest: guards.admin,
      // The administration home's tickets card: every profile's home shows it.
      config: { permiso: null },
      schema: {
        tags,
        summary: 'Cantidad de tickets por estado',
        description:
          'De contadores que mantiene la base de datos (no cuenta la tabla en cada consulta); para un distribuidor, cuenta solo los tickets de sus empresas.',
        response: { 200: TicketSummary, ...errorResponses },
      },
    },
    async (request) => {
      const porEstado = Object.fromEntries(TICKET_STATES.map((s) => [s, 0])) as Record<TicketState, number>;
      const finished: readonly string[] = ['RESUELTO', 'CERRADO'] satisfies TicketState[];
      let total = 0;
      let sinAsesor = 0;
      for (const row of await countByState(db, scopeOf(request))) {
        if (isTicketState(row.estado)) porEstado[row.estado] = row.n;
        total += row.n;
        if (!finished.includes(row.estado)) sinAsesor += row.sinAsesor;
      }
      return { total, pendientes: porEstado.ABIERTO + porEstado.EN_PROCESO + porEstado.REABIERTO, sinAsesor, porEstado };
    },
  );

  app.post(
    '/nombre',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: `Busca tickets por nombre del cliente, RUC/cédula o número (hasta ${SEARCH_LIMIT}, los más recientes primero)`,
        body: SearchBody,
        response: { 200: Type.Array(Ticket), ...errorResponses },
      },
    },
    async (request) => {
      const filtro = request.body.filtro.trim();
      if (!filtro) throw new HttpError(400, MSG.required('filtro'));
      return searchTickets(db, filtro, SEARCH_LIMIT, scopeOf(request));
    },
  );

  app.get(
    '/:id',
    {
      onRequest: guards.admin,
      preHandler: ownTicket,
      schema: {
        tags,
        summary: 'Un ticket con producto, asesor, conversación, archivos adjuntos, historial y estados siguientes posibles',
        description:
          'hilo es la conversación entera, la más antigua primero: el mensaje del cliente (tipo cliente) y luego cada respuesta enviada (tipo asesor), cada una con autor, fecha y HTML limpio. SPT_RESPUESTA es la última respuesta.',
        params: IdParam('id'),
        response: { 200: TicketDetail, ...errorResponses },
      },
    },
    (request) => ticketDetail(db, request.params.id),
  );

  app.put(
    '/:id',
    {
      onRequest: guards.admin,
      preHandler: ownTicket,
      schema: {
        tags,
        summary: 'PUT soporte/{SPT_ID}: asigna un asesor y/o cambia el estado del ticket (con un comentario opcional)',
        description:
          'ASE_CODIGO: un asesor activo, o null para quitar la asignación. SPT_ESTADO: sigue el ciclo de vida de domain/tickets.ts; un cambio no permitido responde 409. Un comentario sin otros cambios queda como nota en el historial. Cada cambio deja una fila en el historial; un cambio de estado envía un correo al cliente y una asignación avisa al asesor. Otros campos del cuerpo se ignoran.',
        params: IdParam('id'),
        body: TicketChange,
        response: { 200: TicketDetail, ...errorResponses },
      },
    },
    async (request) => changeTicket(db, mailer, request.log, request.params.id, await adminActor(db, request.admin!.admin), request.body),
  );

  app.put(
    '/soporte/:SPT_ID',
    {
      onRequest: guards.admin,
      preHandler: ownTicket,
      schema: {
        tags,
        summary: 'Respuesta del asesor al cliente: la agrega a la conversación (hilo) y la envía por correo al cliente',
        description: `SPT_RESPUESTA es HTML que se limpia igual que SPT_MENSAJE; vacía responde 400. Cada respuesta queda en hilo, con su autor y fecha, y SPT_RESPUESTA guarda la última. Un ticket cerrado responde 409 («${TICKET_MSG.closedReply}») sin cambiar nada: se reabre primero con PUT soporte/{SPT_ID} (SPT_ESTADO REABIERTO). Opcionalmente cambia el estado en la misma operación (p. ej. a RESUELTO), con las mismas reglas que PUT soporte/{SPT_ID}. Queda en el historial con el texto de la respuesta; el cliente recibe un solo correo.`,
        params: IdParam('SPT_ID'),
        body: TicketReply,
        response: { 200: TicketDetail, ...errorResponses },
      },
    },
    async (request) =>
      replyToTicket(
        db,
        mailer,
        request.log,
        request.params.SPT_ID,
        await adminActor(db, request.admin!.admin),
        request.body.SPT_RESPUESTA,
        request.body.SPT_ESTADO,
      ),
  );

  app.delete(
    '/:id',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      schema: {
        tags,
        summary: 'Elimina un ticket, su historial y sus archivos (solo administradores, perfil 1)',
        params: IdParam('id'),
        response: { 200: TicketDeleted, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      await removeTicket(files, id);
      request.log.info({ ticket: id, admin: request.admin!.admin }, 'ticket eliminado');
      return { SPT_ID: id, msg: TICKET_MSG.ticketDeleted(id) };
    },
  );

  app.post(
    '/docAse/:id',
    {
      onRequest: guards.admin,
      preHandler: ownTicket,
      schema: {
        tags,
        summary: 'Adjunta el archivo del asesor al ticket (multipart, campo current)',
        description: `ZIP o RAR (por extensión y contenido) de hasta ${TICKET_FILE.maxBytes} bytes; reemplaza al anterior del asesor. Queda en el historial.`,
        consumes: ['multipart/form-data'],
        params: IdParam('id'),
        response: { 201: AdviserFileSaved, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const actor = await adminActor(db, request.admin!.admin);
      const stored = await attachTicketFile(db, files, id, 'asesor', actor, () => readUpload(request, TICKET_FILE));
      return reply
        .status(201)
        .send({ SPT_ID: id, ARC_NOMBRE: stored.ARC_NOMBRE, ARC_TAMANO: stored.ARC_TAMANO, msg: TICKET_MSG.fileSaved });
    },
  );

  for (const [path, side, who] of [
    ['/descargaCli/:id', 'cliente', 'del cliente'],
    ['/descargaAse/:id', 'asesor', 'del asesor'],
  ] as const) {
    app.get(
      path,
      {
        // The token travels only in the x-token header: a token in the URL would end up in logs and browser history.
        onRequest: guards.admin,
        preHandler: ownTicket,
        schema: {
          tags,
          summary: `Descarga el archivo ${who} (x-token de administrador)`,
          params: IdParam('id'),
          response: { 200: Download, ...errorResponses },
        },
      },
      async (request, reply) => sendFile(reply, storedFile(await ticketFile(db, files, request.params.id, side))),
    );
  }
};

export default supportDeskRoutes;
