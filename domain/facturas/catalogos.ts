/**
 * The SRI's codes an invoice uses (ficha técnica de comprobantes electrónicos, esquema offline), with the
 * Spanish labels the form, the list and the RIDE show.
 */
import { CONSUMIDOR_FINAL } from '../identifiers';
import type { CodigoDocumento, LeyendaRimpe, TipoIdentificacionComprador } from './comprobante';

/** The `codigo` of an impuesto. */
export const IMPUESTO = { iva: '2', ice: '3', irbpnr: '5' } as const;

export type TarifaIva = {
  /** codigoPorcentaje. */
  codigo: string;
  nombre: string;
  /** The rate in percent. */
  tarifa: number;
  /** Whether a product may be given this rate today; the others stay so that older documents still compute. */
  vigente: boolean;
};

/**
 * IVA rates in the order the subtotals are shown. 15 % is the general rate since April 2024 (it replaced 12 %, and 14 %
 * was the 2016–2017 rate); 5 % applies to some construction goods; IVA diferenciado (8 %) only to tourism services on
 * the holidays a decree names, so no product carries it by default.
 */
export const TARIFAS_IVA = [
  { codigo: '4', nombre: 'IVA 15 %', tarifa: 15, vigente: true },
  { codigo: '5', nombre: 'IVA 5 %', tarifa: 5, vigente: true },
  { codigo: '0', nombre: 'IVA 0 %', tarifa: 0, vigente: true },
  { codigo: '6', nombre: 'No objeto de impuesto', tarifa: 0, vigente: true },
  { codigo: '7', nombre: 'Exento de IVA', tarifa: 0, vigente: true },
  { codigo: '2', nombre: 'IVA 12 %', tarifa: 12, vigente: false },
  { codigo: '3', nombre: 'IVA 14 %', tarifa: 14, vigente: false },
  { codigo: '8', nombre: 'IVA diferenciado', tarifa: 8, vigente: false },
] as const satisfies readonly TarifaIva[];

export type CodigoIva = (typeof TARIFAS_IVA)[number]['codigo'];

/** The named IVA codes, for code that means one rate (the general rate, the product form's default). */
export const IVA = { cero: '0', doce: '2', catorce: '3', quince: '4', cinco: '5', noObjeto: '6', exento: '7', diferenciado: '8' } as const;

const POR_CODIGO = new Map<string, TarifaIva>(TARIFAS_IVA.map((t) => [t.codigo, t]));

/** The IVA rate of a codigoPorcentaje, or undefined when the SRI has no such code. */
export const tarifaIva = (codigo: string): TarifaIva | undefined => POR_CODIGO.get(String(codigo ?? '').trim());

/** The rates a new or edited product may use (the product form's choices). */
export const TARIFAS_IVA_PRODUCTO: ReadonlyArray<{ id: CodigoIva; name: string }> = TARIFAS_IVA.filter((t) => t.vigente).map((t) => ({
  id: t.codigo,
  name: t.nombre,
}));
export const esTarifaIvaVigente = (codigo: string): boolean => tarifaIva(codigo)?.vigente === true;

/**
 * ICE (impuesto a los consumos especiales), kept simple: an ad valorem percentage given on the product with the
 * SRI's codigoPorcentaje for the good (up to 4 digits). The schema's tarifa admits at most 4 digits with 2 decimals.
 */
export const ICE = { codigoPorcentaje: /^\d{1,4}$/, tarifaMaxima: 99.99 } as const;

/** formaPago (tabla 24 of the ficha técnica): the codes in force; 02–14 are withdrawn. */
export const FORMAS_PAGO = [
  { codigo: '01', nombre: 'Sin utilización del sistema financiero' },
  { codigo: '15', nombre: 'Compensación de deudas' },
  { codigo: '16', nombre: 'Tarjeta de débito' },
  { codigo: '17', nombre: 'Dinero electrónico' },
  { codigo: '18', nombre: 'Tarjeta prepago' },
  { codigo: '19', nombre: 'Tarjeta de crédito' },
  { codigo: '20', nombre: 'Otros con utilización del sistema financiero' },
  { codigo: '21', nombre: 'Endoso de títulos' },
] as const;
const FORMA_PAGO = new Map<string, string>(FORMAS_PAGO.map((f) => [f.codigo, f.nombre]));
export const nombreFormaPago = (codigo: string): string | undefined => FORMA_PAGO.get(String(codigo ?? '').trim());

/** A payment term's unit (unidadTiempo: free text of at most 10 characters; these are the usual ones). */
export const UNIDADES_TIEMPO = [
  { id: 'dias', name: 'Días' },
  { id: 'meses', name: 'Meses' },
] as const;

/** tipoIdentificacionComprador (tabla 6), with the SRI's names. */
export const TIPOS_IDENTIFICACION_COMPRADOR: ReadonlyArray<{ id: TipoIdentificacionComprador; name: string }> = [
  { id: '04', name: 'RUC' },
  { id: '05', name: 'Cédula' },
  { id: '06', name: 'Pasaporte' },
  { id: '07', name: 'Venta a consumidor final' },
  { id: '08', name: 'Identificación del exterior' },
];

/** The buyer of a sale to consumidor final: this identification and this name, always. */
export const COMPRADOR_CONSUMIDOR_FINAL = {
  tipoIdentificacion: '07',
  identificacion: CONSUMIDOR_FINAL,
  razonSocial: 'CONSUMIDOR FINAL',
} as const satisfies { tipoIdentificacion: TipoIdentificacionComprador; identificacion: string; razonSocial: string };

/**
 * The largest total of an invoice to consumidor final, in dollars: Reglamento de Comprobantes de Venta, Retención y
 * Documentos Complementarios, art. 19 num. 1 — the buyer may be written as CONSUMIDOR FINAL only "si la transacción no
 * supera" this amount (USD 200 until Decreto Ejecutivo 586 of 31 October 2022 lowered it to USD 50). 50.00 is allowed,
 * 50.01 is not.
 */
export const LIMITE_CONSUMIDOR_FINAL = 50;

/** codDoc (tabla 3) and the 2 digits of the access key after the date. */
export const TIPOS_DOCUMENTO: Readonly<Record<CodigoDocumento, string>> = {
  '01': 'Factura',
  '03': 'Liquidación de compra de bienes y prestación de servicios',
  '04': 'Nota de crédito',
  '05': 'Nota de débito',
  '06': 'Guía de remisión',
  '07': 'Comprobante de retención',
};
export const esCodigoDocumento = (codigo: string): codigo is CodigoDocumento => Object.hasOwn(TIPOS_DOCUMENTO, codigo);

/** ambiente (tabla 4). */
export const AMBIENTES = { '1': 'Pruebas', '2': 'Producción' } as const;
export type Ambiente = keyof typeof AMBIENTES;

/** contribuyenteRimpe, exactly as the schema's pattern wants them. */
export const LEYENDAS_RIMPE: readonly LeyendaRimpe[] = ['CONTRIBUYENTE RÉGIMEN RIMPE', 'CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE'];

/** The schema's bounds on what a user types (factura_V1.1.0.xsd). */
export const LIMITES_FACTURA = {
  /** cantidad and precioUnitario: fractionDigits 6, totalDigits 18. */
  decimalesCantidad: 6,
  decimalesPrecio: 6,
  enterosCantidad: 12,
  /** Money: fractionDigits 2, totalDigits 14. */
  decimalesDinero: 2,
  enterosDinero: 12,
  texto: 300,
  codigoProducto: 25,
  detallesAdicionales: 3,
  camposAdicionales: 15,
  unidadTiempo: 10,
  identificacionComprador: 20,
} as const;
