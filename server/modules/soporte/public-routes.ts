import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../core/context';
import { HttpError } from '../../core/errors';
import { errorResponses, IdParam, Msg } from '../../core/schemas';
import { readUpload } from '../../core/upload';
import { MSG } from '../../../domain/messages';
import { TICKET_FILE } from '../../../domain/archivos';
import { TICKET_MSG } from '../../../domain/tickets';
import { SETTING_POSITION } from '../../../domain/configuraciones';
import { TOKEN_LIFETIMES } from '../../infra/tokens';
import { createTaxpayerLookup } from '../../infra/taxpayer';
import { ClientFileSaved, CustomerParams, MailRequest, MailResult, SupportCustomer, TicketCreated, TicketForm } from './contract';
import { CUSTOMER } from './repo';
import { createTicket, sendNewTicketMails } from './service';
import { attachTicketFile } from './attachments';
import { findSupportCustomer } from './customer-lookup';

const tags = ['Soporte'];
const ticketToken = 'Requiere en x-token el tokenArchivo que devolvió POST soporte para ese mismo ticket.';

/** The public half of the support area: the ticket form of administrador/soporteTicket and what it calls. */
const publicSupportRoutes: ModuleRoutes = (app, { db, throttle, config, tokens, files, mailer, guards }) => {
  const taxpayers = createTaxpayerLookup(config.taxpayerLookupUrl);

  /** The ticket token (checked by guards.ticket) must be for this very ticket. */
  function ticketClaim(request: FastifyRequest, id: number) {
    if (request.ticket!.ticket !== id) throw new HttpError(403, MSG.forbidden);
  }
  const perIp = (area: string, request: FastifyRequest) =>
    throttle.hit([{ key: `${area}:ip:${request.ip}`, kind: 'ceiling', max: config.rateLimit.maxPerIp }]);

  /**
   * Whether the caller is the provider's support staff: an open administration session (x-token, optional here) whose
   * menu grants the tickets desk (the route's permission), and not a distributor's, who sees only its own companies.
   * Anything else, a missing, expired or company token included, is an anonymous caller.
   */
  async function supportStaff(request: FastifyRequest): Promise<boolean> {
    if (!request.headers['x-token']) return false;
    try {
      await guards.admin(request);
    } catch {
      return false;
    }
    return !request.admin!.distribuidor;
  }

  const idRequired = async () => {
    throw new HttpError(400, MSG.idRequired);
  };
  const emptyIdSchema = { schema: { tags, hide: true, response: { ...errorResponses } } };
  app.get('/datosSoporteCliente', emptyIdSchema, idRequired);
  app.get('/datosSoporteCliente/', emptyIdSchema, idRequired);

  app.get(
    '/datosSoporteCliente/:id',
    {
      // Read by supportStaff: whose menu grants the tickets desk sees the contact details whole.
      config: { permiso: 'soporte' },
      schema: {
        tags,
        summary: 'Datos de contacto de un cliente por RUC o cédula (pública)',
        description:
          'Busca primero entre las empresas registradas (una cédula también encuentra el RUC que empieza con ella); si no está y tiene 13 dígitos, consulta en línea al servicio de contribuyentes. 404 si no se encuentra, 503 si la consulta en línea no está disponible. Sin sesión responde el nombre y el correo y el teléfono ocultos salvo unos caracteres (ma•••@gm•••.com, •••• 5678; enmascarado true), para que el cliente reconozca los suyos. Con el x-token (opcional) de una sesión de administración del proveedor cuyo menú da los tickets de soporte, completos (enmascarado false); un token que no lo es se trata como sin sesión.',
        params: CustomerParams,
        // The token is optional: anonymous callers are answered too.
        security: [{}, { token: [] }],
        response: { 200: SupportCustomer, ...errorResponses, 503: Msg },
      },
    },
    async (request, reply) => {
      await perIp('datosCliente', request);
      const completo = await supportStaff(request);
      // The answer depends on who asks: no shared cache keeps it.
      reply.header('Cache-Control', 'private, no-store');
      return findSupportCustomer(db, taxpayers, request.log, request.params.id, completo);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Crea un ticket de soporte desde el formulario público',
        description:
          'Limitado por IP. SPT_MENSAJE es HTML que se limpia con una lista de etiquetas permitidas antes de guardarse. Responde el número del ticket y tokenArchivo: un token de 30 minutos que solo sirve para soporte/docCli/{SPT_ID} y soporte/correo de este ticket.',
        body: TicketForm,
        response: { 201: TicketCreated, ...errorResponses },
      },
    },
    async (request, reply) => {
      await perIp('soporte', request);
      const ticket = await createTicket(db, request.body);
      const { token, expira } = await tokens.sign({ kind: 'ticket', ticket: ticket.SPT_ID }, TOKEN_LIFETIMES.ticket);
      return reply.status(201).send({ ...ticket, msg: MSG.ticketOk, tokenArchivo: token, expira });
    },
  );

  app.post(
    '/docCli/:id',
    {
      onRequest: guards.ticket,
      schema: {
        tags,
        summary: 'Adjunta el archivo del cliente a su ticket (multipart, campo current)',
        description: `${ticketToken} ZIP o RAR (por extensión y contenido) de hasta ${TICKET_FILE.maxBytes} bytes; un archivo nuevo reemplaza al anterior.`,
        consumes: ['multipart/form-data'],
        params: IdParam('id'),
        response: { 201: ClientFileSaved, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      ticketClaim(request, id);
      const stored = await attachTicketFile(db, files, id, 'cliente', CUSTOMER, () => readUpload(request, TICKET_FILE));
      return reply
        .status(201)
        .send({ SPT_ID: id, SPT_NOMBREARCHIVO: stored.ARC_NOMBRE, ARC_TAMANO: stored.ARC_TAMANO, msg: TICKET_MSG.fileSaved });
    },
  );

  app.post(
    '/correo',
    {
      onRequest: guards.ticket,
      schema: {
        tags,
        summary: 'Envía la confirmación del ticket al cliente y el aviso al correo de soporte',
        description: `${ticketToken} Se envía una sola vez por ticket: una segunda llamada responde enviado false sin reenviar. El aviso va a la dirección de la configuración de correo de soporte (CON_CODIGO ${SETTING_POSITION.supportAddress}, CON_VALOR1).`,
        body: MailRequest,
        response: { 200: MailResult, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.body.SPT_ID;
      ticketClaim(request, id);
      const sent = await sendNewTicketMails(db, mailer, request.log, id);
      return sent ? { msg: TICKET_MSG.mailSent, enviado: true } : { msg: TICKET_MSG.mailAlreadySent, enviado: false };
    },
  );
};

export default publicSupportRoutes;
