/**
 * What integrations share between the API and the screens: the scopes of an API key, the sections a key may reach,
 * the webhook events and the signature's header.
 */

/** leer: the GETs; emitir: creating and issuing documents and their recipients (a POS needs both). */
export const ALCANCES_CLAVE = ['leer', 'emitir'] as const;
export type AlcanceClave = (typeof ALCANCES_CLAVE)[number];

/**
 * The menu permissions (MEN_PERMISO) whose routes a key may call: the documents, their recipients and the catalogue.
 * Never the keys and webhooks themselves, the users, the signature, the company's set-up or a session's own routes
 * (sign-out, clave, menu): those stay with a person signed in.
 */
export const PERMISOS_CLAVE: readonly string[] = [
  'clientes',
  'catalogo',
  'facturas',
  'notasCredito',
  'notasDebito',
  'liquidacionesCompra',
  'retenciones',
  'guiasRemision',
  'transportistas',
  'proveedores',
  'recibidos',
  'ofertas',
];

/** How an API key starts: what tells it apart from a session token in a log or a leaked-secret scanner. */
export const PREFIJO_CLAVE = 'amk_';

export const EVENTOS_WEBHOOK = [
  'comprobante.autorizado',
  'comprobante.devuelto',
  'comprobante.rechazado',
  'comprobante.anulado',
  'correo.rebotado',
] as const;
export type EventoWebhook = (typeof EVENTOS_WEBHOOK)[number];

export const NOMBRES_EVENTO: Record<EventoWebhook, string> = {
  'comprobante.autorizado': 'Comprobante autorizado por el SRI',
  'comprobante.devuelto': 'Comprobante devuelto por el SRI (recepción)',
  'comprobante.rechazado': 'Comprobante no autorizado por el SRI',
  'comprobante.anulado': 'Comprobante anulado',
  'correo.rebotado': 'Correo al receptor no entregado',
};

/** The header that carries a delivery's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const CABECERA_FIRMA = 'Amelia-Signature';
/** The header that names a delivery (the same on every retry of it): what a receiver deduplicates by. */
export const CABECERA_ENTREGA = 'Amelia-Delivery';
/** The header with the event's name. */
export const CABECERA_EVENTO = 'Amelia-Event';
