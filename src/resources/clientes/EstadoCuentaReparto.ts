import { escalar, formatear, leerDecimal } from '../../../domain/comprobantes/decimal';

/** Dollars typed in the form as cents (bigint, exact); null when it is not an amount with at most 2 decimals. */
export function aCentavos(texto: string): bigint | null {
  const lectura = leerDecimal(texto);
  if (!lectura.ok || lectura.decimales > 2) return null;
  return escalar(lectura, 2);
}

export const usd = (centavos: bigint) => formatear(centavos, 2);

/**
 * What the collection dialog proposes: the amount spread over the invoices in the order given (the oldest due first),
 * each up to what it owes. An invoice that gets nothing gets "". An amount that cannot be read proposes nothing.
 */
export function proponerReparto(valor: string, facturas: ReadonlyArray<{ FAC_CODIGO: number; saldo: string }>): Record<number, string> {
  let resto = aCentavos(valor) ?? 0n;
  const reparto: Record<number, string> = {};
  for (const f of facturas) {
    const debe = aCentavos(f.saldo) ?? 0n;
    const parte = resto > 0n && debe > 0n ? (debe < resto ? debe : resto) : 0n;
    reparto[f.FAC_CODIGO] = parte > 0n ? usd(parte) : '';
    resto -= parte;
  }
  return reparto;
}

/** The applications to send (those with an amount) and their sum in cents; null when one cannot be read. */
export function aplicaciones(
  reparto: Record<number, string>,
): { lista: Array<{ FAC_CODIGO: number; valor: string }>; suma: bigint } | null {
  const lista: Array<{ FAC_CODIGO: number; valor: string }> = [];
  let suma = 0n;
  for (const [id, texto] of Object.entries(reparto)) {
    if (!texto.trim()) continue;
    const c = aCentavos(texto);
    if (c === null || c < 0n) return null;
    if (c === 0n) continue;
    lista.push({ FAC_CODIGO: Number(id), valor: usd(c) });
    suma += c;
  }
  return { lista, suma };
}
