import { describe, expect, it } from 'vitest';
import {
  avisoTardio,
  calcularRetencion,
  compararTotalesRetencion,
  periodoFiscal,
  RETENCIONES_MSG as M,
  vigenteEl,
  type CodigoRetencionVigente,
  type SustentoEntrada,
} from '../../domain/retenciones';

/**
 * What the retención's form shows as the user types, and the server recomputes: each value withheld rounded half-up
 * to the cent, the totals per tax, the bases within the document's, the codes in force on the date, the 5-day warning.
 */
const codigo = (
  impuesto: string,
  c: string,
  porcentaje: string,
  desde = '2026-03-01',
  hasta: string | null = null,
): CodigoRetencionVigente => ({
  id: Number(c.replace(/\D/g, '')) || 1,
  impuesto,
  codigo: c,
  porcentaje,
  desde,
  hasta,
});
const RENTA = codigo('1', '312', '1.75');
const IVA = codigo('2', '1', '30');

const factura = (retenciones: SustentoEntrada['retenciones'], fecha = '2026-04-01'): SustentoEntrada => ({
  codSustento: '01',
  documento: {
    codDoc: '01',
    numero: '001-001-000000010',
    fecha,
    totalSinImpuestos: '100.00',
    iva: '15.00',
    importeTotal: '115.00',
    impuestos: [{ codigo: '2', codigoPorcentaje: '4', tarifa: '15', baseImponible: '100.00', valor: '15.00' }],
    pagos: [],
  },
  retenciones,
});

describe('calcularRetencion', () => {
  it('rounds each value half-up and adds renta and IVA apart', () => {
    // 1.75 % of 66.67 = 1.166725 → 1.17; 1.75 % of 0.30 = 0.00525 → 0.01; 30 % of 15.00 = 4.50.
    const r = calcularRetencion(
      [
        factura([
          { codigo: RENTA, base: '66.67' },
          { codigo: RENTA, base: 0.3 },
          { codigo: IVA, base: '15' },
        ]),
      ],
      '2026-04-02',
    );
    expect(r.errores).toEqual([]);
    expect(r.sustentos[0]!.retenciones.map((x) => x.valor)).toEqual(['1.17', '0.01', '4.50']);
    expect(r.sustentos[0]!.retenciones[2]).toMatchObject({ impuesto: '2', codigo: '1', base: '15.00', porcentaje: '30.00' });
    expect({ renta: r.renta, iva: r.iva, isd: r.isd, total: r.total }).toEqual({ renta: '1.18', iva: '4.50', isd: '0.00', total: '5.68' });
    expect(r.avisos).toEqual([]);
  });

  it('keeps the renta bases within the subtotal and the IVA bases within the IVA, to the cent', () => {
    const justo = calcularRetencion(
      [
        factura([
          { codigo: RENTA, base: '100' },
          { codigo: IVA, base: '15.00' },
        ]),
      ],
      '2026-04-01',
    );
    expect(justo.errores).toEqual([]);
    const excede = calcularRetencion(
      [
        factura([
          { codigo: RENTA, base: '60' },
          { codigo: RENTA, base: '40.01' },
          { codigo: IVA, base: '15.01' },
        ]),
      ],
      '2026-04-01',
    );
    expect(excede.errores.map((e) => e.mensaje)).toEqual([
      `Documento 1: ${M.baseRentaExcede('100.01', '100.00')}`,
      `Documento 1: ${M.baseIvaExcede('15.01', '15.00')}`,
    ]);
  });

  it('takes only codes in force on the retención’s date, and says which line is wrong', () => {
    const derogado = codigo('1', '340', '1', '2020-01-01', '2026-02-28');
    const r = calcularRetencion(
      [
        factura([
          { codigo: RENTA, base: '1' },
          { codigo: derogado, base: '1' },
          { codigo: null, base: '1' },
        ]),
      ],
      '2026-04-01',
    );
    expect(r.errores.map((e) => e.mensaje)).toEqual([
      `Documento 1, retención 2: ${M.codigoNoVigente('340', '01/04/2026')}`,
      `Documento 1, retención 3: ${M.codigoInexistente}`,
    ]);
    expect(vigenteEl(derogado, '2026-02-28')).toBe(true);
    expect(vigenteEl(derogado, '2026-03-01')).toBe(false);
    expect(vigenteEl(RENTA, '2026-02-28')).toBe(false);
  });

  it('refuses bases that are not money and a retención dated before its document; none at all', () => {
    const r = calcularRetencion(
      [
        factura([
          { codigo: RENTA, base: 'doce' },
          { codigo: RENTA, base: '0' },
          { codigo: RENTA, base: '1.001' },
        ]),
      ],
      '2026-03-31',
    );
    expect(r.errores.map((e) => e.mensaje)).toEqual([
      `Documento 1: ${M.anteriorADocumento('01/04/2026')}`,
      `Documento 1, retención 1: ${M.baseFormato}`,
      `Documento 1, retención 2: ${M.baseCero}`,
      `Documento 1, retención 3: ${M.baseFormato}`,
    ]);
    expect(calcularRetencion([], '2026-04-01').errores.map((e) => e.mensaje)).toEqual([M.sinDocumentos]);
    expect(calcularRetencion([factura([])], '2026-04-01').errores.map((e) => e.mensaje)).toEqual([`Documento 1: ${M.sinRetenciones}`]);
  });

  it('warns past 5 days after the document, never refuses for it', () => {
    expect(avisoTardio({ numero: '001-001-000000010', fecha: '2026-04-01' }, '2026-04-06')).toBeNull();
    expect(avisoTardio({ numero: '001-001-000000010', fecha: '2026-04-01' }, '2026-04-07')).toBe(
      M.tarde('001-001-000000010', '01/04/2026', 6),
    );
    const r = calcularRetencion([factura([{ codigo: RENTA, base: '10' }])], '2026-04-20');
    expect(r.errores).toEqual([]);
    expect(r.avisos).toEqual([M.tarde('001-001-000000010', '01/04/2026', 19)]);
  });

  it('names the fiscal period by the retención’s month and compares the totals the form showed', () => {
    expect(periodoFiscal('2026-01-31')).toBe('01/2026');
    const r = calcularRetencion([factura([{ codigo: RENTA, base: '100' }])], '2026-04-01');
    expect(compararTotalesRetencion(r, { FAC_SUBTOTAL: '1.75', FAC_IVA: 0, FAC_TOTAL: 1.75 })).toEqual([]);
    expect(compararTotalesRetencion(r, { FAC_SUBTOTAL: '1.74', FAC_IVA: 0, FAC_TOTAL: '1.75' })).toEqual([
      { campo: 'totales.FAC_SUBTOTAL', mensaje: M.totalesDistintos('impuesto a la renta retenido', '1.74', '1.75') },
    ]);
  });
});
