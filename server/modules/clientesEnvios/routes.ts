import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { errorResponses, IdParam, Msg } from '../../core/schemas';
import { ENVIO_CLIENTE } from '../../../domain/clientes';
import { findVisibleClient } from '../clientes';
import { EnviarBody, EnviarWSBody, Envio, EnvioRespuesta } from './contract';
import { clientSendings, HISTORIAL_MAX } from './repo';
import { emailClient, whatsAppClient } from './service';

const tags = ['Clientes: envíos'];
/** The mail server or the WhatsApp API refused or did not answer: the sending is recorded as an error. */
const sendingResponses = { ...errorResponses, 502: Msg };

/**
 * Writing to a client from its page, by email (with its documents attached) or WhatsApp, and the history of what was
 * sent. The client is found through findVisibleClient: another company's (or another seller's) answers 404.
 */
const clientesEnviosRoutes: ModuleRoutes = (app, ctx) => {
  const { db, guards } = ctx;

  app.post(
    '/enviar',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Envía un correo al cliente, con documentos suyos adjuntos',
        description:
          'A los correos del cliente (CLI_CORREOS; sin ninguno: 400), o solo a los de `correos`, que deben ser suyos. ' +
          `El texto va firmado con el nombre de la empresa y las respuestas llegan al correo de la empresa. Adjuntos: hasta ` +
          `${ENVIO_CLIENTE.maxAdjuntos} documentos del cliente (CDO_ID), juntos hasta ${ENVIO_CLIENTE.maxAdjuntosBytes} bytes (más: 400). ` +
          'El envío queda en el historial del cliente; si el servidor de correo lo rechaza responde 502 y queda registrado como error. ' +
          `Más de ${ENVIO_CLIENTE.maxSeguidos} envíos seguidos de la empresa (correo y WhatsApp) sin una pausa responden 429.`,
        body: EnviarBody,
        response: { 200: EnvioRespuesta, ...sendingResponses },
      },
    },
    async (request) => emailClient(ctx, request.company!, request.body, request.log),
  );

  app.post(
    '/enviarWS',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Envía un mensaje de WhatsApp al cliente (API de WhatsApp Cloud o enlace wa.me)',
        description:
          'Al teléfono indicado (uno de los del cliente) o al primero de CLI_TELEFONOS (sin ninguno: 400), con el código de país ' +
          '(09xxxxxxxx se envía a 5939xxxxxxxx). Con WHATSAPP_TOKEN y WHATSAPP_PHONE_NUMBER_ID configurados se envía por la API ' +
          '(firmado con el nombre de la empresa; si la API lo rechaza o no responde en 10 s: 502, registrado como error); sin ellos ' +
          'responde `enlace`, un https://wa.me/ con el texto listo para que el usuario lo envíe desde su WhatsApp.',
        body: EnviarWSBody,
        response: { 200: EnvioRespuesta, ...sendingResponses },
      },
    },
    async (request) => whatsAppClient(ctx, request.company!, request.body, request.log),
  );

  app.get(
    '/:id/envios',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Historial de envíos (correo y WhatsApp) del cliente {id}, el más reciente primero (los últimos ${HISTORIAL_MAX})`,
        params: IdParam('id'),
        response: { 200: Type.Array(Envio), ...errorResponses },
      },
    },
    async (request) => {
      const client = await findVisibleClient(db, request.company!, request.params.id);
      return clientSendings(db, client.EMP_CODIGO, client.CLI_CODIGO);
    },
  );
};

export default clientesEnviosRoutes;
