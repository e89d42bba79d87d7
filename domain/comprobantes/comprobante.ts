/**
 * What every SRI document shares as its schema describes it (factura_V1.1.0.xsd, NotaCredito_V1.1.0.xsd,
 * NotaDebito_V1.0.0.xsd...): the codes, infoTributaria, the taxes' totals and the payments. Field names are the
 * schema's element names; the order of the keys is the order of the elements; optional fields are omitted when undefined.
 */

/** IVA (2), ICE (3), IRBPNR (5): the `codigo` of an impuesto. */
export type CodigoImpuesto = '2' | '3' | '5';

/** A document type's code (codDoc, and the 2 digits of the access key after the date). */
export type CodigoDocumento = '01' | '03' | '04' | '05' | '06' | '07';

/** Each type's API resource (/api/<recurso>/…) and screen: what links to a document name. */
export const RECURSO_DE_TIPO: Readonly<Record<CodigoDocumento, string>> = {
  '01': 'facturas',
  '03': 'liquidacionesCompra',
  '04': 'notasCredito',
  '05': 'notasDebito',
  '06': 'guiasRemision',
  '07': 'retenciones',
};

/** The buyer's identification type: 04 RUC, 05 cédula, 06 pasaporte, 07 consumidor final, 08 identificación del exterior. */
export type TipoIdentificacionComprador = '04' | '05' | '06' | '07' | '08';

/** The legends the SRI accepts in contribuyenteRimpe, exactly. */
export type LeyendaRimpe = 'CONTRIBUYENTE RÉGIMEN RIMPE' | 'CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE';

export type InfoTributaria = {
  /** 1 pruebas, 2 producción. */
  ambiente: '1' | '2';
  /** Always 1 (normal emission). */
  tipoEmision: '1';
  razonSocial: string;
  nombreComercial?: string;
  ruc: string;
  /** 49 digits (clave-acceso.ts). */
  claveAcceso: string;
  codDoc: CodigoDocumento;
  /** 3 digits each: "001". */
  estab: string;
  ptoEmi: string;
  /** 9 digits: "000000123". */
  secuencial: string;
  dirMatriz: string;
  /** The resolution number, when the company is a withholding agent. */
  agenteRetencion?: string;
  contribuyenteRimpe?: LeyendaRimpe;
};

/** One tax of the invoice's totals (totalImpuesto). */
export type TotalImpuesto = {
  codigo: CodigoImpuesto;
  codigoPorcentaje: string;
  descuentoAdicional?: string;
  baseImponible: string;
  /** The rate, e.g. "15.00" (optional in the schema; always written by us). */
  tarifa?: string;
  valor: string;
};

export type Pago = {
  /** The SRI's formaPago code: 01, 15–21. */
  formaPago: string;
  total: string;
  plazo?: string;
  /** "dias", "meses"... */
  unidadTiempo?: string;
};

/** One tax of a line (impuesto of a detalle): tarifa is required here. */
export type ImpuestoDetalle = {
  codigo: CodigoImpuesto;
  codigoPorcentaje: string;
  tarifa: string;
  baseImponible: string;
  valor: string;
};
