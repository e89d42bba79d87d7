import { describe, expect, it } from 'vitest';
import { haceCuanto } from '../../src/resources/clavesApi/tiempo';

describe('claves de API: cuándo se usó una clave, como se dice', () => {
  const ahora = new Date('2026-11-29T15:00:00Z');
  const antes = (segundos: number) => new Date(ahora.getTime() - segundos * 1000).toISOString();

  it('dice «ahora» dentro del minuto y cuenta minutos, horas y días después', () => {
    expect(haceCuanto(antes(20), ahora)).toBe('ahora');
    expect(haceCuanto(antes(5 * 60), ahora)).toBe('hace 5 minutos');
    expect(haceCuanto(antes(60), ahora)).toBe('hace 1 minuto');
    expect(haceCuanto(antes(3 * 3600 + 120), ahora)).toBe('hace 3 horas');
    expect(haceCuanto(antes(86400 + 60), ahora)).toBe('ayer');
    expect(haceCuanto(antes(3 * 86400), ahora)).toBe('hace 3 días');
    expect(haceCuanto(antes(400 * 86400), ahora)).toBe('el año pasado');
  });
});
