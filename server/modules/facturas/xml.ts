import type { ComprobanteFactura, Detalle, InfoFactura, TotalImpuesto } from '../../../domain/facturas/comprobante';
import { campos, detalles, infoAdicional, inicioComprobante, pagos, totalConImpuestos, type Campo } from '../comprobantes';

/**
 * The invoice's XML (factura_V1.1.0.xsd), written with the core's helpers (comprobantes/xml-util.ts: escaping, compact
 * layout, infoTributaria, infoAdicional) so that every document type gives the signer the same kind of bytes.
 */

const TOTAL_IMPUESTO: ReadonlyArray<Campo<TotalImpuesto>> = [
  'codigo',
  'codigoPorcentaje',
  'descuentoAdicional?',
  'baseImponible',
  'tarifa?',
  'valor',
];
const INFO_FACTURA_COMPRADOR: ReadonlyArray<Campo<InfoFactura>> = [
  'fechaEmision',
  'dirEstablecimiento?',
  'contribuyenteEspecial?',
  'obligadoContabilidad?',
  'tipoIdentificacionComprador',
  'razonSocialComprador',
  'identificacionComprador',
  'direccionComprador?',
  'totalSinImpuestos',
  'totalDescuento',
];
const INFO_FACTURA_TOTAL: ReadonlyArray<Campo<InfoFactura>> = ['propina', 'importeTotal', 'moneda'];
const DETALLE: ReadonlyArray<Campo<Detalle>> = [
  'codigoPrincipal?',
  'codigoAuxiliar?',
  'descripcion',
  'cantidad',
  'precioUnitario',
  'descuento',
  'precioTotalSinImpuesto',
];

/**
 * The info block of a document written as an invoice (a factura, a liquidación de compra), `etiqueta`: its fields up
 * to the discount (`cabecera`: the recipient's), its taxes, its totals (`total`) and its payments.
 */
export function infoComoFactura<I extends Pick<InfoFactura, 'totalConImpuestos' | 'pagos'>>(
  etiqueta: string,
  info: I,
  cabecera: ReadonlyArray<Campo<I>>,
  total: ReadonlyArray<Campo<I>>,
): string {
  return (
    `<${etiqueta}>` +
    campos(info, cabecera) +
    totalConImpuestos(info.totalConImpuestos, TOTAL_IMPUESTO) +
    campos(info, total) +
    pagos(info.pagos) +
    `</${etiqueta}>`
  );
}

/** The lines of a document written as an invoice. */
export const detallesFactura = (lineas: readonly Detalle[]) => detalles(lineas, DETALLE);

/** The XML declaration, a line feed, and the whole factura on one line. */
export function facturaXml(comprobante: ComprobanteFactura): string {
  return (
    inicioComprobante('factura', comprobante.version, comprobante.infoTributaria) +
    infoComoFactura('infoFactura', comprobante.infoFactura, INFO_FACTURA_COMPRADOR, INFO_FACTURA_TOTAL) +
    detallesFactura(comprobante.detalles) +
    infoAdicional(comprobante.infoAdicional) +
    '</factura>'
  );
}
