import { sumarDias } from '../fechas';

/**
 * Credit terms. A client's credit days (CLI_DIAS_CREDITO) are the term (plazo, in días) of each payment of its invoice
 * that carries none; an explicit term, 0 included (paid on the day), is kept. The invoice falls due on its date plus
 * the longest term of its payments: the rule of the clients' accounts (server/modules/cuentas/repo.ts VENCIMIENTO).
 */

/** The unit of a term that comes from the client's credit days. */
export const UNIDAD_CREDITO = 'dias';

/** A payment without a term: none written (null, undefined or blank). 0 is a term. */
export const sinPlazo = (plazo: unknown) => plazo === null || plazo === undefined || String(plazo).trim() === '';

/** A day plus `n` months as PostgreSQL adds them: the day of the month kept, or the month's last day. */
export function sumarMeses(dia: string, n: number) {
  const [y, m, d] = dia.split('-').map(Number) as [number, number, number];
  const base = new Date(Date.UTC(y, m - 1 + n, 1));
  const ultimo = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() + 1, 0)).getUTCDate();
  base.setUTCDate(Math.min(d, ultimo));
  return base.toISOString().slice(0, 10);
}

/** The day a term ends: meses and años by the calendar, any other unit as days. */
function finDelPlazo(fecha: string, plazo: number, unidad: string) {
  const u = unidad.trim().toLowerCase();
  if (u === 'meses' || u === 'mes') return sumarMeses(fecha, plazo);
  if (['anios', 'años', 'anio', 'año'].includes(u)) return sumarMeses(fecha, plazo * 12);
  return sumarDias(fecha, plazo);
}

/**
 * The due date (YYYY-MM-DD) of an invoice dated `fecha` with these payments (the form's, the API's): its date plus the longest whole term
 * greater than zero; its date when none has one.
 */
export function vencimiento(fecha: string, pagos: ReadonlyArray<{ FPA_PLAZO?: unknown; FPA_UNIDAD?: string | null }>): string {
  let vence = fecha;
  for (const p of pagos) {
    const plazo = Number(String(p.FPA_PLAZO ?? '').trim());
    if (!Number.isInteger(plazo) || plazo <= 0) continue;
    const fin = finDelPlazo(fecha, plazo, p.FPA_UNIDAD ?? '');
    if (fin > vence) vence = fin;
  }
  return vence;
}
