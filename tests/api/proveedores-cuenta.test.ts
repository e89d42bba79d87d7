import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { puntoPrincipal } from '../helpers/facturas-api';
import { carpetaTemporal, filasExcel } from '../helpers/archivos';
import { facturas, proveedores, recibidos, retencionesDetalles, retencionesSustentos } from '../../server/infra/db/schema';
import type { CuentaProveedor } from '../../server/modules/proveedoresCuenta/contract';

/**
 * A supplier's account: what the company owes it rises with the facturas and notas de débito received from it and the
 * company's own liquidaciones de compra to it, and falls with its notas de crédito and with what the company's
 * AUTORIZADA retenciones withhold; a draft or an annulled document counts nothing. The rows are written here as the
 * received documents' import, the liquidaciones' and the retenciones' issuing write them (their own tests cover those
 * flows): this file proves the account's arithmetic, its movements, its files and its scope.
 */
const carpeta = carpetaTemporal('proveedores-cuenta-');
const pdfTexto = (pdf: Buffer, nombre: string) => carpeta.pdfTexto(pdf, nombre).replace(/\s+/g, ' ');

describe.each(testDatabases)('cuenta de un proveedor (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let empresa: number;
  let punto: number;
  let proveedor: number;
  let ajeno: number;
  let factura: number;
  let liquidacion: number;
  let retencion: number;

  const call = (url: string, tk = token) => t.app.inject({ method: 'GET', url, headers: { 'x-token': tk } });
  const cuenta = async () => {
    const res = await call(`/api/proveedores/${proveedor}/cuenta`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CuentaProveedor;
  };

  let clave = 0;
  async function recibido(tipo: '01' | '04' | '05', numero: string, fecha: string, total: string, prv = proveedor) {
    const [row] = await t.db
      .insert(recibidos)
      .values({
        EMP_CODIGO: empresa,
        REC_TIPO: tipo,
        REC_CLAVE_ACCESO: String(++clave).padStart(49, '0'),
        REC_NUMERO: numero,
        REC_FECHA: fecha,
        REC_EMISOR_RUC: '1790011674001',
        REC_EMISOR_RAZON_SOCIAL: 'AGRÍCOLA LOS ANDES S.A.',
        PRV_CODIGO: prv,
        REC_AUTORIZACION: String(clave).padStart(49, '0'),
        REC_AMBIENTE: 1,
        REC_TOTAL: total,
        REC_XML: '<factura/>',
        REC_ORIGEN: 'xml',
      })
      .returning({ id: recibidos.REC_CODIGO });
    return row!.id;
  }
  let secuencial = 0;
  async function propio(tipo: '03' | '07', estado: string, fecha: string, total: string) {
    const s = ++secuencial;
    const [row] = await t.db
      .insert(facturas)
      .values({
        EMP_CODIGO: empresa,
        PEM_CODIGO: punto,
        PRV_CODIGO: proveedor,
        FAC_TIPO: tipo,
        FAC_ESTADO: estado,
        FAC_FECHA: fecha,
        FAC_SECUENCIAL: s,
        FAC_NUMERO: `001-001-${String(s).padStart(9, '0')}`,
        FAC_TOTAL: total,
      })
      .returning({ id: facturas.FAC_CODIGO });
    return row!.id;
  }
  const numeroDe = async (id: number) =>
    (await t.db.select({ n: facturas.FAC_NUMERO }).from(facturas).where(eq(facturas.FAC_CODIGO, id)))[0]!.n!;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const tornillo = await loginCompany(t, COMPANIES.tornillo);
    token = tornillo.token;
    empresa = tornillo.COM_CODIGO;
    punto = await puntoPrincipal(t, empresa);
    const nuevo = async (identificacion: string, razon: string) =>
      (
        await t.db
          .insert(proveedores)
          .values({ EMP_CODIGO: empresa, PRV_TIPO_IDENTIFICACION: '04', PRV_IDENTIFICACION: identificacion, PRV_RAZON_SOCIAL: razon })
          .returning({ id: proveedores.PRV_CODIGO })
      )[0]!.id;
    proveedor = await nuevo('1790011674001', 'AGRÍCOLA LOS ANDES S.A.');
    ajeno = await nuevo('1790016919001', 'OTRO PROVEEDOR S.A.');

    factura = await recibido('01', '001-002-000000123', '2026-11-02', '115.00');
    await recibido('05', '001-002-000000010', '2026-11-05', '10.00');
    await recibido('04', '001-002-000000004', '2026-11-06', '15.00');
    // Another supplier's factura is not in this account.
    await recibido('01', '001-001-000000777', '2026-11-02', '999.00', ajeno);
    liquidacion = await propio('03', 'AUTORIZADA', '2026-11-03', '200.00');
    // An annulled liquidación and a draft retención count nothing.
    await propio('03', 'ANULADA', '2026-11-03', '50.00');
    const borrador = await propio('07', 'BORRADOR', '2026-11-07', '30.00');
    retencion = await propio('07', 'AUTORIZADA', '2026-11-07', '12.00');
    // The retención withholds 4.00 of the factura (1 % renta, 30 % of its IVA) and 8.00 of the liquidación.
    for (const r of [retencion, borrador]) {
      await t.db.insert(retencionesSustentos).values([
        { FAC_CODIGO: r, RSU_LINEA: 1, REC_CODIGO: factura, RSU_SUSTENTO: '01' },
        { FAC_CODIGO: r, RSU_LINEA: 2, RSU_LIQUIDACION: liquidacion, RSU_SUSTENTO: '01' },
      ]);
      const detalle = (
        linea: number,
        sustento: number,
        impuesto: string,
        codigo: string,
        base: string,
        porcentaje: string,
        valor: string,
      ) => ({
        FAC_CODIGO: r,
        RDE_LINEA: linea,
        RSU_LINEA: sustento,
        RDE_IMPUESTO: impuesto,
        RDE_CODIGO: codigo,
        RDE_BASE: base,
        RDE_PORCENTAJE: porcentaje,
        RDE_VALOR: valor,
      });
      await t.db
        .insert(retencionesDetalles)
        .values([
          detalle(1, 1, '1', '312', '100.00', '1.00', '1.00'),
          detalle(2, 1, '2', '9', '10.00', '30.00', '3.00'),
          detalle(3, 2, '1', '3440', '200.00', '1.00', '2.00'),
          detalle(4, 2, '2', '10', '60.00', '10.00', '6.00'),
        ]);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds the purchases, takes off the credit notes and what the authorized retenciones withhold', async () => {
    const c = await cuenta();
    expect(c.proveedor).toEqual({
      PRV_CODIGO: proveedor,
      PRV_IDENTIFICACION: '1790011674001',
      PRV_RAZON_SOCIAL: 'AGRÍCOLA LOS ANDES S.A.',
    });
    expect(c.totales).toEqual({ comprado: '325.00', notasCredito: '15.00', retenido: '12.00', saldo: '298.00' });
    const liq = await numeroDe(liquidacion);
    expect(c.documentos).toEqual([
      {
        tipo: 'factura',
        id: factura,
        numero: '001-002-000000123',
        fecha: '2026-11-02',
        total: '115.00',
        retenido: '4.00',
        saldo: '111.00',
      },
      { tipo: 'liquidacion', id: liquidacion, numero: liq, fecha: '2026-11-03', total: '200.00', retenido: '8.00', saldo: '192.00' },
      expect.objectContaining({ tipo: 'notaDebito', total: '10.00', retenido: '0.00', saldo: '10.00' }),
      expect.objectContaining({ tipo: 'notaCredito', total: '-15.00', saldo: '-15.00' }),
    ]);
    const ret = await numeroDe(retencion);
    expect(c.movimientos.map((m) => [m.fecha, m.concepto, m.haber, m.debe, m.saldo])).toEqual([
      ['2026-11-02', 'Factura 001-002-000000123', '115.00', '0.00', '115.00'],
      ['2026-11-03', `Liquidación de compra ${liq}`, '200.00', '0.00', '315.00'],
      ['2026-11-05', 'Nota de débito 001-002-000000010', '10.00', '0.00', '325.00'],
      ['2026-11-06', 'Nota de crédito 001-002-000000004', '0.00', '15.00', '310.00'],
      ['2026-11-07', `Retención ${ret} (factura 001-002-000000123, liquidación ${liq})`, '0.00', '12.00', '298.00'],
    ]);
  });

  it('gives the account as PDF and Excel', async () => {
    const pdf = await call(`/api/proveedores/${proveedor}/cuenta/reporte?formato=pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('cuenta-proveedor-1790011674001-');
    const texto = pdfTexto(pdf.rawPayload, 'cuenta.pdf');
    expect(texto).toContain('Cuenta del proveedor AGRÍCOLA LOS ANDES S.A.');
    expect(texto).toContain('Comprado Notas de crédito Retenido Saldo por pagar USD 325.00 USD 15.00 USD 12.00 USD 298.00');
    expect(texto).toContain('Factura 001-002-000000123 02/11/2026 115.00 4.00 111.00');
    expect(texto).toContain('no registra pagos a proveedores');

    const xlsx = await call(`/api/proveedores/${proveedor}/cuenta/reporte?formato=xlsx`);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const movimientos = await filasExcel(xlsx.rawPayload, 'Movimientos');
    const ultima = movimientos.at(-1)!;
    expect(String(ultima[2])).toMatch(/^Retención 001-001-/);
    expect(ultima.slice(3)).toEqual([12, 0, 298]);
    const documentos = await filasExcel(xlsx.rawPayload, 'Documentos');
    expect(documentos.find((r) => r[1] === 'Saldo por pagar')?.[6]).toBe(298);
  });

  it('stops counting an annulled retención: the balance goes back up', async () => {
    await t.db.update(facturas).set({ FAC_ESTADO: 'ANULADA' }).where(eq(facturas.FAC_CODIGO, retencion));
    const c = await cuenta();
    expect(c.totales).toEqual({ comprado: '325.00', notasCredito: '15.00', retenido: '0.00', saldo: '310.00' });
    expect(c.documentos[0]).toMatchObject({ retenido: '0.00', saldo: '115.00' });
    expect(c.movimientos.some((m) => m.tipo === 'retencion')).toBe(false);
  });

  it('answers 404 for another company’s supplier and 400 for an unknown format', async () => {
    const andina = await loginCompany(t, COMPANIES.andina);
    expect((await call(`/api/proveedores/${proveedor}/cuenta`, andina.token)).statusCode).toBe(404);
    expect((await call(`/api/proveedores/${proveedor}/cuenta/reporte?formato=pdf`, andina.token)).statusCode).toBe(404);
    const res = await call(`/api/proveedores/${proveedor}/cuenta/reporte?formato=doc`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('El formato debe ser xlsx o pdf');
  });
});
