import type { ImpuestoDetalle, Pago } from '../../../domain/comprobantes/comprobante';
import type { ComprobanteNotaDebito, InfoNotaDebito, MotivoNotaDebito } from '../../../domain/notasDebito/comprobante';
import { campos, infoAdicional, inicioComprobante, lista, type Campo } from '../comprobantes';

/**
 * The debit note's XML (NotaDebito_V1.0.0.xsd), written with the core's helpers (comprobantes/xml-util.ts) exactly
 * as an invoice's: compact, escaped, the same comprobante always the same bytes.
 */

const INFO_ANTES_DE_IMPUESTOS: ReadonlyArray<Campo<InfoNotaDebito>> = [
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
];
/** Here tarifa is required and comes before baseImponible. */
const IMPUESTO: ReadonlyArray<Campo<ImpuestoDetalle>> = ['codigo', 'codigoPorcentaje', 'tarifa', 'baseImponible', 'valor'];
const PAGO: ReadonlyArray<Campo<Pago>> = ['formaPago', 'total', 'plazo?', 'unidadTiempo?'];
const MOTIVO: ReadonlyArray<Campo<MotivoNotaDebito>> = ['razon', 'valor'];

function infoNotaDebito(n: InfoNotaDebito): string {
  return (
    '<infoNotaDebito>' +
    campos(n, INFO_ANTES_DE_IMPUESTOS) +
    '<impuestos>' +
    n.impuestos.map((i) => `<impuesto>${campos(i, IMPUESTO)}</impuesto>`).join('') +
    '</impuestos>' +
    campos(n, ['valorTotal']) +
    // The schema wants at least one pago inside pagos: no payments means no pagos element.
    lista('pagos', 'pago', n.pagos, (p) => campos(p, PAGO)) +
    '</infoNotaDebito>'
  );
}

/** The XML declaration, a line feed, and the whole notaDebito on one line. */
export function notaDebitoXml(comprobante: ComprobanteNotaDebito): string {
  return (
    inicioComprobante('notaDebito', comprobante.version, comprobante.infoTributaria) +
    infoNotaDebito(comprobante.infoNotaDebito) +
    lista('motivos', 'motivo', comprobante.motivos, (m) => campos(m, MOTIVO)) +
    infoAdicional(comprobante.infoAdicional) +
    '</notaDebito>'
  );
}
