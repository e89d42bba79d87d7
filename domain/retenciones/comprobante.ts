/**
 * A comprobante de retención as the SRI's schema ComprobanteRetencion_V2.0.0.xsd describes it
 * (server/modules/comprobantes/esquemas), fully computed: every amount is already rounded and written as the XML
 * carries it. Field names are the schema's element names; the order of the keys is the order of the elements;
 * optional fields are omitted when undefined.
 */
import type { InfoTributaria, Pago } from '../comprobantes/comprobante';

export type InfoCompRetencion = {
  /** dd/mm/aaaa in America/Guayaquil. */
  fechaEmision: string;
  dirEstablecimiento?: string;
  contribuyenteEspecial?: string;
  obligadoContabilidad?: 'SI' | 'NO';
  /** 04 RUC, 05 cédula, 06 pasaporte, 08 identificación del exterior. */
  tipoIdentificacionSujetoRetenido: string;
  /** 01 persona natural, 02 sociedad: only for an identification from abroad (08). */
  tipoSujetoRetenido?: '01' | '02';
  /** Whether the supplier is a related party: SI or NO. */
  parteRel: 'SI' | 'NO';
  razonSocialSujetoRetenido: string;
  identificacionSujetoRetenido: string;
  /** MM/AAAA: the retención's month. */
  periodoFiscal: string;
};

/** One tax of the support document (2 IVA, 3 ICE, 5 IRBPNR). */
export type ImpuestoDocSustento = {
  codImpuestoDocSustento: string;
  codigoPorcentaje: string;
  baseImponible: string;
  /** The rate without trailing zeros ("15", "0"): the schema's totalDigits is 3. */
  tarifa: string;
  valorImpuesto: string;
};

/** One withholding. */
export type RetencionXml = {
  /** 1 renta, 2 IVA, 6 ISD. */
  codigo: string;
  codigoRetencion: string;
  baseImponible: string;
  /** Without trailing zeros ("30", "2.75", "100"): the schema's totalDigits is 3. */
  porcentajeRetener: string;
  valorRetenido: string;
};

export type DocSustento = {
  codSustento: string;
  codDocSustento: string;
  /** 15 digits, no dashes: 001001000000123. */
  numDocSustento: string;
  /** dd/mm/aaaa. */
  fechaEmisionDocSustento: string;
  fechaRegistroContable?: string;
  numAutDocSustento?: string;
  pagoLocExt: '01' | '02';
  totalSinImpuestos: string;
  importeTotal: string;
  impuestosDocSustento: ImpuestoDocSustento[];
  retenciones: RetencionXml[];
  pagos: Pago[];
};

export type ComprobanteRetencion = {
  version: '2.0.0';
  infoTributaria: InfoTributaria;
  infoCompRetencion: InfoCompRetencion;
  docsSustento: DocSustento[];
  infoAdicional?: Array<{ nombre: string; valor: string }>;
};
