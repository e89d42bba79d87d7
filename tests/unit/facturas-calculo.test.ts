import { describe, expect, it } from 'vitest';
import { calcularFactura, compararTotales, type FacturaEntrada, type LineaEntrada } from '../../domain/facturas';

const efectivo = (total: string | number) => [{ formaPago: '01', total }];
const factura = (lineas: LineaEntrada[], pagos?: FacturaEntrada['pagos'], extra: Partial<FacturaEntrada> = {}) =>
  calcularFactura({ lineas, pagos: pagos ?? [], ...extra });
const linea = (cantidad: string | number, precioUnitario: string | number, codigoPorcentaje = '4', descuento?: string): LineaEntrada => ({
  cantidad,
  precioUnitario,
  codigoPorcentaje,
  descuento,
});
const centavos = (dinero: string) => Number(dinero.replace('.', ''));
const mensajes = (f: ReturnType<typeof calcularFactura>) => f.errores.map((e) => e.mensaje);

describe('an invoice an accountant checks', () => {
  // 2 × 12.50 − 2.50 = 22.50 and 8.99 at 15 %; 3 × 1.10 = 3.30 at 0 %.
  const f = factura([linea('2', '12.50', '4', '2.50'), linea('1', '8.99', '4'), linea('3', '1.10', '0')], efectivo('39.51'));

  it('computes each line, the subtotals per rate, the discount, the IVA and the total', () => {
    expect(f.errores).toEqual([]);
    expect(f.lineas.map((l) => [l.precioTotalSinImpuesto, l.iva])).toEqual([
      ['22.50', '3.38'],
      ['8.99', '1.35'],
      ['3.30', '0.00'],
    ]);
    expect(f.subtotalesIva).toEqual([
      { codigoPorcentaje: '4', nombre: 'IVA 15 %', baseImponible: '31.49', tarifa: '15.00', valor: '4.72' },
      { codigoPorcentaje: '0', nombre: 'IVA 0 %', baseImponible: '3.30', tarifa: '0.00', valor: '0.00' },
    ]);
    expect(f).toMatchObject({ totalSinImpuestos: '34.79', totalDescuento: '2.50', totalIva: '4.72', importeTotal: '39.51' });
  });

  it('rounds the IVA once on each rate’s base, while each line keeps its own rounded IVA', () => {
    // 31.49 × 15 % = 4.7235 → 4.72, which the SRI checks against the base; the lines' 3.375 and 1.3485 round to
    // 3.38 and 1.35 (4.73), each against its own base. The total is built from the rate's IVA.
    const iva15 = f.totalConImpuestos.find((t) => t.codigoPorcentaje === '4')!;
    expect(iva15).toEqual({ codigo: '2', codigoPorcentaje: '4', baseImponible: '31.49', tarifa: '15.00', valor: '4.72' });
    expect(centavos(f.totalSinImpuestos) + centavos(f.totalIva)).toBe(centavos(f.importeTotal));
  });

  it('writes each line as the XML carries it', () => {
    expect(f.lineas[0]).toEqual({
      cantidad: '2.000000',
      precioUnitario: '12.500000',
      descuento: '2.50',
      precioTotalSinImpuesto: '22.50',
      impuestos: [{ codigo: '2', codigoPorcentaje: '4', tarifa: '15.00', baseImponible: '22.50', valor: '3.38' }],
      iva: '3.38',
      total: '25.88',
    });
  });
});

describe('exact decimals and half-up rounding', () => {
  it('multiplies quantities and prices of 6 decimals exactly', () => {
    // 12.345678 × 1.000001 = 12.345690345678 → 12.35; 0.5 × 0.01 = 0.005 → 0.01.
    const f = factura([linea('12.345678', '1.000001', '0'), linea('0.5', '0.010000', '0')]);
    expect(f.lineas.map((l) => [l.cantidad, l.precioUnitario, l.precioTotalSinImpuesto])).toEqual([
      ['12.345678', '1.000001', '12.35'],
      ['0.500000', '0.010000', '0.01'],
    ]);
  });

  it('rounds half-up where binary floats round down (1.005, 2.675, 3 × 1.005, 10.10 × 15 %)', () => {
    // In floats 1.005 is 1.00499…, 2.675 is 2.67499…, 3 × 1.005 is 3.01499… and 10.10 × 0.15 is 1.51499…
    const f = factura([linea(1, 1.005, '0'), linea('1', '2.675', '0'), linea(3, 1.005, '0'), linea('1', '10.10', '4')]);
    expect(f.lineas.map((l) => l.precioTotalSinImpuesto)).toEqual(['1.01', '2.68', '3.02', '10.10']);
    expect(f.lineas[3]!.iva).toBe('1.52');
    expect(f.totalIva).toBe('1.52');
    // 0.10 × 15 % = 0.015 → 0.02; 0.03 × 15 % = 0.0045 → 0.00.
    expect(factura([linea(1, '0.10')]).totalIva).toBe('0.02');
    expect(factura([linea(1, '0.03')]).totalIva).toBe('0.00');
  });

  it('accepts a decimal comma and numbers as well as text', () => {
    const f = factura([linea('1,5', '2,25', '4')]);
    expect(f.lineas[0]).toMatchObject({ cantidad: '1.500000', precioUnitario: '2.250000', precioTotalSinImpuesto: '3.38' });
    expect(factura([linea(1.5, 2.25)]).lineas[0]!.precioTotalSinImpuesto).toBe('3.38');
  });

  it('keeps the 0 %, no objeto and exento subtotals apart, and the 5 % rate', () => {
    const f = factura([linea(1, 10, '7'), linea(1, 20, '6'), linea(1, 30, '0'), linea(1, '40.10', '5'), linea(1, 50, '4')]);
    expect(f.subtotalesIva.map((s) => [s.nombre, s.baseImponible, s.valor])).toEqual([
      ['IVA 15 %', '50.00', '7.50'],
      ['IVA 5 %', '40.10', '2.01'],
      ['IVA 0 %', '30.00', '0.00'],
      ['No objeto de impuesto', '20.00', '0.00'],
      ['Exento de IVA', '10.00', '0.00'],
    ]);
    expect(f.importeTotal).toBe('159.61');
  });

  it('adds a tip to the total but not to the IVA base', () => {
    const f = factura([linea(1, 100)], efectivo('125.00'), { propina: '10' });
    expect(f).toMatchObject({ totalIva: '15.00', propina: '10.00', importeTotal: '125.00', errores: [] });
  });

  it('puts the ICE into the line’s IVA base', () => {
    const f = factura([{ ...linea(2, 10), ice: { codigoPorcentaje: '3051', tarifa: '10' } }]);
    // ICE 20.00 × 10 % = 2.00; IVA (20.00 + 2.00) × 15 % = 3.30.
    expect(f.lineas[0]!.impuestos).toEqual([
      { codigo: '2', codigoPorcentaje: '4', tarifa: '15.00', baseImponible: '22.00', valor: '3.30' },
      { codigo: '3', codigoPorcentaje: '3051', tarifa: '10.00', baseImponible: '20.00', valor: '2.00' },
    ]);
    expect(f.totalConImpuestos.map((t) => [t.codigo, t.baseImponible, t.valor])).toEqual([
      ['2', '22.00', '3.30'],
      ['3', '20.00', '2.00'],
    ]);
    expect(f).toMatchObject({ totalSinImpuestos: '20.00', totalIce: '2.00', importeTotal: '25.30' });
  });
});

describe('payments', () => {
  it('must add up to the total', () => {
    const f = factura([linea(1, 100)], [{ formaPago: '19', total: '100' }]);
    expect(mensajes(f)).toEqual(['La suma de las formas de pago (100.00) no coincide con el total de la factura (115.00).']);
    expect(f.porPagar).toBe('15.00');
  });

  it('may be split between payment methods, with a term', () => {
    const f = factura(
      [linea(1, 100)],
      [
        { formaPago: '01', total: '15' },
        { formaPago: '20', total: '100.00', plazo: '30', unidadTiempo: 'dias' },
      ],
    );
    expect(f.errores).toEqual([]);
    expect(f.pagos).toEqual([
      { formaPago: '01', total: '15.00' },
      { formaPago: '20', total: '100.00', plazo: '30', unidadTiempo: 'dias' },
    ]);
    expect(f).toMatchObject({ totalPagos: '115.00', porPagar: '0.00' });
  });

  it('names the payment that is wrong', () => {
    const f = factura(
      [linea(1, 100)],
      [
        { formaPago: '99', total: '115' },
        { formaPago: '01', total: '1.005' },
      ],
    );
    expect(mensajes(f)).toEqual([
      'Forma de pago 1: la forma de pago «99» no existe.',
      'Forma de pago 2: el valor debe ser un número mayor o igual a cero, con hasta 2 decimales.',
    ]);
    expect(mensajes(factura([linea(1, 100)], []))).toEqual(['Indique al menos una forma de pago.']);
  });
});

describe('consumidor final', () => {
  const aConsumidorFinal = (precio: string) => factura([linea(1, precio, '0')], efectivo(precio), { tipoIdentificacionComprador: '07' });

  it('allows a total of up to USD 50.00', () => {
    expect(aConsumidorFinal('50.00').errores).toEqual([]);
  });

  it('refuses 50.01 and asks to identify the buyer', () => {
    expect(mensajes(aConsumidorFinal('50.01'))).toEqual([
      'Una factura a consumidor final no puede superar USD 50.00 y esta suma USD 50.01: identifique al comprador con su cédula, RUC o pasaporte.',
    ]);
  });

  it('does not limit an identified buyer', () => {
    expect(factura([linea(1, 500, '0')], efectivo(500), { tipoIdentificacionComprador: '05' }).errores).toEqual([]);
  });
});

describe('error messages', () => {
  const errores = (lineas: LineaEntrada[]) => mensajes(factura(lineas, efectivo('0.00'))).filter((m) => !m.startsWith('La suma'));

  it('names the line of each error', () => {
    expect(errores([linea(1, 1, '0'), linea('0', 5)])).toEqual(['Línea 2: la cantidad debe ser mayor que cero.']);
    expect(errores([linea('-1', 5)])).toEqual(['Línea 1: la cantidad no puede ser negativa.']);
    expect(errores([linea(1, '-5')])).toEqual(['Línea 1: el precio unitario no puede ser negativo.']);
    expect(errores([linea(2, '12.50', '4', '30')])).toEqual([
      'Línea 1: el descuento (30.00) no puede ser mayor que el valor de la línea (25.00).',
    ]);
    expect(errores([linea(1, 5, '9')])).toEqual([
      'Línea 1: el código de IVA «9» no existe; use 0 (0 %), 4 (15 %), 5 (5 %), 6 (no objeto de impuesto) o 7 (exento de IVA).',
    ]);
    expect(errores([linea('1.0000001', 5)])).toEqual(['Línea 1: la cantidad admite hasta 6 decimales.']);
    expect(errores([linea(1, '5.1234567')])).toEqual(['Línea 1: el precio unitario admite hasta 6 decimales.']);
    expect(errores([linea(1, 5, '4', '0.001')])).toEqual(['Línea 1: el descuento admite hasta 2 decimales.']);
    expect(errores([linea('', 5, '')])).toEqual(['Línea 1: ingrese la cantidad.', 'Línea 1: elija la tarifa de IVA.']);
    expect(errores([linea('dos', 5)])).toEqual(['Línea 1: la cantidad debe ser un número, por ejemplo 2 o 1.5.']);
    expect(errores([linea('1234567890123', 1)])).toEqual(['Línea 1: la cantidad es demasiado grande.']);
  });

  it('accepts trailing zeros beyond 6 decimals, a zero price and a discount equal to the line', () => {
    expect(errores([linea('1.50000000', 5), linea(1, 0), linea(2, '12.50', '4', '25')])).toEqual([]);
  });

  it('refuses an invoice without lines', () => {
    expect(mensajes(factura([], efectivo(0)))).toEqual(['La factura debe tener al menos una línea.']);
  });

  it('gives the field and line to point at', () => {
    expect(factura([linea(1, 1), linea('-2', 1)], efectivo('1.15')).errores).toEqual([
      { campo: 'cantidad', linea: 2, mensaje: 'Línea 2: la cantidad no puede ser negativa.' },
    ]);
  });
});

describe('the server’s recomputation', () => {
  const f = factura([linea(1, 100)], efectivo(115));

  it('accepts the totals the form showed', () => {
    expect(compararTotales(f, { totalSinImpuestos: '100.00', totalIva: 15, importeTotal: '115' })).toEqual([]);
  });

  it('refuses a total one cent off, with both amounts', () => {
    expect(compararTotales(f, { importeTotal: '115.01' })).toEqual([
      {
        campo: 'importeTotal',
        mensaje: 'El total de la factura enviado (115.01) no coincide con el calculado (115.00); revise la factura e intente nuevamente.',
      },
    ]);
  });
});
