/**
 * The liquidación de compra form's values: the invoice's (lines, payments, additional fields, the same calculation)
 * with the supplier instead of the buyer; what the API takes.
 */
import type { LiquidacionCompraBorrador, LiquidacionCompraDetalle } from '../../../domain/contratos/liquidacionesCompra';
import { facturaToWire, formDe as facturaFormDe, nuevaFactura, type FacturaForm } from '../facturas/formulario';

export type LiquidacionForm = Omit<FacturaForm, 'CLI_CODIGO'> & { PRV_CODIGO: number | '' };

export const nuevaLiquidacion = (): LiquidacionForm => {
  const { CLI_CODIGO: _, ...factura } = nuevaFactura();
  return { ...factura, PRV_CODIGO: '' };
};

/** The draft as POST/PUT /api/liquidacionesCompra take it, with the totals the form showed. */
export function liquidacionToWire(values: LiquidacionForm): LiquidacionCompraBorrador {
  const { CLI_CODIGO: _, ...factura } = facturaToWire({ ...values, CLI_CODIGO: '' });
  return { ...factura, PRV_CODIGO: Number(values.PRV_CODIGO) };
}

/** A saved draft's values. */
export function formDe(liquidacion: LiquidacionCompraDetalle): LiquidacionForm {
  const { CLI_CODIGO: _, ...factura } = facturaFormDe({ ...liquidacion, CLI_CODIGO: 0 } as unknown as Parameters<typeof facturaFormDe>[0]);
  return { ...factura, PRV_CODIGO: liquidacion.PRV_CODIGO };
}
