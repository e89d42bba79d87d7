import type {
  DocSustento,
  ImpuestoDocSustento,
  InfoCompRetencion,
  ComprobanteRetencion,
  RetencionXml,
} from '../../../domain/retenciones/comprobante';
import { campos, infoAdicional, inicioComprobante, lista, type Campo } from '../comprobantes';

/**
 * The comprobante de retención's XML (ComprobanteRetencion_V2.0.0.xsd), written with the core's helpers
 * (comprobantes/xml-util.ts) exactly as an invoice's: compact, escaped, the same comprobante always the same bytes.
 */

const INFO: ReadonlyArray<Campo<InfoCompRetencion>> = [
  'fechaEmision',
  'dirEstablecimiento?',
  'contribuyenteEspecial?',
  'obligadoContabilidad?',
  'tipoIdentificacionSujetoRetenido',
  'tipoSujetoRetenido?',
  'parteRel',
  'razonSocialSujetoRetenido',
  'identificacionSujetoRetenido',
  'periodoFiscal',
];
const DOC_ANTES_DE_IMPUESTOS: ReadonlyArray<Campo<DocSustento>> = [
  'codSustento',
  'codDocSustento',
  'numDocSustento',
  'fechaEmisionDocSustento',
  'fechaRegistroContable?',
  'numAutDocSustento?',
  'pagoLocExt',
  'totalSinImpuestos',
  'importeTotal',
];
const IMPUESTO: ReadonlyArray<Campo<ImpuestoDocSustento>> = [
  'codImpuestoDocSustento',
  'codigoPorcentaje',
  'baseImponible',
  'tarifa',
  'valorImpuesto',
];
const RETENCION: ReadonlyArray<Campo<RetencionXml>> = ['codigo', 'codigoRetencion', 'baseImponible', 'porcentajeRetener', 'valorRetenido'];

function docSustento(d: DocSustento): string {
  return (
    campos(d, DOC_ANTES_DE_IMPUESTOS) +
    lista('impuestosDocSustento', 'impuestoDocSustento', d.impuestosDocSustento, (i) => campos(i, IMPUESTO)) +
    lista('retenciones', 'retencion', d.retenciones, (r) => campos(r, RETENCION)) +
    lista('pagos', 'pago', d.pagos, (p) => campos(p, ['formaPago', 'total']))
  );
}

/** The XML declaration, a line feed, and the whole comprobanteRetencion on one line. */
export function retencionXml(comprobante: ComprobanteRetencion): string {
  return (
    inicioComprobante('comprobanteRetencion', comprobante.version, comprobante.infoTributaria) +
    `<infoCompRetencion>${campos(comprobante.infoCompRetencion, INFO)}</infoCompRetencion>` +
    lista('docsSustento', 'docSustento', comprobante.docsSustento, docSustento) +
    infoAdicional(comprobante.infoAdicional) +
    '</comprobanteRetencion>'
  );
}
