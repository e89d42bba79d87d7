/**
 * The debit note form's values, what they compute to (calcularNotaDebito, the server's own calculation) and what the
 * API takes. Amounts stay as the user typed them ("12,5"); the calculation reads them.
 */
import type { NotaDebitoBorrador, NotaDebitoDetalle } from '../../../domain/contratos/notasDebito';
import { IVA } from '../../../domain/facturas/catalogos';
import { calcularNotaDebito, type NotaDebitoCalculada } from '../../../domain/notasDebito/calculo';
import { hoyEcuador } from '../../../domain/fechas';
import { leerNumero } from '../../ui/numeros';

export type MotivoForm = { razon: string; valor: string; iva: string };
export type PagoForm = { FPA_FORMA: string; FPA_TOTAL: string; FPA_PLAZO: string; FPA_UNIDAD: string };

export type NotaDebitoForm = {
  FAC_MODIFICA: number | '';
  PEM_CODIGO: number | '';
  FAC_FECHA: string;
  motivos: MotivoForm[];
  pagos: PagoForm[];
};

export const motivoVacio = (): MotivoForm => ({ razon: '', valor: '', iva: IVA.quince });
export const pagoInicial = (total = ''): PagoForm => ({ FPA_FORMA: '01', FPA_TOTAL: total, FPA_PLAZO: '', FPA_UNIDAD: 'dias' });

export const nuevaNotaDebito = (factura?: number): NotaDebitoForm => ({
  FAC_MODIFICA: factura ?? '',
  PEM_CODIGO: '',
  FAC_FECHA: hoyEcuador(),
  motivos: [motivoVacio()],
  pagos: [pagoInicial()],
});

const limpio = (valor: unknown) => String(valor ?? '').trim();
const numero = (valor: unknown) => leerNumero(limpio(valor)) ?? limpio(valor);

export const calcular = (values: Partial<NotaDebitoForm>): NotaDebitoCalculada =>
  calcularNotaDebito(
    (values.motivos ?? []).map((m) => ({ razon: m?.razon ?? '', valor: m?.valor ?? '', iva: m?.iva ?? '' })),
    (values.pagos ?? []).map((p) => ({
      formaPago: p?.FPA_FORMA ?? '',
      total: p?.FPA_TOTAL ?? '',
      plazo: p?.FPA_PLAZO ?? '',
      unidadTiempo: p?.FPA_PLAZO ? p.FPA_UNIDAD : '',
    })),
  );

/** The draft as POST/PUT /api/notasDebito take it, with the totals the form showed. */
export function notaDebitoToWire(values: NotaDebitoForm): NotaDebitoBorrador {
  const calculo = calcular(values);
  return {
    FAC_MODIFICA: Number(values.FAC_MODIFICA),
    PEM_CODIGO: Number(values.PEM_CODIGO),
    FAC_FECHA: values.FAC_FECHA,
    motivos: values.motivos.map((m) => ({ razon: limpio(m.razon), valor: numero(m.valor), iva: m.iva })),
    pagos: values.pagos.map((p) => ({
      FPA_FORMA: p.FPA_FORMA,
      FPA_TOTAL: numero(p.FPA_TOTAL),
      FPA_PLAZO: limpio(p.FPA_PLAZO) === '' ? null : Number(p.FPA_PLAZO),
      FPA_UNIDAD: limpio(p.FPA_PLAZO) === '' ? null : p.FPA_UNIDAD || null,
    })),
    totales: { FAC_SUBTOTAL: calculo.totalSinImpuestos, FAC_IVA: calculo.totalIva, FAC_TOTAL: calculo.valorTotal },
  };
}

/** A saved draft's values. */
export function formDe(nota: NotaDebitoDetalle): NotaDebitoForm {
  return {
    FAC_MODIFICA: nota.FAC_MODIFICA,
    PEM_CODIGO: nota.PEM_CODIGO,
    FAC_FECHA: nota.FAC_FECHA,
    motivos: nota.motivos.map((m) => ({ razon: m.razon, valor: m.valor, iva: m.iva })),
    pagos: nota.pagos.map((p) => ({
      FPA_FORMA: p.FPA_FORMA,
      FPA_TOTAL: p.FPA_TOTAL,
      FPA_PLAZO: p.FPA_PLAZO == null ? '' : String(p.FPA_PLAZO),
      FPA_UNIDAD: p.FPA_UNIDAD ?? 'dias',
    })),
  };
}
