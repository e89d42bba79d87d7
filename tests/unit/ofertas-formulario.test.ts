import { describe, expect, it } from 'vitest';
import { calcularFactura } from '../../domain/facturas';
import { OFERTAS_MSG, type OfertaDetalle } from '../../domain/contratos/ofertas';
import { esEditable, formDe, nuevaOferta, ofertaToWire, validarOferta, type OfertaForm } from '../../src/resources/ofertas/formulario';

/**
 * The quote form's pure logic: its defaults (today, valid 15 days), what it sends (the invoice's lines and the totals
 * the invoice's calculation gives, which the server recomputes and compares) and what it refuses before sending.
 *
 * Amounts by hand: 3 × 12.50 − 2.50 = 35.00 at 15 %, IVA 5.25 · 1 × 10 at 0 % = 10.00 · subtotal 45.00, total 50.25.
 */

const requerido = 'Requerido';
const sinDescripcion = (n: number) => `Línea ${n}: describa el producto o servicio.`;

const oferta = (cambios: Partial<OfertaForm> = {}): OfertaForm => ({
  ...nuevaOferta('2026-03-20'),
  CLI_CODIGO: 7,
  OFE_NOTAS: '  Entrega en 5 días hábiles.\nPrecios incluyen transporte.  ',
  lineas: [
    {
      CAT_CODIGO: 3,
      FDE_PRINCIPAL: 'TAL-01',
      FDE_DESCRIPCION: 'Taladro percutor',
      FDE_CANTIDAD: '3',
      FDE_PRECIO: '12,50',
      FDE_DESCUENTO: '2.5',
      FDE_IVA: '4',
    },
    {
      CAT_CODIGO: null,
      FDE_PRINCIPAL: '',
      FDE_DESCRIPCION: 'Instalación',
      FDE_CANTIDAD: '1',
      FDE_PRECIO: '10',
      FDE_DESCUENTO: '',
      FDE_IVA: '0',
    },
  ],
  ...cambios,
});

describe('quote form', () => {
  it('starts today, valid 15 days (across a month end), with one empty line', () => {
    const nueva = nuevaOferta('2026-01-20');
    expect(nueva).toMatchObject({ CLI_CODIGO: '', OFE_FECHA: '2026-01-20', OFE_VALIDEZ: '2026-02-04', OFE_NOTAS: '' });
    expect(nueva.lineas).toHaveLength(1);
  });

  it('sends the lines as the invoice does and the totals the invoice calculation gives', () => {
    const wire = ofertaToWire(oferta());
    expect(wire).toMatchObject({
      CLI_CODIGO: 7,
      OFE_FECHA: '2026-03-20',
      OFE_VALIDEZ: '2026-04-04',
      OFE_NOTAS: 'Entrega en 5 días hábiles.\nPrecios incluyen transporte.',
      totalSinImpuestos: '45.00',
      totalDescuento: '2.50',
      totalIva: '5.25',
      importeTotal: '50.25',
    });
    expect(wire.lineas[0]).toMatchObject({ CAT_CODIGO: 3, FDE_PRINCIPAL: 'TAL-01', FDE_PRECIO: '12.50', FDE_DESCUENTO: '2.5' });
    expect(wire.lineas[1]).toMatchObject({ FDE_PRINCIPAL: null, FDE_DESCUENTO: null });
    expect(wire).not.toHaveProperty('pagos');
    // What the server computes from the same lines (domain/facturas) matches what the form declares.
    const servidor = calcularFactura({
      lineas: wire.lineas.map((l) => ({
        cantidad: l.FDE_CANTIDAD,
        precioUnitario: l.FDE_PRECIO,
        descuento: l.FDE_DESCUENTO ?? '',
        codigoPorcentaje: l.FDE_IVA,
      })),
      pagos: [],
    });
    expect(servidor.importeTotal).toBe(wire.importeTotal);
  });

  it('sends empty notes as null', () => {
    expect(ofertaToWire(oferta({ OFE_NOTAS: '   ' })).OFE_NOTAS).toBeNull();
  });

  it('needs no payment but asks for client and dates, refuses a validity before the date and a line without description', () => {
    expect(validarOferta(oferta(), requerido, sinDescripcion)).toEqual({});
    expect(validarOferta(oferta({ CLI_CODIGO: '', OFE_FECHA: '' }), requerido, sinDescripcion)).toMatchObject({
      CLI_CODIGO: requerido,
      OFE_FECHA: requerido,
    });
    expect(validarOferta(oferta({ OFE_VALIDEZ: '2026-03-19' }), requerido, sinDescripcion)).toEqual({ OFE_VALIDEZ: OFERTAS_MSG.validez });
    expect(validarOferta(oferta({ OFE_VALIDEZ: '2026-03-20' }), requerido, sinDescripcion)).toEqual({});
    const [primera, segunda] = oferta().lineas;
    expect(validarOferta(oferta({ lineas: [primera, { ...segunda, FDE_DESCRIPCION: ' ' }] }), requerido, sinDescripcion)).toEqual({
      _detalle: sinDescripcion(2),
    });
  });

  it('edits a draft, a sent or an expired quote not invoiced; never an answered or invoiced one', () => {
    expect(['BORRADOR', 'ENVIADA', 'VENCIDA'].map((OFE_ESTADO) => esEditable({ OFE_ESTADO, FAC_CODIGO: null }))).toEqual([
      true,
      true,
      true,
    ]);
    expect(['ACEPTADA', 'RECHAZADA'].map((OFE_ESTADO) => esEditable({ OFE_ESTADO, FAC_CODIGO: null }))).toEqual([false, false]);
    expect(esEditable({ OFE_ESTADO: 'ENVIADA', FAC_CODIGO: 12 })).toBe(false);
  });

  it('edits a saved quote with its amounts as a user writes them', () => {
    const guardada = {
      CLI_CODIGO: 7,
      OFE_FECHA: '2026-03-20',
      OFE_VALIDEZ: '2026-04-04',
      OFE_NOTAS: null,
      lineas: [
        {
          CAT_CODIGO: 3,
          FDE_PRINCIPAL: 'TAL-01',
          FDE_DESCRIPCION: 'Taladro percutor',
          FDE_CANTIDAD: '3.000000',
          FDE_PRECIO: '12.500000',
          FDE_DESCUENTO: '0.00',
          FDE_IVA: '4',
          FDE_SUBTOTAL: '37.50',
        },
      ],
    } as unknown as OfertaDetalle;
    expect(formDe(guardada)).toEqual({
      CLI_CODIGO: 7,
      OFE_FECHA: '2026-03-20',
      OFE_VALIDEZ: '2026-04-04',
      OFE_NOTAS: '',
      lineas: [
        {
          CAT_CODIGO: 3,
          FDE_PRINCIPAL: 'TAL-01',
          FDE_AUXILIAR: null,
          FDE_DESCRIPCION: 'Taladro percutor',
          FDE_CANTIDAD: '3',
          FDE_PRECIO: '12.50',
          FDE_DESCUENTO: '',
          FDE_IVA: '4',
          FDE_ICE_CODIGO: null,
          FDE_ICE_TARIFA: null,
        },
      ],
    });
  });
});
