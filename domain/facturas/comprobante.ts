/**
 * An invoice as the SRI's schema factura_V1.1.0.xsd describes it (server/modules/facturas/esquemas), fully computed: every
 * amount is already rounded and written as the XML carries it ("12.50", "1.000000"), so that the XML builder and the
 * RIDE print the same bytes and never round on their own. Field names are the schema's element names; the order of
 * the keys is the order of the elements. Optional fields are omitted from the XML when undefined.
 */

export type {
  CodigoDocumento,
  ImpuestoDetalle,
  InfoTributaria,
  LeyendaRimpe,
  Pago,
  TipoIdentificacionComprador,
  TotalImpuesto,
} from '../comprobantes/comprobante';
import type { ImpuestoDetalle, InfoTributaria, Pago, TipoIdentificacionComprador, TotalImpuesto } from '../comprobantes/comprobante';

export type InfoFactura = {
  /** dd/mm/aaaa in America/Guayaquil. */
  fechaEmision: string;
  dirEstablecimiento?: string;
  contribuyenteEspecial?: string;
  obligadoContabilidad?: 'SI' | 'NO';
  tipoIdentificacionComprador: TipoIdentificacionComprador;
  razonSocialComprador: string;
  identificacionComprador: string;
  direccionComprador?: string;
  totalSinImpuestos: string;
  totalDescuento: string;
  totalConImpuestos: TotalImpuesto[];
  propina: string;
  importeTotal: string;
  moneda: 'DOLAR';
  pagos: Pago[];
};

export type Detalle = {
  codigoPrincipal?: string;
  codigoAuxiliar?: string;
  descripcion: string;
  /** Up to 6 decimals: "2.500000" or "2.5" as computed. */
  cantidad: string;
  precioUnitario: string;
  descuento: string;
  precioTotalSinImpuesto: string;
  detallesAdicionales?: Array<{ nombre: string; valor: string }>;
  impuestos: ImpuestoDetalle[];
};

export type ComprobanteFactura = {
  version: '1.1.0';
  infoTributaria: InfoTributaria;
  infoFactura: InfoFactura;
  detalles: Detalle[];
  /** campoAdicional elements: the buyer's email, address, free fields (at most 15 in the schema). */
  infoAdicional?: Array<{ nombre: string; valor: string }>;
};
