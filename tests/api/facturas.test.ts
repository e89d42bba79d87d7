import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { borrador, crear, crearOk, LINEAS, nuevoCliente, puntoPrincipal } from '../helpers/facturas-api';
import { facturas, usuarios } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';
import { FACTURAS_MSG, type Factura, type FacturaDetalle } from '../../server/modules/facturas/contract';
import { CLIENTE_CON_FACTURAS } from '../../server/modules/clientes/repo';
import { MSG } from '../../domain/messages';
import { hoyEcuador, sumarDias } from '../../domain/fechas';

/**
 * Drafts of the invoices API: what the server recomputes and refuses, what the list filters and sums, and whose data
 * a company may touch. Issuing (number, XML, signature, RIDE) is in facturas-emision.test.ts.
 */
describe.each(testDatabases)('facturas: borradores, lista y reglas (%s)', (kind) => {
  let t: TestApp;
  let andina: string;
  let tornillo: string;
  let empresaAndina: number;
  let empresaTornillo: number;
  let punto: number;
  let puntoTornillo: number;
  let cliente: number;
  let otroCliente: number;
  let clienteTornillo: number;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/facturas${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  const lista = async (token: string, filter: Record<string, unknown> = {}) => {
    const res = await call(token, 'GET', `?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json() as Factura[], range: String(res.headers['content-range']) };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    const a = await loginCompany(t, COMPANIES.andina);
    const b = await loginCompany(t, COMPANIES.tornillo);
    andina = a.token;
    tornillo = b.token;
    empresaAndina = a.COM_CODIGO;
    empresaTornillo = b.COM_CODIGO;
    punto = await puntoPrincipal(t, empresaAndina);
    puntoTornillo = await puntoPrincipal(t, empresaTornillo);
    cliente = await nuevoCliente(t, empresaAndina, 101);
    otroCliente = await nuevoCliente(t, empresaAndina, 102, { CLI_RAZON_SOCIAL: 'FERRETERÍA SAN BLAS' });
    clienteTornillo = await nuevoCliente(t, empresaTornillo, 103);
  });
  afterAll(() => t?.close());

  it('offers the company its active emission points with the number the next invoice will take', async () => {
    const res = await call(andina, 'GET', '/puntos');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ PEM_CODIGO: punto, serie: '001-001', EST_NUMERO: '001', PEM_NUMERO: '001', siguiente: 1 }),
    ]);
    expect(res.json()[0].EST_DIRECCION).toContain('Amazonas');
  });

  it('saves a draft with the amounts the server computed, without a number', async () => {
    const res = await crear(t, andina, borrador(punto, cliente));
    expect(res.statusCode, res.body).toBe(201);
    const f = res.json() as FacturaDetalle;
    // 100 × 0.125 = 12.50; 2 × 8.50 − 1.00 = 16.00; 1.5 × 3.333333 = 5.00 (0 %): IVA 15 % of 28.50 = 4.28.
    expect(f).toMatchObject({
      FAC_ESTADO: 'BORRADOR',
      FAC_NUMERO: null,
      FAC_CLAVE_ACCESO: null,
      FAC_SECUENCIAL: null,
      FAC_SUBTOTAL: '33.50',
      FAC_DESCUENTO: '1.00',
      FAC_IVA: '4.28',
      FAC_TOTAL: '37.78',
      CLI_CODIGO: cliente,
      EST_NUMERO: '001',
      PEM_NUMERO: '001',
      FAC_ADICIONAL: [{ nombre: 'Vendedor', valor: 'Ana Morales' }],
    });
    expect(f.lineas.map((l) => [l.FDE_CANTIDAD, l.FDE_PRECIO, l.FDE_DESCUENTO, l.FDE_SUBTOTAL])).toEqual([
      ['100.000000', '0.125000', '0.00', '12.50'],
      ['2.000000', '8.500000', '1.00', '16.00'],
      ['1.500000', '3.333333', '0.00', '5.00'],
    ]);
    expect(f.pagos).toEqual([expect.objectContaining({ FPA_FORMA: '01', FPA_TOTAL: '37.78' })]);
    expect(f.subtotalesIva.map((s) => [s.nombre, s.baseImponible, s.valor])).toEqual([
      ['IVA 15 %', '28.50', '4.28'],
      ['IVA 0 %', '5.00', '0.00'],
    ]);
    const again = await call(andina, 'GET', `/${f.FAC_CODIGO}`);
    expect(again.json()).toEqual(f);
  });

  it('refuses totals that differ from its own by a cent, naming both amounts, and saves nothing', async () => {
    const before = (await lista(andina)).range;
    const res = await crear(t, andina, { ...borrador(punto, cliente), importeTotal: '37.79' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(
      'El total de la factura enviado (37.79) no coincide con el calculado (37.78); revise la factura e intente nuevamente.',
    );
    expect(res.json().errores).toEqual([expect.objectContaining({ campo: 'importeTotal' })]);
    expect((await lista(andina)).range).toBe(before);
  });

  it('refuses a line with a negative quantity and an unknown IVA code, each with its line number', async () => {
    const lineas = [
      { ...LINEAS[0]!, FDE_IVA: '9' },
      { ...LINEAS[1]!, FDE_CANTIDAD: '-2' },
    ];
    const res = await crear(t, andina, borrador(punto, cliente, lineas));
    expect(res.statusCode).toBe(400);
    const { msg, errores } = res.json();
    expect(msg).toContain('Línea 1: el código de IVA «9» no existe');
    expect(msg).toContain('Línea 2: la cantidad no puede ser negativa.');
    expect(errores).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ linea: 1, campo: 'codigoPorcentaje' }),
        expect.objectContaining({ linea: 2, campo: 'cantidad' }),
      ]),
    );
  });

  it('refuses payments that do not add up to the total', async () => {
    const res = await crear(t, andina, borrador(punto, cliente, LINEAS, { pagos: [{ FPA_FORMA: '19', FPA_TOTAL: '30.00' }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('La suma de las formas de pago (30.00) no coincide con el total de la factura (37.78).');
  });

  it("answers 404 for another company's buyer or emission point, and for an unknown one", async () => {
    expect((await crear(t, andina, borrador(punto, clienteTornillo))).statusCode).toBe(404);
    expect((await crear(t, andina, borrador(puntoTornillo, cliente))).statusCode).toBe(404);
    const res = await crear(t, andina, borrador(punto, 999_999));
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(MSG.notFound);
  });

  it("never shows, edits or deletes another company's invoice", async () => {
    const id = await crearOk(t, andina, borrador(punto, cliente));
    expect((await call(tornillo, 'GET', `/${id}`)).statusCode).toBe(404);
    expect((await call(tornillo, 'PUT', `/${id}`, borrador(puntoTornillo, clienteTornillo))).statusCode).toBe(404);
    expect((await call(tornillo, 'DELETE', `/${id}`)).statusCode).toBe(404);
    expect((await call(tornillo, 'GET', `/${id}/xml`)).statusCode).toBe(404);
    expect((await lista(tornillo)).rows.map((r) => r.FAC_CODIGO)).not.toContain(id);
    expect((await call(andina, 'GET', `/${id}`)).statusCode).toBe(200);
  });

  it('edits a draft (recomputed again) and deletes it', async () => {
    const id = await crearOk(t, andina, borrador(punto, cliente));
    const res = await call(andina, 'PUT', `/${id}`, borrador(punto, otroCliente, [LINEAS[2]!]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      CLI_CODIGO: otroCliente,
      CLI_RAZON_SOCIAL: 'FERRETERÍA SAN BLAS',
      FAC_TOTAL: '5.00',
      FAC_IVA: '0.00',
    });
    expect(res.json().lineas).toHaveLength(1);
    const bad = await call(andina, 'PUT', `/${id}`, { ...borrador(punto, cliente), totalIva: '4.27' });
    expect(bad.statusCode).toBe(400);
    expect((await call(andina, 'GET', `/${id}`)).json().FAC_TOTAL).toBe('5.00');

    const del = await call(andina, 'DELETE', `/${id}`);
    expect(del.statusCode).toBe(200);
    expect((await call(andina, 'GET', `/${id}`)).statusCode).toBe(404);
  });

  it('a draft has no XML nor RIDE yet', async () => {
    const id = await crearOk(t, andina, borrador(punto, cliente));
    for (const doc of ['xml', 'ride']) {
      const res = await call(andina, 'GET', `/${id}/${doc}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe(FACTURAS_MSG.borradorSinDocumentos);
    }
  });

  it('filters by state, dates, buyer, establishment and text, and sums the filtered set for the footer', async () => {
    const ayer = sumarDias(hoyEcuador(), -1);
    const vieja = await crearOk(t, andina, borrador(punto, otroCliente, [LINEAS[2]!], { FAC_FECHA: sumarDias(hoyEcuador(), -40) }));
    const deAyer = await crearOk(t, andina, borrador(punto, otroCliente, [LINEAS[0]!], { FAC_FECHA: ayer }));
    // An invoice signed elsewhere (the issuing tests cover how): only its state matters here.
    await t.db.update(facturas).set({ FAC_ESTADO: 'FIRMADA' }).where(eq(facturas.FAC_CODIGO, deAyer));

    const porComprador = await lista(andina, { CLI_CODIGO: otroCliente });
    expect(porComprador.rows.map((r) => r.FAC_CODIGO).sort()).toEqual([vieja, deAyer].sort());
    expect(porComprador.rows[0]).toMatchObject({ CLI_RAZON_SOCIAL: 'FERRETERÍA SAN BLAS', EST_NUMERO: '001', PEM_NUMERO: '001' });
    expect((await lista(andina, { q: 'san blas' })).rows.map((r) => r.FAC_CODIGO).sort()).toEqual([vieja, deAyer].sort());
    expect((await lista(andina, { FAC_ESTADO: 'FIRMADA' })).rows.map((r) => r.FAC_CODIGO)).toEqual([deAyer]);
    expect((await lista(andina, { FAC_ESTADO: ['FIRMADA', 'BORRADOR'], CLI_CODIGO: otroCliente })).rows).toHaveLength(2);
    expect((await lista(andina, { desde: ayer, hasta: ayer })).rows.map((r) => r.FAC_CODIGO)).toEqual([deAyer]);
    const [est] = (await call(andina, 'GET', '/puntos')).json();
    expect((await lista(andina, { EST_CODIGO: est.EST_CODIGO, CLI_CODIGO: otroCliente })).rows).toHaveLength(2);
    expect((await lista(andina, { PEM_CODIGO: puntoTornillo })).rows).toHaveLength(0);

    const ordenadas = await lista(andina, { CLI_CODIGO: otroCliente });
    const porTotal = await call(
      andina,
      'GET',
      `?sort=${encodeURIComponent('["FAC_TOTAL","ASC"]')}&filter=${encodeURIComponent(JSON.stringify({ CLI_CODIGO: otroCliente }))}`,
    );
    expect(porTotal.json().map((r: Factura) => r.FAC_TOTAL)).toEqual(['5.00', '14.38']);
    expect(ordenadas.range).toMatch(/\/2$/);

    const totales = await call(andina, 'GET', `/totales?filter=${encodeURIComponent(JSON.stringify({ CLI_CODIGO: otroCliente }))}`);
    expect(totales.statusCode).toBe(200);
    // 5.00 at 0 %, and 12.50 + 15 % = 14.38.
    expect(totales.json()).toEqual({ cantidad: 2, anuladas: 0, subtotal: '17.50', iva: '1.88', total: '19.38' });

    expect((await call(andina, 'GET', `?filter=${encodeURIComponent('{"desde":"ayer"}')}`)).statusCode).toBe(400);
    expect((await call(andina, 'GET', `?filter=${encodeURIComponent('{"_empresa":2}')}`)).statusCode).toBe(400);
    expect((await call(andina, 'GET', `/totales?filter=${encodeURIComponent('{"FAC_ESTADO":"PAGADA"}')}`)).statusCode).toBe(400);
  });

  it('keeps a client that has invoices: deleting it is refused with the reason', async () => {
    const comprador = await nuevoCliente(t, empresaAndina, 104);
    await crearOk(t, andina, borrador(punto, comprador));
    const res = await t.app.inject({ method: 'DELETE', url: `/api/clientes/${comprador}`, headers: { 'x-token': andina } });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(CLIENTE_CON_FACTURAS);
  });
  it("a seller sees and touches only the invoices of their clients and of the consumidor final, not another seller's client's", async () => {
    const [{ vendedor }] = await t.db
      .insert(usuarios)
      .values({
        COM_CODIGO: empresaAndina,
        USU_USUARIO: 'facturas.vendedor',
        USU_CLAVE: await hashPassword(COMPANIES.andina.clave),
        USU_ROL: 'vendedor',
      })
      .returning({ vendedor: usuarios.USU_CODIGO });
    const seller = (await loginCompany(t, { ruc: COMPANIES.andina.ruc, usuario: 'facturas.vendedor', clave: COMPANIES.andina.clave }))
      .token;
    const suyo = await nuevoCliente(t, empresaAndina, 105, { CLI_VENDEDOR: vendedor });
    const ajeno = await nuevoCliente(t, empresaAndina, 106);
    // The consumidor final has no seller: every seller sells to it at the counter.
    const consumidor = await t.app.inject({ method: 'GET', url: '/api/clientes/consumidorFinal', headers: { 'x-token': seller } });
    expect(consumidor.statusCode, consumidor.body).toBe(200);
    const final = consumidor.json().CLI_CODIGO as number;

    const delVendedor = await crearOk(t, andina, borrador(punto, suyo));
    const deOtro = await crearOk(t, andina, borrador(punto, ajeno));
    const alMostrador = await crearOk(t, seller, borrador(punto, final));
    expect((await crear(t, seller, borrador(punto, ajeno))).statusCode).toBe(404);
    const ids = [delVendedor, deOtro, alMostrador];

    const filtro = encodeURIComponent(JSON.stringify({ id: ids }));
    expect((await lista(seller, { id: ids })).rows.map((r) => r.FAC_CODIGO).sort()).toEqual([delVendedor, alMostrador].sort());
    expect((await lista(andina, { q: 'ÑUÑEZ 106' })).rows.map((r) => r.FAC_CODIGO)).toEqual([deOtro]);
    expect((await lista(seller, { q: 'ÑUÑEZ 106' })).rows).toEqual([]);
    expect((await call(seller, 'GET', `/totales?filter=${filtro}`)).json()).toMatchObject({ cantidad: 2, total: '75.56' });
    // The company's roles see the three.
    expect((await lista(andina, { id: ids })).rows).toHaveLength(3);
    expect((await call(andina, 'GET', `/totales?filter=${filtro}`)).json().cantidad).toBe(3);

    expect((await call(seller, 'GET', `/${delVendedor}`)).statusCode).toBe(200);
    expect((await call(seller, 'GET', `/${alMostrador}`)).json()).toMatchObject({ CLI_IDENTIFICACION: '9999999999999' });
    for (const [method, url, payload] of [
      ['GET', `/${deOtro}`],
      ['PUT', `/${deOtro}`, borrador(punto, final)],
      ['DELETE', `/${deOtro}`],
      ['POST', `/${deOtro}/emitir`],
      ['GET', `/${deOtro}/xml`],
      ['GET', `/${deOtro}/ride`],
    ] as const) {
      const res = await call(seller, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().msg).toBe(MSG.notFound);
    }
    // Nor moved to a buyer of theirs: the other seller's client's invoice is as it was.
    expect((await call(andina, 'GET', `/${deOtro}`)).json()).toMatchObject({ CLI_CODIGO: ajeno, FAC_ESTADO: 'BORRADOR' });
  });
});
