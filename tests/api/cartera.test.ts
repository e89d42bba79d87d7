import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { borrador, crearOk, darPlan, nuevoCliente, puntoPrincipal } from '../helpers/facturas-api';
import { autorizar, cerrarSriCompartido } from '../helpers/sri';
import { carpetaTemporal, filasExcel } from '../helpers/archivos';
import { facturas, usuarios } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';
import type { Cartera, CarteraDeCliente } from '../../server/modules/cuentas/contract';
import type { FacturaDetalle, LineaBorrador, PagoBorrador } from '../../server/modules/facturas/contract';
import { MSG } from '../../domain/messages';
import { hoyEcuador, sumarDias } from '../../domain/fechas';

/**
 * Credit terms and the aging of the receivable: a client's credit days become the term of the payments that carry
 * none (an explicit one, 0 included, wins), in the signed XML and the RIDE; the aging puts each invoice's balance in its
 * bucket by days overdue (0, 1, 30, 31, 90, 91), collections reduce it, a seller sees their clients only, another
 * company's client is a 404, and the PDF and Excel say the same.
 */
const { pdfTexto } = carpetaTemporal('cartera-');

const linea = (precio: string): LineaBorrador[] => [
  { FDE_DESCRIPCION: 'Servicio de mantenimiento', FDE_CANTIDAD: '1', FDE_PRECIO: precio, FDE_IVA: '0' },
];
const CEROS = { porVencer: '0.00', dias1a30: '0.00', dias31a60: '0.00', dias61a90: '0.00', mas90: '0.00', saldo: '0.00' };

describe.each(testDatabases)('plazo de crédito y antigüedad de cartera (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let andina: string;
  let seller: string;
  let punto: number;
  /** 30 days of credit. */
  let credito: number;
  /** Cash: its invoices fall due the day they are issued. */
  let contado: number;
  let delVendedor: number;
  let clienteAndina: number;
  let fCredito: number;
  const f: Record<number, number> = {};
  const hoy = hoyEcuador();

  const call = (tk: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-token': tk }, ...(payload ? { payload } : {}) });
  const nuevoBorrador = async (cli: number, precio: string, pagos: Array<Partial<PagoBorrador>>) => {
    const body = borrador(punto, cli, linea(precio), { pagos: pagos.map((p) => ({ FPA_FORMA: '01', FPA_TOTAL: precio, ...p })) });
    const id = await crearOk(t, token, body);
    return id;
  };
  async function emitida(cli: number, precio: string, pagos: Array<Partial<PagoBorrador>> = [{}], dias = 0) {
    const id = await nuevoBorrador(cli, precio, pagos);
    const res = await call(token, 'POST', `/api/facturas/${id}/emitir`);
    expect(res.statusCode, res.body).toBe(200);
    await autorizar(t, [id]);
    if (dias)
      await t.db
        .update(facturas)
        .set({ FAC_FECHA: sumarDias(hoy, -dias) })
        .where(eq(facturas.FAC_CODIGO, id));
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
        USU_USUARIO: 'cartera.vendedor',
        USU_CLAVE: await hashPassword(COMPANIES.tornillo.clave),
        USU_NOMBRE: 'Vera Vendedora',
        USU_ROL: 'vendedor',
      })
      .returning({ id: usuarios.USU_CODIGO });
    seller = (await loginCompany(t, { ruc: COMPANIES.tornillo.ruc, usuario: 'cartera.vendedor', clave: COMPANIES.tornillo.clave })).token;
    credito = await nuevoCliente(t, tornillo.COM_CODIGO, 601, { CLI_DIAS_CREDITO: 30, CLI_RAZON_SOCIAL: 'ALMACÉN A CRÉDITO' });
    contado = await nuevoCliente(t, tornillo.COM_CODIGO, 602, { CLI_RAZON_SOCIAL: 'BAZAR DE CONTADO' });
    delVendedor = await nuevoCliente(t, tornillo.COM_CODIGO, 603, {
      CLI_VENDEDOR: vendedor!.id,
      CLI_RAZON_SOCIAL: 'COMERCIAL DEL VENDEDOR',
    });
    clienteAndina = await nuevoCliente(t, a.COM_CODIGO, 604);
    // Cash invoices issued 0, 1, 30, 31, 90 and 91 days ago: that many days overdue.
    for (const [dias, precio] of [
      [0, '10.00'],
      [1, '11.00'],
      [30, '12.00'],
      [31, '13.00'],
      [90, '14.00'],
      [91, '15.00'],
    ] as const)
      f[dias] = await emitida(contado, precio, [{}], dias);
    await emitida(delVendedor, '20.00', [{}], 45);
  });
  afterAll(async () => {
    await cerrarSriCompartido();
    await t?.close();
  });

  it("gives the payments without a term the client's credit days; an explicit term, 0 included, wins", async () => {
    const pagosDe = async (id: number) =>
      ((await call(token, 'GET', `/api/facturas/${id}`)).json() as FacturaDetalle).pagos.map((p) => [
        p.FPA_PLAZO ?? null,
        p.FPA_UNIDAD ?? null,
      ]);
    const sinPlazo = await nuevoBorrador(credito, '40.00', [
      { FPA_TOTAL: '25.00' },
      { FPA_FORMA: '20', FPA_TOTAL: '15.00', FPA_PLAZO: null },
    ]);
    expect(await pagosDe(sinPlazo)).toEqual([
      [30, 'dias'],
      [30, 'dias'],
    ]);
    const explicitos = await nuevoBorrador(credito, '40.00', [
      { FPA_TOTAL: '20.00', FPA_PLAZO: 0, FPA_UNIDAD: 'dias' },
      { FPA_FORMA: '20', FPA_TOTAL: '20.00', FPA_PLAZO: 2, FPA_UNIDAD: 'meses' },
    ]);
    expect(await pagosDe(explicitos)).toEqual([
      [0, 'dias'],
      [2, 'meses'],
    ]);
    expect(await pagosDe(await nuevoBorrador(contado, '5.00', [{}]))).toEqual([[null, null]]);
    // Editing keeps the rule.
    const put = await call(
      token,
      'PUT',
      `/api/facturas/${explicitos}`,
      borrador(punto, credito, linea('9.00'), { pagos: [{ FPA_FORMA: '01', FPA_TOTAL: '9.00' }] }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(await pagosDe(explicitos)).toEqual([[30, 'dias']]);
    // Documented for API integrators.
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(JSON.stringify(docs.paths['/api/facturas/'] ?? docs.paths['/api/facturas'])).toContain('días de crédito');
  });

  it('signs the credit term into the XML (plazo and unidadTiempo) and prints it on the RIDE', async () => {
    fCredito = await emitida(credito, '30.00');
    const xml = await call(token, 'GET', `/api/facturas/${fCredito}/xml`);
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xml.body).toMatch(
      /<pago><formaPago>01<\/formaPago><total>30\.00<\/total><plazo>30<\/plazo><unidadTiempo>dias<\/unidadTiempo><\/pago>/,
    );
    const ride = await call(token, 'GET', `/api/facturas/${fCredito}/ride`);
    expect(ride.statusCode).toBe(200);
    expect(pdfTexto(ride.rawPayload, 'ride.pdf')).toMatch(/30 días/);
    // Due in 30 days: not yet due.
    const propia = (await call(token, 'GET', `/api/clientes/cartera/${credito}`)).json() as CarteraDeCliente;
    expect(propia.facturas.map((x) => [x.FAC_CODIGO, x.vencimiento, x.tramo])).toEqual([[fCredito, sumarDias(hoy, 30), 'porVencer']]);
    // Issued 45 days ago with 30 days of credit: 15 days overdue.
    await t.db
      .update(facturas)
      .set({ FAC_FECHA: sumarDias(hoy, -45) })
      .where(eq(facturas.FAC_CODIGO, fCredito));
    const vencida = (await call(token, 'GET', `/api/clientes/cartera/${credito}`)).json() as CarteraDeCliente;
    expect(vencida.facturas[0]).toMatchObject({ vencimiento: sumarDias(hoy, -15), diasVencida: 15, tramo: 'dias1a30', saldo: '30.00' });
    expect(vencida.totales).toEqual({ ...CEROS, dias1a30: '30.00', saldo: '30.00' });
  });

  it('splits each client’s balance in the buckets by days overdue, with the totals', async () => {
    const res = await call(token, 'GET', '/api/clientes/cartera');
    expect(res.statusCode, res.body).toBe(200);
    const cartera = res.json() as Cartera;
    expect(cartera.hoy).toBe(hoy);
    expect(cartera.clientes.map((c) => c.CLI_RAZON_SOCIAL)).toEqual(['ALMACÉN A CRÉDITO', 'BAZAR DE CONTADO', 'COMERCIAL DEL VENDEDOR']);
    expect(cartera.clientes[1]).toEqual({
      CLI_CODIGO: contado,
      CLI_IDENTIFICACION: expect.any(String),
      CLI_RAZON_SOCIAL: 'BAZAR DE CONTADO',
      porVencer: '10.00',
      dias1a30: '23.00',
      dias31a60: '13.00',
      dias61a90: '14.00',
      mas90: '15.00',
      saldo: '75.00',
    });
    expect(cartera.clientes[2]).toMatchObject({ dias31a60: '20.00', saldo: '20.00' });
    expect(cartera.totales).toEqual({
      porVencer: '10.00',
      dias1a30: '53.00',
      dias31a60: '33.00',
      dias61a90: '14.00',
      mas90: '15.00',
      saldo: '125.00',
    });
    const uno = (await call(token, 'GET', `/api/clientes/cartera/${contado}`)).json() as CarteraDeCliente;
    expect(uno.facturas.map((x) => [x.FAC_CODIGO, x.diasVencida, x.tramo])).toEqual([
      [f[91], 91, 'mas90'],
      [f[90], 90, 'dias61a90'],
      [f[31], 31, 'dias31a60'],
      [f[30], 30, 'dias1a30'],
      [f[1], 1, 'dias1a30'],
      [f[0], 0, 'porVencer'],
    ]);
    expect(uno.totales).toEqual({
      porVencer: '10.00',
      dias1a30: '23.00',
      dias31a60: '13.00',
      dias61a90: '14.00',
      mas90: '15.00',
      saldo: '75.00',
    });
  });

  it('reduces the balances with collections; an undone one gives them back; a paid invoice leaves the aging', async () => {
    const cobrar = (body: object) =>
      call(token, 'POST', `/api/clientes/cobroEstadoCuenta/${contado}`, { fecha: hoy, forma: '20', ...body });
    const parcial = await cobrar({ valor: '5.00', aplicaciones: [{ FAC_CODIGO: f[91], valor: '5.00' }] });
    expect(parcial.statusCode, parcial.body).toBe(201);
    const total = await cobrar({ valor: '10.00', aplicaciones: [{ FAC_CODIGO: f[0], valor: '10.00' }] });
    expect(total.statusCode, total.body).toBe(201);
    const uno = (await call(token, 'GET', `/api/clientes/cartera/${contado}`)).json() as CarteraDeCliente;
    expect(uno.totales).toEqual({
      porVencer: '0.00',
      dias1a30: '23.00',
      dias31a60: '13.00',
      dias61a90: '14.00',
      mas90: '10.00',
      saldo: '60.00',
    });
    expect(uno.facturas.map((x) => x.FAC_CODIGO)).not.toContain(f[0]);
    expect(uno.facturas[0]).toMatchObject({ FAC_CODIGO: f[91], saldo: '10.00' });
    expect(((await call(token, 'GET', '/api/clientes/cartera')).json() as Cartera).totales.saldo).toBe('110.00');
    const anular = await call(
      token,
      'POST',
      `/api/clientes/cobroEstadoCuenta/${(parcial.json() as { COB_CODIGO: number }).COB_CODIGO}/anular`,
      {
        motivo: 'Transferencia devuelta',
      },
    );
    expect(anular.statusCode, anular.body).toBe(200);
    expect(((await call(token, 'GET', `/api/clientes/cartera/${contado}`)).json() as CarteraDeCliente).totales.mas90).toBe('15.00');
  });

  it("keeps a seller to their clients and another company's client out of reach (404)", async () => {
    const suya = (await call(seller, 'GET', '/api/clientes/cartera')).json() as Cartera;
    expect(suya.clientes.map((c) => c.CLI_CODIGO)).toEqual([delVendedor]);
    expect(suya.totales).toEqual({ ...CEROS, dias31a60: '20.00', saldo: '20.00' });
    expect((await call(seller, 'GET', `/api/clientes/cartera/${delVendedor}`)).statusCode).toBe(200);
    const pdf = pdfTexto((await call(seller, 'GET', '/api/clientes/cartera/reporte?formato=pdf')).rawPayload, 'vendedor.pdf');
    expect(pdf).toContain('COMERCIAL DEL VENDEDOR');
    expect(pdf).not.toContain('BAZAR DE CONTADO');
    for (const [tk, id] of [
      [seller, contado],
      [andina, contado],
      [token, clienteAndina],
    ] as const) {
      for (const url of [`/api/clientes/cartera/${id}`, `/api/clientes/cartera/${id}/reporte?formato=pdf`]) {
        const res = await call(tk, 'GET', url);
        expect([res.statusCode, res.json().msg], url).toEqual([404, MSG.notFound]);
      }
    }
    expect(((await call(andina, 'GET', '/api/clientes/cartera')).json() as Cartera).totales).toEqual(CEROS);
    expect((await call(token, 'GET', '/api/clientes/cartera/abc')).statusCode).toBe(400);
  });

  it('downloads the aging as PDF and Excel, for the company and for one client', async () => {
    const pdf = await call(token, 'GET', '/api/clientes/cartera/reporte?formato=pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`antiguedad-cartera-${COMPANIES.tornillo.ruc}-${hoy}.pdf`);
    const texto = pdfTexto(pdf.rawPayload, 'cartera.pdf');
    expect(texto).toContain('Antigüedad de cartera de');
    expect(texto).toMatch(/Por vencer\s+1-30 días\s+31-60 días\s+61-90 días\s+Más de 90 días\s+Saldo/);
    expect(texto).toMatch(/BAZAR DE CONTADO\s+0\.00\s+23\.00\s+13\.00\s+14\.00\s+15\.00\s+65\.00/);
    expect(texto).toMatch(/Total \(3 clientes\)\s+0\.00\s+53\.00\s+33\.00\s+14\.00\s+15\.00\s+115\.00/);

    const xlsx = await call(token, 'GET', '/api/clientes/cartera/reporte?formato=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const filas = await filasExcel(xlsx.rawPayload, 'Antigüedad');
    expect(filas.find((r) => r[2] === 'BAZAR DE CONTADO')!.slice(3, 9)).toEqual([0, 23, 13, 14, 15, 65]);
    expect(filas.find((r) => r[2] === 'Total (3 clientes)')!.slice(3, 9)).toEqual([0, 53, 33, 14, 15, 115]);

    const suyo = await call(token, 'GET', `/api/clientes/cartera/${contado}/reporte?formato=pdf`);
    expect(suyo.statusCode, suyo.body).toBe(200);
    expect(suyo.headers['content-disposition']).toContain('antiguedad-cartera-cliente-');
    const textoCliente = pdfTexto(suyo.rawPayload, 'cliente.pdf');
    expect(textoCliente).toContain('Antigüedad de cartera de BAZAR DE CONTADO');
    expect(textoCliente).toMatch(/Más de 90 días/);
    const numero91 = (await t.db.select({ n: facturas.FAC_NUMERO }).from(facturas).where(eq(facturas.FAC_CODIGO, f[91]!)))[0]!.n!;
    expect(textoCliente).toContain(numero91);
    const hoja = await filasExcel(
      (await call(token, 'GET', `/api/clientes/cartera/${contado}/reporte?formato=xlsx`)).rawPayload,
      'Antigüedad',
    );
    expect(hoja.find((r) => r[1] === numero91)!.slice(4, 8)).toEqual([15, 15, 91, 'Más de 90 días']);
    expect(hoja.find((r) => r[1] === 'Más de 90 días')![5]).toBe(15);
    expect((await call(token, 'GET', '/api/clientes/cartera/reporte?formato=csv')).json().msg).toBe('El formato debe ser xlsx o pdf');
  });
});
