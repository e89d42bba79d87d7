/**
 * Who a liquidación de compra may be issued to (Reglamento de Comprobantes de Venta, Retención y Documentos
 * Complementarios, art. 13): a person who cannot give the company a comprobante de venta — identified by cédula or
 * pasaporte — or a non-resident who provides a service from abroad (identificación del exterior). A RUC holder
 * invoices: the company receives its factura instead. The schema admits 04 to 08; the rule narrows it.
 */
import { LIQUIDACION_MSG } from './mensajes';

export const IDENTIFICACIONES_LIQUIDACION = ['05', '06', '08'] as const;

/** Why the supplier cannot receive a liquidación, or null when it can. */
export function motivoProveedor(proveedor: { tipoIdentificacion: string; activo: boolean }): string | null {
  if (!proveedor.activo) return LIQUIDACION_MSG.proveedorInactivo;
  if (proveedor.tipoIdentificacion === '04') return LIQUIDACION_MSG.proveedorConRuc;
  if (!(IDENTIFICACIONES_LIQUIDACION as readonly string[]).includes(proveedor.tipoIdentificacion))
    return LIQUIDACION_MSG.proveedorIdentificacion;
  return null;
}
