/**
 * An invoice's states, shared by the server (contract, queue, rules) and the screens.
 *
 * BORRADOR → FIRMADA (signed, waiting for the SRI's queue) → ENVIADA (being sent; the answer is not known yet) →
 * RECIBIDA (reception accepted it; waiting for the authorization) → AUTORIZADA, or DEVUELTA (reception refused it) /
 * RECHAZADA (NO AUTORIZADO). ANULADA: authorized, then annulled at the SRI's portal. SIN_RESPUESTA: received, and 24
 * hours later (what the SRI's technical sheet allows) still without an authorization: the queue stops asking, the
 * user checks the SRI's portal and asks again by hand (back to RECIBIDA).
 */
export const ESTADOS_FACTURA = [
  'BORRADOR',
  'FIRMADA',
  'ENVIADA',
  'RECIBIDA',
  'DEVUELTA',
  'AUTORIZADA',
  'RECHAZADA',
  'ANULADA',
  'SIN_RESPUESTA',
] as const;
export type EstadoFactura = (typeof ESTADOS_FACTURA)[number];
/** Waiting for the SRI: issued, not answered yet. */
export const ESTADOS_PENDIENTES = ['FIRMADA', 'ENVIADA', 'RECIBIDA'] as const satisfies readonly EstadoFactura[];
/**
 * Issued and possibly still to be authorized: those waiting, and those the SRI received and never answered (it may
 * authorize them yet). They cannot be corrected, and the plan keeps a document for each.
 */
export const ESTADOS_EN_CAMINO = [...ESTADOS_PENDIENTES, 'SIN_RESPUESTA'] as const satisfies readonly EstadoFactura[];
/** The SRI refused it: to be corrected and issued again. */
export const ESTADOS_CORREGIBLES = ['DEVUELTA', 'RECHAZADA'] as const satisfies readonly EstadoFactura[];
/** The email to the buyer of an authorized invoice. */
export const ENTREGAS_FACTURA = ['PENDIENTE', 'ENVIADA', 'SIN_CORREO', 'FALLIDA'] as const;
export type EntregaFactura = (typeof ENTREGAS_FACTURA)[number];
