/**
 * One way to write dates and amounts on every screen, and one rule for the amounts a user types: dates YYYY-MM-DD
 * (and YYYY-MM-DD HH:mm in Ecuador's time, whatever the browser's zone), money with 2 decimals and a space between
 * thousands, and "60,00", "60.00" and "60" all read as the same amount.
 */
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../domain/fechas';
import { alSalir, dinero, leerNumero, usd } from '../../src/ui/numeros';

describe('fechas en pantalla', () => {
  it('un día YYYY-MM-DD se muestra tal cual; un instante, por su día en Ecuador', () => {
    expect(formatDate('2026-03-05')).toBe('2026-03-05');
    // 03:00 UTC on the 6th is still the 5th in Ecuador (UTC-5).
    expect(formatDate('2026-03-06T03:00:00.000Z')).toBe('2026-03-05');
    expect(formatDate(new Date('2026-03-06T05:00:00.000Z'))).toBe('2026-03-06');
  });

  it('fecha y hora YYYY-MM-DD HH:mm en la hora de Ecuador, de 00 a 23', () => {
    expect(formatDateTime('2026-03-15T15:32:59.000Z')).toBe('2026-03-15 10:32');
    expect(formatDateTime('2026-03-16T04:05:00.000Z')).toBe('2026-03-15 23:05');
    expect(formatDateTime(new Date('2026-03-16T05:00:00.000Z'))).toBe('2026-03-16 00:00');
  });
});

describe('dinero en pantalla', () => {
  it('siempre dos decimales al menos, con espacio entre miles', () => {
    expect(dinero('12.5')).toBe('12.50');
    expect(dinero('60')).toBe('60.00');
    expect(dinero('1234567.8')).toBe('1 234 567.80');
    expect(dinero('0.125')).toBe('0.125');
    expect(dinero(12.345)).toBe('12.35');
    expect(dinero(-3)).toBe('-3.00');
    expect(usd('25')).toBe('USD 25.00');
    expect(usd('1500.5')).toBe('USD 1 500.50');
  });

  it('lo que no es un número se muestra como llegó', () => {
    expect(dinero('')).toBe('');
    expect(dinero(null)).toBe('');
    expect(dinero('—')).toBe('—');
  });
});

describe('montos escritos por el usuario', () => {
  it('acepta coma o punto decimal, o ningún decimal; entrega el número con punto', () => {
    expect(leerNumero('60,00')).toBe('60.00');
    expect(leerNumero('60.00')).toBe('60.00');
    expect(leerNumero('60')).toBe('60');
    expect(leerNumero(' 12,5 ')).toBe('12.5');
  });

  it('rechaza lo que no es un número escrito así', () => {
    for (const malo of ['60,0,0', '60.0.0', '6 000', '1e3', '-5', ',5', '5,', '', 'doce', null, undefined])
      expect(leerNumero(malo), String(malo)).toBeNull();
  });

  it('al salir del campo, un monto queda con dos decimales; lo demás queda como se escribió', () => {
    expect(alSalir('12.5')).toBe('12.50');
    expect(alSalir('12,5')).toBe('12.50');
    expect(alSalir('20')).toBe('20.00');
    expect(alSalir('0.125')).toBe('0.125');
    expect(alSalir('60,0,0')).toBe('60,0,0');
    expect(alSalir('')).toBe('');
  });
});
