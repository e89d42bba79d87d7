/**
 * The registry of document types: one line per SRI document the app issues, by its codDoc. The core
 * (modules/comprobantes) never imports it nor any type's module: app.ts hands it down (the SRI's worker, the email,
 * the RIDE of a queued document), so adding a type is its module plus one line here.
 */
import type { CodigoDocumento } from '../../domain/comprobantes';
import type { TipoComprobante } from './comprobantes';
import { tipoFactura } from './facturas';
import { tipoNotaCredito } from './notasCredito';
import { tipoNotaDebito } from './notasDebito';
import { tipoLiquidacion } from './liquidacionesCompra';
import { tipoRetencion } from './retenciones';
import { tipoGuia } from './guiasRemision';

export const TIPOS_COMPROBANTE: Readonly<Partial<Record<CodigoDocumento, TipoComprobante>>> = {
  '01': tipoFactura,
  '03': tipoLiquidacion,
  '04': tipoNotaCredito,
  '05': tipoNotaDebito,
  '06': tipoGuia,
  '07': tipoRetencion,
};

/** The type of a stored document (its FAC_TIPO); a code with no type is a programming error. */
export function tipoDe(codDoc: string): TipoComprobante {
  const tipo = TIPOS_COMPROBANTE[codDoc as CodigoDocumento];
  if (!tipo) throw new Error(`Tipo de comprobante sin registrar: ${codDoc}`);
  return tipo;
}
