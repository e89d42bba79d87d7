import type { ComprobanteLiquidacionCompra, InfoLiquidacionCompra } from '../../../domain/liquidacionesCompra';
import { infoAdicional, inicioComprobante, type Campo } from '../comprobantes';
import { detallesFactura, infoComoFactura } from '../facturas';

/**
 * The liquidación's XML (LiquidacionCompra_V1.1.0.xsd), written as an invoice's (facturas/xml.ts): the supplier where
 * the invoice has its buyer, no tip, the same taxes, payments and detalle.
 */

const INFO_PROVEEDOR: ReadonlyArray<Campo<InfoLiquidacionCompra>> = [
  'fechaEmision',
  'dirEstablecimiento?',
  'contribuyenteEspecial?',
  'obligadoContabilidad?',
  'tipoIdentificacionProveedor',
  'razonSocialProveedor',
  'identificacionProveedor',
  'direccionProveedor?',
  'totalSinImpuestos',
  'totalDescuento',
];
const INFO_TOTAL: ReadonlyArray<Campo<InfoLiquidacionCompra>> = ['importeTotal', 'moneda'];

/** The XML declaration, a line feed, and the whole liquidación on one line. */
export function liquidacionXml(comprobante: ComprobanteLiquidacionCompra): string {
  return (
    inicioComprobante('liquidacionCompra', comprobante.version, comprobante.infoTributaria) +
    infoComoFactura('infoLiquidacionCompra', comprobante.infoLiquidacionCompra, INFO_PROVEEDOR, INFO_TOTAL) +
    detallesFactura(comprobante.detalles) +
    infoAdicional(comprobante.infoAdicional) +
    '</liquidacionCompra>'
  );
}
