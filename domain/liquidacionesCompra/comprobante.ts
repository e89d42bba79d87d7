/**
 * A liquidación de compra as the SRI's schema LiquidacionCompra_V1.1.0.xsd describes it, fully computed (amounts as the
 * XML writes them). It is an invoice turned around: the company is the buyer and issues it; the supplier takes the
 * buyer's place (tipoIdentificacionProveedor...). Field names are the schema's; the keys' order is the elements'. It
 * carries no tip, no ICE (the schema's impuesto codigo is 2, IVA, only) and no reimbursements (reembolsos: the
 * company buys for itself).
 */
import type { Detalle } from '../facturas/comprobante';
import type { InfoTributaria, Pago, TotalImpuesto } from '../comprobantes/comprobante';

export type InfoLiquidacionCompra = {
  /** dd/mm/aaaa in America/Guayaquil. */
  fechaEmision: string;
  dirEstablecimiento?: string;
  contribuyenteEspecial?: string;
  obligadoContabilidad?: 'SI' | 'NO';
  /** 05 cédula, 06 pasaporte, 08 identificación del exterior (reglas.ts). */
  tipoIdentificacionProveedor: string;
  razonSocialProveedor: string;
  identificacionProveedor: string;
  direccionProveedor?: string;
  totalSinImpuestos: string;
  totalDescuento: string;
  totalConImpuestos: TotalImpuesto[];
  importeTotal: string;
  moneda: 'DOLAR';
  pagos: Pago[];
};

export type ComprobanteLiquidacionCompra = {
  version: '1.1.0';
  infoTributaria: InfoTributaria;
  infoLiquidacionCompra: InfoLiquidacionCompra;
  /** The invoice's detalle: the same elements in the same order (no unidadMedida, no precioSinSubsidio). */
  detalles: Detalle[];
  infoAdicional?: Array<{ nombre: string; valor: string }>;
};
