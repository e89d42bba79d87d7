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

function infoFactura(f: InfoFactura): string {
  return (
    '<infoFactura>' +
    campos(f, INFO_FACTURA_COMPRADOR) +
    totalConImpuestos(f.totalConImpuestos, TOTAL_IMPUESTO) +
    campos(f, INFO_FACTURA_TOTAL) +
    pagos(f.pagos) +
    '</infoFactura>'
  );
}

/** The XML declaration, a line feed, and the whole factura on one line. */
export function facturaXml(comprobante: ComprobanteFactura): string {
  return (
    inicioComprobante('factura', comprobante.version, comprobante.infoTributaria) +
    infoFactura(comprobante.infoFactura) +
    detalles(comprobante.detalles, DETALLE) +
    infoAdicional(comprobante.infoAdicional) +
    '</factura>'
  );
}
