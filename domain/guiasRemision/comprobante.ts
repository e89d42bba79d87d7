/**
 * A guía de remisión as the SRI's schema GuiaRemision_V1.1.0.xsd describes it (server/modules/comprobantes/esquemas):
 * the carrier and the vehicle, where and when the goods travel, and one destinatario each with its goods. It carries
 * no amounts and, unlike the other types, no fechaEmision: the access key holds the issue date. Field names are the
 * schema's element names; the order of the keys is the order of the elements; optional fields are omitted when undefined.
 */
import type { InfoTributaria } from '../comprobantes/comprobante';

export type InfoGuiaRemision = {
  dirEstablecimiento?: string;
  dirPartida: string;
  razonSocialTransportista: string;
  /** 04 RUC, 05 cédula, 06 pasaporte, 08 identificación del exterior. */
  tipoIdentificacionTransportista: string;
  rucTransportista: string;
  obligadoContabilidad?: 'SI' | 'NO';
  contribuyenteEspecial?: string;
  /** dd/mm/aaaa. */
  fechaIniTransporte: string;
  fechaFinTransporte: string;
  placa: string;
};

/** One good a destinatario receives; the quantity with 6 decimals ("3.000000"). */
export type DetalleGuia = {
  codigoInterno?: string;
  codigoAdicional?: string;
  descripcion: string;
  cantidad: string;
  detallesAdicionales?: Array<{ nombre: string; valor: string }>;
};

export type DestinatarioGuia = {
  identificacionDestinatario: string;
  razonSocialDestinatario: string;
  dirDestinatario: string;
  motivoTraslado: string;
  docAduaneroUnico?: string;
  /** The company's establishment that receives a transfer: "002". */
  codEstabDestino?: string;
  ruta?: string;
  /** "01" (factura) when the transfer has a support document. */
  codDocSustento?: string;
  /** 001-001-000000123. */
  numDocSustento?: string;
  numAutDocSustento?: string;
  /** dd/mm/aaaa. */
  fechaEmisionDocSustento?: string;
  detalles: DetalleGuia[];
};

export type ComprobanteGuiaRemision = {
  version: '1.1.0';
  infoTributaria: InfoTributaria;
  infoGuiaRemision: InfoGuiaRemision;
  destinatarios: DestinatarioGuia[];
  infoAdicional?: Array<{ nombre: string; valor: string }>;
};
