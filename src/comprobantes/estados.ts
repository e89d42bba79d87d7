import { ESTADOS_CORREGIBLES, ESTADOS_FACTURA, ESTADOS_PENDIENTES, type EstadoFactura } from '../../domain/comprobantes/estados';
import { diaEcuador, formatDateTime } from '../../domain/fechas';

/** A document's states as the screens group them (domain/comprobantes/estados.ts): the same for invoices and notes. */
export const ESTADOS: readonly EstadoFactura[] = ESTADOS_FACTURA;
export const PENDIENTES: readonly EstadoFactura[] = ESTADOS_PENDIENTES;
export const CORREGIBLES: readonly EstadoFactura[] = ESTADOS_CORREGIBLES;
/** The SRI's authorized XML exists: AUTORIZADA, and ANULADA after it. */
const CON_AUTORIZACION: readonly EstadoFactura[] = ['AUTORIZADA', 'ANULADA'];

export const esPendiente = (estado: string | undefined) => PENDIENTES.includes(estado as EstadoFactura);
export const esCorregible = (estado: string | undefined) => CORREGIBLES.includes(estado as EstadoFactura);
export const tieneAutorizacion = (estado: string | undefined) => CON_AUTORIZACION.includes(estado as EstadoFactura);

/** How often the screens ask again while the SRI still owes an answer (ms). */
export const INTERVALO_LISTA = 3000;
export const INTERVALO_DOCUMENTO = 2000;

const HORA = new Intl.DateTimeFormat('es-EC', {
  timeZone: 'America/Guayaquil',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** An ISO moment as the screens write it: 2026-03-15 10:32 (America/Guayaquil). */
export const fechaHora = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : '');
/** Only the time (10:32:05) when the moment is today in Ecuador, the date and time otherwise. */
export const cuando = (iso: string, now = new Date()) =>
  diaEcuador(new Date(iso)) === diaEcuador(now) ? HORA.format(new Date(iso)) : fechaHora(iso);
