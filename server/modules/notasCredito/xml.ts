import type { ImpuestoDetalle } from '../../../domain/comprobantes/comprobante';
import type {
  ComprobanteNotaCredito,
  DetalleNotaCredito,
  InfoNotaCredito,
  TotalImpuestoNotaCredito,
} from '../../../domain/notasCredito/comprobante';
import { campos, detallesAdicionales, infoAdicional, inicioComprobante, type Campo } from '../comprobantes';

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
const IMPUESTO: ReadonlyArray<Campo<ImpuestoDetalle>> = ['codigo', 'codigoPorcentaje', 'tarifa', 'baseImponible', 'valor'];

function infoNotaCredito(n: InfoNotaCredito): string {
  return (
    '<infoNotaCredito>' +
    campos(n, INFO_ANTES_DE_TOTALES) +
    '<totalConImpuestos>' +
    n.totalConImpuestos.map((t) => `<totalImpuesto>${campos(t, TOTAL_IMPUESTO)}</totalImpuesto>`).join('') +
    '</totalConImpuestos>' +
    campos(n, ['motivo']) +
    '</infoNotaCredito>'
  );
}

function detalle(d: DetalleNotaCredito): string {
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

/** The XML declaration, a line feed, and the whole notaCredito on one line. */
export function notaCreditoXml(comprobante: ComprobanteNotaCredito): string {
  return (
    inicioComprobante('notaCredito', comprobante.version, comprobante.infoTributaria) +
    infoNotaCredito(comprobante.infoNotaCredito) +
    '<detalles>' +
    comprobante.detalles.map(detalle).join('') +
    '</detalles>' +
    infoAdicional(comprobante.infoAdicional) +
    '</notaCredito>'
  );
}
