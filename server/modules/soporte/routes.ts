import fs from 'node:fs';
import { Type, type TSchema } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, ilike, inArray, isNull, like, notInArray, type SQL } from 'drizzle-orm';
import type { RouteArea } from '../../core/context';
import { HttpError } from '../../core/errors';
import { MSG } from '../../../src/domain/messages';
import { PRF_ADMINISTRADOR, TICKET_FILE_MAX_BYTES } from '../../../src/domain/constants';
import {
  canTransition, isTicketState, TICKET_MSG, TICKET_STATE_LABELS, TICKET_STATES, TICKET_SUBJECTS, TICKET_TRANSITIONS, type TicketState,
} from '../../../src/domain/tickets';
import { asesores, productos, soporte } from '../../infra/db/schema';
import { isRichTextEmpty, richTextToPlain, sanitizeRichText } from '../../infra/sanitize';
import {
  addHistory, adminActor, assignmentMail, attachTicketFile, contentDisposition, escapeLike, loadTicket, replyMail, serializeRow, stateChangeMail,
  ticketRowColumns, type Actor, type TicketDetail, type Tx,
} from './service';
import type { Mail } from '../../infra/mail';
import { errorResponses, IdParam, text } from '../../core/schemas';
import { ListQuery, parseListQuery, sendPage } from '../../core/list';

const tags = ['Soporte (mesa de ayuda)'];
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const TicketRow = Type.Object({
  SPT_ID: Type.Integer(), SPT_FECHA: Type.String(), SPT_ACTUALIZADO: Type.String(),
  SPT_PRODUCTOS: Type.Integer(), PROD_NOMBRE: Type.String(), SPT_RUC: Type.String(),
  SPT_CLIENTENOMBRE: Type.String(), SPT_CLIENTECORREO: Type.String(), SPT_CLIENTETELEFONO: Nullable(Type.String()),
  SPT_ASUNTO: Type.String(), SPT_ESTADO: Type.String(), SPT_NOMBREARCHIVO: Nullable(Type.String()),
  ASE_CODIGO: Nullable(Type.Integer()), ASE_NOMBRE: Nullable(Type.String()),
});
const FileInfo = Nullable(Type.Object({ ARC_NOMBRE: Type.String(), ARC_TAMANO: Type.Integer(), ARC_TIPO: Type.String(), ARC_FECHA: Type.String() }));
const HistoryRow = Type.Object({
  HIS_ID: Type.Integer(), HIS_FECHA: Type.String(),
  HIS_ACCION: Type.String({ description: 'creacion, archivo_cliente, asignacion, estado, archivo_asesor, respuesta, comentario' }),
  HIS_DESCRIPCION: Type.String(), HIS_ESTADO_ANTERIOR: Nullable(Type.String()), HIS_ESTADO_NUEVO: Nullable(Type.String()),
  HIS_COMENTARIO: Nullable(Type.String()), ADM_CODIGO: Nullable(Type.Integer()),
  ADM_USUARIO: Type.String({ description: 'Usuario del administrador, o cliente' }),
});
const TicketFull = Type.Object({
  ...TicketRow.properties,
  SPT_MENSAJE: Type.String(), SPT_RESPUESTA: Nullable(Type.String()), SPT_CORREO_ENVIADO: Type.Boolean(), ASE_CORREO: Nullable(Type.String()),
  archivoCliente: FileInfo, archivoAsesor: FileInfo, historial: Type.Array(HistoryRow),
  transiciones: Type.Array(Type.String(), { description: 'Estados a los que puede pasar desde el actual' }),
});
const StateSchema = Type.Enum([...TICKET_STATES], { errorMessage: TICKET_MSG.stateInvalid });
const RichText = Type.String({ maxLength: 200_000 });
const FILTER_KEYS = ['q', 'SPT_ESTADO', 'SPT_PRODUCTOS', 'SPT_ASUNTO', 'ASE_CODIGO', 'sinAsesor', 'id'];
const SEARCH_LIMIT = 50;
const MAX_INT = 2147483647;

const withTransitions = (ticket: TicketDetail) => ({
  ...ticket, transiciones: isTicketState(ticket.SPT_ESTADO) ? [...TICKET_TRANSITIONS[ticket.SPT_ESTADO]] : [],
});

/** q / filtro: a ticket number, a RUC or cédula (10+ digits, prefix), or part of the customer's name. */
function textSearch(value: string): SQL {
  const q = value.trim();
  if (/^[0-9]+$/.test(q)) return q.length >= 10 ? like(soporte.SPT_RUC, `${q}%`) : eq(soporte.SPT_ID, Number(q));
  return ilike(soporte.SPT_CLIENTENOMBRE, `%${escapeLike(q)}%`);
}

const badFilter = (key: string) => new HttpError(400, `El filtro ${key} no es válido`);
const intFilter = (key: string, value: unknown) => {
  const n = typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : value;
  if (!Number.isInteger(n) || (n as number) < 1 || (n as number) > MAX_INT) throw badFilter(key);
  return n as number;
};
const listOf = <T>(key: string, value: unknown, accept: (v: unknown) => v is T): T[] => {
  const values = Array.isArray(value) ? value : [value];
  if (!values.length || !values.every(accept)) throw badFilter(key);
  return values;
};

function listConditions(filter: Record<string, unknown>): SQL[] {
  const conditions: SQL[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (!FILTER_KEYS.includes(key)) throw new HttpError(400, `El filtro ${key} no existe; use ${FILTER_KEYS.join(', ')}`);
    if (value === undefined || value === '') continue;
    switch (key) {
      case 'q':
        if (typeof value !== 'string' && typeof value !== 'number') throw badFilter(key);
        if (String(value).trim()) conditions.push(textSearch(String(value)));
        break;
      case 'SPT_ESTADO': conditions.push(inArray(soporte.SPT_ESTADO, listOf(key, value, isTicketState))); break;
      case 'SPT_ASUNTO':
        conditions.push(inArray(soporte.SPT_ASUNTO, listOf(key, value, (v): v is string => (TICKET_SUBJECTS as readonly unknown[]).includes(v))));
        break;
      case 'SPT_PRODUCTOS': conditions.push(eq(soporte.SPT_PRODUCTOS, intFilter(key, value))); break;
      case 'ASE_CODIGO': conditions.push(eq(soporte.ASE_CODIGO, intFilter(key, value))); break;
      case 'sinAsesor': if (value === true) conditions.push(isNull(soporte.ASE_CODIGO)); break;
      case 'id': conditions.push(inArray(soporte.SPT_ID, (Array.isArray(value) ? value : [value]).map((v) => intFilter(key, v)))); break;
    }
  }
  return conditions;
}

/** The support desk: administrators and distributors (any admin token); deleting a ticket is for administrators only. */
const supportDeskRoutes: RouteArea = (app, ctx) => {
  const { db, guards } = ctx;
  const admin = guards.admin;
  const secured = { security: [{ token: [] }] };

  const rowsQuery = () => db.select(ticketRowColumns).from(soporte)
    .innerJoin(productos, eq(productos.PROD_ID, soporte.SPT_PRODUCTOS))
    .leftJoin(asesores, eq(asesores.ASE_CODIGO, soporte.ASE_CODIGO));

  async function detailOr404(id: number) {
    const ticket = await loadTicket(db, id);
    if (!ticket) throw new HttpError(404, TICKET_MSG.ticketNotFound(id));
    return withTransitions(ticket);
  }

  /** Mails after a committed change: a failure is logged, the change stands. */
  async function sendAll(request: FastifyRequest, mails: Mail[]) {
    for (const mail of mails) {
      try {
        await ctx.mailer.send(mail);
      } catch (error) {
        request.log.error({ err: { message: (error as Error).message }, subject: mail.subject }, 'no se pudo enviar un correo del ticket');
      }
    }
  }

  async function lockTicket(tx: Tx, id: number) {
    const [ticket] = await tx.select().from(soporte).where(eq(soporte.SPT_ID, id)).for('update');
    if (!ticket) throw new HttpError(404, TICKET_MSG.ticketNotFound(id));
    return ticket;
  }

  async function changeState(tx: Tx, id: number, actor: Actor, from: string, to: TicketState, comment: string | null) {
    if (!isTicketState(from) || !canTransition(from, to)) throw new HttpError(409, TICKET_MSG.invalidTransition(from, to));
    await tx.update(soporte).set({ SPT_ESTADO: to }).where(eq(soporte.SPT_ID, id));
    await addHistory(tx, id, actor, {
      accion: 'estado', descripcion: `Estado cambiado de ${TICKET_STATE_LABELS[from]} a ${TICKET_STATE_LABELS[to]}`,
      anterior: from, nuevo: to, comentario: comment,
    });
  }

  app.get('/', {
    preValidation: admin,
    schema: {
      tags, ...secured, summary: 'Lista paginada de tickets (ra-data-simple-rest: range, sort, filter; total en Content-Range)',
      description: `Orden por SPT_ID o SPT_FECHA (por defecto SPT_ID DESC). Filtros: q (número de ticket, RUC/cédula de 10+ dígitos o parte del nombre del cliente), SPT_ESTADO (uno o una lista), SPT_PRODUCTOS, SPT_ASUNTO, ASE_CODIGO, sinAsesor (true), id (lista).`,
      querystring: ListQuery, response: { 200: Type.Array(TicketRow), ...errorResponses },
    },
  }, async (request, reply) => {
    const { offset, limit, sortField, sortOrder, filter } = parseListQuery(request.query, ['SPT_ID', 'SPT_FECHA', 'id'] as const, ['SPT_ID', 'DESC']);
    const where = and(...listConditions(filter));
    const [{ total }] = await db.select({ total: count() }).from(soporte).where(where);
    const direction = sortOrder === 'ASC' ? asc : desc;
    const rows = await rowsQuery().where(where)
      .orderBy(...(sortField === 'SPT_FECHA' ? [direction(soporte.SPT_FECHA), direction(soporte.SPT_ID)] : [direction(soporte.SPT_ID)]))
      .limit(limit).offset(offset);
    return sendPage(reply, 'soporte', rows.map(serializeRow), offset, total);
  });

  app.get('/resumen', {
    preValidation: admin,
    schema: {
      tags, ...secured, summary: 'Cantidad de tickets por estado',
      response: {
        200: Type.Object({
          total: Type.Integer(),
          pendientes: Type.Integer({ description: 'ABIERTO + EN_PROCESO + REABIERTO' }),
          sinAsesor: Type.Integer({ description: 'Pendientes sin asesor asignado' }),
          porEstado: Type.Object(Object.fromEntries(TICKET_STATES.map((s) => [s, Type.Integer()]))),
        }),
        ...errorResponses,
      },
    },
  }, async () => {
    const rows = await db.select({ estado: soporte.SPT_ESTADO, n: count() }).from(soporte).groupBy(soporte.SPT_ESTADO);
    const porEstado = Object.fromEntries(TICKET_STATES.map((s) => [s, 0])) as Record<TicketState, number>;
    for (const row of rows) if (isTicketState(row.estado)) porEstado[row.estado] = row.n;
    const done: TicketState[] = ['RESUELTO', 'CERRADO'];
    const [{ n: sinAsesor }] = await db.select({ n: count() }).from(soporte)
      .where(and(isNull(soporte.ASE_CODIGO), notInArray(soporte.SPT_ESTADO, done)));
    return {
      total: rows.reduce((sum, r) => sum + r.n, 0),
      pendientes: porEstado.ABIERTO + porEstado.EN_PROCESO + porEstado.REABIERTO,
      sinAsesor, porEstado,
    };
  });

  app.post('/nombre', {
    preValidation: admin,
    schema: {
      tags, ...secured, summary: `Busca tickets por nombre del cliente, RUC/cédula o número (hasta ${SEARCH_LIMIT}, los más recientes primero)`,
      body: Type.Object({ filtro: text(100) }),
      response: { 200: Type.Array(TicketRow), ...errorResponses },
    },
  }, async (request) => {
    const filtro = request.body.filtro.trim();
    if (!filtro) throw new HttpError(400, MSG.required('filtro'));
    const rows = await rowsQuery().where(textSearch(filtro)).orderBy(desc(soporte.SPT_ID)).limit(SEARCH_LIMIT);
    return rows.map(serializeRow);
  });

  app.get('/:id', {
    preValidation: admin,
    schema: {
      tags, ...secured, summary: 'Un ticket con producto, asesor, archivos adjuntos, historial y estados siguientes posibles',
      params: IdParam('id'), response: { 200: TicketFull, ...errorResponses },
    },
  }, (request) => detailOr404(request.params.id));

  app.put('/:id', {
    preValidation: admin,
    schema: {
      tags, ...secured, summary: 'PUT soporte/{SPT_ID}: asigna un asesor y/o cambia el estado del ticket (con un comentario opcional)',
      description: 'ASE_CODIGO: un asesor activo, o null para quitar la asignación. SPT_ESTADO: sigue el ciclo de vida de src/domain/tickets.ts; un cambio no permitido responde 409. Un comentario sin otros cambios queda como nota en el historial. Cada cambio deja una fila en el historial; un cambio de estado envía un correo al cliente y una asignación avisa al asesor. Otros campos del cuerpo se ignoran.',
      params: IdParam('id'),
      body: Type.Object({
        // nullable rather than a union: Fastify's Ajv coerces types and would turn null into 0 in a union.
        ASE_CODIGO: Type.Optional(Type.Unsafe<number | null>({ type: 'integer', nullable: true, minimum: 1, maximum: MAX_INT, errorMessage: TICKET_MSG.adviserNotFound })),
        SPT_ESTADO: Type.Optional(StateSchema),
        comentario: Type.Optional(Type.Unsafe<string | null>({ type: 'string', nullable: true, maxLength: 2000 })),
      }),
      response: { 200: TicketFull, ...errorResponses },
    },
  }, async (request) => {
    const id = request.params.id;
    const { ASE_CODIGO, SPT_ESTADO } = request.body;
    const comment = request.body.comentario?.trim() || null;
    const actor = await adminActor(db, request.admin!.admin);
    const outcome = await db.transaction(async (tx) => {
      const ticket = await lockTicket(tx, id);
      let adviser: { ASE_NOMBRE: string; ASE_CORREO: string | null } | undefined;
      let changed = false;
      if (ASE_CODIGO !== undefined && ASE_CODIGO !== ticket.ASE_CODIGO) {
        if (ASE_CODIGO === null) {
          await tx.update(soporte).set({ ASE_CODIGO: null }).where(eq(soporte.SPT_ID, id));
          await addHistory(tx, id, actor, { accion: 'asignacion', descripcion: 'Se quitó el asesor asignado' });
        } else {
          [adviser] = await tx.select({ ASE_NOMBRE: asesores.ASE_NOMBRE, ASE_CORREO: asesores.ASE_CORREO }).from(asesores)
            .where(and(eq(asesores.ASE_CODIGO, ASE_CODIGO), eq(asesores.ASE_ACTIVO, true)));
          if (!adviser) throw new HttpError(400, TICKET_MSG.adviserNotFound);
          await tx.update(soporte).set({ ASE_CODIGO }).where(eq(soporte.SPT_ID, id));
          await addHistory(tx, id, actor, { accion: 'asignacion', descripcion: `Ticket asignado a ${adviser.ASE_NOMBRE}` });
        }
        changed = true;
      }
      const stateChanged = SPT_ESTADO !== undefined && SPT_ESTADO !== ticket.SPT_ESTADO;
      if (SPT_ESTADO !== undefined && stateChanged) await changeState(tx, id, actor, ticket.SPT_ESTADO, SPT_ESTADO, comment);
      else if (comment) await addHistory(tx, id, actor, { accion: 'comentario', descripcion: 'Nota del asesor', comentario: comment });
      if (changed || stateChanged || comment) await tx.update(soporte).set({ SPT_ACTUALIZADO: new Date() }).where(eq(soporte.SPT_ID, id));
      return { adviser, stateChanged };
    });
    const ticket = await detailOr404(id);
    const mails: Mail[] = [];
    if (outcome.stateChanged) mails.push({ to: ticket.SPT_CLIENTECORREO, ...stateChangeMail(ticket, comment) });
    if (outcome.adviser?.ASE_CORREO) mails.push({ to: outcome.adviser.ASE_CORREO, ...assignmentMail(ticket, outcome.adviser.ASE_NOMBRE) });
    await sendAll(request, mails);
    return ticket;
  });

  app.put('/soporte/:SPT_ID', {
    preValidation: admin,
    schema: {
      tags, ...secured, summary: 'Respuesta del asesor al cliente: guarda SPT_RESPUESTA (HTML limpio) y la envía por correo al cliente',
      description: 'SPT_RESPUESTA es HTML que se limpia igual que SPT_MENSAJE; vacía responde 400. Opcionalmente cambia el estado en la misma operación (p. ej. a RESUELTO), con las mismas reglas que PUT soporte/{SPT_ID}. Queda en el historial con el texto de la respuesta; el cliente recibe un solo correo.',
      params: IdParam('SPT_ID'),
      body: Type.Object({ SPT_RESPUESTA: RichText, SPT_ESTADO: Type.Optional(StateSchema) }),
      response: { 200: TicketFull, ...errorResponses },
    },
  }, async (request) => {
    const id = request.params.SPT_ID;
    const reply = sanitizeRichText(request.body.SPT_RESPUESTA);
    if (isRichTextEmpty(reply)) throw new HttpError(400, MSG.ticketEmptyText);
    const actor = await adminActor(db, request.admin!.admin);
    const target = request.body.SPT_ESTADO;
    const stateChanged = await db.transaction(async (tx) => {
      const ticket = await lockTicket(tx, id);
      const changing = target !== undefined && target !== ticket.SPT_ESTADO;
      if (target !== undefined && changing) await changeState(tx, id, actor, ticket.SPT_ESTADO, target, null);
      await tx.update(soporte).set({ SPT_RESPUESTA: reply, SPT_ACTUALIZADO: new Date() }).where(eq(soporte.SPT_ID, id));
      await addHistory(tx, id, actor, { accion: 'respuesta', descripcion: 'Respuesta enviada al cliente', comentario: richTextToPlain(reply) });
      return changing;
    });
    const ticket = await detailOr404(id);
    await sendAll(request, [{ to: ticket.SPT_CLIENTECORREO, ...replyMail(ticket, reply, stateChanged) }]);
    return ticket;
  });

  app.delete('/:id', {
    preValidation: admin,
    schema: {
      tags, ...secured, summary: 'Elimina un ticket, su historial y sus archivos (solo administradores, perfil 1)',
      params: IdParam('id'), response: { 200: Type.Object({ SPT_ID: Type.Integer(), msg: Type.String() }), ...errorResponses },
    },
  }, async (request) => {
    if (request.admin!.perfil !== PRF_ADMINISTRADOR) throw new HttpError(403, MSG.forbidden);
    const id = request.params.id;
    const files = await db.transaction(async (tx) => {
      const ticket = await lockTicket(tx, id);
      await tx.delete(soporte).where(eq(soporte.SPT_ID, id));
      return [ticket.SPT_ARCHIVOCLIENTE, ticket.SPT_ARCHIVOASESOR].filter((f): f is string => Boolean(f));
    });
    for (const file of files) await ctx.files.remove(file);
    request.log.info({ ticket: id, admin: request.admin!.admin }, 'ticket eliminado');
    return { SPT_ID: id, msg: TICKET_MSG.ticketDeleted(id) };
  });

  app.post('/docAse/:id', {
    preValidation: admin,
    schema: {
      tags, ...secured, summary: 'Adjunta el archivo del asesor al ticket (multipart, campo current)',
      description: `ZIP o RAR (por extensión y contenido) de hasta ${TICKET_FILE_MAX_BYTES} bytes; reemplaza al anterior del asesor. Queda en el historial.`,
      consumes: ['multipart/form-data'], params: IdParam('id'),
      response: { 201: Type.Object({ SPT_ID: Type.Integer(), ARC_NOMBRE: Type.String(), ARC_TAMANO: Type.Integer(), msg: Type.String() }), ...errorResponses },
    },
  }, async (request, reply) => {
    const id = request.params.id;
    const stored = await attachTicketFile(db, ctx.files, request, id, 'asesor', await adminActor(db, request.admin!.admin));
    return reply.status(201).send({ SPT_ID: id, ARC_NOMBRE: stored.ARC_NOMBRE, ARC_TAMANO: stored.ARC_TAMANO, msg: TICKET_MSG.fileSaved });
  });

  for (const [path, column, missing, who] of [
    ['/descargaCli/:id', soporte.SPT_ARCHIVOCLIENTE, TICKET_MSG.noClientFile, 'del cliente'],
    ['/descargaAse/:id', soporte.SPT_ARCHIVOASESOR, TICKET_MSG.noAdviserFile, 'del asesor'],
  ] as const) {
    app.get(path, {
      // The token travels only in the x-token header: a token in the URL would end up in logs and browser history.
      preValidation: admin,
      schema: {
        tags, ...secured, summary: `Descarga el archivo ${who} (x-token de administrador)`,
        params: IdParam('id'),
        response: { 200: Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'El archivo, con Content-Disposition attachment' }), ...errorResponses },
      },
    }, async (request, reply) => {
      const id = request.params.id;
      const [ticket] = await db.select({ file: column }).from(soporte).where(eq(soporte.SPT_ID, id));
      if (!ticket) throw new HttpError(404, TICKET_MSG.ticketNotFound(id));
      const stored = ticket.file ? await ctx.files.find(ticket.file) : undefined;
      if (!stored) throw new HttpError(404, missing);
      if (!fs.existsSync(stored.path)) throw new HttpError(404, TICKET_MSG.fileMissingOnDisk);
      return reply
        .header('Content-Type', stored.ARC_TIPO)
        .header('Content-Length', stored.ARC_TAMANO)
        .header('Content-Disposition', contentDisposition(stored.ARC_NOMBRE))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(fs.createReadStream(stored.path));
    });
  }
};

export default supportDeskRoutes;
