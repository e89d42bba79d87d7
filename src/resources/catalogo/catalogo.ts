import type { RaRecord } from 'react-admin';
import type { Producto, ProductoDatos } from '../../../domain/contratos/catalogo';
import { CATALOGO_MSG, esCodigoIce, precioProducto, tarifaIceProducto } from '../../../domain/catalogo';
import { TARIFAS_IVA_PRODUCTO, tarifaIva } from '../../../domain/facturas/catalogos';
import { leerNumero } from '../../ui/numeros';

export type { Producto };
export const producto = (record: RaRecord) => record as unknown as Producto;

const limpio = (value: unknown) => String(value ?? '').trim();
/** "12,50" → "12.50"; what is no number goes as typed (the form and the server say why). */
const numero = (value: unknown) => leerNumero(limpio(value)) ?? limpio(value);

/** What the API takes: the form's values trimmed, blanks as null, the price and ICE rate as the user typed them. */
export function productoToWire(values: Record<string, unknown>): ProductoDatos {
  return {
    CAT_PRINCIPAL: limpio(values.CAT_PRINCIPAL),
    CAT_AUXILIAR: limpio(values.CAT_AUXILIAR) || null,
    CAT_DESCRIPCION: limpio(values.CAT_DESCRIPCION),
    CAT_TIPO: values.CAT_TIPO === 'S' ? 'S' : 'B',
    CAT_PRECIO: numero(values.CAT_PRECIO),
    CAT_IVA: limpio(values.CAT_IVA),
    CAT_ICE_CODIGO: limpio(values.CAT_ICE_CODIGO) || null,
    CAT_ICE_TARIFA: numero(values.CAT_ICE_TARIFA) || null,
    CAT_ACTIVO: values.CAT_ACTIVO !== false,
  };
}

/** "12.500000" → "12.50", "0.125000" → "0.125": at least 2 decimals, no trailing zeros past them. */
export function precioCorto(valor: unknown): string {
  const text = limpio(valor);
  const match = /^(\d+)\.(\d+)$/.exec(text);
  if (!match) return text;
  return `${match[1]}.${match[2].replace(/0+$/, '').padEnd(2, '0')}`;
}

/** The price as the lists show it: thousands grouped with a space, as the invoices show money. */
export const precioTexto = (valor: unknown) => {
  const [enteros, decimales] = precioCorto(valor).split('.');
  return decimales === undefined ? enteros : `${enteros.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}.${decimales}`;
};

/** The IVA rate's name ("IVA 15 %"), also for a rate no longer offered. */
export const ivaNombre = (codigo: string) => tarifaIva(codigo)?.nombre ?? codigo;

/** The IVA choices of the form: the rates in force, and the product's own one when it is no longer offered. */
export function ivaChoices(actual?: string) {
  const vigentes = TARIFAS_IVA_PRODUCTO.map((t) => ({ id: t.id as string, name: t.name }));
  return actual && !vigentes.some((t) => t.id === actual) ? [...vigentes, { id: actual, name: ivaNombre(actual) }] : vigentes;
}

/** The form's checks, the server's words. */
export const validarPrecio = (value: unknown) => (precioProducto(limpio(value)) === undefined ? CATALOGO_MSG.precio : undefined);
export const validarIceCodigo = (value: unknown, all: Record<string, unknown>) => {
  const codigo = limpio(value);
  if (codigo && !esCodigoIce(codigo)) return CATALOGO_MSG.iceCodigo;
  return !codigo && limpio(all.CAT_ICE_TARIFA) ? CATALOGO_MSG.iceIncompleto : undefined;
};
export const validarIceTarifa = (value: unknown, all: Record<string, unknown>) => {
  const tarifa = limpio(value);
  if (tarifa && tarifaIceProducto(tarifa) === undefined) return CATALOGO_MSG.iceTarifa;
  return !tarifa && limpio(all.CAT_ICE_CODIGO) ? CATALOGO_MSG.iceIncompleto : undefined;
};
