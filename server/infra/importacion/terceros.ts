import { TIPO_IDENTIFICACION, type TipoIdentificacion } from '../../../domain/clientes';
import { normalizar } from './cabecera';

/**
 * How the clients' and the suppliers' imports read a party's cells: the identification type, the lists of emails and
 * phones, and a phone as the forms store it.
 */

const TIPOS: Record<string, TipoIdentificacion> = {
  ruc: '04',
  cedula: '05',
  pasaporte: '06',
  consumidor_final: '07',
  exterior: '08',
  identificacion_del_exterior: '08',
  del_exterior: '08',
};

/** The identification type a cell names, by its SRI code (4 or 04) or its name; null when it names none. */
export function tipoIdentificacionDe(text: string): TipoIdentificacion | null {
  const value = normalizar(text);
  if (/^0?[4-8]$/.test(value)) return `0${value.slice(-1)}` as TipoIdentificacion;
  return TIPOS[value] ?? null;
}

/** A supplier's: any type but the consumidor final. */
export function tipoIdentificacionProveedorDe(text: string) {
  const tipo = tipoIdentificacionDe(text);
  return tipo === TIPO_IDENTIFICACION.consumidorFinal ? null : tipo;
}

/** A cell's list (emails, phones): parts separated by semicolons, commas or line breaks. */
export const lista = (text: string) =>
  text
    .split(/[;,\n]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** A phone as the forms store it (TELEFONO_PATTERN), once the dashes, dots and brackets people write are gone. */
export const telefono = (text: string) =>
  text
    .replace(/[-.()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
