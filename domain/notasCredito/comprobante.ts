/**
 * A nota de crédito as the SRI's schema NotaCredito_V1.1.0.xsd describes it (server/modules/comprobantes/esquemas),
 * fully computed: every amount is already rounded and written as the XML carries it, so that the XML builder and the
 * RIDE print the same bytes. Field names are the schema's element names; the order of the keys is the order of the
 * elements; optional fields are omitted from the XML when undefined.
 */
import type { CodigoImpuesto, ImpuestoDetalle, InfoTributaria, TipoIdentificacionComprador } from '../comprobantes/comprobante';

/** One tax of the note's totals: unlike the invoice's, the schema has no tarifa here. */
export type TotalImpuestoNotaCredito = {
  codigo: CodigoImpuesto;
  codigoPorcentaje: string;
  baseImponible: string;
  valor: string;
};

export type InfoNotaCredito = {
  /** dd/mm/aaaa in America/Guayaquil. */
  fechaEmision: string;
  dirEstablecimiento?: string;
  tipoIdentificacionComprador: TipoIdentificacionComprador;
  razonSocialComprador: string;
  identificacionComprador: string;
  contribuyenteEspecial?: string;
  obligadoContabilidad?: 'SI' | 'NO';
  rise?: string;
  /** The document it modifies: always a factura (01) here. */
  codDocModificado: '01';
  /** 001-001-000000123. */
  numDocModificado: string;
  /** The invoice's date, dd/mm/aaaa. */
  fechaEmisionDocSustento: string;
  totalSinImpuestos: string;
  /** What the note credits: totalSinImpuestos plus its taxes. */
  valorModificacion: string;
  moneda: 'DOLAR';
  totalConImpuestos: TotalImpuestoNotaCredito[];
  motivo: string;
};

/** A returned or credited line: the invoice's detalle with the schema's other names for the codes. */
export type DetalleNotaCredito = {
  codigoInterno?: string;
  codigoAdicional?: string;
  descripcion: string;
  cantidad: string;
  precioUnitario: string;
  descuento: string;
  precioTotalSinImpuesto: string;
  detallesAdicionales?: Array<{ nombre: string; valor: string }>;
  impuestos: ImpuestoDetalle[];
};

export type ComprobanteNotaCredito = {
  version: '1.1.0';
  infoTributaria: InfoTributaria;
  infoNotaCredito: InfoNotaCredito;
  detalles: DetalleNotaCredito[];
  infoAdicional?: Array<{ nombre: string; valor: string }>;
};
