/**
 * The company's catalogue of products and services (resource `catalogo`): its limits, choices and Spanish messages,
 * shared by the API (server/modules/catalogo) and the form, so that both refuse the same values with the same words.
 */
import { ICE, TARIFAS_IVA_PRODUCTO, esTarifaIvaVigente } from './facturas/catalogos';

/** The column sizes of `catalogo` (codigoPrincipal, codigoAuxiliar and descripcion of the SRI's schema). */
export const CATALOGO_LIMITES = {
  principal: 25,
  auxiliar: 25,
  descripcion: 300,
  /** precioUnitario: numeric(18,6), 12 whole digits and 6 decimals. */
  enterosPrecio: 12,
  decimalesPrecio: 6,
  /** ICE: the schema's tarifa has 4 digits, 2 of them decimals. */
  tarifaIceMaxima: ICE.tarifaMaxima,
} as const;

export const TIPOS_PRODUCTO = [
  { id: 'B', name: 'Bien' },
  { id: 'S', name: 'Servicio' },
] as const;
export type TipoProducto = (typeof TIPOS_PRODUCTO)[number]['id'];
export const nombreTipoProducto = (tipo: string) => TIPOS_PRODUCTO.find((t) => t.id === tipo)?.name ?? tipo;

const TARIFAS_TEXTO = TARIFAS_IVA_PRODUCTO.map((t) => `${t.id} (${t.name})`).join(', ');

export const CATALOGO_MSG = {
  principal: `Ingrese el código principal (de 1 a ${CATALOGO_LIMITES.principal} caracteres)`,
  principalRepetido: (codigo: string) => `Ya existe un producto o servicio con el código ${codigo} en su empresa`,
  auxiliar: `El código auxiliar admite hasta ${CATALOGO_LIMITES.auxiliar} caracteres`,
  descripcion: `Ingrese la descripción (de 1 a ${CATALOGO_LIMITES.descripcion} caracteres)`,
  precio: `El precio unitario debe ser un valor desde 0, con hasta ${CATALOGO_LIMITES.enterosPrecio} enteros y ${CATALOGO_LIMITES.decimalesPrecio} decimales`,
  iva: `Elija una tarifa de IVA vigente: ${TARIFAS_TEXTO}`,
  iceCodigo: 'El código de ICE tiene de 1 a 4 dígitos',
  iceTarifa: `La tarifa de ICE es un porcentaje de 0 a ${String(CATALOGO_LIMITES.tarifaIceMaxima).replace('.', ',')} con hasta 2 decimales`,
  iceIncompleto: 'Para el ICE indique el código y la tarifa, o deje ambos vacíos',
  tipo: 'El tipo debe ser B (bien) o S (servicio)',
  usado:
    'Este producto o servicio figura en facturas y no se puede eliminar. Desactívelo para que deje de ofrecerse al facturar; las facturas lo conservan.',
  eliminado: 'Producto o servicio eliminado',
} as const;

const PRECIO = new RegExp(`^\\d{1,${CATALOGO_LIMITES.enterosPrecio}}(\\.\\d{1,${CATALOGO_LIMITES.decimalesPrecio}})?$`);
const TARIFA_ICE = /^\d{1,2}(\.\d{1,2})?$/;

/** A decimal as the user may type it: a number as JavaScript prints it, text trimmed with a comma read as the point. */
const decimalText = (value: string | number) => (typeof value === 'number' ? String(value) : value.trim().replace(',', '.'));

/**
 * The unit price as stored (text with 6 decimals, "12.500000"), or undefined when it is not a value from 0 with at
 * most 12 whole digits and 6 decimals. Text keeps every digit; a number is taken as JavaScript prints it (0.1 is 0.1).
 */
export function precioProducto(value: string | number): string | undefined {
  const text = decimalText(value);
  if (!PRECIO.test(text)) return undefined;
  const [whole, decimals = ''] = text.split('.');
  return `${BigInt(whole).toString()}.${decimals.padEnd(CATALOGO_LIMITES.decimalesPrecio, '0')}`;
}

/** The ICE rate as stored (text with 2 decimals) or undefined when out of 0–99.99 or with more decimals. */
export function tarifaIceProducto(value: string | number): string | undefined {
  const text = decimalText(value);
  if (!TARIFA_ICE.test(text) || Number(text) > CATALOGO_LIMITES.tarifaIceMaxima) return undefined;
  return Number(text).toFixed(2);
}

export const esCodigoIce = (codigo: string) => ICE.codigoPorcentaje.test(codigo);
export const esTarifaIvaProducto = esTarifaIvaVigente;
