import type { ComprobanteFactura, Detalle, ImpuestoDetalle, InfoFactura, Pago, TotalImpuesto } from '../../../domain/facturas/comprobante';
import { campos, detallesAdicionales, infoAdicional, inicioComprobante, lista, type Campo } from '../comprobantes';

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
const PAGO: ReadonlyArray<Campo<Pago>> = ['formaPago', 'total', 'plazo?', 'unidadTiempo?'];
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
const IMPUESTO: ReadonlyArray<Campo<ImpuestoDetalle>> = ['codigo', 'codigoPorcentaje', 'tarifa', 'baseImponible', 'valor'];

function infoFactura(f: InfoFactura): string {
  return (
    '<infoFactura>' +
    campos(f, INFO_FACTURA_COMPRADOR) +
    '<totalConImpuestos>' +
    f.totalConImpuestos.map((t) => `<totalImpuesto>${campos(t, TOTAL_IMPUESTO)}</totalImpuesto>`).join('') +
    '</totalConImpuestos>' +
    campos(f, INFO_FACTURA_TOTAL) +
    // The schema wants at least one pago inside pagos: no payments means no pagos element.
    lista('pagos', 'pago', f.pagos, (p) => campos(p, PAGO)) +
    '</infoFactura>'
  );
}

function detalle(d: Detalle): string {
  return (
    '<detalle>' +
    campos(d, DETALLE) +
    detallesAdicionales(d.detallesAdicionales) +
    '<impuestos>' +
    d.impuestos.map((i) => `<impuesto>${campos(i, IMPUESTO)}</impuesto>`).join('') +
    '</impuestos>' +
    '</detalle>'
  );
}

/** The XML declaration, a line feed, and the whole factura on one line. */
export function facturaXml(comprobante: ComprobanteFactura): string {
  return (
    inicioComprobante('factura', comprobante.version, comprobante.infoTributaria) +
    infoFactura(comprobante.infoFactura) +
    '<detalles>' +
    comprobante.detalles.map(detalle).join('') +
    '</detalles>' +
    infoAdicional(comprobante.infoAdicional) +
    '</factura>'
  );
}
