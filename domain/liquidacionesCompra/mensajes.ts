/** A liquidación de compra's rules in Spanish: the form shows them as the user types and the server answers them. */
import type { TextosTotales } from '../facturas/calculo';

export const LIQUIDACION_MSG = {
  sinLineas: 'La liquidación de compra debe tener al menos una línea.',
  totalGrande: 'El total de la liquidación de compra supera el valor máximo que admite el SRI (999999999999.99).',
  pagosNoCoinciden: (suma: string, total: string) =>
    `La suma de las formas de pago (${suma}) no coincide con el total de la liquidación de compra (${total}).`,
  totalNoCoincide: (nombre: string, enviado: string, calculado: string) =>
    `${nombre} enviado (${enviado}) no coincide con el calculado (${calculado}); revise la liquidación e intente nuevamente.`,
  proveedorInactivo: 'El proveedor está inactivo: actívelo en Proveedores para comprarle con una liquidación.',
  proveedorConRuc:
    'El proveedor tiene RUC: debe entregarle su propia factura. La liquidación de compra es para quien no puede facturar (cédula, pasaporte o del exterior).',
  proveedorIdentificacion:
    'La liquidación de compra es para un proveedor identificado con cédula, pasaporte o identificación del exterior.',
  sinIce: (linea: number) => `Línea ${linea}: la liquidación de compra no lleva ICE; quite el ICE de la línea.`,
} as const;

/** The totals the form declares, named for the liquidación (compararTotales). */
export const TEXTOS_TOTALES: TextosTotales = {
  nombres: {
    totalSinImpuestos: 'El subtotal sin impuestos',
    totalDescuento: 'El total de descuentos',
    totalIva: 'El IVA',
    importeTotal: 'El total de la liquidación',
  },
  noCoincide: LIQUIDACION_MSG.totalNoCoincide,
};
