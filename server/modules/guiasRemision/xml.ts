import type { ComprobanteGuiaRemision, DestinatarioGuia, DetalleGuia, InfoGuiaRemision } from '../../../domain/guiasRemision';
import { campos, detallesAdicionales, infoAdicional, inicioComprobante, lista, type Campo } from '../comprobantes';

/**
 * The guía de remisión's XML (GuiaRemision_V1.1.0.xsd), written with the core's helpers (comprobantes/xml-util.ts)
 * exactly as an invoice's: compact, escaped, the same comprobante always the same bytes. The schema's rise and
 * maquinaFiscal are never written.
 */

const INFO: ReadonlyArray<Campo<InfoGuiaRemision>> = [
  'dirEstablecimiento?',
  'dirPartida',
  'razonSocialTransportista',
  'tipoIdentificacionTransportista',
  'rucTransportista',
  'obligadoContabilidad?',
  'contribuyenteEspecial?',
  'fechaIniTransporte',
  'fechaFinTransporte',
  'placa',
];
const DESTINATARIO: ReadonlyArray<Campo<DestinatarioGuia>> = [
  'identificacionDestinatario',
  'razonSocialDestinatario',
  'dirDestinatario',
  'motivoTraslado',
  'docAduaneroUnico?',
  'codEstabDestino?',
  'ruta?',
  'codDocSustento?',
  'numDocSustento?',
  'numAutDocSustento?',
  'fechaEmisionDocSustento?',
];
const DETALLE: ReadonlyArray<Campo<DetalleGuia>> = ['codigoInterno?', 'codigoAdicional?', 'descripcion', 'cantidad'];

const destinatario = (d: DestinatarioGuia) =>
  campos(d, DESTINATARIO) +
  lista('detalles', 'detalle', d.detalles, (b) => campos(b, DETALLE) + detallesAdicionales(b.detallesAdicionales));

/** The XML declaration, a line feed, and the whole guiaRemision on one line. */
export function guiaXml(comprobante: ComprobanteGuiaRemision): string {
  return (
    inicioComprobante('guiaRemision', comprobante.version, comprobante.infoTributaria) +
    `<infoGuiaRemision>${campos(comprobante.infoGuiaRemision, INFO)}</infoGuiaRemision>` +
    lista('destinatarios', 'destinatario', comprobante.destinatarios, destinatario) +
    infoAdicional(comprobante.infoAdicional) +
    '</guiaRemision>'
  );
}
