import { describe, expect, it } from 'vitest';
import { calcularLineas } from '../../domain/facturas/calculo';
import { calcularNotaDebito, NOTAS_DEBITO_MSG } from '../../domain/notasDebito';

/** The amounts both notes show on screen and sign: exact cents, half-up, IVA once per rate. */

describe('calcularNotaDebito', () => {
  it('adds the reasons per IVA rate and rounds each rate once, half-up', () => {
    const r = calcularNotaDebito([
      { razon: 'Interés', valor: '0.05', iva: '4' },
      { razon: 'Interés', valor: '0.05', iva: '4' },
      { razon: 'Interés', valor: '0.05', iva: '4' },
      { razon: 'Material', valor: '1.10', iva: '5' },
      { razon: 'Flete', valor: '3', iva: '0' },
      { razon: 'Timbres', valor: '2,50', iva: '6' },
    ]);
    expect(r.errores).toEqual([]);
    // 15 %: 0.15 × 0.15 = 0.0225 → 0.02 (three reasons of 0.0075 each would have made 0.03). 5 %: 1.10 × 0.05 = 0.055 → 0.06.
    expect(r.subtotalesIva.map((s) => [s.nombre, s.baseImponible, s.valor])).toEqual([
      ['IVA 15 %', '0.15', '0.02'],
      ['IVA 5 %', '1.10', '0.06'],
      ['IVA 0 %', '3.00', '0.00'],
      ['No objeto de impuesto', '2.50', '0.00'],
    ]);
    expect(r.impuestos[0]).toEqual({ codigo: '2', codigoPorcentaje: '4', tarifa: '15.00', baseImponible: '0.15', valor: '0.02' });
    expect(r.totalSinImpuestos).toBe('6.75');
    expect(r.totalIva).toBe('0.08');
    expect(r.valorTotal).toBe('6.83');
    expect(r.motivos.map((m) => m.total)).toEqual(['0.06', '0.06', '0.06', '1.16', '3.00', '2.50']);
  });

  it('rounds a half cent up, never down as binary floats do', () => {
    // 0.10 × 15 % = 0.015 and 1.005 would both fall to the lower cent in floating point.
    expect(calcularNotaDebito([{ razon: 'Mora', valor: '0.10', iva: '4' }]).valorTotal).toBe('0.12');
    expect(calcularNotaDebito([{ razon: 'Mora', valor: 6.7, iva: '4' }]).totalIva).toBe('1.01');
  });

  it('says in Spanish what is wrong with each reason, naming it', () => {
    const r = calcularNotaDebito([
      { razon: ' ', valor: '-1', iva: '4' },
      { razon: 'Mora', valor: '1.234', iva: '9' },
      { razon: 'Mora', valor: '0', iva: '' },
    ]);
    expect(r.errores.map((e) => e.mensaje)).toEqual([
      'Motivo 1: escriba la razón de la modificación.',
      'Motivo 1: el valor debe ser un número mayor que cero, con hasta 2 decimales, por ejemplo 12.50.',
      'Motivo 2: el valor debe ser un número mayor que cero, con hasta 2 decimales, por ejemplo 12.50.',
      'Motivo 2: el código de IVA «9» no existe; use 0 (0 %), 4 (15 %), 5 (5 %), 6 (no objeto de impuesto) o 7 (exento de IVA).',
      'Motivo 3: el valor debe ser mayor que cero.',
      'Motivo 3: elija la tarifa de IVA.',
    ]);
    expect(r.errores[0]).toMatchObject({ campo: 'razon', linea: 1 });
    expect(calcularNotaDebito([]).errores.map((e) => e.mensaje)).toEqual([NOTAS_DEBITO_MSG.sinMotivos]);
  });

  it('checks the payments against the total only when the form sends them', () => {
    const motivos = [{ razon: 'Mora', valor: '10', iva: '4' }];
    expect(calcularNotaDebito(motivos).errores).toEqual([]);
    expect(calcularNotaDebito(motivos, []).errores.map((e) => e.mensaje)).toEqual(['Indique al menos una forma de pago.']);
    const pagada = calcularNotaDebito(motivos, [{ formaPago: '01', total: '5' }]);
    expect(pagada.errores.map((e) => e.mensaje)).toEqual([
      'La suma de las formas de pago (5.00) no coincide con el total de la nota de débito (11.50).',
    ]);
    expect(pagada.porPagar).toBe('6.50');
    const exacta = calcularNotaDebito(motivos, [{ formaPago: '19', total: '11.5', plazo: '30', unidadTiempo: 'dias' }]);
    expect(exacta.errores).toEqual([]);
    expect(exacta.pagos).toEqual([{ formaPago: '19', total: '11.50', plazo: '30', unidadTiempo: 'dias' }]);
  });
});

describe('calcularLineas (a credit note returns lines computed as the invoice computed them)', () => {
  it('rounds each line half-up, discounts it, and taxes each rate once', () => {
    const r = calcularLineas([
      { cantidad: 3, precioUnitario: '0.335', codigoPorcentaje: '4' },
      { cantidad: '2', precioUnitario: '40', descuento: '10', codigoPorcentaje: '4' },
      { cantidad: '1.5', precioUnitario: '3.333333', codigoPorcentaje: '5' },
      { cantidad: 1, precioUnitario: '9.99', codigoPorcentaje: '7' },
    ]);
    expect(r.errores).toEqual([]);
    // 3 × 0.335 = 1.005 → 1.01; 80 − 10 = 70; 4.9999995 → 5.00.
    expect(r.lineas.map((l) => l.precioTotalSinImpuesto)).toEqual(['1.01', '70.00', '5.00', '9.99']);
    // 15 %: 71.01 × 0.15 = 10.6515 → 10.65; 5 %: 0.25.
    expect(r.totalConImpuestos.map((t) => [t.codigoPorcentaje, t.baseImponible, t.valor])).toEqual([
      ['4', '71.01', '10.65'],
      ['5', '5.00', '0.25'],
      ['7', '9.99', '0.00'],
    ]);
    expect(r.totalSinImpuestos).toBe('86.00');
    expect(r.totalDescuento).toBe('10.00');
    expect(r.total).toBe('96.90');
  });

  it("reports a line's errors with the invoice's words and none of the invoice's own rules", () => {
    const r = calcularLineas([{ cantidad: 0, precioUnitario: '1', codigoPorcentaje: '4' }]);
    expect(r.errores.map((e) => e.mensaje)).toEqual(['Línea 1: la cantidad debe ser mayor que cero.']);
    expect(calcularLineas([]).errores).toEqual([]);
  });
});
