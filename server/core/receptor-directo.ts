/**
 * What the one-call issuing's recipients (a supplier, a carrier: domain/contratos/emision.ts ReceptorDirecto) read alike
 * from the body: the identification type it gives or the one its length says, and its emails and phone as the books
 * store them.
 */
import { TIPO_IDENTIFICACION } from '../../domain/clientes';
import type { ReceptorDirecto } from '../../domain/contratos/emision';

/** The type given, or the one the identification's length says (13 digits a RUC, 10 a cédula); '' when neither. */
export function tipoDirecto(r: ReceptorDirecto): string {
  if (r.tipoIdentificacion) return r.tipoIdentificacion;
  const id = r.identificacion.trim();
  if (/^[0-9]{13}$/.test(id)) return TIPO_IDENTIFICACION.ruc;
  if (/^[0-9]{10}$/.test(id)) return TIPO_IDENTIFICACION.cedula;
  return '';
}

/** The body's emails ("a@x.ec; b@y.ec") as a list; undefined when it brings none (the book keeps its own). */
export const correosDirectos = (email: string | null | undefined) =>
  email === undefined
    ? undefined
    : (email ?? '')
        .split(/[;,]/)
        .map((e) => e.trim())
        .filter(Boolean);

/** The body's phone as the book's list; undefined when it brings none. */
export const telefonosDirectos = (telefono: string | null | undefined) =>
  telefono === undefined ? undefined : telefono?.trim() ? [telefono.trim()] : [];
