import type {
  ComprobanteNotaCredito,
  DetalleNotaCredito,
  InfoNotaCredito,
  TotalImpuestoNotaCredito,
} from '../../../domain/notasCredito/comprobante';
import { campos, detalles, infoAdicional, inicioComprobante, totalConImpuestos, type Campo } from '../comprobantes';

/**
 * The credit note's XML (NotaCredito_V1.1.0.xsd), written with the core's helpers (comprobantes/xml-util.ts) exactly
 * as an invoice's: compact, escaped, the same comprobante always the same bytes.
 */

const INFO_ANTES_DE_TOTALES: ReadonlyArray<Campo<InfoNotaCredito>> = [
  'fechaEmision',
  'dirEstablecimiento?',
  'tipoIdentificacionComprador',
  'razonSocialComprador',
  'identificacionComprador',
  'contribuyenteEspecial?',
  'obligadoContabilidad?',
  'rise?',
  'codDocModificado',
  'numDocModificado',
  'fechaEmisionDocSustento',
  'totalSinImpuestos',
  'valorModificacion',
  'moneda',
];
const TOTAL_IMPUESTO: ReadonlyArray<Campo<TotalImpuestoNotaCredito>> = ['codigo', 'codigoPorcentaje', 'baseImponible', 'valor'];
const DETALLE: ReadonlyArray<Campo<DetalleNotaCredito>> = [
  'codigoInterno?',
  'codigoAdicional?',
  'descripcion',
  'cantidad',
  'precioUnitario',
  'descuento',
  'precioTotalSinImpuesto',
];

function infoNotaCredito(n: InfoNotaCredito): string {
  return (
    '<infoNotaCredito>' +
    campos(n, INFO_ANTES_DE_TOTALES) +
    totalConImpuestos(n.totalConImpuestos, TOTAL_IMPUESTO) +
    campos(n, ['motivo']) +
    '</infoNotaCredito>'
  );
}

/** The XML declaration, a line feed, and the whole notaCredito on one line. */
export function notaCreditoXml(comprobante: ComprobanteNotaCredito): string {
  return (
    inicioComprobante('notaCredito', comprobante.version, comprobante.infoTributaria) +
    infoNotaCredito(comprobante.infoNotaCredito) +
    detalles(comprobante.detalles, DETALLE) +
    infoAdicional(comprobante.infoAdicional) +
    '</notaCredito>'
  );
}
