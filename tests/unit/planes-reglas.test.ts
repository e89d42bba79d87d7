import { describe, expect, it } from 'vitest';
import {
  activarDescargaPlan,
  activarEditarPlan,
  caducaDesde,
  conIva,
  estadoPlan,
  inicioRenovacion,
  PLAN_MSG,
  seSolapan,
} from '../../domain/planes';
import { diaEcuador, esDia, hoyEcuador } from '../../domain/fechas';

const plan = (inicio: string, caduca: string, usados = 0, clase: 'E' | 'I' | 'O' = 'E') => ({
  inicio,
  caduca,
  comprobantes: 100,
  usados,
  clase,
});

describe('reglas de planes (domain/planes.ts)', () => {
  it('un plan de 365 días desde el 1 de enero termina el 31 de diciembre; la renovación sigue al vencimiento o empieza hoy', () => {
    expect(caducaDesde('2026-01-01', 365)).toBe('2026-12-31');
    expect(caducaDesde('2028-02-28', 2)).toBe('2028-02-29');
    expect(inicioRenovacion('2026-12-31', '2026-06-01')).toBe('2027-01-01');
    expect(inicioRenovacion('2026-06-01', '2026-06-01')).toBe('2026-06-02');
    expect(inicioRenovacion('2026-05-31', '2026-06-01')).toBe('2026-06-01');
    expect(inicioRenovacion(null, '2026-06-01')).toBe('2026-06-01');
  });

  it('fechas que se cruzan, incluido un solo día en común', () => {
    expect(seSolapan({ inicio: '2026-01-01', caduca: '2026-01-31' }, { inicio: '2026-01-31', caduca: '2026-02-28' })).toBe(true);
    expect(seSolapan({ inicio: '2026-01-01', caduca: '2026-01-31' }, { inicio: '2026-02-01', caduca: '2026-02-28' })).toBe(false);
  });

  it('estado: vencido, programado, agotado (solo electrónicos), por vencer en 30 días o menos, vigente', () => {
    const hoy = '2026-06-01';
    expect(estadoPlan(plan('2026-01-01', '2026-05-31'), hoy)).toBe('vencido');
    expect(estadoPlan(plan('2026-06-02', '2027-06-01'), hoy)).toBe('programado');
    expect(estadoPlan(plan('2026-01-01', '2026-12-31', 100), hoy)).toBe('agotado');
    expect(estadoPlan(plan('2026-01-01', '2026-12-31', 100, 'I'), hoy)).toBe('vigente');
    expect(estadoPlan(plan('2026-01-01', '2026-06-01'), hoy)).toBe('por_vencer');
    expect(estadoPlan(plan('2026-01-01', '2026-07-01'), hoy)).toBe('por_vencer');
    expect(estadoPlan(plan('2026-01-01', '2026-07-02'), hoy)).toBe('vigente');
    expect(estadoPlan(plan('2026-01-01', '2026-05-31', 100), hoy)).toBe('vencido');
  });

  it('banderas del spec: descarga con extensión que no es el texto NULL; edición cuando vence hoy o antes', () => {
    expect(activarDescargaPlan('pdf')).toBe(true);
    for (const none of [null, undefined, '', ' ', 'NULL', 'null', ' NULL ']) expect(activarDescargaPlan(none)).toBe(false);
    expect(activarEditarPlan('2026-05-31', '2026-06-01')).toBe(true);
    expect(activarEditarPlan('2026-06-01', '2026-06-01')).toBe(true);
    expect(activarEditarPlan('2026-06-02', '2026-06-01')).toBe(false);
  });

  it('IVA del 15 % con redondeo a centavos, y mensajes de vencimiento', () => {
    expect(conIva('60.00')).toEqual({ base: 60, iva: 9, total: 69 });
    expect(conIva('10.50')).toEqual({ base: 10.5, iva: 1.58, total: 12.08 });
    expect(PLAN_MSG.expiring('2026-06-01', 0)).toContain('vence hoy');
    expect(PLAN_MSG.expiring('2026-06-02', 1)).toContain('en 1 día)');
    expect(PLAN_MSG.expiring('2026-06-03', 2)).toContain('en 2 días)');
  });

  it('hoy en Ecuador es UTC-5: a las 02:00 UTC todavía es el día anterior', () => {
    expect(hoyEcuador(new Date('2026-06-02T02:00:00Z'))).toBe('2026-06-01');
    expect(hoyEcuador(new Date('2026-06-02T05:00:00Z'))).toBe('2026-06-02');
    // A certificate that expires at 00:40 UTC on the 3rd stops working on the evening of the 2nd here.
    expect(diaEcuador(new Date('2026-12-03T00:40:00Z'))).toBe('2026-12-02');
    expect(esDia('2026-02-30')).toBe(false);
    expect(esDia('2028-02-29')).toBe(true);
  });
});
