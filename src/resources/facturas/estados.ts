import {
  ESTADOS_CORREGIBLES,
  ESTADOS_FACTURA,
  ESTADOS_PENDIENTES,
  type EntregaFactura,
  type EstadoFactura,
} from '../../../domain/comprobantes/estados';
import { diaEcuador, formatDateTime } from '../../../domain/fechas';

/** The invoice's states as the screens group them (domain/facturas/estados.ts). Small, so the company home may import it. */
export const ESTADOS: readonly EstadoFactura[] = ESTADOS_FACTURA;
export const PENDIENTES: readonly EstadoFactura[] = ESTADOS_PENDIENTES;
export const CORREGIBLES: readonly EstadoFactura[] = ESTADOS_CORREGIBLES;
/** The SRI's authorized XML exists: AUTORIZADA, and ANULADA after it. */
export const CON_AUTORIZACION: readonly EstadoFactura[] = ['AUTORIZADA', 'ANULADA'];

export const esPendiente = (estado: string | undefined) => PENDIENTES.includes(estado as EstadoFactura);
export const esCorregible = (estado: string | undefined) => CORREGIBLES.includes(estado as EstadoFactura);
export const tieneAutorizacion = (estado: string | undefined) => CON_AUTORIZACION.includes(estado as EstadoFactura);

/** The list's filters behind the counts' chips (and the home card's links). */
export const FILTROS = {
  pendientes: { FAC_ESTADO: [...PENDIENTES] },
  autorizadas: { FAC_ESTADO: ['AUTORIZADA'] },
  devueltas: { FAC_ESTADO: [...CORREGIBLES] },
  sinRespuesta: { FAC_ESTADO: ['SIN_RESPUESTA' satisfies EstadoFactura] },
  correosFallidos: { FAC_ENTREGA: 'FALLIDA' satisfies EntregaFactura },
} as const;
export type GrupoEstados = keyof typeof FILTROS;

/** The address of the invoices' list filtered by one of the groups. */
export const rutaFiltrada = (grupo: GrupoEstados) => `/facturas?${new URLSearchParams({ filter: JSON.stringify(FILTROS[grupo]) })}`;

/** How often the screens ask again while the SRI still owes an answer (ms). */
export const INTERVALO_LISTA = 3000;
export const INTERVALO_FACTURA = 2000;

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
