import { describe, expect, it } from 'vitest';
import {
  CODIGO_RETENCION_MSG,
  enVigor,
  errorCodigoRetencion,
  porcentajeTexto,
  porcentajeValido,
  seSolapan,
} from '../../domain/codigosRetencion';

const fila = {
  RCO_IMPUESTO: '1',
  RCO_CODIGO: '312',
  RCO_CONCEPTO: 'Transferencia de bienes muebles',
  RCO_PORCENTAJE: 2,
  RCO_DESDE: '2026-03-01',
};

describe('codigosRetencion: las reglas de la tabla', () => {
  it('acepta porcentajes de 0 a 100 con hasta dos decimales y los escribe con dos', () => {
    for (const ok of [0, 1, 1.75, 2.75, 0.2, 100]) expect(porcentajeValido(ok), String(ok)).toBe(true);
    for (const mal of [-0.01, 100.01, 1.755, Number.NaN, Number.POSITIVE_INFINITY]) expect(porcentajeValido(mal), String(mal)).toBe(false);
    expect([1.75, 10, 0.2, '3'].map(porcentajeTexto)).toEqual(['1.75', '10.00', '0.20', '3.00']);
  });

  it('dice en español la primera regla que una fila rompe', () => {
    expect(errorCodigoRetencion(fila)).toBeNull();
    expect(errorCodigoRetencion({ ...fila, RCO_CODIGO: '332B' })).toBeNull();
    expect(errorCodigoRetencion({ ...fila, RCO_CODIGO: '323B1' })).toBeNull();
    expect(errorCodigoRetencion({ ...fila, RCO_IMPUESTO: '3' })).toBe(CODIGO_RETENCION_MSG.impuestoInvalido);
    expect(errorCodigoRetencion({ ...fila, RCO_CODIGO: '312ABC' })).toBe(CODIGO_RETENCION_MSG.codigoInvalido);
    expect(errorCodigoRetencion({ ...fila, RCO_CODIGO: 'B12' })).toBe(CODIGO_RETENCION_MSG.codigoInvalido);
    expect(errorCodigoRetencion({ ...fila, RCO_CONCEPTO: '  ' })).toBe(CODIGO_RETENCION_MSG.conceptoRequerido);
    expect(errorCodigoRetencion({ ...fila, RCO_PORCENTAJE: 101 })).toBe(CODIGO_RETENCION_MSG.porcentajeInvalido);
    expect(errorCodigoRetencion({ ...fila, RCO_DESDE: '2026-02-29' })).toBe(CODIGO_RETENCION_MSG.fechaInvalida);
    expect(errorCodigoRetencion({ ...fila, RCO_HASTA: '2026-02-28' })).toBe(CODIGO_RETENCION_MSG.periodoInvalido);
    expect(errorCodigoRetencion({ ...fila, RCO_HASTA: '2026-03-01' })).toBeNull();
  });

  it('una fila rige de desde a hasta, ambos incluidos; sin hasta no termina', () => {
    const cerrada = { desde: '2020-04-01', hasta: '2026-02-28' };
    expect(['2020-03-31', '2020-04-01', '2026-02-28', '2026-03-01'].map((d) => enVigor(cerrada, d))).toEqual([false, true, true, false]);
    expect(enVigor({ desde: '2026-03-01', hasta: null }, '2099-12-31')).toBe(true);
  });

  it('dos periodos se solapan cuando comparten un día', () => {
    const antes = { desde: '2020-04-01', hasta: '2026-02-28' };
    expect(seSolapan(antes, { desde: '2026-03-01', hasta: null })).toBe(false);
    expect(seSolapan(antes, { desde: '2026-02-28', hasta: null })).toBe(true);
    expect(seSolapan({ desde: '2026-03-01', hasta: null }, { desde: '2030-01-01', hasta: '2030-12-31' })).toBe(true);
    expect(seSolapan({ desde: '2021-01-01', hasta: '2021-12-31' }, antes)).toBe(true);
  });
});
