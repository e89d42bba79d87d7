import { describe, expect, it } from 'vitest';
import { CATALOGO_MSG, precioProducto, tarifaIceProducto } from '../../domain/catalogo';
import {
  precioCorto,
  precioTexto,
  productoToWire,
  validarIceCodigo,
  validarIceTarifa,
  validarPrecio,
} from '../../src/resources/catalogo/catalogo';

describe('catalogo: the price and ICE rules the form and the API share', () => {
  it('stores the price with 6 decimals, keeping every digit the user typed', () => {
    expect(precioProducto('12.5')).toBe('12.500000');
    expect(precioProducto(' 0,125 ')).toBe('0.125000');
    expect(precioProducto('999999999999.999999')).toBe('999999999999.999999');
    expect(precioProducto(0.1)).toBe('0.100000');
    expect(precioProducto('007')).toBe('7.000000');
    for (const bad of ['-1', '1.1234567', '1e3', '', 'doce', '1.', '1000000000000', -0.5, 1e-7])
      expect(precioProducto(bad), String(bad)).toBeUndefined();
  });

  it('takes an ICE rate from 0 to 99.99 with 2 decimals at most', () => {
    expect(tarifaIceProducto('15')).toBe('15.00');
    expect(tarifaIceProducto(99.99)).toBe('99.99');
    for (const bad of ['100', '1.125', '-1', 'x']) expect(tarifaIceProducto(bad), bad).toBeUndefined();
  });

  it('shows prices without padding zeros, money-style', () => {
    expect(precioCorto('12.500000')).toBe('12.50');
    expect(precioCorto('0.125000')).toBe('0.125');
    expect(precioTexto('1234567.891000')).toBe('1 234 567.891');
  });

  it('sends the API trimmed values, blanks as null, a comma read as the point', () => {
    expect(
      productoToWire({
        CAT_PRINCIPAL: ' A1 ',
        CAT_AUXILIAR: ' ',
        CAT_DESCRIPCION: ' Pala ',
        CAT_PRECIO: '3,5',
        CAT_IVA: '4',
        CAT_ICE_CODIGO: '',
        CAT_ICE_TARIFA: '',
      }),
    ).toEqual({
      CAT_PRINCIPAL: 'A1',
      CAT_AUXILIAR: null,
      CAT_DESCRIPCION: 'Pala',
      CAT_TIPO: 'B',
      CAT_PRECIO: '3.5',
      CAT_IVA: '4',
      CAT_ICE_CODIGO: null,
      CAT_ICE_TARIFA: null,
      CAT_ACTIVO: true,
    });
  });

  it('the form refuses what the server refuses, with its words', () => {
    expect(validarPrecio('1.1234567')).toBe(CATALOGO_MSG.precio);
    expect(validarPrecio('1.123456')).toBeUndefined();
    expect(validarIceCodigo('', { CAT_ICE_TARIFA: '5' })).toBe(CATALOGO_MSG.iceIncompleto);
    expect(validarIceTarifa('', { CAT_ICE_CODIGO: '3011' })).toBe(CATALOGO_MSG.iceIncompleto);
    expect(validarIceCodigo('30111', { CAT_ICE_TARIFA: '5' })).toBe(CATALOGO_MSG.iceCodigo);
    expect(validarIceTarifa('100', { CAT_ICE_CODIGO: '3011' })).toBe(CATALOGO_MSG.iceTarifa);
    expect(validarIceCodigo('', { CAT_ICE_TARIFA: '' })).toBeUndefined();
  });
});
