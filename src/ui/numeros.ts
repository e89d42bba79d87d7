/**
 * Amounts as every screen writes and reads them: money with a space between thousands and at least 2 decimals
 * ("1 234.50"), and one rule for what a user may type in an amount or quantity field ("60,00", "60.00" or "60").
 * The API always receives the point ("60.00"): the screens turn what was typed into that before sending it.
 */

const NUMERO = /^-?\d+(\.\d+)?$/;
/** Digits, and at most one decimal point or comma followed by digits: "60", "60.5", "60,50"; not "60,0,0" nor "1e3". */
const ESCRITO = /^\d+(?:[.,]\d+)?$/;

/** "1234.5" → "1 234.50"; more decimals stay ("0.125" → "0.125"); a JS number is rounded to cents; what is not a number is shown as it is. */
export function dinero(valor: unknown): string {
  const n = typeof valor === 'number' ? valor.toFixed(2) : String(valor ?? '').trim();
  if (!NUMERO.test(n)) return n;
  const [enteros, decimales = ''] = n.split('.');
  return `${enteros.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}.${decimales.padEnd(2, '0')}`;
}

/** "25" → "USD 25.00", "1500.5" → "USD 1 500.50". */
export const usd = (valor: unknown) => `USD ${dinero(valor)}`;

/** What the user typed in an amount or quantity field, with a point: "60,00" → "60.00", " 60 " → "60"; null when it is no number. */
export function leerNumero(texto: string | null | undefined): string | null {
  const limpio = String(texto ?? '').trim();
  return ESCRITO.test(limpio) ? limpio.replace(',', '.') : null;
}

/** What an amount field shows after the user leaves it: "12.5" or "12,5" → "12.50"; anything else stays as typed. */
export function alSalir(texto: string): string {
  const numero = leerNumero(texto);
  if (numero === null) return texto;
  const [enteros, decimales = ''] = numero.split('.');
  return `${enteros}.${decimales.padEnd(2, '0')}`;
}
