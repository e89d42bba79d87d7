/**
 * A nota de débito as the SRI's schema NotaDebito_V1.0.0.xsd describes it (server/modules/comprobantes/esquemas),
 * fully computed: every amount is already rounded and written as the XML carries it. Field names are the schema's
 * element names; the order of the keys is the order of the elements; optional fields are omitted when undefined.
 */
import type { ImpuestoDetalle, InfoTributaria, Pago, TipoIdentificacionComprador } from '../comprobantes/comprobante';

export type InfoNotaDebito = {
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
  /** One per IVA rate the reasons use: codigo, codigoPorcentaje, tarifa, baseImponible, valor (the schema's order). */
  impuestos: ImpuestoDetalle[];
  /** totalSinImpuestos plus the taxes. */
  valorTotal: string;
  /** The schema allows none; we always write at least one (they add up to valorTotal). */
  pagos: Pago[];
};

/** One reason of the note and its value without taxes. */
export type MotivoNotaDebito = { razon: string; valor: string };

export type ComprobanteNotaDebito = {
  version: '1.0.0';
  infoTributaria: InfoTributaria;
  infoNotaDebito: InfoNotaDebito;
  motivos: MotivoNotaDebito[];
  infoAdicional?: Array<{ nombre: string; valor: string }>;
};
