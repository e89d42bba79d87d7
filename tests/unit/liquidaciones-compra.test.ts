import { describe, expect, it } from 'vitest';
import type { TipoIdentificacionComprador } from '../../domain/comprobantes/comprobante';
import { ARMADO_MSG } from '../../domain/facturas/mensajes';
import { validarClaveAcceso } from '../../domain/facturas';
import {
  armarLiquidacion,
  calcularLiquidacion,
  IDENTIFICACIONES_LIQUIDACION,
  LIQUIDACION_MSG,
  motivoProveedor,
  type DatosLiquidacion,
} from '../../domain/liquidacionesCompra';

/**
 * The liquidación de compra's pure rules, as the form shows them and the server answers them: the invoice's calculation
 * in the liquidación's words, no ICE, the supplier without RUC, and the document built with its supplier.
 *
 * Amounts by hand: 10 × 12.00 at 0 % = 120.00 · 2 × 25.00 − 5.00 = 45.00 at 15 %, IVA 6.75 · 1 × 10.00 at 5 %, IVA 0.50
 * totalSinImpuestos 175.00, totalDescuento 5.00, IVA 7.25, importeTotal 182.25.
 */

const LINEAS: DatosLiquidacion['lineas'] = [
  { codigoPrincipal: 'CAC-01', descripcion: 'Cacao en grano (quintal)', cantidad: 10, precioUnitario: '12', codigoPorcentaje: '0' },
  { descripcion: 'Flete a bodega', cantidad: '2', precioUnitario: '25.00', descuento: '5', codigoPorcentaje: '4' },
  { descripcion: 'Sacos de yute', cantidad: 1, precioUnitario: 10, codigoPorcentaje: '5' },
];
const PAGOS: DatosLiquidacion['pagos'] = [
  { formaPago: '01', total: '82.25' },
  { formaPago: '20', total: '100', plazo: 30, unidadTiempo: 'dias' },
];

const datos = (cambios: Partial<DatosLiquidacion> = {}): DatosLiquidacion => ({
  emisor: {
    ruc: '1792146739001',
    razonSocial: 'FERRETERÍA EL TORNILLO S.A.',
    direccionMatriz: 'Av. 6 de Diciembre N33-12, Quito',
    direccionEstablecimiento: 'Av. 6 de Diciembre N33-12, Quito',
    obligadoContabilidad: true,
  },
  ambiente: '1',
  establecimiento: 1,
  puntoEmision: 1,
  secuencial: 42,
  codigoNumerico: '12345678',
  fecha: '2026-03-20',
  comprador: {
    tipoIdentificacion: '05',
    identificacion: '1710034065',
    razonSocial: 'JOSÉ ÑAUPARI',
    direccion: 'Recinto La Unión, Quevedo',
    email: ['jose@example.com'],
  },
  lineas: LINEAS,
  pagos: PAGOS,
  ...cambios,
});
/** The total of `lineas` without payments (what the form offers as the single payment). */
const totalDe = (lineas: DatosLiquidacion['lineas']) => calcularLiquidacion(lineas, []).importeTotal;
const mensajes = (d: DatosLiquidacion) => {
  const r = armarLiquidacion(d);
  return r.ok ? [] : r.errores.map((e) => e.mensaje);
};

describe('calcularLiquidacion', () => {
  it('computes a liquidación as an invoice: IVA per rate, discounts, payments with their terms', () => {
    const c = calcularLiquidacion(LINEAS, PAGOS);
    expect(c.errores).toEqual([]);
    expect(c).toMatchObject({ totalSinImpuestos: '175.00', totalDescuento: '5.00', totalIva: '7.25', importeTotal: '182.25' });
    expect(c.subtotalesIva.map((s) => [s.codigoPorcentaje, s.baseImponible, s.valor])).toEqual([
      ['4', '45.00', '6.75'],
      ['5', '10.00', '0.50'],
      ['0', '120.00', '0.00'],
    ]);
    expect(c.pagos).toEqual([
      { formaPago: '01', total: '82.25' },
      { formaPago: '20', total: '100.00', plazo: '30', unidadTiempo: 'dias' },
    ]);
  });

  it('says its rules in the liquidación’s words: no lines, payments that do not add up', () => {
    expect(calcularLiquidacion([], []).errores.map((e) => e.mensaje)).toContain(LIQUIDACION_MSG.sinLineas);
    expect(calcularLiquidacion(LINEAS, [{ formaPago: '01', total: '180' }]).errores.map((e) => e.mensaje)).toEqual([
      'La suma de las formas de pago (180.00) no coincide con el total de la liquidación de compra (182.25).',
    ]);
  });

  it('refuses ICE on a line, naming the line', () => {
    const conIce = [LINEAS[0]!, { ...LINEAS[1]!, ice: { codigoPorcentaje: '3031', tarifa: 0 } }];
    const c = calcularLiquidacion(conIce, [{ formaPago: '01', total: totalDe(conIce) }]);
    expect(c.errores).toEqual([
      { campo: 'ice', linea: 2, mensaje: 'Línea 2: la liquidación de compra no lleva ICE; quite el ICE de la línea.' },
    ]);
  });
});

describe('motivoProveedor', () => {
  it('admits a cédula, a pasaporte and an identification of the exterior', () => {
    expect(IDENTIFICACIONES_LIQUIDACION).toEqual(['05', '06', '08']);
    for (const tipo of IDENTIFICACIONES_LIQUIDACION) expect(motivoProveedor({ tipoIdentificacion: tipo, activo: true })).toBeNull();
  });

  it('refuses a RUC holder (it invoices), the consumidor final, and an inactive supplier first of all', () => {
    expect(motivoProveedor({ tipoIdentificacion: '04', activo: true })).toBe(LIQUIDACION_MSG.proveedorConRuc);
    expect(motivoProveedor({ tipoIdentificacion: '07', activo: true })).toBe(LIQUIDACION_MSG.proveedorIdentificacion);
    expect(motivoProveedor({ tipoIdentificacion: '', activo: true })).toBe(LIQUIDACION_MSG.proveedorIdentificacion);
    expect(motivoProveedor({ tipoIdentificacion: '04', activo: false })).toBe(LIQUIDACION_MSG.proveedorInactivo);
  });
});

describe('armarLiquidacion', () => {
  it('builds the document with its supplier, codDoc 03 in a valid access key, no tip and the supplier’s email', () => {
    const r = armarLiquidacion(datos());
    if (!r.ok) throw new Error(r.errores.map((e) => e.mensaje).join('\n'));
    const { infoTributaria, infoLiquidacionCompra: info } = r.comprobante;
    expect(r.comprobante.version).toBe('1.1.0');
    expect(infoTributaria).toMatchObject({ codDoc: '03', estab: '001', ptoEmi: '001', secuencial: '000000042' });
    expect(infoTributaria.claveAcceso).toMatch(/^200320260317921467390011001001000000042123456781\d$/);
    expect(validarClaveAcceso(infoTributaria.claveAcceso)).toMatchObject({ valida: true, partes: { codDoc: '03' } });
    expect(info).toMatchObject({
      fechaEmision: '20/03/2026',
      obligadoContabilidad: 'SI',
      tipoIdentificacionProveedor: '05',
      razonSocialProveedor: 'JOSÉ ÑAUPARI',
      identificacionProveedor: '1710034065',
      direccionProveedor: 'Recinto La Unión, Quevedo',
      totalSinImpuestos: '175.00',
      totalDescuento: '5.00',
      importeTotal: '182.25',
      moneda: 'DOLAR',
    });
    expect(info).not.toHaveProperty('propina');
    expect(info.totalConImpuestos.map((t) => [t.codigo, t.codigoPorcentaje, t.baseImponible, t.valor])).toEqual([
      ['2', '4', '45.00', '6.75'],
      ['2', '5', '10.00', '0.50'],
      ['2', '0', '120.00', '0.00'],
    ]);
    expect(r.comprobante.detalles.map((d) => [d.codigoPrincipal, d.cantidad, d.descuento, d.precioTotalSinImpuesto])).toEqual([
      ['CAC-01', '10.000000', '0.00', '120.00'],
      [undefined, '2.000000', '5.00', '45.00'],
      [undefined, '1.000000', '0.00', '10.00'],
    ]);
    expect(r.comprobante.infoAdicional).toEqual([
      { nombre: 'Dirección', valor: 'Recinto La Unión, Quevedo' },
      { nombre: 'Email', valor: 'jose@example.com' },
    ]);
  });

  it('admits a passport holder and a supplier of the exterior', () => {
    const proveedores: Array<[TipoIdentificacionComprador, string]> = [
      ['06', 'XK998877'],
      ['08', 'US-EIN-98-7654321'],
    ];
    for (const [tipo, identificacion] of proveedores) {
      const r = armarLiquidacion(datos({ comprador: { tipoIdentificacion: tipo, identificacion, razonSocial: 'ACME' } }));
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.comprobante.infoLiquidacionCompra.identificacionProveedor).toBe(identificacion);
    }
  });

  it('refuses a RUC holder or a consumidor final once, in the liquidación’s words', () => {
    const con = (tipoIdentificacion: TipoIdentificacionComprador) => datos({ comprador: { ...datos().comprador, tipoIdentificacion } });
    expect(mensajes(con('04'))).toEqual([LIQUIDACION_MSG.proveedorConRuc]);
    expect(mensajes(con('07'))).toEqual([LIQUIDACION_MSG.proveedorIdentificacion]);
  });

  it('names the supplier in what is missing or too long', () => {
    const sinDatos = datos({ comprador: { tipoIdentificacion: '05', identificacion: ' ', razonSocial: '', direccion: 'x'.repeat(301) } });
    expect(mensajes(sinDatos)).toEqual([
      'Ingrese la identificación del proveedor.',
      'Ingrese la razón social del proveedor.',
      ARMADO_MSG.largo('La dirección del proveedor', 300),
    ]);
    const campos = Array.from({ length: 14 }, (_, i) => ({ nombre: `Campo ${i + 1}`, valor: 'valor' }));
    expect(mensajes(datos({ camposAdicionales: campos }))).toEqual([
      'La información adicional admite hasta 15 campos y esta liquidación de compra de bienes y prestación de servicios tiene 16 (el correo y la dirección del proveedor cuentan).',
    ]);
  });

  it('adds the calculation’s and the lines’ reasons to the supplier’s', () => {
    const r = armarLiquidacion(
      datos({
        comprador: { ...datos().comprador, tipoIdentificacion: '04' },
        lineas: [{ ...LINEAS[0]!, descripcion: '' }],
        pagos: [{ formaPago: '01', total: '1' }],
      }),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errores.map((e) => e.mensaje)).toEqual([
      LIQUIDACION_MSG.pagosNoCoinciden('1.00', '120.00'),
      LIQUIDACION_MSG.proveedorConRuc,
      expect.stringContaining('Línea 1'),
    ]);
    expect(r.calculo.importeTotal).toBe('120.00');
  });
});
