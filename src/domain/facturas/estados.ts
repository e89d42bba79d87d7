/**
 * An invoice's states, shared by the server (contract, queue, rules) and the screens.
 *
 * BORRADOR → FIRMADA (signed, waiting for the SRI's queue) → ENVIADA (being sent; the answer is not known yet) →
 * RECIBIDA (reception accepted it; waiting for the authorization) → AUTORIZADA, or DEVUELTA (reception refused it) /
 * RECHAZADA (NO AUTORIZADO). ANULADA: authorized, then annulled at the SRI's portal.
 */
export const ESTADOS_FACTURA = ['BORRADOR', 'FIRMADA', 'ENVIADA', 'RECIBIDA', 'DEVUELTA', 'AUTORIZADA', 'RECHAZADA', 'ANULADA'] as const;
export type EstadoFactura = (typeof ESTADOS_FACTURA)[number];
/** Waiting for the SRI: issued, not answered yet. */
export const ESTADOS_PENDIENTES = ['FIRMADA', 'ENVIADA', 'RECIBIDA'] as const satisfies readonly EstadoFactura[];
/** The SRI refused it: to be corrected and issued again. */
export const ESTADOS_CORREGIBLES = ['DEVUELTA', 'RECHAZADA'] as const satisfies readonly EstadoFactura[];
/** The email to the buyer of an authorized invoice. */
export const ENTREGAS_FACTURA = ['PENDIENTE', 'ENVIADA', 'SIN_CORREO', 'FALLIDA'] as const;
export type EntregaFactura = (typeof ENTREGAS_FACTURA)[number];
