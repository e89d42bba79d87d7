/**
 * The credit note form's values, what they compute to and what the API takes. Two ways to credit an invoice:
 * Devolución (the invoice's lines, each with a quantity to return, at most what is left of it) and Descuento (values,
 * each with its IVA rate). The amounts are computed by the invoice's own line calculation (calcularLineas), the one
 * the server uses, and the rules are the domain's (comprobarNotaCredito), so the screen says what the server would.
 */
import type {
  LineaFacturaRestante,
  NotaCreditoBorrador,
  NotaCreditoDetalle,
  ResumenFacturaNotas,
} from '../../../domain/contratos/notasCredito';
import { calcularLineas, type ErrorFactura, type LineaEntrada, type LineasCalculadas } from '../../../domain/facturas/calculo';
import { IVA } from '../../../domain/facturas/catalogos';
import { dividirRedondeando, escalar, formatear, leerDecimal } from '../../../domain/comprobantes/decimal';
import { comprobarNotaCredito } from '../../../domain/notasCredito/reglas';
import { hoyEcuador } from '../../../domain/fechas';
import { leerNumero } from '../../ui/numeros';

export type Modo = 'devolucion' | 'descuento';
export type DescuentoForm = { valor: string; iva: string };

export type NotaCreditoForm = {
  FAC_MODIFICA: number | '';
  PEM_CODIGO: number | '';
  FAC_FECHA: string;
  FAC_MOTIVO: string;
  modo: Modo;
  /** The quantity to return of each invoice line, by its FDE_LINEA ("l3"); empty: nothing of it. */
  devolver: Record<string, string>;
  descuentos: DescuentoForm[];
};

export const clave = (linea: number) => `l${linea}`;

export const descuentoVacio = (): DescuentoForm => ({ valor: '', iva: IVA.quince });

export const nuevaNotaCredito = (factura?: number): NotaCreditoForm => ({
  FAC_MODIFICA: factura ?? '',
  PEM_CODIGO: '',
  FAC_FECHA: hoyEcuador(),
  FAC_MOTIVO: '',
  modo: 'devolucion',
  devolver: {},
  descuentos: [descuentoVacio()],
});

const limpio = (valor: unknown) => String(valor ?? '').trim();
/** "12,50" → "12.50"; what is no number goes as typed (the rules say why). */
const numero = (valor: unknown) => leerNumero(limpio(valor)) ?? limpio(valor);

/** The part of a line's discount that goes with the returned quantity (all of it when the whole line returns). */
function descuentoProporcional(l: LineaFacturaRestante, cantidad: string): string {
  const descuento = leerDecimal(l.FDE_DESCUENTO);
  const vendida = leerDecimal(l.FDE_CANTIDAD);
  const devuelta = leerDecimal(cantidad);
  if (!descuento.ok || !vendida.ok || !devuelta.ok || descuento.valor === 0n) return '0';
  const total = escalar(vendida, 6);
  if (total === 0n) return '0';
  return formatear(dividirRedondeando(escalar(descuento, 2) * escalar(devuelta, 6), total), 2);
}

/** The lines the note sends, in the invoice's order: returned lines, or one line per discount. */
export function lineasDe(values: Partial<NotaCreditoForm>, resumen?: ResumenFacturaNotas): NotaCreditoBorrador['lineas'] {
  if (values.modo === 'descuento')
    return (values.descuentos ?? []).map((d) => ({
      FDE_DESCRIPCION: `Descuento sobre la factura ${resumen?.factura.FAC_NUMERO ?? ''}`.trim(),
      FDE_CANTIDAD: '1',
      FDE_PRECIO: numero(d?.valor),
      FDE_IVA: d?.iva ?? '',
    }));
  return (resumen?.factura.lineas ?? [])
    .map((l) => ({ l, cantidad: numero(values.devolver?.[clave(l.FDE_LINEA)]) }))
    .filter(({ cantidad }) => cantidad !== '' && Number(cantidad) !== 0)
    .map(({ l, cantidad }) => ({
      FDE_LINEA_FACTURA: l.FDE_LINEA,
      CAT_CODIGO: l.CAT_CODIGO ?? null,
      FDE_PRINCIPAL: l.FDE_PRINCIPAL ?? null,
      FDE_DESCRIPCION: l.FDE_DESCRIPCION,
      FDE_CANTIDAD: cantidad,
      FDE_PRECIO: l.FDE_PRECIO,
      FDE_DESCUENTO: descuentoProporcional(l, cantidad),
      FDE_IVA: l.FDE_IVA,
    }));
}

const entrada = (lineas: NotaCreditoBorrador['lineas']): LineaEntrada[] =>
  lineas.map((l) => ({
    cantidad: l.FDE_CANTIDAD,
    precioUnitario: l.FDE_PRECIO,
    descuento: l.FDE_DESCUENTO ?? '',
    codigoPorcentaje: l.FDE_IVA,
  }));

export type CalculoNota = LineasCalculadas & {
  /** Every rule the note breaks now: the domain's, with `linea` the invoice line's position (devolución). */
  errores: ErrorFactura[];
  vacia: boolean;
};

/** The note as the form holds it, computed and checked (the invoice's summary gives what is left and its dates). */
export function calcular(values: Partial<NotaCreditoForm>, resumen?: ResumenFacturaNotas): CalculoNota {
  const lineas = lineasDe(values, resumen);
  const calculo = calcularLineas(entrada(lineas));
  const errores = [...calculo.errores];
  if (resumen) {
    const f = resumen.factura;
    const reglas = comprobarNotaCredito({
      fecha: values.FAC_FECHA || hoyEcuador(),
      comprador: { tipoIdentificacion: f.CLI_TIPO_IDENTIFICACION, identificacion: f.CLI_IDENTIFICACION },
      motivo: values.FAC_MOTIVO,
      // What remains already discounts the other notes that count.
      factura: { fecha: f.FAC_FECHA, total: resumen.restante },
      notas: [],
      valor: calculo.total,
      lineas:
        values.modo === 'descuento'
          ? []
          : f.lineas.map((l) => ({ cantidad: numero(values.devolver?.[clave(l.FDE_LINEA)]) || '0', disponible: l.FDE_RESTANTE })),
    });
    errores.push(...reglas.filter((e) => e.campo !== 'motivo' || limpio(values.FAC_MOTIVO) !== ''));
  }
  return { ...calculo, errores, vacia: lineas.length === 0 };
}

/** The draft as POST/PUT /api/notasCredito take it, with the totals the form showed. */
export function notaCreditoToWire(values: NotaCreditoForm, resumen?: ResumenFacturaNotas): NotaCreditoBorrador {
  const lineas = lineasDe(values, resumen);
  const calculo = calcularLineas(entrada(lineas));
  return {
    FAC_MODIFICA: Number(values.FAC_MODIFICA),
    PEM_CODIGO: Number(values.PEM_CODIGO),
    FAC_FECHA: values.FAC_FECHA,
    FAC_MOTIVO: limpio(values.FAC_MOTIVO),
    lineas,
    totales: { FAC_SUBTOTAL: calculo.totalSinImpuestos, FAC_IVA: calculo.totalIva, FAC_TOTAL: calculo.total },
  };
}

/** "2.500000" → "2.5": a stored quantity as a user would type it. */
const sinCeros = (valor: unknown) => {
  const t = limpio(valor);
  return /^-?\d+\.\d+$/.test(t) ? t.replace(/\.?0+$/, '') : t;
};

/** A saved draft's values: its returned lines' quantities, or its discounts (lines without an invoice line). */
export function formDe(nota: NotaCreditoDetalle): NotaCreditoForm {
  const devolucion = nota.lineas.some((l) => l.FDE_LINEA_FACTURA != null);
  return {
    FAC_MODIFICA: nota.FAC_MODIFICA,
    PEM_CODIGO: nota.PEM_CODIGO,
    FAC_FECHA: nota.FAC_FECHA,
    FAC_MOTIVO: nota.FAC_MOTIVO ?? '',
    modo: devolucion ? 'devolucion' : 'descuento',
    devolver: Object.fromEntries(
      nota.lineas.filter((l) => l.FDE_LINEA_FACTURA != null).map((l) => [clave(l.FDE_LINEA_FACTURA!), sinCeros(l.FDE_CANTIDAD)]),
    ),
    descuentos: devolucion ? [descuentoVacio()] : nota.lineas.map((l) => ({ valor: sinCeros(l.FDE_SUBTOTAL), iva: l.FDE_IVA })),
  };
}
