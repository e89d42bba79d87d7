import type { ComprobanteNotaDebito, InfoNotaDebito, MotivoNotaDebito } from '../../../domain/notasDebito/comprobante';
import { campos, impuestos, infoAdicional, inicioComprobante, lista, pagos, type Campo } from '../comprobantes';

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
const MOTIVO: ReadonlyArray<Campo<MotivoNotaDebito>> = ['razon', 'valor'];

function infoNotaDebito(n: InfoNotaDebito): string {
  return (
    '<infoNotaDebito>' +
    campos(n, INFO_ANTES_DE_IMPUESTOS) +
    impuestos(n.impuestos) +
    campos(n, ['valorTotal']) +
    pagos(n.pagos) +
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
