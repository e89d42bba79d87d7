/**
 * The quotes' rules the server and the screens share (domain/contratos/ofertas.ts is the API): the state a quote
 * answers, and the number it prints.
 */
import type { EstadoOferta } from './contratos/ofertas';

/** The stored states a quote's validity still matters to: past it, they answer VENCIDA. */
export const ESTADOS_CON_VALIDEZ = ['BORRADOR', 'ENVIADA'] as const;

/**
 * The state a quote answers: its stored one, except that a BORRADOR or ENVIADA quote valid until a day before `hoy`
 * (YYYY-MM-DD, today in Ecuador: domain/fechas.ts hoyEcuador) is VENCIDA. Valid until a day means that day included.
 */
export function estadoOferta(estado: string, validez: string, hoy: string): EstadoOferta {
  const conValidez = (ESTADOS_CON_VALIDEZ as readonly string[]).includes(estado);
  return (conValidez && validez < hoy ? 'VENCIDA' : estado) as EstadoOferta;
}

/** "000123": the quote's number as the PDF, the email and the file name print it. */
export const numeroOferta = (numero: number) => String(numero).padStart(6, '0');
