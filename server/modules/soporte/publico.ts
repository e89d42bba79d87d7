import { Type } from '@fastify/type-provider-typebox';
import { and, eq, gte, like, lte, or } from 'drizzle-orm';
import type { RouteArea } from '../../core/context';
import { HttpError } from '../../core/errors';
import { MSG } from '../../../src/domain/messages';
import { TICKET_FILE_MAX_BYTES } from '../../../src/domain/constants';
import { checkIdentification } from '../../../src/domain/identifiers';
import { TICKET_MSG, TICKET_PHONE_PATTERN, TICKET_RUC_PATTERN, TICKET_SUBJECTS, TICKET_INITIAL_STATE } from '../../../src/domain/tickets';
import { empresas, productos, soporte } from '../../infra/db/schema';
import { TOKEN_LIFETIMES } from '../../infra/tokens';
import { isRichTextEmpty, sanitizeRichText } from '../../infra/sanitize';
import { supportAddress } from '../configuraciones/repo';
import { createTaxpayerLookup, TaxpayerUnavailable } from '../../infra/taxpayer';
import { addHistory, attachTicketFile, CUSTOMER, customerConfirmation, supportNotice } from './service';
import { Email, errorResponses, IdParam, Msg, text } from '../../core/schemas';

const tags = ['Soporte'];
const ticketToken = { description: 'Requiere en x-token el tokenArchivo que devolvió POST soporte para ese mismo ticket.' };

const CustomerData = Type.Object({
  nombre: Type.String(),
  correo: Type.Union([Type.String(), Type.Null()]),
  telefono: Type.Union([Type.String(), Type.Null()]),
  origen: Type.Union([Type.Literal('empresa'), Type.Literal('sri')], { description: 'empresa: una empresa registrada en Amelia; sri: la consulta en línea de contribuyentes' }),
});

/** The public half of the support area: the ticket form of administrador/soporteTicket and what it calls. */
const publicSupportRoutes: RouteArea = (app, ctx) => {
  const { db, limiter, config } = ctx;
  const taxpayers = createTaxpayerLookup(config.taxpayerLookupUrl);

  const idRequired = async () => { throw new HttpError(400, MSG.idRequired); };
  const emptyIdSchema = { schema: { tags, hide: true, response: { ...errorResponses } } };
  app.get('/datosSoporteCliente', emptyIdSchema, idRequired);
  app.get('/datosSoporteCliente/', emptyIdSchema, idRequired);

  app.get('/datosSoporteCliente/:id', {
    schema: {
      tags, summary: 'Datos de contacto de un cliente por RUC o cédula (pública)',
      description: 'Busca primero entre las empresas registradas (una cédula también encuentra el RUC que empieza con ella); si no está y tiene 13 dígitos, consulta en línea al servicio de contribuyentes. 404 si no se encuentra, 503 si la consulta en línea no está disponible.',
      params: Type.Object({ id: Type.String({ maxLength: 40, errorMessage: MSG.idLength }) }),
      response: { 200: CustomerData, ...errorResponses, 503: Msg },
    },
  }, async (request) => {
    limiter.hit(`datosCliente:ip:${request.ip}`, config.rateLimit.maxPerIp);
    const id = request.params.id.trim();
    const check = checkIdentification(id);
    if (!check.valid) throw new HttpError(400, check.error ?? MSG.idLength);
    const byPrefix = id.length === 10
      // A natural person's RUC is the cédula plus a 3-digit establishment; the range lets the unique index serve it.
      ? and(gte(empresas.EMP_RUC, `${id}000`), lte(empresas.EMP_RUC, `${id}999`), like(empresas.EMP_RUC, `${id}%`))
      : undefined;
    const [company] = await db.select({ nombre: empresas.EMP_NOMBRE, correo: empresas.EMP_CORREO, telefono: empresas.EMP_TELEFONO })
      .from(empresas).where(or(eq(empresas.EMP_RUC, id), byPrefix)).orderBy(empresas.EMP_RUC).limit(1);
    if (company) return { ...company, origen: 'empresa' as const };
    if (id.length !== 13) throw new HttpError(404, MSG.customerNotFound);
    try {
      const found = await taxpayers.find(id);
      if (!found) throw new HttpError(404, MSG.customerNotFound);
      return { nombre: found.nombre, correo: found.correo, telefono: found.telefono, origen: 'sri' as const };
    } catch (error) {
      if (error instanceof TaxpayerUnavailable) {
        request.log.warn({ reason: error.message }, 'consulta de contribuyentes no disponible');
        throw new HttpError(503, MSG.sriUnavailable);
      }
      throw error;
    }
  });

  app.post('/', {
    schema: {
      tags, summary: 'Crea un ticket de soporte desde el formulario público',
      description: 'Limitado por IP. SPT_MENSAJE es HTML que se limpia con una lista de etiquetas permitidas antes de guardarse. Responde el número del ticket y tokenArchivo: un token de 30 minutos que solo sirve para soporte/docCli/{SPT_ID} y soporte/correo de este ticket.',
      body: Type.Object({
        SPT_PRODUCTOS: Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: 'Seleccione un producto' }),
        SPT_RUC: Type.String({ pattern: TICKET_RUC_PATTERN, errorMessage: TICKET_MSG.rucLength }),
        SPT_CLIENTENOMBRE: text(200, { pattern: '\\S', errorMessage: 'Ingrese el nombre del cliente (hasta 200 caracteres)' }),
        SPT_CLIENTECORREO: Email,
        SPT_CLIENTETELEFONO: Type.Optional(Type.Unsafe<string | null>({
          type: 'string', nullable: true, pattern: `^$|${TICKET_PHONE_PATTERN}`, errorMessage: TICKET_MSG.phoneLength,
        })),
        SPT_ASUNTO: Type.Enum([...TICKET_SUBJECTS], { errorMessage: TICKET_MSG.subjectInvalid }),
        SPT_MENSAJE: Type.String({ maxLength: 200_000 }),
      }),
      response: {
        201: Type.Object({
          SPT_ID: Type.Integer(), SPT_ESTADO: Type.String(), msg: Type.String(),
          tokenArchivo: Type.String({ description: 'x-token para soporte/docCli/{SPT_ID} y soporte/correo' }),
          expira: Type.String(),
        }),
        ...errorResponses,
      },
    },
  }, async (request, reply) => {
    limiter.hit(`soporte:ip:${request.ip}`, config.rateLimit.maxPerIp);
    const body = request.body;
    const [product] = await db.select({ id: productos.PROD_ID }).from(productos)
      .where(and(eq(productos.PROD_ID, body.SPT_PRODUCTOS), eq(productos.PROD_ACTIVO, true)));
    if (!product) throw new HttpError(400, TICKET_MSG.productNotFound);
    const mensaje = sanitizeRichText(body.SPT_MENSAJE);
    if (isRichTextEmpty(mensaje)) throw new HttpError(400, MSG.ticketEmptyText);
    const ticket = await db.transaction(async (tx) => {
      const [created] = await tx.insert(soporte).values({
        SPT_PRODUCTOS: body.SPT_PRODUCTOS, SPT_RUC: body.SPT_RUC, SPT_CLIENTENOMBRE: body.SPT_CLIENTENOMBRE.trim(),
        SPT_CLIENTECORREO: body.SPT_CLIENTECORREO.trim(), SPT_CLIENTETELEFONO: body.SPT_CLIENTETELEFONO?.trim() || null,
        SPT_ASUNTO: body.SPT_ASUNTO, SPT_MENSAJE: mensaje, SPT_ESTADO: TICKET_INITIAL_STATE,
      }).returning({ SPT_ID: soporte.SPT_ID, SPT_ESTADO: soporte.SPT_ESTADO });
      await addHistory(tx, created.SPT_ID, CUSTOMER, { accion: 'creacion', descripcion: 'Ticket creado desde el formulario público', nuevo: created.SPT_ESTADO });
      return created;
    });
    const { token, expira } = await ctx.tokens.sign({ kind: 'ticket', ticket: ticket.SPT_ID }, TOKEN_LIFETIMES.ticket);
    return reply.status(201).send({ ...ticket, msg: MSG.ticketOk, tokenArchivo: token, expira });
  });

  /** The ticket token must be for this very ticket; admin and company tokens are refused (403). */
  async function ticketClaim(request: Parameters<typeof ctx.guards.scoped>[0], id: number) {
    const claims = await ctx.guards.scoped(request, 'ticket');
    if (claims.ticket !== id) throw new HttpError(403, MSG.forbidden);
  }

  app.post('/docCli/:id', {
    schema: {
      tags, summary: 'Adjunta el archivo del cliente a su ticket (multipart, campo current)',
      description: `${ticketToken.description} ZIP o RAR (por extensión y contenido) de hasta ${TICKET_FILE_MAX_BYTES} bytes; un archivo nuevo reemplaza al anterior.`,
      consumes: ['multipart/form-data'],
      params: IdParam('id'),
      response: { 201: Type.Object({ SPT_ID: Type.Integer(), SPT_NOMBREARCHIVO: Type.String(), ARC_TAMANO: Type.Integer(), msg: Type.String() }), ...errorResponses },
    },
  }, async (request, reply) => {
    const { id } = request.params;
    await ticketClaim(request, id);
    const stored = await attachTicketFile(db, ctx.files, request, id, 'cliente', CUSTOMER);
    return reply.status(201).send({ SPT_ID: id, SPT_NOMBREARCHIVO: stored.ARC_NOMBRE, ARC_TAMANO: stored.ARC_TAMANO, msg: TICKET_MSG.fileSaved });
  });

  app.post('/correo', {
    schema: {
      tags, summary: 'Envía la confirmación del ticket al cliente y el aviso al correo de soporte',
      description: `${ticketToken.description} Se envía una sola vez por ticket: una segunda llamada responde enviado false sin reenviar. El aviso va a la dirección de la configuración 3 (CON_VALOR1).`,
      body: Type.Object({ SPT_ID: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
      response: { 200: Type.Object({ msg: Type.String(), enviado: Type.Boolean() }), ...errorResponses },
    },
  }, async (request) => {
    const id = request.body.SPT_ID;
    await ticketClaim(request, id);
    const support = await supportAddress(db);
    const sent = await db.transaction(async (tx) => {
      const [ticket] = await tx.update(soporte).set({ SPT_CORREO_ENVIADO: true })
        .where(and(eq(soporte.SPT_ID, id), eq(soporte.SPT_CORREO_ENVIADO, false))).returning();
      if (!ticket) {
        const [exists] = await tx.select({ id: soporte.SPT_ID }).from(soporte).where(eq(soporte.SPT_ID, id));
        if (!exists) throw new HttpError(404, TICKET_MSG.ticketNotFound(id));
        return false;
      }
      const [product] = await tx.select({ PROD_NOMBRE: productos.PROD_NOMBRE }).from(productos).where(eq(productos.PROD_ID, ticket.SPT_PRODUCTOS));
      const data = { ...ticket, PROD_NOMBRE: product?.PROD_NOMBRE ?? '' };
      // Inside the transaction: if a message cannot be sent, the ticket stays "not sent" and the call can be retried.
      await ctx.mailer.send({ to: ticket.SPT_CLIENTECORREO, ...customerConfirmation(data) });
      if (support) await ctx.mailer.send({ to: support, ...supportNotice(data) });
      else request.log.warn('la configuración 3 no tiene un correo de soporte; no se avisó al equipo');
      return true;
    });
    return sent ? { msg: TICKET_MSG.mailSent, enviado: true } : { msg: TICKET_MSG.mailAlreadySent, enviado: false };
  });
};

export default publicSupportRoutes;
