/**
 * A company's webhooks, under /api/webhooks, permiso 'webhooks', company session (never a key), role administrador:
 *
 *   GET    /api/webhooks                         list of endpoints (ra-data-simple-rest); never the secret
 *   GET    /api/webhooks/:id                     one endpoint, with its delivery counts
 *   POST   /api/webhooks                         { WEB_URL, WEB_EVENTOS, WEB_DESCRIPCION?, secreto? } → 201
 *                                                WebhookCreado (the secret, generated when not given, shown this once)
 *   PUT    /api/webhooks/:id                     edits URL, events, description, active (a field left out keeps its value)
 *   DELETE /api/webhooks/:id                     deletes it and its log
 *   POST   /api/webhooks/:id/secreto             rotates the secret → { secreto } (shown this once)
 *   POST   /api/webhooks/:id/prueba              queues a "ping" delivery now (to check the receiver and its signature)
 *   GET    /api/webhooks/:id/entregas            its delivery log, newest first (range; filter ENT_ESTADO, ENT_EVENTO)
 *   GET    /api/webhooks/:id/entregas/:entrega   one delivery with its body and every attempt
 *   POST   /api/webhooks/:id/entregas/:entrega/reenviar   delivers it again now (a new attempt of the same delivery)
 *
 * A delivery is a POST of JSON (WebhookCuerpo) with the headers Amelia-Signature (`t=<unix seconds>,v1=<hex
 * HMAC-SHA256 with the secret of "<t>.<body>">`), Amelia-Event and Amelia-Delivery (the delivery's id, the same on
 * every retry). Any 2xx within 10 seconds counts as delivered; anything else is retried after 1 min, 2, 4… up to an
 * hour between tries, until 24 hours have passed (then FALLIDA; it can still be redelivered by hand).
 */
import { Type, type Static } from 'typebox';
import { Nullable } from './esquemas';
import { EVENTOS_WEBHOOK, type EventoWebhook } from '../integraciones';

/** One of the events, refused in Spanish otherwise (a union of literals would say only «valor no permitido»). */
const Evento = Type.Unsafe<EventoWebhook>({
  type: 'string',
  enum: [...EVENTOS_WEBHOOK],
  errorMessage: `Evento desconocido: elija entre ${EVENTOS_WEBHOOK.join(', ')}`,
});

export const Webhook = Type.Object({
  WEB_CODIGO: Type.Integer(),
  WEB_URL: Type.String(),
  WEB_DESCRIPCION: Nullable(Type.String()),
  WEB_EVENTOS: Type.Array(Type.String({ description: EVENTOS_WEBHOOK.join(', ') })),
  WEB_ACTIVO: Type.Boolean(),
  WEB_CREADO: Type.String({ description: 'ISO 8601' }),
  pendientes: Type.Integer({ description: 'Entregas que esperan su próximo intento' }),
  fallidas: Type.Integer({ description: 'Entregas que agotaron sus 24 horas de reintentos' }),
  ultimaEntrega: Nullable(Type.String({ description: 'ISO 8601 del último intento' })),
});
export type Webhook = Static<typeof Webhook>;

export const WebhookDatos = Type.Object({
  WEB_URL: Type.String({
    minLength: 1,
    maxLength: 500,
    errorMessage: 'La URL debe empezar por https:// o http:// (hasta 500 caracteres)',
    description: 'https://… que recibe un POST por evento',
  }),
  WEB_DESCRIPCION: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  WEB_EVENTOS: Type.Array(Evento, { minItems: 1, uniqueItems: true, errorMessage: 'Elija al menos un evento' }),
  WEB_ACTIVO: Type.Optional(Type.Boolean()),
  secreto: Type.Optional(
    Type.String({
      minLength: 16,
      maxLength: 200,
      errorMessage: 'El secreto debe tener entre 16 y 200 caracteres',
      description: 'Con qué se firman las entregas; si no se envía, se genera uno (whsec_…)',
    }),
  ),
});
export type WebhookDatos = Static<typeof WebhookDatos>;
export const WebhookEdicion = Type.Partial(Type.Omit(WebhookDatos, ['secreto']));
export type WebhookEdicion = Static<typeof WebhookEdicion>;

export const WebhookCreado = Type.Object({
  ...Webhook.properties,
  secreto: Type.String({ description: 'Guárdelo ahora: no se vuelve a mostrar' }),
});
export type WebhookCreado = Static<typeof WebhookCreado>;

export const Intento = Type.Object({
  fecha: Type.String({ description: 'ISO 8601' }),
  codigo: Nullable(Type.Integer({ description: 'El estado HTTP que respondió el receptor; null si no respondió' })),
  error: Nullable(Type.String()),
  ms: Type.Integer(),
});

export const Entrega = Type.Object({
  ENT_CODIGO: Type.Integer(),
  WEB_CODIGO: Type.Integer(),
  ENT_EVENTO: Type.String(),
  FAC_CODIGO: Nullable(Type.Integer()),
  ENT_ESTADO: Type.String({ description: 'PENDIENTE, ENTREGADA, FALLIDA' }),
  ENT_INTENTOS: Type.Integer(),
  ENT_PROXIMO: Nullable(Type.String({ description: 'ISO 8601 del próximo intento, si está pendiente' })),
  ENT_CREADA: Type.String(),
  ENT_ENTREGADA: Nullable(Type.String()),
  ultimoCodigo: Nullable(Type.Integer()),
  ultimoError: Nullable(Type.String()),
  resumen: Type.String({ description: 'Qué comprobante: "Factura 001-001-000000123"' }),
});
export type Entrega = Static<typeof Entrega>;

export const EntregaDetalle = Type.Object({ ...Entrega.properties, cuerpo: Type.Unknown(), intentos: Type.Array(Intento) });
export type EntregaDetalle = Static<typeof EntregaDetalle>;

/** The JSON body of every delivery. */
export const WebhookCuerpo = Type.Object({
  id: Type.String({ description: 'El id de la entrega (también en Amelia-Delivery)' }),
  evento: Type.String({ description: EVENTOS_WEBHOOK.join(', ') + ' o ping' }),
  creado: Type.String({ description: 'ISO 8601: cuándo ocurrió' }),
  empresa: Type.Object({ ruc: Type.String(), nombre: Type.String() }),
  comprobante: Nullable(
    Type.Object({
      id: Type.Integer(),
      tipo: Type.String({ description: 'codDoc' }),
      numero: Nullable(Type.String()),
      claveAcceso: Nullable(Type.String()),
      estado: Type.String(),
      fechaEmision: Type.String(),
      importeTotal: Nullable(Type.String()),
      receptor: Type.Object({ identificacion: Type.String(), razonSocial: Type.String() }),
      autorizacion: Nullable(Type.String()),
      fechaAutorizacion: Nullable(Type.String()),
      mensajes: Type.Array(Type.Unknown()),
      correo: Nullable(Type.Object({ estado: Type.String(), detalle: Nullable(Type.String()) })),
      enlaces: Type.Object({ comprobante: Type.String(), xml: Type.String(), ride: Type.String(), autorizado: Type.String() }),
    }),
  ),
});
export type WebhookCuerpo = Static<typeof WebhookCuerpo>;

export const WEBHOOKS_MSG = {
  urlInvalida: 'La URL debe empezar por https:// o http:// y nombrar un servidor.',
  urlPrivada: 'La URL apunta a una dirección de red privada o local; use una dirección pública.',
  creado: 'Webhook creado. Guarde el secreto ahora: no se volverá a mostrar.',
  eliminado: 'Webhook eliminado.',
  prueba: 'Prueba encolada: llegará en unos segundos.',
  reenviada: 'Entrega encolada de nuevo.',
};
