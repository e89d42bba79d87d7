import { AMBIENTES, UNIDADES_TIEMPO, nombreFormaPago, type Ambiente } from '../../../domain/facturas/catalogos';
import type { InfoFactura, TotalImpuesto } from '../../../domain/facturas/comprobante';

/** RIDEs print the SRI's names in capitals; a code no table knows still prints, as the XML carries it. */
export const nombreFormaPagoRide = (codigo: string) => nombreFormaPago(codigo)?.toLocaleUpperCase('es') ?? `FORMA DE PAGO ${codigo}`;

export const nombreAmbiente = (ambiente: string) => (AMBIENTES[ambiente as Ambiente] ?? AMBIENTES['1']).toLocaleUpperCase('es');

/** The XML writes the unit without accents ("dias"); the buyer reads "30 días". */
export function plazoPago(p: { plazo?: string; unidadTiempo?: string }): string {
  if (!p.plazo) return '';
  const unidad = p.unidadTiempo ?? '';
  const nombre = UNIDADES_TIEMPO.find((u) => u.id === unidad.toLowerCase())?.name.toLocaleLowerCase('es') ?? unidad;
  return `${p.plazo} ${nombre}`.trim();
}

/** "001-001-000000123": the number the buyer and the SRI's portal know the invoice by. */
export const numeroComprobante = (estab: string, ptoEmi: string, secuencial: string) => `${estab}-${ptoEmi}-${secuencial}`;

/**
 * Quantities and unit prices carry up to 6 decimals in the XML ("2.500000"); the RIDE drops the trailing zeros
 * but keeps 2 decimals, so that "2.500000" reads "2.50" and "0.123400" reads "0.1234".
 */
export function decimalCorto(valor: string): string {
  const [entero, decimales = ''] = valor.split('.');
  const recortados = decimales.replace(/0+$/, '');
  return `${entero}.${recortados.padEnd(2, '0')}`;
}

/** Sums of amounts that are already rounded to cents: adding cents as integers cannot drift like floats do. */
const centavos = (valor: string) => Math.round(Number(valor) * 100);
const dinero = (c: number) => (c / 100).toFixed(2);

const fechaHoraEcuador = new Intl.DateTimeFormat('es-EC', {
  timeZone: 'America/Guayaquil',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "22/11/2026 09:13:55" in Ecuador's time, whatever the server's zone. */
export function fechaAutorizacion(fecha: Date): string {
  const p = Object.fromEntries(fechaHoraEcuador.formatToParts(fecha).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

export type FilaTotal = { etiqueta: string; valor: string };

/** "15.00" → "15", "12.50" → "12.5": rates as the legends write them. */
const tasa = (tarifa: string) => String(Number(tarifa));

/**
 * How each IVA codigoPorcentaje appears in the totals: its subtotal legend, and its tax legend when it carries IVA.
 * Codes 12 % and 14 % only appear on old documents; 8 (diferenciado) takes its rate from the document itself.
 */
function leyendaIva(t: TotalImpuesto): { subtotal: string; iva?: string } {
  switch (t.codigoPorcentaje) {
    case '0':
      return { subtotal: 'SUBTOTAL 0 %' };
    case '6':
      return { subtotal: 'SUBTOTAL NO OBJETO DE IVA' };
    case '7':
      return { subtotal: 'SUBTOTAL EXENTO DE IVA' };
    case '2':
      return { subtotal: 'SUBTOTAL 12 %', iva: 'IVA 12 %' };
    case '3':
      return { subtotal: 'SUBTOTAL 14 %', iva: 'IVA 14 %' };
    case '4':
      return { subtotal: 'SUBTOTAL 15 %', iva: 'IVA 15 %' };
    case '5':
      return { subtotal: 'SUBTOTAL 5 %', iva: 'IVA 5 %' };
    case '8': {
      const r = t.tarifa ? ` ${tasa(t.tarifa)} %` : '';
      return { subtotal: `SUBTOTAL IVA DIFERENCIADO${r}`, iva: `IVA DIFERENCIADO${r}` };
    }
    default: {
      const r = t.tarifa ? `${tasa(t.tarifa)} %` : `CÓDIGO ${t.codigoPorcentaje}`;
      return { subtotal: `SUBTOTAL ${r}`, iva: `IVA ${r}` };
    }
  }
}

/** The rows every RIDE shows, even at 0.00, in the order Ecuadorian RIDEs print them. */
const SUBTOTALES_FIJOS = ['SUBTOTAL 15 %', 'SUBTOTAL 5 %', 'SUBTOTAL 0 %', 'SUBTOTAL NO OBJETO DE IVA', 'SUBTOTAL EXENTO DE IVA'];
const IVAS_FIJOS = ['IVA 15 %', 'IVA 5 %'];

/** What totalConImpuestos adds up to on a RIDE: a subtotal (IVA base) and an IVA per rate, the ICE and the IRBPNR. */
export type ImpuestosRide = { subtotales: FilaTotal[]; ivas: FilaTotal[]; ice: string; irbpnr?: string };

/**
 * The IVA legends of any document with totalConImpuestos (an invoice, a credit note): the usual rates always, even at
 * 0.00; rates outside them (12 %, 14 %, diferenciado) only when the document carries them.
 */
export function impuestosRide(totalConImpuestos: TotalImpuesto[]): ImpuestosRide {
  const subtotales = new Map<string, number>(SUBTOTALES_FIJOS.map((e) => [e, 0]));
  const ivas = new Map<string, number>(IVAS_FIJOS.map((e) => [e, 0]));
  let ice = 0;
  let irbpnr: number | undefined;
  for (const t of totalConImpuestos) {
    if (t.codigo === '3') ice += centavos(t.valor);
    else if (t.codigo === '5') irbpnr = (irbpnr ?? 0) + centavos(t.valor);
    else {
      const leyenda = leyendaIva(t);
      subtotales.set(leyenda.subtotal, (subtotales.get(leyenda.subtotal) ?? 0) + centavos(t.baseImponible));
      if (leyenda.iva) ivas.set(leyenda.iva, (ivas.get(leyenda.iva) ?? 0) + centavos(t.valor));
    }
  }
  const filas = (m: Map<string, number>) => [...m].map(([etiqueta, c]) => ({ etiqueta, valor: dinero(c) }));
  return { subtotales: filas(subtotales), ivas: filas(ivas), ice: dinero(ice), irbpnr: irbpnr === undefined ? undefined : dinero(irbpnr) };
}

/**
 * An invoice's totals table, in the order Ecuadorian RIDEs print it: one subtotal per rate, the ICE and IRBPNR
 * amounts, one IVA per taxed rate, the tip and the total. A document without a tip (a liquidación de compra) prints
 * no tip's row.
 */
export function filasTotales(
  info: Pick<InfoFactura, 'totalConImpuestos' | 'totalSinImpuestos' | 'totalDescuento' | 'importeTotal'> & { propina?: string },
): FilaTotal[] {
  const { subtotales, ivas, ice, irbpnr } = impuestosRide(info.totalConImpuestos);
  return [
    ...subtotales,
    { etiqueta: 'SUBTOTAL SIN IMPUESTOS', valor: info.totalSinImpuestos },
    { etiqueta: 'TOTAL DESCUENTO', valor: info.totalDescuento },
    { etiqueta: 'ICE', valor: ice },
    ...(irbpnr === undefined ? [] : [{ etiqueta: 'IRBPNR', valor: irbpnr }]),
    ...ivas,
    ...(info.propina === undefined ? [] : [{ etiqueta: 'PROPINA', valor: info.propina }]),
    { etiqueta: 'VALOR TOTAL', valor: info.importeTotal },
  ];
}
