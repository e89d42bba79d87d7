import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { borrador, crearOk, darPlan, nuevoCliente, puntoPrincipal } from '../helpers/facturas-api';
import { autorizar, cerrarSriCompartido } from '../helpers/sri';
import { carpetaTemporal } from '../helpers/archivos';
import { cobros, facturas, usuarios } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';
import { CUENTAS_MSG, type Cobro, type EstadoCuenta } from '../../server/modules/cuentas/contract';
import type { LineaBorrador, PagoBorrador } from '../../server/modules/facturas/contract';
import { MSG } from '../../domain/messages';
import { ROLE_REFUSED_CODE } from '../../domain/constants';
import { fechaCorta, hoyEcuador, sumarDias } from '../../domain/fechas';

/**
 * The clients' accounts: the statement's arithmetic (partial collections, oldest first, overpayment
 * refused with nothing saved, undo returning the balance, undo twice 409), due dates from the payment terms, what does
 * not count (drafts, annulled invoices), two collections at once, a seller's scope, another company's records (404),
 * the company's receivable and the PDF and Excel reports.
 */
const { pdfTexto } = carpetaTemporal('cuentas-');

/** A day plus `n` months as PostgreSQL adds them: the day of month kept, or the month's last day. */
function sumarMeses(dia: string, n: number) {
  const [y, m, d] = dia.split('-').map(Number) as [number, number, number];
  const base = new Date(Date.UTC(y, m - 1 + n, 1));
  const ultimo = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() + 1, 0)).getUTCDate();
  base.setUTCDate(Math.min(d, ultimo));
  return base.toISOString().slice(0, 10);
}

const linea = (precio: string): LineaBorrador[] => [
  { FDE_DESCRIPCION: 'Servicio de mantenimiento', FDE_CANTIDAD: '1', FDE_PRECIO: precio, FDE_IVA: '0' },
];

describe.each(testDatabases)('cuentas de clientes: estado de cuenta, cobros, saldos y reportes (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let andina: string;
  let seller: string;
  let punto: number;
  let cliente: number;
  let clienteVendedor: number;
  let clienteAndina: number;
  /** Tornillo's invoices to `cliente`: 100.00 at 30 days issued 40 days ago; 50.00 at 1 month today; a draft; an annulled one. */
  let f1: number;
  let f2: number;
  let borradorId: number;
  let anulada: number;
  let fVendedor: number;
  let facturaAndina: number;
  const hoy = hoyEcuador();
  const hace40 = sumarDias(hoy, -40);

  const call = (tk: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/clientes${url}`, headers: { 'x-token': tk }, ...(payload ? { payload } : {}) });
  const saldoDe = async (tk: string, id: number) => {
    const res = await call(tk, 'GET', `/saldoEstadoCuenta/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const cobrar = (tk: string, id: number, body: object) =>
    call(tk, 'POST', `/cobroEstadoCuenta/${id}`, { fecha: hoy, forma: '20', ...body });
  const contarCobros = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(cobros))[0]!.n;

  async function emitida(tk: string, cli: number, precio: string, pagos: Array<Partial<PagoBorrador>> = [{ FPA_FORMA: '01' }]) {
    const body = borrador(punto, cli, linea(precio), { pagos: pagos.map((p) => ({ FPA_FORMA: '01', FPA_TOTAL: precio, ...p })) });
    const id = await crearOk(t, tk, body);
    const res = await t.app.inject({ method: 'POST', url: `/api/facturas/${id}/emitir`, headers: { 'x-token': tk } });
    expect(res.statusCode, res.body).toBe(200);
    await autorizar(t, [id]);
    return id;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    const tornillo = await loginCompany(t, COMPANIES.tornillo);
    const a = await loginCompany(t, COMPANIES.andina);
    [token, andina] = [tornillo.token, a.token];
    await darPlan(t, tornillo.COM_CODIGO, 100);
    punto = await puntoPrincipal(t, tornillo.COM_CODIGO);
    const [vendedor] = await t.db
      .insert(usuarios)
      .values({
        COM_CODIGO: tornillo.COM_CODIGO,
        USU_USUARIO: 'cuentas.vendedor',
        USU_CLAVE: await hashPassword(COMPANIES.tornillo.clave),
        USU_NOMBRE: 'Vera Vendedora',
        USU_ROL: 'vendedor',
      })
      .returning({ id: usuarios.USU_CODIGO });
    seller = (await loginCompany(t, { ruc: COMPANIES.tornillo.ruc, usuario: 'cuentas.vendedor', clave: COMPANIES.tornillo.clave })).token;
    cliente = await nuevoCliente(t, tornillo.COM_CODIGO, 501);
    clienteVendedor = await nuevoCliente(t, tornillo.COM_CODIGO, 502, {
      CLI_VENDEDOR: vendedor!.id,
      CLI_RAZON_SOCIAL: 'FERRETERÍA DEL VENDEDOR',
    });
    clienteAndina = await nuevoCliente(t, a.COM_CODIGO, 503);

    f1 = await emitida(token, cliente, '100.00', [{ FPA_FORMA: '20', FPA_PLAZO: 30, FPA_UNIDAD: 'dias' }]);
    f2 = await emitida(token, cliente, '50.00', [
      { FPA_FORMA: '01', FPA_TOTAL: '25.00', FPA_PLAZO: 5, FPA_UNIDAD: 'dias' },
      { FPA_FORMA: '19', FPA_TOTAL: '25.00', FPA_PLAZO: 1, FPA_UNIDAD: 'meses' },
    ]);
    anulada = await emitida(token, cliente, '7.00');
    fVendedor = await emitida(token, clienteVendedor, '20.00');
    borradorId = await crearOk(t, token, borrador(punto, cliente, linea('9.00'), { pagos: [{ FPA_FORMA: '01', FPA_TOTAL: '9.00' }] }));
    facturaAndina = await crearOk(
      t,
      andina,
      borrador(await puntoPrincipal(t, a.COM_CODIGO), clienteAndina, linea('5.00'), { pagos: [{ FPA_FORMA: '01', FPA_TOTAL: '5.00' }] }),
    );
    // Issued 40 days ago: with 30 days of credit it is 10 days overdue.
    await t.db.update(facturas).set({ FAC_FECHA: hace40 }).where(eq(facturas.FAC_CODIGO, f1));
    // Annulled at the SRI's portal: it leaves the account.
    await t.db
      .update(facturas)
      .set({ FAC_ESTADO: 'ANULADA', FAC_ANULACION_MOTIVO: 'Error en el valor' })
      .where(eq(facturas.FAC_CODIGO, anulada));
  });
  // A local SRI per database: the same company issues the same access keys on each, and the SRI refuses one twice.
  afterAll(async () => {
    await cerrarSriCompartido();
    await t?.close();
  });

  it('counts only authorized invoices, with due dates from the longest payment term and days overdue', async () => {
    const valor = await call(token, 'GET', `/valorFactura/${cliente}`);
    expect(valor.statusCode, valor.body).toBe(200);
    expect(valor.json()).toEqual({ CLI_CODIGO: cliente, facturas: 2, total: '150.00' });
    expect(await saldoDe(token, cliente)).toEqual({
      facturado: '150.00',
      cobrado: '0.00',
      saldo: '150.00',
      vencido: '100.00',
      facturas: 2,
      pendientes: 2,
      vencidas: 1,
    });
    const res = await call(token, 'GET', `/estadoCuenta/${cliente}`);
    expect(res.statusCode, res.body).toBe(200);
    const estado = res.json() as EstadoCuenta;
    expect(estado.hoy).toBe(hoy);
    expect(estado.facturas.map((f) => f.FAC_CODIGO)).toEqual([f1, f2]);
    expect(estado.facturas[0]).toMatchObject({
      FAC_FECHA: hace40,
      vencimiento: sumarDias(hace40, 30),
      FAC_TOTAL: '100.00',
      saldo: '100.00',
      diasVencida: 10,
    });
    expect(estado.facturas[1]).toMatchObject({ FAC_FECHA: hoy, vencimiento: sumarMeses(hoy, 1), saldo: '50.00', diasVencida: 0 });
    expect(estado.facturas[0]!.FAC_NUMERO).toMatch(/^001-001-\d{9}$/);
    expect(estado.cobros).toEqual([]);
  });

  it('applies a partial collection, then a second one to the oldest due first; the statement follows', async () => {
    const primero = await cobrar(token, cliente, {
      valor: '30.00',
      referencia: ' TRF-001 ',
      aplicaciones: [{ FAC_CODIGO: f1, valor: 30 }],
    });
    expect(primero.statusCode, primero.body).toBe(201);
    expect(primero.json()).toMatchObject({
      COB_VALOR: '30.00',
      COB_FORMA: '20',
      forma: 'Otros con utilización del sistema financiero',
      COB_REFERENCIA: 'TRF-001',
      COB_ANULADO: false,
      aplicaciones: [{ FAC_CODIGO: f1, valor: '30.00' }],
    });
    expect(await saldoDe(token, cliente)).toMatchObject({ cobrado: '30.00', saldo: '120.00', vencido: '70.00', vencidas: 1 });

    // No applications: 70.00 closes the overdue invoice, the other 10.00 go to the next one.
    const segundo = await cobrar(token, cliente, { valor: '80', forma: '01' });
    expect(segundo.statusCode, segundo.body).toBe(201);
    expect((segundo.json() as Cobro).aplicaciones).toEqual([
      { FAC_CODIGO: f1, FAC_NUMERO: expect.any(String), valor: '70.00' },
      { FAC_CODIGO: f2, FAC_NUMERO: expect.any(String), valor: '10.00' },
    ]);
    expect(await saldoDe(token, cliente)).toEqual({
      facturado: '150.00',
      cobrado: '110.00',
      saldo: '40.00',
      vencido: '0.00',
      facturas: 2,
      pendientes: 1,
      vencidas: 0,
    });
    const estado = (await call(token, 'GET', `/estadoCuenta/${cliente}`)).json() as EstadoCuenta;
    expect(estado.facturas.map((f) => [f.cobrado, f.saldo, f.diasVencida])).toEqual([
      ['100.00', '0.00', 0],
      ['10.00', '40.00', 0],
    ]);
    expect(estado.cobros.map((c) => c.COB_VALOR)).toEqual(['80.00', '30.00']);
    expect(estado.cobros[0]!.usuario).toBeTruthy();
    // A period: only the invoices (and collections) dated in it, and their totals.
    const periodo = (await call(token, 'GET', `/estadoCuenta/${cliente}?desde=${sumarDias(hoy, -1)}&hasta=${hoy}`)).json() as EstadoCuenta;
    expect(periodo.facturas.map((f) => f.FAC_CODIGO)).toEqual([f2]);
    expect(periodo.totales).toMatchObject({ facturado: '50.00', saldo: '40.00' });
    // What the client brings into the period: the invoice before it, already paid.
    expect(periodo.anterior).toEqual({
      facturado: '100.00',
      cobrado: '100.00',
      saldo: '0.00',
      vencido: '0.00',
      facturas: 1,
      pendientes: 0,
      vencidas: 0,
    });
    expect(estado.anterior).toBeNull();
    const soloHasta = (await call(token, 'GET', `/estadoCuenta/${cliente}?hasta=${sumarDias(hoy, -1)}`)).json() as EstadoCuenta;
    expect(soloHasta.facturas.map((f) => f.FAC_CODIGO)).toEqual([f1]);
    expect(soloHasta.anterior).toBeNull();
    expect((await call(token, 'GET', `/estadoCuenta/${cliente}?desde=${hoy}&hasta=${hace40}`)).json().msg).toBe(
      CUENTAS_MSG.fechasInvalidas,
    );
  });

  it('refuses more than is owed and every malformed collection with a Spanish message, saving nothing', async () => {
    const antes = await contarCobros();
    const casos: Array<[object, string, number?]> = [
      [{ valor: '40.01', aplicaciones: [{ FAC_CODIGO: f2, valor: '40.01' }] }, CUENTAS_MSG.excedeFactura((await numero(f2))!, '40.00')],
      [{ valor: '40.01' }, CUENTAS_MSG.excedeSaldo('40.00')],
      [{ valor: '1.00', aplicaciones: [{ FAC_CODIGO: f1, valor: '1.00' }] }, CUENTAS_MSG.excedeFactura((await numero(f1))!, '0.00')],
      [{ valor: 0 }, CUENTAS_MSG.valorInvalido],
      [{ valor: '-5' }, CUENTAS_MSG.valorInvalido],
      [{ valor: '1.001' }, CUENTAS_MSG.valorInvalido],
      [{ valor: 'diez' }, CUENTAS_MSG.valorInvalido],
      [{ valor: '10.00', aplicaciones: [{ FAC_CODIGO: f2, valor: '9.99' }] }, CUENTAS_MSG.sumaDistinta('9.99', '10.00')],
      [
        {
          valor: '2',
          aplicaciones: [
            { FAC_CODIGO: f2, valor: 1 },
            { FAC_CODIGO: f2, valor: 1 },
          ],
        },
        CUENTAS_MSG.facturaRepetida,
      ],
      [{ valor: '1', fecha: sumarDias(hoy, 1) }, CUENTAS_MSG.fechaFutura],
      [{ valor: '1', fecha: '2026-02-30' }, CUENTAS_MSG.fechaInvalida],
      [{ valor: '1', forma: '02' }, CUENTAS_MSG.formaInvalida],
      [{ valor: '1', aplicaciones: [{ FAC_CODIGO: borradorId, valor: '1' }] }, CUENTAS_MSG.facturaNoAutorizada(`#${borradorId}`)],
      [{ valor: '1', aplicaciones: [{ FAC_CODIGO: anulada, valor: '1' }] }, CUENTAS_MSG.facturaNoAutorizada((await numero(anulada))!)],
      [{ valor: '1', aplicaciones: [{ FAC_CODIGO: fVendedor, valor: '1' }] }, CUENTAS_MSG.facturaAjena((await numero(fVendedor))!)],
      [{ valor: '1', aplicaciones: [{ FAC_CODIGO: facturaAndina, valor: '1' }] }, MSG.notFound, 404],
    ];
    for (const [body, msg, status = 400] of casos) {
      const res = await cobrar(token, cliente, body);
      expect([res.statusCode, res.json().msg], JSON.stringify(body)).toEqual([status, msg]);
    }
    expect(await contarCobros()).toBe(antes);
    expect(await saldoDe(token, cliente)).toMatchObject({ saldo: '40.00' });
  });

  it('undoes a collection with its reason: kept in the history, its amounts back in the balance; twice is 409', async () => {
    const estado = (await call(token, 'GET', `/estadoCuenta/${cliente}`)).json() as EstadoCuenta;
    const segundo = estado.cobros[0]!;
    expect((await call(token, 'POST', `/cobroEstadoCuenta/${segundo.COB_CODIGO}/anular`, { motivo: '   ' })).json().msg).toBe(
      CUENTAS_MSG.motivoRequerido,
    );
    expect((await call(token, 'POST', `/cobroEstadoCuenta/${segundo.COB_CODIGO}/anular`, {})).statusCode).toBe(400);
    const res = await call(token, 'POST', `/cobroEstadoCuenta/${segundo.COB_CODIGO}/anular`, { motivo: 'Cheque devuelto por el banco' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      COB_ANULADO: true,
      COB_ANULACION_MOTIVO: 'Cheque devuelto por el banco',
      anuladoPor: expect.any(String),
    });
    expect(await saldoDe(token, cliente)).toMatchObject({ cobrado: '30.00', saldo: '120.00', vencido: '70.00' });
    const despues = (await call(token, 'GET', `/estadoCuenta/${cliente}`)).json() as EstadoCuenta;
    expect(despues.cobros.map((c) => [c.COB_CODIGO, c.COB_ANULADO])).toEqual([
      [segundo.COB_CODIGO, true],
      [estado.cobros[1]!.COB_CODIGO, false],
    ]);
    const otra = await call(token, 'POST', `/cobroEstadoCuenta/${segundo.COB_CODIGO}/anular`, { motivo: 'Otra vez' });
    expect([otra.statusCode, otra.json().msg]).toEqual([409, CUENTAS_MSG.yaAnulado]);
  });

  it('lets only one of two simultaneous collections for what an invoice owes pass', async () => {
    const saldoF2 = ((await call(token, 'GET', `/estadoCuenta/${cliente}`)).json() as EstadoCuenta).facturas.find(
      (f) => f.FAC_CODIGO === f2,
    )!.saldo;
    const body = { valor: saldoF2, aplicaciones: [{ FAC_CODIGO: f2, valor: saldoF2 }] };
    const answers = await Promise.all([cobrar(token, cliente, body), cobrar(token, cliente, body), cobrar(token, cliente, body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect(answers.find((r) => r.statusCode === 400)!.json().msg).toBe(CUENTAS_MSG.excedeFactura((await numero(f2))!, '0.00'));
    expect(await saldoDe(token, cliente)).toMatchObject({ saldo: '70.00', pendientes: 1 });
  });

  it("keeps a seller to their clients and another company's client, invoice or collection out of reach (404)", async () => {
    const mio = await call(seller, 'GET', `/estadoCuenta/${clienteVendedor}`);
    expect(mio.statusCode, mio.body).toBe(200);
    expect((mio.json() as EstadoCuenta).totales.saldo).toBe('20.00');
    const neto = (await call(seller, 'GET', '/valorNeto')).json();
    expect(neto).toMatchObject({ facturado: '20.00', saldo: '20.00', clientes: 1 });
    const cobro = ((await call(token, 'GET', `/estadoCuenta/${cliente}`)).json() as EstadoCuenta).cobros[0]!.COB_CODIGO;
    for (const tk of [seller, andina]) {
      for (const url of [
        `/valorFactura/${cliente}`,
        `/estadoCuenta/${cliente}`,
        `/saldoEstadoCuenta/${cliente}`,
        `/estadoCuenta/${cliente}/reporte?formato=pdf`,
      ]) {
        const res = await call(tk, 'GET', url);
        expect([res.statusCode, res.json().msg], url).toEqual([404, MSG.notFound]);
      }
      const nuevo = await cobrar(tk, cliente, { valor: '1' });
      expect(nuevo.statusCode).toBe(404);
      const deshacer = await call(tk, 'POST', `/cobroEstadoCuenta/${cobro}/anular`, { motivo: 'No es mío' });
      // Undoing a collection is accounting's: a seller is refused by its role before any collection is looked up.
      if (tk === seller) expect([deshacer.statusCode, deshacer.json()]).toEqual([403, { msg: MSG.roleRefused, code: ROLE_REFUSED_CODE }]);
      else expect([deshacer.statusCode, deshacer.json().msg]).toEqual([404, MSG.notFound]);
    }
    expect((await call(andina, 'GET', '/valorNeto')).json()).toMatchObject({ facturado: '0.00', saldo: '0.00', clientes: 0 });
    const saldos = await call(seller, 'GET', '/saldos/reporte?formato=pdf');
    const texto = pdfTexto(saldos.rawPayload, 'saldos-vendedor.pdf');
    expect(texto).toContain('FERRETERÍA DEL VENDEDOR');
    expect(texto).not.toContain('ÑUÑEZ 501');
    expect(await saldoDe(token, cliente)).toMatchObject({ saldo: '70.00' });
  });

  it("sums the company's receivable (valorNeto) across its clients", async () => {
    const res = await call(token, 'GET', '/valorNeto');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      facturado: '170.00',
      cobrado: '80.00',
      saldo: '90.00',
      vencido: '70.00',
      facturas: 3,
      pendientes: 2,
      vencidas: 1,
      clientes: 2,
      hoy,
    });
  });

  it('downloads the statement and the balances as PDF and Excel', async () => {
    const pdf = await call(token, 'GET', `/estadoCuenta/${cliente}/reporte?formato=pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`estado-cuenta-`);
    const texto = pdfTexto(pdf.rawPayload, 'estado.pdf');
    expect(texto).toContain('Estado de cuenta de MARÍA JOSÉ ÑUÑEZ 501');
    expect(texto).toContain(COMPANIES.tornillo.ruc);
    expect(texto).toContain((await numero(f1))!);
    expect(texto).toContain('Anulado: Cheque devuelto');
    expect(texto).toMatch(/Saldo\s+[\s\S]*USD 70\.00/);

    const xlsx = await call(token, 'GET', `/estadoCuenta/${cliente}/reporte?formato=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Facturas')!;
    const filas = hoja.getSheetValues().filter(Boolean) as unknown[][];
    const numeroF1 = await numero(f1);
    expect(filas.find((r) => r[1] === numeroF1)!.slice(4, 8)).toEqual([100, 30, 70, 10]);
    const total = filas.find((r) => r[1] === 'Total')!;
    expect(total.slice(4, 7)).toEqual([150, 80, 70]);
    const cobrosHoja = libro.getWorksheet('Cobros')!;
    const anulado = (cobrosHoja.getSheetValues().filter(Boolean) as unknown[][]).find((r) => r[6] === 'Anulado')!;
    expect(anulado[7]).toBe('Cheque devuelto por el banco');

    // A period from yesterday: the overdue invoice before it is the balance the client brings in.
    const desde = sumarDias(hoy, -1);
    const conPeriodo = pdfTexto(
      (await call(token, 'GET', `/estadoCuenta/${cliente}/reporte?formato=pdf&desde=${desde}`)).rawPayload,
      'p.pdf',
    );
    const anterior = `Saldo anterior al ${fechaCorta(desde)}: USD 70.00 de 1 factura (vencido USD 70.00) · Saldo total con el período: USD 70.00`;
    expect(conPeriodo.replace(/\s+/g, ' ')).toContain(anterior);
    expect(texto).not.toContain('Saldo anterior');
    const libroPeriodo = new ExcelJS.Workbook();
    await libroPeriodo.xlsx.load(
      (await call(token, 'GET', `/estadoCuenta/${cliente}/reporte?formato=xlsx&desde=${desde}`)).rawPayload as unknown as ArrayBuffer,
    );
    const encabezado = libroPeriodo.getWorksheet('Facturas')!.getSheetValues().filter(Boolean) as unknown[][];
    expect(encabezado.map((r) => r[1])).toContain(anterior);

    const saldos = await call(token, 'GET', '/saldos/reporte?formato=xlsx');
    expect(saldos.statusCode).toBe(200);
    const libroSaldos = new ExcelJS.Workbook();
    await libroSaldos.xlsx.load(saldos.rawPayload as unknown as ArrayBuffer);
    const valores = libroSaldos.getWorksheet('Saldos')!.getSheetValues().filter(Boolean) as unknown[][];
    expect(valores.find((r) => r[2] === 'MARÍA JOSÉ ÑUÑEZ 501')!.slice(3, 7)).toEqual([150, 80, 70, 70]);
    expect(valores.find((r) => r[2] === 'FERRETERÍA DEL VENDEDOR')!.slice(3, 7)).toEqual([20, 0, 20, 0]);
    expect(valores.find((r) => r[2] === 'Total (2 clientes)')!.slice(3, 7)).toEqual([170, 80, 90, 70]);
    const saldosPdf = pdfTexto((await call(token, 'GET', '/saldos/reporte?formato=pdf')).rawPayload, 'saldos.pdf');
    expect(saldosPdf).toContain('Saldos de clientes');
    expect(saldosPdf).toMatch(/MARÍA JOSÉ ÑUÑEZ 501\s+150\.00\s+80\.00\s+70\.00/);
    expect((await call(token, 'GET', '/saldos/reporte?formato=csv')).json().msg).toBe('El formato debe ser xlsx o pdf');
  });

  const numeroCache = new Map<number, string>();
  async function numero(id: number) {
    if (!numeroCache.has(id)) {
      const [row] = await t.db.select({ n: facturas.FAC_NUMERO }).from(facturas).where(eq(facturas.FAC_CODIGO, id));
      numeroCache.set(id, row!.n!);
    }
    return numeroCache.get(id);
  }
});
