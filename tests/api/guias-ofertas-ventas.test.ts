import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestApp } from '../helpers/server';
import { borrador, crearOk, nuevoCliente, usadosDelPlan } from '../helpers/facturas-api';
import { emitirAutorizada, tornilloConSri } from '../helpers/sri';
import { transportistas } from '../../server/infra/db/schema';
import { CLIENTE_CON_FACTURAS } from '../../server/modules/clientes/repo';
import type { SriLocal } from '../../server/sri-local';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import type { GuiaRemisionBorrador, GuiaRemisionDetalle } from '../../domain/contratos/guiasRemision';

/**
 * A guía de remisión and a quote are no sales. A guía is a row of `facturas` (type 06, the carrier as recipient, every
 * amount 0) and a quote a row of `ofertas`: neither changes what a client owes (its statement, balance, what was
 * invoiced to it), the company's receivable, the invoices' list, totals, counters and export, nor the home's cards that
 * read them. An authorized guía does use one document of the plan, as every authorized document does. And a client a
 * quote or a guía names stays in the book: deleting it answers 409 until that document is gone.
 */
describe.each(testDatabases)('guías y ofertas no son ventas (%s)', (kind) => {
  let sri: SriLocal;
  let t: TestApp;
  let tornillo: string;
  let empresa: number;
  let punto: number;
  let cliente: number;
  let transportista: number;
  /** An AUTORIZADA invoice of Tornillo to `cliente`. */
  let factura: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-token': tornillo }, ...(payload ? { payload } : {}) });
  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res;
  };
  /** A guía to `destinatario` (a client of Tornillo), citing `sustento` when given. */
  const guia = (destinatario: number, sustento: number | null = null): GuiaRemisionBorrador => ({
    PEM_CODIGO: punto,
    TRA_CODIGO: transportista,
    FAC_FECHA: hoyEcuador(),
    GUI_DIR_PARTIDA: 'Av. Galo Plaza Lasso N45-12, Quito',
    GUI_FECHA_INICIO: hoyEcuador(),
    GUI_FECHA_FIN: sumarDias(hoyEcuador(), 1),
    GUI_PLACA: 'PBA-1234',
    destinatarios: [
      {
        CLI_CODIGO: destinatario,
        GDE_IDENTIFICACION: '1710034065',
        GDE_RAZON_SOCIAL: 'María José Ñuñez',
        GDE_DIRECCION: 'Av. 10 de Agosto N24-55, Quito',
        GDE_MOTIVO: 'Venta',
        GDE_SUSTENTO: sustento,
        detalles: [{ GDT_CODIGO_INTERNO: 'TOR-001', GDT_DESCRIPCION: 'Tornillo hexagonal 1/4"', GDT_CANTIDAD: '100' }],
      },
    ],
  });
  /** A quote to `cli` with the invoice's lines and totals. */
  const oferta = (cli: number) => {
    const { lineas, totalSinImpuestos, totalDescuento, totalIva, importeTotal } = borrador(punto, cli);
    return {
      CLI_CODIGO: cli,
      OFE_FECHA: hoyEcuador(),
      OFE_VALIDEZ: sumarDias(hoyEcuador(), 15),
      lineas,
      totalSinImpuestos,
      totalDescuento,
      totalIva,
      importeTotal,
    };
  };
  /** What a user sees of the sales: the client's account, the receivable, the invoices' list, totals, cards and export. */
  const ventas = async () => {
    const mes = encodeURIComponent(JSON.stringify({ desde: `${hoyEcuador().slice(0, 8)}01`, hasta: hoyEcuador() }));
    const lecturas = await Promise.all(
      [
        `/api/clientes/estadoCuenta/${cliente}`,
        `/api/clientes/saldoEstadoCuenta/${cliente}`,
        `/api/clientes/valorFactura/${cliente}`,
        '/api/clientes/valorNeto',
        '/api/clientes/cartera',
        `/api/clientes/cartera/${cliente}`,
        '/api/facturas/totales',
        `/api/facturas/totales?filter=${mes}`,
        '/api/facturas/estados',
        '/api/facturas?range=[0,99]',
        '/api/facturas/exportar?formato=csv',
      ].map(async (url) => {
        const res = await ok('GET', url);
        return [url, res.headers['content-range'] ?? null, String(res.headers['content-type']).includes('json') ? res.json() : res.body];
      }),
    );
    return lecturas;
  };
  const esperarGuia = async (id: number) => {
    const limite = Date.now() + 30_000;
    for (;;) {
      const g = (await ok('GET', `/api/guiasRemision/${id}`)).json() as GuiaRemisionDetalle;
      if (g.FAC_ESTADO === 'AUTORIZADA' && g.cola === null) return g;
      if (Date.now() > limite) throw new Error(`La guía ${id} no se autorizó: ${g.FAC_ESTADO}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    ({ sri, t, tornillo, empresa, punto, cliente } = await tornilloConSri(kind, { cliente: 741, sri: { demoraAutorizacionMs: 50 } }));
    [{ transportista }] = await t.db
      .insert(transportistas)
      .values({
        EMP_CODIGO: empresa,
        TRA_TIPO_IDENTIFICACION: '05',
        TRA_IDENTIFICACION: '1710034065',
        TRA_RAZON_SOCIAL: 'Transportes Pichincha',
        TRA_PLACA: 'PBA-1234',
      })
      .returning({ transportista: transportistas.TRA_CODIGO });
    factura = (await emitirAutorizada(t, tornillo, await crearOk(t, tornillo, borrador(punto, cliente)))).FAC_CODIGO;
  });
  afterAll(async () => {
    await t?.close();
    await sri?.close();
  });

  it('una guía autorizada al cliente, que cita su factura, y una oferta aceptada no cambian su cuenta ni las ventas; la guía usa el plan', async () => {
    const antes = await ventas();
    expect(antes.find(([url]) => url === `/api/clientes/valorFactura/${cliente}`)![2]).toMatchObject({ facturas: 1 });
    const usados = await usadosDelPlan(t, empresa);

    const borradorGuia = (await ok('POST', '/api/guiasRemision', guia(cliente, factura))).json() as GuiaRemisionDetalle;
    await ok('POST', `/api/guiasRemision/${borradorGuia.FAC_CODIGO}/emitir`);
    const autorizada = await esperarGuia(borradorGuia.FAC_CODIGO);
    expect(autorizada.destinatarios[0]).toMatchObject({ CLI_CODIGO: cliente, GDE_SUSTENTO: factura });
    const propuesta = (await ok('POST', '/api/ofertas', oferta(cliente))).json() as { OFE_CODIGO: number };
    await ok('POST', `/api/ofertas/${propuesta.OFE_CODIGO}/aceptar`);

    expect(await ventas()).toEqual(antes);
    // The guía is not an invoice: the invoices' routes do not find it.
    expect((await call('GET', `/api/facturas/${autorizada.FAC_CODIGO}`)).statusCode).toBe(404);
    // Every authorized document uses the plan, a guía too.
    expect(await usadosDelPlan(t, empresa)).toBe(usados + 1);
  });

  it('un cliente con solo una oferta no se elimina (409) y sigue ahí; sin la oferta, sí', async () => {
    const solo = await nuevoCliente(t, empresa, 742);
    const propuesta = (await ok('POST', '/api/ofertas', oferta(solo))).json() as { OFE_CODIGO: number };
    const refused = await call('DELETE', `/api/clientes/${solo}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(CLIENTE_CON_FACTURAS);
    expect(CLIENTE_CON_FACTURAS).toContain('ofertas');
    expect((await call('GET', `/api/clientes/${solo}`)).json()).toMatchObject({ CLI_CODIGO: solo });
    await ok('DELETE', `/api/ofertas/${propuesta.OFE_CODIGO}`);
    await ok('DELETE', `/api/clientes/${solo}`);
    expect((await call('GET', `/api/clientes/${solo}`)).statusCode).toBe(404);
  });

  it('un cliente que solo nombra una guía como destinatario no se elimina (409) y sigue ahí; sin la guía, sí', async () => {
    const solo = await nuevoCliente(t, empresa, 743);
    const borradorGuia = (await ok('POST', '/api/guiasRemision', guia(solo))).json() as GuiaRemisionDetalle;
    const refused = await call('DELETE', `/api/clientes/${solo}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(CLIENTE_CON_FACTURAS);
    expect(CLIENTE_CON_FACTURAS).toContain('guías de remisión');
    expect((await call('GET', `/api/clientes/${solo}`)).json()).toMatchObject({ CLI_CODIGO: solo });
    await ok('DELETE', `/api/guiasRemision/${borradorGuia.FAC_CODIGO}`);
    await ok('DELETE', `/api/clientes/${solo}`);
    expect((await call('GET', `/api/clientes/${solo}`)).statusCode).toBe(404);
  });
});
