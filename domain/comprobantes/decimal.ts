/**
 * Exact decimal arithmetic for invoice amounts. Every amount is a bigint scaled to a fixed number of decimals (2.5 with
 * 6 decimals is 2_500_000n), because binary floats store 1.005 as 1.00499999… and 2.675 as 2.67499999…, round them
 * down, and the SRI refuses a document one cent off. A bigint also keeps cantidad × precioUnitario (12 decimals) exact.
 */

/** What a typed number is, before any rule: its digits and how many of them are decimals (trailing zeros dropped). */
export type LecturaDecimal = { ok: true; valor: bigint; decimales: number } | { ok: false; motivo: 'vacio' | 'formato' };

const NUMERO = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d{1,3}))?$/i;
/** "1,5": a Spanish-speaking user's decimal comma (one comma, no point); thousands separators are not accepted. */
const COMA_DECIMAL = /^[+-]?\d*,\d+$/;

export const potencia10 = (n: number): bigint => 10n ** BigInt(n);

/** Reads "12.50", "1,5", 2.675, "1e-3"... exactly as written (a JS number by its shortest decimal spelling). */
export function leerDecimal(entrada: string | number | null | undefined): LecturaDecimal {
  if (entrada == null) return { ok: false, motivo: 'vacio' };
  if (typeof entrada === 'number' && !Number.isFinite(entrada)) return { ok: false, motivo: 'formato' };
  let texto = String(entrada).trim();
  if (texto === '') return { ok: false, motivo: 'vacio' };
  if (COMA_DECIMAL.test(texto)) texto = texto.replace(',', '.');
  const partes = NUMERO.exec(texto);
  if (!partes) return { ok: false, motivo: 'formato' };
  const [, signo, enteros = '', fraccion = '', exponente = '0'] = partes;
  if (enteros === '' && fraccion === '') return { ok: false, motivo: 'formato' };
  let valor = BigInt(enteros + fraccion || '0');
  let decimales = fraccion.length - Number(exponente);
  if (decimales < 0) {
    valor *= potencia10(-decimales);
    decimales = 0;
  }
  while (decimales > 0 && valor % 10n === 0n) {
    valor /= 10n;
    decimales--;
  }
  return { ok: true, valor: signo === '-' ? -valor : valor, decimales };
}

/** A reading at `decimales` decimals (it must not have more). */
export const escalar = (lectura: { valor: bigint; decimales: number }, decimales: number): bigint =>
  lectura.valor * potencia10(decimales - lectura.decimales);

/** valor / divisor rounded half-up (half away from zero: 1.005 → 1.01, -1.005 → -1.01), as the SRI rounds. */
export function dividirRedondeando(valor: bigint, divisor: bigint): bigint {
  const cociente = valor / divisor;
  const resto = valor % divisor;
  const absResto = resto < 0n ? -resto : resto;
  if (2n * absResto < divisor) return cociente;
  return valor < 0n ? cociente - 1n : cociente + 1n;
}

/** A scaled amount as the XML writes it: always `decimales` decimals, point as separator ("12.50", "2.500000"). */
export function formatear(valor: bigint, decimales: number): string {
  const negativo = valor < 0n;
  const digitos = (negativo ? -valor : valor).toString().padStart(decimales + 1, '0');
  const enteros = digitos.slice(0, digitos.length - decimales);
  const texto = decimales > 0 ? `${enteros}.${digitos.slice(-decimales)}` : enteros;
  return negativo ? `-${texto}` : texto;
}

/** Like formatear, without trailing decimal zeros ("30.00" → "30", "1.50" → "1.5"). */
export const formatearSinCeros = (valor: bigint, decimales: number): string => {
  const texto = formatear(valor, decimales);
  return texto.includes('.') ? texto.replace(/\.?0+$/, '') : texto;
};

/** Digits of the integer part of a scaled amount (the schema's totalDigits minus its fractionDigits bound them). */
export const digitosEnteros = (valor: bigint, decimales: number): number => {
  const entero = (valor < 0n ? -valor : valor) / potencia10(decimales);
  return entero === 0n ? 1 : entero.toString().length;
};
