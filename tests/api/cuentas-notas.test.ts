import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { borrador, crearOk, darPlan, nuevoCliente, puntoPrincipal } from '../helpers/facturas-api';
import { autorizar, cerrarSriCompartido } from '../helpers/sri';
import { carpetaTemporal, filasExcel } from '../helpers/archivos';
import { facturas } from '../../server/infra/db/schema';
import { CUENTAS_MSG, type CarteraDeCliente, type EstadoCuenta } from '../../server/modules/cuentas/contract';
import type { LineaBorrador, PagoBorrador } from '../../server/modules/facturas/contract';
import { fechaCorta, hoyEcuador, sumarDias } from '../../domain/fechas';

/**
 * The clients' accounts count the notes that modify their invoices: an AUTORIZADA credit note lowers what the invoice
 * owes and a debit note raises it (a note still waiting for the SRI counts for nothing); the statement lists them as
 * movements with the running balance; the balances, the aging (a note follows its invoice's due date), the PDF and the
 * Excel agree; a collection is held to what the invoice owes after its notes, an invoice fully credited is no longer
 * pending, and annulling a note puts the balance back. The notes are issued through their API and authorized by the
 * local SRI, as the invoices are.
 */
const carpeta = carpetaTemporal('cuentas-notas-');
/** The PDF's text with every run of spaces and lines as one space. */
const pdfTexto = (pdf: Buffer, nombre: string) => carpeta.pdfTexto(pdf, nombre).replace(/\s+/g, ' ');

const linea = (precio: string): LineaBorrador[] => [
  { FDE_DESCRIPCION: 'Servicio de mantenimiento', FDE_CANTIDAD: '1', FDE_PRECIO: precio, FDE_IVA: '0' },
];

describe.each(testDatabases)('cuentas de clientes con notas de crédito y de débito (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let punto: number;
  let cliente: number;
  /** 100.00 at 30 days, issued 40 days ago: 10 days overdue. */
  let f1: number;
  /** 50.00 cash, issued today: not yet overdue. */
  let f2: number;
  let numeroF1: string;
  let numeroF2: string;
  /** 30.00 credited to f1, 5.00 debited to f1, 50.00 credited to f2 (all of it). */
  let nc1: number;
  let nd1: number;
  let nc2: number;
  const hoy = hoyEcuador();
  const hace40 = sumarDias(hoy, -40);

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  const ok = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res;
  };
  const saldo = async () => (await ok('GET', `/api/clientes/saldoEstadoCuenta/${cliente}`)).json();
  const estado = async () => (await ok('GET', `/api/clientes/estadoCuenta/${cliente}`)).json() as EstadoCuenta;
  const carteraCliente = async () => (await ok('GET', `/api/clientes/cartera/${cliente}`)).json() as CarteraDeCliente;
  const numeroDe = async (id: number) =>
    (await t.db.select({ n: facturas.FAC_NUMERO }).from(facturas).where(eq(facturas.FAC_CODIGO, id)))[0]!.n!;

  async function facturaAutorizada(precio: string, pagos: Array<Partial<PagoBorrador>>) {
    const body = borrador(punto, cliente, linea(precio), { pagos: pagos.map((p) => ({ FPA_FORMA: '01', FPA_TOTAL: precio, ...p })) });
    const id = await crearOk(t, token, body);
    await ok('POST', `/api/facturas/${id}/emitir`);
    await autorizar(t, [id]);
    return id;
  }

  /** A note's draft through its API, issued: it waits in the SRI's queue (FIRMADA) until `autorizar`. */
  async function notaEmitida(ruta: 'notasCredito' | 'notasDebito', body: object) {
    const res = await ok('POST', `/api/${ruta}`, body);
    const id = res.json().FAC_CODIGO as number;
    await ok('POST', `/api/${ruta}/${id}/emitir`);
    return id;
  }
  /** A credit note that grants `valor` (IVA 0 %) off invoice `factura`. */
  const notaCredito = (factura: number, valor: string) =>
    notaEmitida('notasCredito', {
      FAC_MODIFICA: factura,
      PEM_CODIGO: punto,
      FAC_MOTIVO: 'Descuento por pronto pago',
      lineas: [{ FDE_DESCRIPCION: 'Descuento por pronto pago', FDE_CANTIDAD: '1', FDE_PRECIO: valor, FDE_IVA: '0' }],
    });
  /** A debit note that charges `valor` (IVA 0 %) on invoice `factura`. */
  const notaDebito = (factura: number, valor: string) =>
    notaEmitida('notasDebito', {
      FAC_MODIFICA: factura,
      PEM_CODIGO: punto,
      motivos: [{ razon: 'Interés por mora', valor, iva: '0' }],
      pagos: [{ FPA_FORMA: '01', FPA_TOTAL: valor }],
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
    const tornillo = await loginCompany(t, COMPANIES.tornillo);
    token = tornillo.token;
    await darPlan(t, tornillo.COM_CODIGO, 100);
    punto = await puntoPrincipal(t, tornillo.COM_CODIGO);
    cliente = await nuevoCliente(t, tornillo.COM_CODIGO, 701);
    f1 = await facturaAutorizada('100.00', [{ FPA_FORMA: '20', FPA_PLAZO: 30, FPA_UNIDAD: 'dias' }]);
    f2 = await facturaAutorizada('50.00', [{}]);
    // Issued 40 days ago: with 30 days of credit it is 10 days overdue.
    await t.db.update(facturas).set({ FAC_FECHA: hace40 }).where(eq(facturas.FAC_CODIGO, f1));
    [numeroF1, numeroF2] = [await numeroDe(f1), await numeroDe(f2)];
  });
  afterAll(async () => {
    await cerrarSriCompartido();
    await t?.close();
  });

  it('counts a note once the SRI authorizes it: the credit note lowers the balance, the debit note raises it', async () => {
    expect(await saldo()).toMatchObject({ facturado: '150.00', saldo: '150.00', vencido: '100.00' });
    nc1 = await notaCredito(f1, '30.00');
    // Signed and queued, not yet authorized: it counts for nothing.
    expect(await saldo()).toMatchObject({ facturado: '150.00', saldo: '150.00' });
    await autorizar(t, [nc1]);
    expect(await saldo()).toEqual({
      facturado: '120.00',
      cobrado: '0.00',
      saldo: '120.00',
      vencido: '70.00',
      facturas: 2,
      pendientes: 2,
      vencidas: 1,
    });
    nd1 = await notaDebito(f1, '5.00');
    await autorizar(t, [nd1]);
    expect(await saldo()).toMatchObject({ facturado: '125.00', saldo: '125.00', vencido: '75.00' });
    expect((await ok('GET', `/api/clientes/valorFactura/${cliente}`)).json()).toMatchObject({ facturas: 2, total: '125.00' });

    const e = await estado();
    expect(e.facturas.find((f) => f.FAC_CODIGO === f1)).toMatchObject({
      FAC_TOTAL: '100.00',
      notasCredito: '30.00',
      notasDebito: '5.00',
      saldo: '75.00',
      diasVencida: 10,
    });
    const [numeroNc1, numeroNd1] = [await numeroDe(nc1), await numeroDe(nd1)];
    // In date order; the same day, the invoice, then the debit notes, then the credit notes.
    expect(e.movimientos.map((m) => [m.fecha, m.concepto, m.debe, m.haber, m.saldo])).toEqual([
      [hace40, `Factura ${numeroF1}`, '100.00', '0.00', '100.00'],
      [hoy, `Factura ${numeroF2}`, '50.00', '0.00', '150.00'],
      [hoy, `Nota de débito ${numeroNd1} (factura ${numeroF1})`, '5.00', '0.00', '155.00'],
      [hoy, `Nota de crédito ${numeroNc1} (factura ${numeroF1})`, '0.00', '30.00', '125.00'],
    ]);
    expect(e.movimientos.at(-1)!.saldo).toBe(e.totales.saldo);

    // The aging: the notes follow their invoice's due date (10 days overdue), the cash invoice is not yet due.
    const c = await carteraCliente();
    expect(c.totales).toEqual({
      porVencer: '50.00',
      dias1a30: '75.00',
      dias31a60: '0.00',
      dias61a90: '0.00',
      mas90: '0.00',
      saldo: '125.00',
    });
    const empresa = (await ok('GET', '/api/clientes/cartera')).json() as { clientes: Array<{ CLI_CODIGO: number; saldo: string }> };
    expect(empresa.clientes.find((x) => x.CLI_CODIGO === cliente)).toMatchObject({ dias1a30: '75.00', saldo: '125.00' });
    expect((await ok('GET', '/api/clientes/valorNeto')).json()).toMatchObject({ facturado: '125.00', saldo: '125.00' });
  });

  it('holds a collection to what an invoice owes after its notes; an invoice fully credited is no longer pending', async () => {
    nc2 = await notaCredito(f2, '50.00');
    await autorizar(t, [nc2]);
    expect(await saldo()).toMatchObject({ saldo: '75.00', pendientes: 1, facturas: 2 });
    expect((await carteraCliente()).facturas.map((f) => f.FAC_CODIGO)).toEqual([f1]);

    const cobrar = (body: object) => call('POST', `/api/clientes/cobroEstadoCuenta/${cliente}`, { fecha: hoy, forma: '20', ...body });
    const numeroNc2 = await numeroDe(nc2);
    for (const [body, msg] of [
      [{ valor: '75.01', aplicaciones: [{ FAC_CODIGO: f1, valor: '75.01' }] }, CUENTAS_MSG.excedeFactura(numeroF1, '75.00')],
      [{ valor: '75.01' }, CUENTAS_MSG.excedeSaldo('75.00')],
      [{ valor: '1.00', aplicaciones: [{ FAC_CODIGO: f2, valor: '1.00' }] }, CUENTAS_MSG.excedeFactura(numeroF2, '0.00')],
      [{ valor: '1.00', aplicaciones: [{ FAC_CODIGO: nc2, valor: '1.00' }] }, CUENTAS_MSG.noEsFactura(numeroNc2)],
    ] as const) {
      const res = await cobrar(body);
      expect([res.statusCode, res.json().msg], JSON.stringify(body)).toEqual([400, msg]);
    }
    // Without applications the collection goes to the only invoice that owes.
    const cobro = await cobrar({ valor: '25.00', referencia: 'TRF-77' });
    expect(cobro.statusCode, cobro.body).toBe(201);
    expect(cobro.json().aplicaciones).toEqual([{ FAC_CODIGO: f1, FAC_NUMERO: numeroF1, valor: '25.00' }]);
    const e = await estado();
    expect(e.totales).toMatchObject({ facturado: '75.00', cobrado: '25.00', saldo: '50.00' });
    expect(e.movimientos.slice(-2).map((m) => [m.concepto, m.debe, m.haber, m.saldo])).toEqual([
      [`Nota de crédito ${numeroNc2} (factura ${numeroF2})`, '0.00', '50.00', '75.00'],
      ['Cobro · Otros con utilización del sistema financiero · TRF-77', '0.00', '25.00', '50.00'],
    ]);
  });

  it('prints the notes in the statement PDF and Excel, with the running balance', async () => {
    const [numeroNc1, numeroNd1] = [await numeroDe(nc1), await numeroDe(nd1)];
    const pdf = await ok('GET', `/api/clientes/estadoCuenta/${cliente}/reporte?formato=pdf`);
    const texto = pdfTexto(pdf.rawPayload, 'estado.pdf');
    expect(texto).toContain('Movimientos');
    expect(texto).toMatch(new RegExp(`${fechaCorta(hoy)} Nota de crédito ${numeroNc1} \\(factura ${numeroF1}\\) 30\\.00 125\\.00`));
    expect(texto).toMatch(new RegExp(`${fechaCorta(hoy)} Nota de débito ${numeroNd1} \\(factura ${numeroF1}\\) 5\\.00 155\\.00`));
    // The boxes: what was invoiced, credited and debited, then collected and owed.
    expect(texto).toMatch(
      /Facturado Notas de crédito Notas de débito Cobrado Saldo Vencido USD 150\.00 USD 80\.00 USD 5\.00 USD 25\.00 USD 50\.00 USD 50\.00/,
    );
    // f1's row: total, credited, debited, collected, balance, days overdue.
    expect(texto).toContain(`${numeroF1} ${fechaCorta(hace40)} ${fechaCorta(sumarDias(hace40, 30))} 100.00 30.00 5.00 25.00 50.00 10`);

    const xlsx = (await ok('GET', `/api/clientes/estadoCuenta/${cliente}/reporte?formato=xlsx`)).rawPayload;
    const movimientos = await filasExcel(xlsx, 'Movimientos');
    const fila = movimientos.find((r) => r[2] === `Nota de crédito ${numeroNc1} (factura ${numeroF1})`)!;
    expect(fila.slice(3, 6)).toEqual([0, 30, 125]);
    expect((fila[1] as Date).toISOString().slice(0, 10)).toBe(hoy);
    expect(movimientos.at(-1)!.slice(2, 6)).toEqual(['Cobro · Otros con utilización del sistema financiero · TRF-77', 0, 25, 50]);
    const hoja = await filasExcel(xlsx, 'Facturas');
    // Total, collected, balance and days overdue keep their columns; the notes come after them.
    expect(hoja.find((r) => r[1] === numeroF1)!.slice(4, 10)).toEqual([100, 25, 50, 10, 30, 5]);
    expect(hoja.find((r) => r[1] === numeroF2)!.slice(4, 10)).toEqual([50, 0, 0, 0, 50, 0]);
    expect(hoja.find((r) => r[1] === 'Total')!.slice(4, 10)).toEqual([150, 25, 50, undefined, 80, 5]);

    const cartera = pdfTexto((await ok('GET', `/api/clientes/cartera/${cliente}/reporte?formato=pdf`)).rawPayload, 'cartera.pdf');
    expect(cartera).toContain(numeroF1);
    expect(cartera).not.toContain(numeroF2);
  });

  it('puts the balance back when a note is annulled', async () => {
    const anular = await call('POST', `/api/notasCredito/${nc1}/anular`, { motivo: 'Anulada en el portal del SRI' });
    expect(anular.statusCode, anular.body).toBe(200);
    expect(await saldo()).toMatchObject({ facturado: '105.00', cobrado: '25.00', saldo: '80.00', vencido: '80.00' });
    const e = await estado();
    expect(e.facturas.find((f) => f.FAC_CODIGO === f1)).toMatchObject({ notasCredito: '0.00', notasDebito: '5.00', saldo: '80.00' });
    expect(e.movimientos.map((m) => m.id)).not.toContain(nc1);
    expect(e.movimientos.at(-1)!.saldo).toBe('80.00');
    expect((await carteraCliente()).totales).toMatchObject({ dias1a30: '80.00', saldo: '80.00' });
    // What can be collected follows: 80.00 now.
    const res = await call('POST', `/api/clientes/cobroEstadoCuenta/${cliente}`, { fecha: hoy, forma: '01', valor: '80.01' });
    expect([res.statusCode, res.json().msg]).toEqual([400, CUENTAS_MSG.excedeSaldo('80.00')]);
  });
});
