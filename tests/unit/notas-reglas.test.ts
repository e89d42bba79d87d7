import { describe, expect, it } from 'vitest';
import type { DatosComunes } from '../../domain/comprobantes/datos-comunes';
import {
  armarNotaCredito,
  comprobarNotaCredito,
  fechaLimiteNotaCredito,
  numeroDocumento,
  porDevolver,
  saldoPorAcreditar,
  type DatosNotaCredito,
  type EntradaNotaCredito,
} from '../../domain/notasCredito';
import { armarNotaDebito, type DatosNotaDebito } from '../../domain/notasDebito';
import { validarClaveAcceso } from '../../domain/facturas';

/** The notes' rules as the form and the server state them, and what building a note refuses. */

const entrada = (cambios: Partial<EntradaNotaCredito> = {}): EntradaNotaCredito => ({
  fecha: '2026-03-15',
  comprador: { tipoIdentificacion: '04', identificacion: '1790016919001' },
  motivo: 'Devolución',
  factura: { fecha: '2025-03-15', total: '150.56' },
  notas: ['100', '38.22'],
  valor: '12.34',
  ...cambios,
});
const mensajes = (e: EntradaNotaCredito) => comprobarNotaCredito(e).map((x) => x.mensaje);

describe('the credit note rules', () => {
  it('accept a note within 12 months, for what the invoice still has to credit', () => {
    expect(comprobarNotaCredito(entrada())).toEqual([]);
  });

  it('refuse a note above what is left of the invoice, saying how much is left', () => {
    expect(saldoPorAcreditar('150.56', ['100', '38.22'])).toBe('12.34');
    expect(saldoPorAcreditar(150.56, ['150.56', '1'])).toBe('0.00');
    expect(mensajes(entrada({ valor: '12.35' }))).toEqual([
      'La nota de crédito supera el saldo de la factura: quedan USD 12.34 por acreditar.',
    ]);
  });

  it('refuse consumidor final, by its type or its identification', () => {
    const mensaje = 'No se emiten notas de crédito a consumidor final: el SRI exige identificar al comprador.';
    expect(mensajes(entrada({ comprador: { tipoIdentificacion: '07', identificacion: '' } }))).toEqual([mensaje]);
    expect(mensajes(entrada({ comprador: { tipoIdentificacion: '05', identificacion: '9999999999999' } }))).toEqual([mensaje]);
  });

  it('refuse an invoice older than 12 months at the note’s date, counting months by the calendar', () => {
    expect(fechaLimiteNotaCredito('2025-03-15')).toBe('2026-03-15');
    expect(fechaLimiteNotaCredito('2024-02-29')).toBe('2025-02-28');
    expect(mensajes(entrada({ fecha: '2026-03-16' }))).toEqual(['La factura tiene más de 12 meses: ya no admite notas de crédito.']);
    expect(mensajes(entrada({ fecha: new Date('2026-03-16T04:00:00Z') }))).toEqual([]); // 23:00 of the 15th in Ecuador
  });

  it('refuse a note dated before its invoice', () => {
    expect(mensajes(entrada({ fecha: '2025-03-14' }))).toEqual([
      'La fecha de la nota de crédito no puede ser anterior a la de la factura (15/03/2025).',
    ]);
  });

  it('refuse returning more of a line than the invoice still has, naming the line', () => {
    expect(porDevolver('5', ['2', '0.5'])).toBe('2.5');
    expect(porDevolver(1, ['1'])).toBe('0');
    const lineas = [{ cantidad: '2.5', disponible: porDevolver('5', ['2', '0.5']) }, { cantidad: 3, disponible: '2.5' }, { cantidad: 9 }];
    expect(mensajes(entrada({ lineas }))).toEqual([
      'Línea 2: la cantidad supera lo que queda por devolver de esta línea de la factura (2.5).',
    ]);
  });

  it('require the motivo', () => {
    expect(mensajes(entrada({ motivo: '  ' }))).toEqual(['Ingrese el motivo de la nota de crédito.']);
    expect(mensajes(entrada({ motivo: 'x'.repeat(301) }))).toEqual(['El motivo admite hasta 300 caracteres.']);
  });
});

const comunes: DatosComunes = {
  emisor: {
    ruc: '1790016919001',
    razonSocial: 'CORPORACION FAVORITA C.A.',
    direccionMatriz: 'AV. GENERAL ENRIQUEZ',
    obligadoContabilidad: true,
  },
  ambiente: '1',
  establecimiento: '1',
  puntoEmision: '2',
  secuencial: 45,
  fecha: '2026-03-20',
  comprador: { tipoIdentificacion: '05', identificacion: '1710034065', razonSocial: 'JUAN PÉREZ' },
};
const credito = (cambios: Partial<DatosNotaCredito> = {}): DatosNotaCredito => ({
  ...comunes,
  documentoModificado: { numero: '001-001-000000123', fecha: '2026-01-10' },
  motivo: 'Devolución',
  lineas: [{ descripcion: 'Cemento', cantidad: 2, precioUnitario: '7.50', codigoPorcentaje: '4' }],
  ...cambios,
});

describe('armarNotaCredito', () => {
  it('builds a note 04 with a valid access key and the invoice it modifies', () => {
    const r = armarNotaCredito(credito());
    if (!r.ok) throw new Error(JSON.stringify(r.errores));
    const { infoTributaria, infoNotaCredito } = r.comprobante;
    expect(infoTributaria.codDoc).toBe('04');
    expect(validarClaveAcceso(infoTributaria.claveAcceso)).toMatchObject({ valida: true, partes: { codDoc: '04' } });
    expect(infoTributaria.claveAcceso.slice(8, 10)).toBe('04');
    expect(infoNotaCredito).toMatchObject({
      numDocModificado: '001-001-000000123',
      fechaEmisionDocSustento: '10/01/2026',
      totalSinImpuestos: '15.00',
      valorModificacion: '17.25',
      totalConImpuestos: [{ codigo: '2', codigoPorcentaje: '4', baseImponible: '15.00', valor: '2.25' }],
    });
  });

  it('lists every reason it cannot be built, the note’s own rules first', () => {
    const r = armarNotaCredito(
      credito({
        comprador: { tipoIdentificacion: '07', identificacion: '', razonSocial: '' },
        documentoModificado: { numero: '001-001', fecha: '2026-01-10' },
        motivo: '',
        lineas: [{ descripcion: '', cantidad: 0, precioUnitario: '1', codigoPorcentaje: '4' }],
      }),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errores.map((e) => e.mensaje)).toEqual([
      'No se emiten notas de crédito a consumidor final: el SRI exige identificar al comprador.',
      'El número de la factura que se modifica debe tener la forma 001-001-000000123.',
      'Ingrese el motivo de la nota de crédito.',
      'Línea 1: la cantidad debe ser mayor que cero.',
      'Línea 1: ingrese la descripción.',
    ]);
  });

  it('refuses a note without lines, or one that credits nothing', () => {
    const sin = armarNotaCredito(credito({ lineas: [] }));
    expect(sin.ok ? [] : sin.errores.map((e) => e.mensaje)).toEqual(['La nota de crédito debe tener al menos una línea.']);
    const cero = armarNotaCredito(credito({ lineas: [{ descripcion: 'Regalo', cantidad: 1, precioUnitario: 0, codigoPorcentaje: '0' }] }));
    expect(cero.ok ? [] : cero.errores.map((e) => e.mensaje)).toEqual(['La nota de crédito debe acreditar un valor mayor que cero.']);
  });

  it('writes the invoice number as the schema wants it', () => {
    expect(numeroDocumento('1-1-123')).toBe('001-001-000000123');
    expect(numeroDocumento(' 002-010-000004567 ')).toBe('002-010-000004567');
    expect(numeroDocumento('001-001-1234567890')).toBeUndefined();
    expect(numeroDocumento('000-001-000000001')).toBeUndefined();
  });
});

const debito = (cambios: Partial<DatosNotaDebito> = {}): DatosNotaDebito => ({
  ...comunes,
  documentoModificado: { numero: '001-001-000000123', fecha: '2026-01-10' },
  motivos: [{ razon: 'Intereses por mora', valor: '20', iva: '4' }],
  pagos: [{ formaPago: '01', total: '23' }],
  ...cambios,
});

describe('armarNotaDebito', () => {
  it('builds a note 05 with its reasons, taxes and payments', () => {
    const r = armarNotaDebito(debito());
    if (!r.ok) throw new Error(JSON.stringify(r.errores));
    expect(r.comprobante.infoTributaria.codDoc).toBe('05');
    expect(r.comprobante.infoNotaDebito).toMatchObject({
      totalSinImpuestos: '20.00',
      valorTotal: '23.00',
      pagos: [{ formaPago: '01', total: '23.00' }],
    });
    expect(r.comprobante.motivos).toEqual([{ razon: 'Intereses por mora', valor: '20.00' }]);
  });

  it('refuses a note dated before its invoice, and payments that do not add up', () => {
    const r = armarNotaDebito(debito({ fecha: '2026-01-09', pagos: [{ formaPago: '01', total: '20' }] }));
    expect(r.ok ? [] : r.errores.map((e) => e.mensaje)).toEqual([
      'La fecha de la nota de débito no puede ser anterior a la de la factura (10/01/2026).',
      'La suma de las formas de pago (20.00) no coincide con el total de la nota de débito (23.00).',
    ]);
  });
});
