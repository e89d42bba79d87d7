import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { resourceSchemas } from '../../core/resource-schemas';
import { sendPage } from '../../core/list';
import { errorResponses, IdParam, Msg } from '../../core/schemas';
import { secretBoxFor } from '../../infra/secret-box';
import { EVENTOS_WEBHOOK } from '../../../domain/integraciones';
import {
  Entrega,
  EntregaDetalle,
  EntregaParams,
  EntregaQuery,
  PruebaEncolada,
  SecretoNuevo,
  Webhook,
  WebhookCreado,
  WebhookDatos,
  WebhookEdicion,
  WebhookQuery,
} from './contract';
import { listDeliveries, listWebhooks } from './repo';
import {
  createWebhook,
  editWebhook,
  pingWebhook,
  redeliverDelivery,
  removeWebhook,
  rotateSecret,
  visibleDelivery,
  visibleWebhook,
} from './service';

const tags = ['Webhooks'];
const schemas = resourceSchemas(tags, Webhook);
const Id = IdParam('id');
const SCOPE = 'Solo los webhooks de la empresa de la sesión (el de otra empresa responde 404). Nunca envía el secreto.';
const FIRMA =
  'Cada entrega es un POST JSON firmado: Amelia-Signature t=<unix>,v1=<hex HMAC-SHA256(secreto, "<t>.<cuerpo>")>, ' +
  'Amelia-Event y Amelia-Delivery (el id de la entrega, el mismo en cada reintento: el receptor descarta repetidas). ' +
  'Un 2xx en el plazo cuenta como entregada; lo demás se reintenta con espera creciente (hasta una hora entre intentos) durante 24 horas. ' +
  'Las redirecciones no se siguen.';

/**
 * The company's webhook endpoints and their delivery log (resource `webhooks`, menu `webhooks`, its administrador
 * only, with a session: an API key never reaches them, core/claves-api.ts). The secret is sealed at rest and shown
 * only when created or rotated.
 */
const webhooksRoutes: ModuleRoutes = (app, { db, config, guards }) => {
  const deps = { db, box: secretBoxFor(config) };

  app.get(
    '/',
    {
      onRequest: guards.company,
      schema: schemas.list(
        {
          summary: 'Webhooks de la empresa',
          description: `${SCOPE} ra-data-simple-rest: orden por WEB_CODIGO (por defecto) o WEB_URL; filtros q (parte de la URL o de la descripción), WEB_ACTIVO e id. Eventos: ${EVENTOS_WEBHOOK.join(', ')}.`,
        },
        WebhookQuery,
      ),
    },
    async (request, reply) => sendPage(reply, await listWebhooks(db, request.company!.empresa, request.query)),
  );

  app.get(
    '/:id',
    { onRequest: guards.company, schema: schemas.one({ summary: 'Un webhook, con las cuentas de sus entregas', description: SCOPE }) },
    async (request) => visibleWebhook(db, request.company!.empresa, request.params.id),
  );

  app.post(
    '/',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Registra un webhook',
        description: `La URL debe ser https:// o http:// con un servidor (400). Si no se envía secreto, se genera uno (whsec_…); se muestra solo en esta respuesta. ${FIRMA}`,
        body: WebhookDatos,
        response: { 201: WebhookCreado, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createWebhook(deps, request.company!, request.body)),
  );

  app.put(
    '/:id',
    {
      onRequest: guards.company,
      schema: schemas.update(
        {
          summary: 'Cambia la URL, los eventos, la descripción o si está activo',
          description: `${SCOPE} Un campo omitido conserva su valor.`,
        },
        WebhookEdicion,
      ),
    },
    async (request) => editWebhook(deps, request.company!, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: guards.company,
      schema: schemas.remove({ summary: 'Elimina un webhook y su registro de entregas', description: SCOPE }, Msg),
    },
    async (request) => removeWebhook(deps, request.company!, request.params.id),
  );

  app.post(
    '/:id/secreto',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Renueva el secreto de un webhook',
        description: `${SCOPE} Responde el secreto nuevo una sola vez; las entregas pendientes se firman con él desde ahora.`,
        params: Id,
        response: { 200: SecretoNuevo, ...errorResponses },
      },
    },
    async (request) => rotateSecret(deps, request.company!, request.params.id),
  );

  app.post(
    '/:id/prueba',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Encola una entrega de prueba (evento ping)',
        description: `${SCOPE} Para comprobar el receptor y su verificación de la firma: comprobante es null. ${FIRMA}`,
        params: Id,
        response: { 200: PruebaEncolada, ...errorResponses },
      },
    },
    async (request) => pingWebhook(deps, request.company!, request.params.id),
  );

  app.get(
    '/:id/entregas',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Registro de entregas de un webhook, la más reciente primero',
        description: `${SCOPE} Paginado (range; total en Content-Range); filtros q (parte del evento o del número del comprobante), ENT_ESTADO (PENDIENTE, ENTREGADA, FALLIDA), ENT_EVENTO e id.`,
        params: Id,
        querystring: EntregaQuery,
        response: { 200: Type.Array(Entrega), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { empresa } = request.company!;
      const webhook = await visibleWebhook(db, empresa, request.params.id);
      return sendPage(reply, await listDeliveries(db, { empresa, webhook: webhook.WEB_CODIGO }, request.query));
    },
  );

  app.get(
    '/:id/entregas/:entrega',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Una entrega, con su cuerpo y cada intento',
        description: SCOPE,
        params: EntregaParams,
        response: { 200: EntregaDetalle, ...errorResponses },
      },
    },
    async (request) => visibleDelivery(db, request.company!.empresa, request.params.id, request.params.entrega),
  );

  app.post(
    '/:id/entregas/:entrega/reenviar',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Entrega de nuevo, ahora, con el mismo id',
        description:
          `${SCOPE} Vale también para una entrega ENTREGADA o FALLIDA; conserva sus intentos. Las 24 horas de reintentos ` +
          'cuentan desde el evento: una FALLIDA recibe un intento más y, si falla, vuelve a FALLIDA.',
        params: EntregaParams,
        response: { 200: Msg, ...errorResponses },
      },
    },
    async (request) => redeliverDelivery(deps, request.company!, request.params.id, request.params.entrega),
  );
};

export default webhooksRoutes;
