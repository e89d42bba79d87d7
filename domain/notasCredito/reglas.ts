/**
 * The credit note's rules, pure, for the form (as the user types) and the server (on save and on issue, with the
 * invoice and its other notes read from the database): Reglamento de Comprobantes de Venta art. 15 and the SRI's
 * 2025-2026 rules (ecuador.md): never to consumidor final, within 12 months of the invoice, never dated before it,
 * never more than what the invoice still has to credit, never more units than a line still has to return.
 */
import { esDia, fechaCorta, hoyEcuador } from '../fechas';
import { CONSUMIDOR_FINAL } from '../identifiers';
import { dividirRedondeando, escalar, formatear, formatearSinCeros, leerDecimal } from '../comprobantes/decimal';
import type { ErrorFactura, Numero } from '../facturas/calculo';
import { COMPRADOR_CONSUMIDOR_FINAL, LIMITES_FACTURA } from '../facturas/catalogos';
import { enLinea } from '../facturas/mensajes';
import { sumarMeses } from '../facturas/vencimiento';
import { NOTAS_CREDITO_MSG as M } from './mensajes';

/** How long after its invoice a credit note may be issued. */
export const MESES_NOTA_CREDITO = 12;

const DD = LIMITES_FACTURA.decimalesDinero;
const DC = LIMITES_FACTURA.decimalesCantidad;

/** An amount at `decimales`, or undefined when it is unreadable or has more decimals (its own rule says so elsewhere). */
function leer(valor: Numero | null | undefined, decimales: number): bigint | undefined {
  const l = leerDecimal(valor);
  if (!l.ok || l.decimales > decimales) return undefined;
  return escalar(l, decimales);
}
/** Reads at 6 decimals and rounds to `decimales` (half-up): a total typed or stored with more decimals still compares. */
const leerRedondeado = (valor: Numero | null | undefined, decimales: number) => {
  const v = leer(valor, DC);
  return v === undefined ? undefined : dividirRedondeando(v, 10n ** BigInt(DC - decimales));
};
const suma = (valores: readonly Numero[], decimales: number) =>
  valores.reduce<bigint>((s, v) => s + (leerRedondeado(v, decimales) ?? 0n), 0n);

/** The day of a note's date: a YYYY-MM-DD day as is, a moment by its day in Ecuador. */
export const diaDe = (fecha: Date | string): string => (typeof fecha === 'string' ? fecha.trim() : hoyEcuador(fecha));

/** The last day a credit note may be dated for an invoice of `fechaFactura` (YYYY-MM-DD): 12 months later. */
export const fechaLimiteNotaCredito = (fechaFactura: string): string => sumarMeses(fechaFactura, MESES_NOTA_CREDITO);

/** What an invoice of `total` still has to credit after its other notes (their valorModificacion), never below 0: "12.34". */
export function saldoPorAcreditar(total: Numero, notas: readonly Numero[]): string {
  const saldo = (leerRedondeado(total, DD) ?? 0n) - suma(notas, DD);
  return formatear(saldo > 0n ? saldo : 0n, DD);
}

/** What a line of the invoice that sold `cantidad` still has to return after the earlier notes' quantities: "2.5". */
export function porDevolver(cantidad: Numero, devueltas: readonly Numero[]): string {
  const queda = (leer(cantidad, DC) ?? 0n) - suma(devueltas, DC);
  return formatearSinCeros(queda > 0n ? queda : 0n, DC);
}

/** Whether the buyer is consumidor final: by its type (07) or by its identification (9999999999999). */
export const esConsumidorFinal = (comprador: { tipoIdentificacion?: string | null; identificacion?: string | null }): boolean =>
  String(comprador.tipoIdentificacion ?? '').trim() === COMPRADOR_CONSUMIDOR_FINAL.tipoIdentificacion ||
  String(comprador.identificacion ?? '').trim() === CONSUMIDOR_FINAL;

/** The note's date against its invoice's: not before it, not more than 12 months after it. */
export function comprobarFechas(fechaNota: Date | string, fechaFactura: string): ErrorFactura[] {
  const factura = String(fechaFactura ?? '').trim();
  if (!esDia(factura)) return [{ campo: 'documentoModificado.fecha', mensaje: M.fechaFactura }];
  const nota = diaDe(fechaNota);
  // An unreadable date of the note is the shared rules' error (datos-comunes.ts).
  if (!esDia(nota)) return [];
  if (nota < factura) return [{ campo: 'fecha', mensaje: M.anteriorAFactura(fechaCorta(factura)) }];
  if (nota > fechaLimiteNotaCredito(factura)) return [{ campo: 'documentoModificado', mensaje: M.facturaVencida }];
  return [];
}

/** A line the note returns, against what is left of the invoice's line (undefined: a line the invoice does not limit). */
export type LineaADevolver = { cantidad: Numero; disponible?: Numero | null };

export type EntradaNotaCredito = {
  /** The note's date: a YYYY-MM-DD day or a moment. */
  fecha: Date | string;
  /** The note's buyer (the invoice's). */
  comprador: { tipoIdentificacion?: string | null; identificacion?: string | null };
  motivo?: string | null;
  /** The invoice: its date (YYYY-MM-DD) and its importeTotal. */
  factura: { fecha: string; total: Numero };
  /** The valorModificacion of the invoice's other credit notes that count (any not ANULADA nor refused by the SRI). */
  notas: readonly Numero[];
  /** This note's valorModificacion (totalSinImpuestos plus its taxes). */
  valor: Numero;
  lineas?: readonly LineaADevolver[];
};

/** Every rule of the credit note the input breaks, in the order the form shows them (an empty list: it may be saved). */
export function comprobarNotaCredito(e: EntradaNotaCredito): ErrorFactura[] {
  const errores: ErrorFactura[] = [];
  if (esConsumidorFinal(e.comprador)) errores.push({ campo: 'comprador', mensaje: M.consumidorFinal });
  errores.push(...comprobarFechas(e.fecha, e.factura.fecha));
  const motivo = String(e.motivo ?? '').trim();
  if (!motivo) errores.push({ campo: 'motivo', mensaje: M.motivoRequerido });
  else if (motivo.length > LIMITES_FACTURA.texto) errores.push({ campo: 'motivo', mensaje: M.motivoLargo });
  (e.lineas ?? []).forEach((linea, i) => {
    if (linea.disponible == null || String(linea.disponible).trim() === '') return;
    const cantidad = leer(linea.cantidad, DC);
    const disponible = leer(linea.disponible, DC) ?? 0n;
    if (cantidad !== undefined && cantidad > disponible) {
      const n = i + 1;
      errores.push({ campo: 'cantidad', linea: n, mensaje: enLinea(n, M.superaCantidad(formatearSinCeros(disponible, DC))) });
    }
  });
  const valor = leerRedondeado(e.valor, DD);
  const saldo = saldoPorAcreditar(e.factura.total, e.notas);
  if (valor !== undefined && valor > (leer(saldo, DD) ?? 0n)) errores.push({ campo: 'valorModificacion', mensaje: M.superaSaldo(saldo) });
  return errores;
}
