import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { multipart, startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { borrador, crearOk, darPlan, nuevoCliente, puntoPrincipal } from '../helpers/facturas-api';
import { autorizar, cerrarSriCompartido } from '../helpers/sri';
import { carpetaTemporal, esquemaSri, filasExcel } from '../helpers/archivos';
import { crearRetencionesDeCliente, type RetencionSobreFactura } from '../helpers/retencion-recibida';
import { empresas, facturas } from '../../server/infra/db/schema';
import type { CarteraDeCliente, Cobro, EstadoCuenta } from '../../server/modules/cuentas/contract';
import type { LineaBorrador, PagoBorrador } from '../../server/modules/facturas/contract';
import { hoyEcuador, sumarDias } from '../../domain/fechas';

/**
 * A client's comprobante de retención, received as the SRI authorized it (a signed v2.0.0 XML in its <autorizacion>,
 * uploaded to /api/recibidos/archivos), settles the company's invoices it names as a collection without a forma de
 * pago: never more than each still owes, never another client's invoice, nor one missing or not authorized. The
 * client's statement, balance, aging, PDF and Excel show it as "Retención 001-001-…"; annulling that collection puts the
 * balance back. The invoices are issued through their API and authorized by the local SRI.
 */
const carpeta = carpetaTemporal('cuentas-retenciones-');
const pdfTexto = (pdf: Buffer, nombre: string) => carpeta.pdfTexto(pdf, nombre).replace(/\s+/g, ' ');
const RUC_CLIENTE = '1791234567001';
const retenciones = crearRetencionesDeCliente();
afterAll(() => retenciones.limpiar());

const linea = (precio: string): LineaBorrador[] => [
  { FDE_DESCRIPCION: 'Servicio de mantenimiento', FDE_CANTIDAD: '1', FDE_PRECIO: precio, FDE_IVA: '0' },
];

describe.each(testDatabases)('retenciones de clientes aplicadas a sus facturas (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let empresa: number;
  let ambiente: '1' | '2';
  let punto: number;
  /** The client who withholds (RUC), and another client. */
  let cliente: number;
  let otro: number;
  /** The client's invoices: 100.00 at 30 days, 50.00 cash, 40.00 annulled; the other client's 80.00. */
  const f: Record<'a1' | 'a2' | 'a3' | 'b', { id: number; numero: string; fecha: string }> = {} as never;
  const hoy = hoyEcuador();

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  const ok = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res;
  };
  const estado = async (id = cliente) => (await ok('GET', `/api/clientes/estadoCuenta/${id}`)).json() as EstadoCuenta;
  const saldo = async (id = cliente) => (await ok('GET', `/api/clientes/saldoEstadoCuenta/${id}`)).json();

  async function facturaAutorizada(para: number, precio: string, pagos: Array<Partial<PagoBorrador>>) {
    const body = borrador(punto, para, linea(precio), { pagos: pagos.map((p) => ({ FPA_FORMA: '01', FPA_TOTAL: precio, ...p })) });
    const id = await crearOk(t, token, body);
    await ok('POST', `/api/facturas/${id}/emitir`);
    await autorizar(t, [id]);
    const [row] = await t.db.select({ n: facturas.FAC_NUMERO, d: facturas.FAC_FECHA }).from(facturas).where(eq(facturas.FAC_CODIGO, id));
    return { id, numero: row!.n!, fecha: row!.d };
  }

  let secuencial = 40;
  /** Uploads the client's authorized retención over `lineas` and answers the import's result for it. */
  async function importar(lineas: RetencionSobreFactura[], ruc = RUC_CLIENTE) {
    const r = retenciones.autorizada({
      ruc,
      razonSocial: 'CONSTRUCTORA DEL VALLE S.A.',
      empresaRuc: COMPANIES.tornillo.ruc,
      empresaRazonSocial: 'FERRETERÍA EL TORNILLO',
      ambiente,
      secuencial: ++secuencial,
      fecha: hoy,
      retenciones: lineas,
    });
    const form = multipart('archivos', `retencion-${secuencial}.xml`, Buffer.from(r.archivo), 'application/xml');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recibidos/archivos',
      headers: { 'x-token': token, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [resultado] = res.json().resultados;
    expect(resultado.estado, resultado.mensaje).toBe('importado');
    return { ...r, resultado: resultado as { mensaje: string; REC_CODIGO: number } };
  }
  const renta = (x: { numero: string; fecha: string }, base: string, valor: string): RetencionSobreFactura => ({
    factura: x.numero,
    fechaFactura: x.fecha,
    codigo: '1',
    codigoRetencion: '312',
    baseImponible: base,
    porcentajeRetener: '1.75',
    valorRetenido: valor,
  });
  const iva = (x: { numero: string; fecha: string }, base: string, valor: string): RetencionSobreFactura => ({
    ...renta(x, base, valor),
    codigo: '2',
    codigoRetencion: '10',
    porcentajeRetener: '10',
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    const tornillo = await loginCompany(t, COMPANIES.tornillo);
    token = tornillo.token;
    empresa = tornillo.COM_CODIGO;
    const [e] = await t.db.select({ a: empresas.EMP_AMBIENTE }).from(empresas).where(eq(empresas.EMP_CODIGO, empresa));
    ambiente = String(e!.a) as '1' | '2';
    await darPlan(t, empresa, 100);
    punto = await puntoPrincipal(t, empresa);
    cliente = await nuevoCliente(t, empresa, 801, {
      CLI_TIPO_IDENTIFICACION: '04',
      CLI_IDENTIFICACION: RUC_CLIENTE,
      CLI_RAZON_SOCIAL: 'CONSTRUCTORA DEL VALLE S.A.',
    });
    otro = await nuevoCliente(t, empresa, 802);
    f.a1 = await facturaAutorizada(cliente, '100.00', [{ FPA_FORMA: '20', FPA_PLAZO: 30, FPA_UNIDAD: 'dias' }]);
    f.a2 = await facturaAutorizada(cliente, '50.00', [{}]);
    f.a3 = await facturaAutorizada(cliente, '40.00', [{}]);
    f.b = await facturaAutorizada(otro, '80.00', [{}]);
    // Annulled at the SRI's portal and marked so (what POST /api/facturas/:id/anular writes): it no longer counts.
    await t.db
      .update(facturas)
      .set({ FAC_ESTADO: 'ANULADA', FAC_ANULACION_MOTIVO: 'Error en el pedido' })
      .where(eq(facturas.FAC_CODIGO, f.a3.id));
    // 40 days ago: with 30 days of credit the first invoice is 10 days overdue.
    await t.db
      .update(facturas)
      .set({ FAC_FECHA: sumarDias(hoy, -40) })
      .where(eq(facturas.FAC_CODIGO, f.a1.id));
    f.a1.fecha = sumarDias(hoy, -40);
  });
  afterAll(async () => {
    await cerrarSriCompartido();
    await t?.close();
  });

  it('builds retenciones the SRI schema 2.0.0 accepts (the fixture is a real comprobante)', () => {
    const { xml } = retenciones.comprobante({
      ruc: RUC_CLIENTE,
      razonSocial: 'CONSTRUCTORA DEL VALLE S.A.',
      empresaRuc: COMPANIES.tornillo.ruc,
      empresaRazonSocial: 'FERRETERÍA EL TORNILLO',
      ambiente: '1',
      secuencial: 1,
      fecha: hoy,
      retenciones: [renta({ numero: '001-001-000000001', fecha: hoy }, '100.00', '1.75')],
    });
    const r = carpeta.esquemaAcepta(esquemaSri('ComprobanteRetencion_V2.0.0.xsd'), xml);
    expect(r.ok, r.salida).toBe(true);
  });

  it('applies the retención to the invoice it names, and says why not to another client’s, a missing or an annulled one', async () => {
    expect(await saldo()).toMatchObject({ facturado: '150.00', cobrado: '0.00', saldo: '150.00', vencido: '100.00' });
    const { resultado, numero } = await importar([
      renta(f.a1, '100.00', '1.75'),
      iva(f.a1, '100.00', '10.00'),
      renta(f.b, '80.00', '1.40'),
      renta({ numero: '001-001-000999999', fecha: hoy }, '10.00', '0.18'),
      renta(f.a3, '40.00', '0.70'),
    ]);
    expect(resultado.mensaje).toContain(`Aplicada a la factura ${f.a1.numero} por USD 11.75`);
    expect(resultado.mensaje).toContain(`No se aplicó a la factura ${f.b.numero}: es de otro cliente`);
    expect(resultado.mensaje).toContain('No se aplicó: la factura 001-001-000999999 no existe en la empresa');
    expect(resultado.mensaje).toContain(`No se aplicó a la factura ${f.a3.numero}: no está autorizada por el SRI`);

    expect(await saldo()).toMatchObject({ facturado: '150.00', cobrado: '11.75', saldo: '138.25', vencido: '88.25' });
    // The other client's invoice is untouched.
    expect(await saldo(otro)).toMatchObject({ cobrado: '0.00', saldo: '80.00' });

    const e = await estado();
    const cobro = e.cobros[0]!;
    expect(cobro).toMatchObject({
      COB_FECHA: hoy,
      COB_VALOR: '11.75',
      COB_FORMA: null,
      REC_CODIGO: resultado.REC_CODIGO,
      forma: `Retención ${numero}`,
      COB_REFERENCIA: `Retención ${numero}`,
      aplicaciones: [{ FAC_CODIGO: f.a1.id, FAC_NUMERO: f.a1.numero, valor: '11.75' }],
    });
    expect(e.facturas.find((x) => x.FAC_CODIGO === f.a1.id)).toMatchObject({ cobrado: '11.75', saldo: '88.25' });
    expect(e.movimientos.at(-1)).toMatchObject({
      tipo: 'cobro',
      numero: numero,
      concepto: `Retención ${numero}`,
      haber: '11.75',
      saldo: '138.25',
    });

    const cartera = (await ok('GET', `/api/clientes/cartera/${cliente}`)).json() as CarteraDeCliente;
    expect(cartera.totales).toMatchObject({ dias1a30: '88.25', porVencer: '50.00', saldo: '138.25' });
    const general = (await ok('GET', '/api/clientes/cartera')).json();
    expect(general.clientes.find((c: { CLI_CODIGO: number }) => c.CLI_CODIGO === cliente)).toMatchObject({ saldo: '138.25' });
  });

  it('never settles more than the invoice still owes: the rest of the withholding is not applied, and says so', async () => {
    const { resultado, numero } = await importar([renta(f.a2, '50.00', '0.88'), iva(f.a2, '50.00', '69.12')]);
    expect(resultado.mensaje).toBe(
      `Aplicada a la factura ${f.a2.numero} por USD 50.00, lo que debía: lo retenido (USD 70.00) supera su saldo`,
    );
    const e = await estado();
    expect(e.facturas.find((x) => x.FAC_CODIGO === f.a2.id)).toMatchObject({ cobrado: '50.00', saldo: '0.00' });
    expect(e.totales).toMatchObject({ cobrado: '61.75', saldo: '88.25' });
    expect(e.cobros[0]).toMatchObject({ COB_VALOR: '50.00', forma: `Retención ${numero}` });

    // A second retención on an invoice already settled applies nothing and records no collection.
    const otra = await importar([renta(f.a2, '50.00', '0.88')]);
    expect(otra.resultado.mensaje).toBe(`No se aplicó a la factura ${f.a2.numero}: no tiene saldo pendiente`);
    expect((await estado()).cobros).toHaveLength(2);
  });

  it('shows the retención in the statement’s PDF and Excel instead of a forma de pago', async () => {
    const e = await estado();
    const numeros = e.cobros.map((c) => c.forma);
    const pdf = pdfTexto((await ok('GET', `/api/clientes/estadoCuenta/${cliente}/reporte?formato=pdf`)).rawPayload, 'estado.pdf');
    for (const n of numeros) expect(pdf).toContain(n);
    expect(pdf).toContain('Facturado Cobrado Saldo Vencido USD 150.00 USD 61.75 USD 88.25 USD 88.25');

    const xlsx = (await ok('GET', `/api/clientes/estadoCuenta/${cliente}/reporte?formato=xlsx`)).rawPayload;
    const cobros = await filasExcel(xlsx, 'Cobros');
    for (const n of numeros) {
      const fila = cobros.find((r) => r[2] === n)!;
      expect(fila, n).toBeDefined();
      // The reference only repeats the name: its cell stays empty.
      expect(fila[3] ?? null).toBeNull();
    }
    const movimientos = await filasExcel(xlsx, 'Movimientos');
    expect(movimientos.filter((r) => String(r[2]).startsWith('Retención 001-001-'))).toHaveLength(2);

    const saldos = pdfTexto((await ok('GET', '/api/clientes/saldos/reporte?formato=pdf')).rawPayload, 'saldos.pdf');
    expect(saldos).toMatch(/CONSTRUCTORA DEL VALLE S\.A\. 150\.00 61\.75 88\.25 88\.25/);
  });

  it('undoes the retención’s collection through the annulment flow: the balance comes back', async () => {
    const e = await estado();
    const cobro = e.cobros.find((c) => c.COB_VALOR === '11.75')!;
    // While its collection stands, the received retención cannot be forgotten.
    expect((await call('DELETE', `/api/recibidos/${cobro.REC_CODIGO}`)).statusCode).toBe(409);
    const res = await ok('POST', `/api/clientes/cobroEstadoCuenta/${cobro.COB_CODIGO}/anular`, {
      motivo: 'Retención anulada por el cliente',
    });
    expect(res.json() as Cobro).toMatchObject({ COB_ANULADO: true, forma: cobro.forma });
    expect(await saldo()).toMatchObject({ cobrado: '50.00', saldo: '100.00' });
    expect((await estado()).movimientos.some((m) => m.concepto === cobro.forma)).toBe(false);
    // Once undone it can: the collection goes with it.
    expect((await call('DELETE', `/api/recibidos/${cobro.REC_CODIGO}`)).statusCode).toBeLessThan(300);
    expect((await estado()).cobros.some((c) => c.COB_CODIGO === cobro.COB_CODIGO)).toBe(false);
    expect(await saldo()).toMatchObject({ saldo: '100.00' });
  });

  it('applies nothing for a retención of someone who is not the invoices’ client', async () => {
    const { resultado } = await importar([renta(f.a1, '100.00', '1.75')], '1799999999001');
    expect(resultado.mensaje).toBe(`No se aplicó a la factura ${f.a1.numero}: es de otro cliente`);
    expect(await saldo()).toMatchObject({ saldo: '100.00' });
  });
});
