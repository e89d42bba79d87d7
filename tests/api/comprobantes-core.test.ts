import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, loginCompany } from '../helpers/accounts';
import { borrador, crearOk, darPlan, nuevoCliente, puntoPrincipal } from '../helpers/facturas-api';
import { facturas } from '../../server/infra/db/schema';
import type { FacturaDetalle, FacturasEstados, FacturasTotales } from '../../server/modules/facturas/contract';

/**
 * The `facturas` table holds every document type (FAC_TIPO: 01 factura, 04 nota de crédito, 05 nota de débito). The
 * invoices' API sees invoices only: a note's row is not found there (404) whatever the route, and it never enters the
 * invoices' lists, totals, states, export, bulk actions, numbering or the home's "first invoice" step. The note rows
 * are made here from invoice rows (setup only: FAC_TIPO changed in the database), so that this holds whatever the
 * notes' own routes do.
 */
describe.each(testDatabases)('comprobantes: una nota no es una factura (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let empresa: number;
  let punto: number;
  let cliente: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/facturas${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  const siguiente = async () => (await call('GET', '/puntos')).json()[0].siguiente as number;
  const lista = async (filter: object = {}) => {
    const res = await call('GET', `?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,199]`);
    expect(res.statusCode).toBe(200);
    return { ids: (res.json() as FacturaDetalle[]).map((f) => f.FAC_CODIGO), total: res.headers['content-range'] };
  };
  const totales = async () => (await call('GET', '/totales')).json() as FacturasTotales;
  const estados = async () => (await call('GET', '/estados')).json() as FacturasEstados;
  const primeraFactura = async () =>
    (await t.app.inject({ method: 'GET', url: `${API}/miEmpresa/primerosPasos`, headers: { 'x-token': token } })).json().factura as boolean;
  /** Setup: the row becomes a credit note (as the notes' API would store it). */
  const comoNota = (id: number) =>
    t.db.update(facturas).set({ FAC_TIPO: '04', FAC_MOTIVO: 'Devolución de mercadería' }).where(eq(facturas.FAC_CODIGO, id));

  beforeAll(async () => {
    t = await startTestApp(kind);
    const sesion = await loginCompany(t, COMPANIES.tornillo);
    [token, empresa] = [sesion.token, sesion.COM_CODIGO];
    punto = await puntoPrincipal(t, empresa);
    cliente = await nuevoCliente(t, empresa, 301);
    await darPlan(t, empresa, 100);
  });
  afterAll(() => t?.close());

  it("a note's draft cannot be read, replaced, deleted or issued as an invoice (404), and uses no invoice number", async () => {
    const id = await crearOk(t, token, borrador(punto, cliente));
    await comoNota(id);
    const antes = await siguiente();

    for (const [method, url, body] of [
      ['GET', `/${id}`],
      ['PUT', `/${id}`, borrador(punto, cliente)],
      ['DELETE', `/${id}`],
      ['POST', `/${id}/emitir`],
      ['GET', `/${id}/xml`],
      ['GET', `/${id}/ride`],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().msg).toBeTruthy();
    }
    expect(await siguiente()).toBe(antes);
    const [fila] = await t.db.select().from(facturas).where(eq(facturas.FAC_CODIGO, id));
    expect(fila).toMatchObject({ FAC_TIPO: '04', FAC_ESTADO: 'BORRADOR', FAC_NUMERO: null, FAC_SECUENCIAL: null });
  });

  it("an issued note is not in the invoices' list, totals, states, export or bulk actions, and is not the first invoice", async () => {
    const id = await crearOk(t, token, borrador(punto, cliente));
    const emitida = await call('POST', `/${id}/emitir`);
    expect(emitida.statusCode, emitida.body).toBe(200);
    const numero = (emitida.json() as FacturaDetalle).FAC_NUMERO!;
    // As the SRI leaves it, authorized.
    await t.db
      .update(facturas)
      .set({ FAC_ESTADO: 'AUTORIZADA', FAC_AUTORIZACION: '1'.repeat(49), FAC_FECHA_AUTORIZACION: new Date() })
      .where(eq(facturas.FAC_CODIGO, id));
    expect((await lista({ q: numero })).ids).toEqual([id]);
    expect(await primeraFactura()).toBe(true);
    const conFactura = { lista: await lista(), totales: await totales(), estados: await estados() };

    await comoNota(id);
    const sinElla = await lista();
    expect(sinElla.ids).not.toContain(id);
    expect(sinElla.ids).toHaveLength(conFactura.lista.ids.length - 1);
    expect((await lista({ q: numero })).ids).toEqual([]);
    expect((await lista({ id: [id] })).ids).toEqual([]);
    expect((await lista({ FAC_ESTADO: 'AUTORIZADA' })).ids).not.toContain(id);
    expect((await totales()).cantidad).toBe(conFactura.totales.cantidad - 1);
    expect((await totales()).total).not.toBe(conFactura.totales.total);
    expect((await estados()).autorizadas).toBe(conFactura.estados.autorizadas - 1);
    expect(await primeraFactura()).toBe(false);

    const csv = await call('GET', `/exportar?formato=csv&filter=${encodeURIComponent('{}')}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(numero);

    for (const [method, url, body] of [
      ['GET', `/${id}`],
      ['GET', `/${id}/autorizado`],
      ['POST', `/${id}/correo`, {}],
      ['POST', `/${id}/anular`, { motivo: 'Anulada en el portal del SRI' }],
      ['POST', `/${id}/consultar`],
      ['POST', '/lote/correo', { ids: [id] }],
      ['GET', `/lote/zip?ids=${id}`],
      ['POST', '/lote/eliminar', { ids: [id] }],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [fila] = await t.db.select().from(facturas).where(eq(facturas.FAC_CODIGO, id));
    expect(fila).toMatchObject({ FAC_TIPO: '04', FAC_ESTADO: 'AUTORIZADA', FAC_NUMERO: numero });
  });

  it("the next invoice number counts invoices only: a note's number on the same point does not move it", async () => {
    const antes = await siguiente();
    const id = await crearOk(t, token, borrador(punto, cliente));
    await comoNota(id);
    // A note numbered far ahead on the same point (the notes count on their own sequential).
    await t.db
      .update(facturas)
      .set({ FAC_ESTADO: 'FIRMADA', FAC_SECUENCIAL: antes + 50, FAC_NUMERO: `001-001-${String(antes + 50).padStart(9, '0')}` })
      .where(eq(facturas.FAC_CODIGO, id));
    const factura = await crearOk(t, token, borrador(punto, cliente));
    const res = await call('POST', `/${factura}/emitir`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as FacturaDetalle).FAC_SECUENCIAL).toBe(antes);
    expect(await siguiente()).toBe(antes + 1);
  });
});
