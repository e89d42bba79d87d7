import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { borrador } from '../helpers/facturas-api';
import { tornilloConSri } from '../helpers/sri';
import { claveApi, conClave } from '../helpers/claves';
import { cedulaValida } from '../helpers/identificaciones';
import { catalogo, clientes, facturas, planesEmpresa, usuarios } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';
import { CLIENTE_MSG } from '../../domain/clientes';
import type { SriLocal } from '../../server/sri-local';
import { EMISION_MSG, type EmisionDirecta } from '../../domain/contratos/emision';
import { PLAN_MSG } from '../../domain/planes';
import { ADVERTENCIA_IDENTIFICACION } from '../../server/core/terceros-datos';
import type { FacturaDetalle } from '../../domain/contratos/facturas';
import type { NotaCreditoDetalle } from '../../domain/contratos/notasCredito';

/**
 * One-call issuing of the sales side against the local SRI: a factura, a nota de crédito and a nota de débito each in
 * one request, by a session and by an API key; the buyer by identification (created, updated, the consumidor final),
 * the lines by product code; the screens' own 400s with nothing left behind; a refused issue leaves no draft; and the
 * OpenAPI document's example bodies.
 */
describe.each(testDatabases)('emisión en una llamada: ventas (%s)', (kind) => {
  let sri: SriLocal;
  let t: TestApp;
  let tornillo: string;
  let empresa: number;
  let cliente: number;
  let punto: number;
  let clave: string;

  const post = (ruta: string, payload: object, headers: Record<string, string> = { 'x-token': tornillo }) =>
    t.app.inject({ method: 'POST', url: `/api/${ruta}/emision?esperar=10`, headers, payload });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-token': tornillo } });
  /** What a refused body must not leave: Tornillo's documents and clients, counted. */
  const huella = async () => {
    const [docs] = await t.db.select({ n: count() }).from(facturas).where(eq(facturas.EMP_CODIGO, empresa));
    const [clis] = await t.db.select({ n: count() }).from(clientes).where(eq(clientes.EMP_CODIGO, empresa));
    return { documentos: docs!.n, clientes: clis!.n };
  };
  const autorizada = (res: Awaited<ReturnType<typeof post>>, tipo: string) => {
    expect(res.statusCode, res.body).toBe(201);
    const emitida = res.json() as EmisionDirecta;
    expect(emitida).toMatchObject({ tipo, estado: 'AUTORIZADA' });
    expect(emitida.numero).toMatch(/^001-001-[0-9]{9}$/);
    expect(emitida.claveAcceso).toMatch(/^[0-9]{49}$/);
    expect(emitida.autorizacion).toBeTruthy();
    return emitida;
  };

  const nueva = cedulaValida(702);
  /** 2 × 2.50 at 15 % (the product's) + 1 × 3.00 at 0 %: 5.00 + 0.75 + 3.00 = 8.75. */
  const venta = (comprador: object, extra: object = {}) => ({
    comprador,
    items: [
      { codigo: 'tor-api-1', cantidad: 2 },
      { descripcion: 'Corte de varilla', cantidad: 1, precioUnitario: '3.00', iva: '0' },
    ],
    ...extra,
  });

  beforeAll(async () => {
    ({ sri, t, tornillo, empresa, cliente, punto } = await tornilloConSri(kind, { cliente: 701, sri: { demoraAutorizacionMs: 50 } }));
    const admin = await loginCompany(t, COMPANIES.tornillo);
    clave = await claveApi(t, { empresa, usuario: admin.USU_CODIGO });
    await t.db.insert(catalogo).values({
      EMP_CODIGO: empresa,
      CAT_PRINCIPAL: 'TOR-API-1',
      CAT_DESCRIPCION: 'Tornillo autorroscante 3/16"',
      CAT_PRECIO: '2.500000',
      CAT_IVA: '4',
    });
  });
  afterAll(async () => {
    await t?.close();
    await sri?.close();
  });

  it('issues a factura to a new buyer in one call: number, access key, AUTORIZADA, its links; the buyer joins the clients', async () => {
    const res = await post('facturas', venta({ identificacion: nueva, razonSocial: 'PEDRO ANDRADE', email: 'pedro@correo.ec' }));
    const emitida = autorizada(res, '01');
    expect(emitida.importeTotal).toBe('8.75');
    expect(emitida.receptor).toMatchObject({ identificacion: nueva, razonSocial: 'PEDRO ANDRADE', creado: true });
    for (const enlace of [emitida.enlaces.comprobante, emitida.enlaces.xml, emitida.enlaces.ride, emitida.enlaces.autorizado])
      expect((await get(enlace)).statusCode, enlace).toBe(200);

    const detalle = (await get(emitida.enlaces.comprobante)).json() as FacturaDetalle;
    expect(detalle.lineas[0]).toMatchObject({
      FDE_PRINCIPAL: 'TOR-API-1',
      FDE_DESCRIPCION: 'Tornillo autorroscante 3/16"',
      FDE_PRECIO: '2.500000',
      FDE_IVA: '4',
    });
    expect(detalle.pagos).toEqual([expect.objectContaining({ FPA_FORMA: '01', FPA_TOTAL: '8.75' })]);

    const lista = await get(`/api/clientes?filter=${encodeURIComponent(JSON.stringify({ q: nueva }))}`);
    expect(lista.json()).toEqual([
      expect.objectContaining({ CLI_CODIGO: emitida.receptor.id, CLI_RAZON_SOCIAL: 'PEDRO ANDRADE', CLI_CORREOS: ['pedro@correo.ec'] }),
    ]);
  });

  it("with an API key: a known buyer is updated with what the body brings; 9999999999999 is the company's consumidor final", async () => {
    const [conocido] = await t.db.select().from(clientes).where(eq(clientes.CLI_CODIGO, cliente));
    const res = await post(
      'facturas',
      venta(
        { identificacion: conocido!.CLI_IDENTIFICACION, email: 'nuevo@correo.ec; otro@correo.ec', direccion: 'Calle Larga 5, Cuenca' },
        {
          pagos: [{ formaPago: '19', total: '8.75' }],
        },
      ),
      conClave(clave),
    );
    const emitida = autorizada(res, '01');
    expect(emitida.receptor).toMatchObject({ id: cliente, razonSocial: conocido!.CLI_RAZON_SOCIAL, creado: false });
    expect((await get(`/api/clientes/${cliente}`)).json()).toMatchObject({
      CLI_CORREOS: ['nuevo@correo.ec', 'otro@correo.ec'],
      CLI_DIRECCION: 'Calle Larga 5, Cuenca',
    });

    // The first sale to 9999999999999 may create the company's consumidor final; every later one is that same client.
    const primera = autorizada(await post('facturas', venta({ identificacion: '9999999999999' }), conClave(clave)), '01');
    const antes = await huella();
    const final = autorizada(
      await post('facturas', venta({ identificacion: '9999999999999', tipoIdentificacion: '07' }), conClave(clave)),
      '01',
    );
    const [cf] = await t.db
      .select()
      .from(clientes)
      .where(and(eq(clientes.EMP_CODIGO, empresa), eq(clientes.CLI_CONSUMIDOR_FINAL, true)));
    expect(primera.receptor).toMatchObject({ id: cf!.CLI_CODIGO, razonSocial: 'CONSUMIDOR FINAL', creado: false });
    expect(final.receptor).toMatchObject({ id: cf!.CLI_CODIGO, creado: false });
    expect((await huella()).clientes).toBe(antes.clientes);
  });

  it("answers the screens' own 400s and leaves nothing behind", async () => {
    const antes = await huella();
    const desconocido = await post('facturas', {
      ...venta({ identificacion: cedulaValida(703), razonSocial: 'ANA LOPEZ' }),
      items: [
        { codigo: 'TOR-API-1', cantidad: 1 },
        { codigo: 'NO-EXISTE', cantidad: 1 },
      ],
    });
    expect(desconocido.statusCode).toBe(400);
    expect(desconocido.json()).toMatchObject({ msg: EMISION_MSG.productoDesconocido('NO-EXISTE', 2) });

    // A negative quantity and payments that do not add up: the invoice form's own messages.
    const lineas = [{ FDE_DESCRIPCION: 'Corte de varilla', FDE_CANTIDAD: '-1', FDE_PRECIO: '3.00', FDE_IVA: '0' }];
    const pantalla = await t.app.inject({
      method: 'POST',
      url: '/api/facturas',
      headers: { 'x-token': tornillo },
      payload: borrador(punto, cliente, lineas),
    });
    const negativa = await post('facturas', {
      comprador: { identificacion: cedulaValida(703), razonSocial: 'ANA LOPEZ' },
      items: [{ descripcion: 'Corte de varilla', cantidad: -1, precioUnitario: '3.00', iva: '0' }],
      pagos: [{ formaPago: '01', total: '0.00' }],
    });
    expect(pantalla.statusCode).toBe(400);
    expect(negativa.statusCode).toBe(400);
    expect(pantalla.json().errores.map((e: { mensaje: string }) => e.mensaje)).toEqual(
      expect.arrayContaining(negativa.json().errores.map((e: { mensaje: string }) => e.mensaje)),
    );
    expect(negativa.json().msg).toContain('Línea 1: la cantidad no puede ser negativa.');

    const pagos = await post(
      'facturas',
      venta({ identificacion: cedulaValida(703), razonSocial: 'ANA LOPEZ' }, { pagos: [{ formaPago: '01', total: '8.00' }] }),
    );
    expect(pagos.statusCode).toBe(400);
    expect(pagos.json().errores).toEqual([expect.objectContaining({ campo: 'pagos' })]);
    expect(pagos.json().msg).toContain('8.75');

    const sinNombre = await post('facturas', venta({ identificacion: cedulaValida(703) }));
    expect(sinNombre.statusCode).toBe(400);
    expect(sinNombre.json().msg).toBe(EMISION_MSG.receptorSinNombre('comprador'));

    const c = cedulaValida(704);
    const mala = `${c.slice(0, 9)}${(Number(c[9]) + 1) % 10}`;
    const advertencia = await post('facturas', venta({ identificacion: mala, razonSocial: 'LUIS MORA' }));
    expect(advertencia.statusCode).toBe(422);
    expect(advertencia.json()).toMatchObject({ code: ADVERTENCIA_IDENTIFICACION });
    expect(await huella()).toEqual(antes);

    const aceptada = await post('facturas', venta({ identificacion: mala, razonSocial: 'LUIS MORA', aceptarAdvertencia: true }));
    expect(aceptada.statusCode, aceptada.body).toBe(201);
    expect(aceptada.json().receptor).toMatchObject({ identificacion: mala, creado: true });
  });

  it("a seller acts as themselves: a new buyer becomes theirs, another seller's client is not theirs to invoice, notes are not theirs", async () => {
    const [{ vendedor }] = await t.db
      .insert(usuarios)
      .values({
        COM_CODIGO: empresa,
        USU_USUARIO: `ev.vendedor.${kind}`,
        USU_CLAVE: await hashPassword(COMPANIES.tornillo.clave),
        USU_ROL: 'vendedor',
      })
      .returning({ vendedor: usuarios.USU_CODIGO });
    const seller = (await loginCompany(t, { ...COMPANIES.tornillo, usuario: `ev.vendedor.${kind}` })).token;
    const propio = cedulaValida(705);
    const suya = autorizada(
      await post('facturas', venta({ identificacion: propio, razonSocial: 'ROSA PAZ' }), { 'x-token': seller }),
      '01',
    );
    const [creado] = await t.db.select().from(clientes).where(eq(clientes.CLI_CODIGO, suya.receptor.id));
    expect(creado).toMatchObject({ CLI_IDENTIFICACION: propio, CLI_VENDEDOR: vendedor });

    const antes = await huella();
    const [ajeno] = await t.db.select().from(clientes).where(eq(clientes.CLI_CODIGO, cliente));
    const res = await post('facturas', venta({ identificacion: ajeno!.CLI_IDENTIFICACION, razonSocial: 'OTRO' }), { 'x-token': seller });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(CLIENTE_MSG.identificacionRepetida);
    const nota = await post(
      'notasCredito',
      { factura: { numero: suya.numero }, motivo: 'X', items: [{ codigo: 'TOR-API-1', cantidad: 1 }] },
      { 'x-token': seller },
    );
    expect(nota.statusCode).toBe(403);
    expect(await huella()).toEqual(antes);
  });

  it('issues a nota de crédito on an invoice cited by number, and a nota de débito by access key, with an API key', async () => {
    const factura = autorizada(await post('facturas', venta({ identificacion: nueva })), '01');

    const credito = await post(
      'notasCredito',
      { factura: { numero: factura.numero }, motivo: 'Devolución de un tornillo', items: [{ codigo: 'TOR-API-1', cantidad: 1 }] },
      conClave(clave),
    );
    const nc = autorizada(credito, '04');
    expect(nc).toMatchObject({ importeTotal: '2.88', receptor: { identificacion: nueva, creado: false } });
    for (const enlace of [nc.enlaces.xml, nc.enlaces.ride, nc.enlaces.autorizado]) expect((await get(enlace)).statusCode, enlace).toBe(200);
    const nota = (await get(nc.enlaces.comprobante)).json() as NotaCreditoDetalle;
    expect(nota.lineas).toEqual([expect.objectContaining({ FDE_LINEA_FACTURA: 1, FDE_DESCRIPCION: 'Tornillo autorroscante 3/16"' })]);

    const debito = await post(
      'notasDebito',
      { factura: { claveAcceso: factura.claveAcceso }, motivos: [{ razon: 'Interés por mora', valor: '10.00' }], iva: '4' },
      conClave(clave),
    );
    const nd = autorizada(debito, '05');
    expect(nd).toMatchObject({ importeTotal: '11.50', receptor: { identificacion: nueva, creado: false } });
    for (const enlace of [nd.enlaces.xml, nd.enlaces.ride, nd.enlaces.autorizado]) expect((await get(enlace)).statusCode, enlace).toBe(200);

    // What remains of the invoice is 8.75 - 2.88: crediting the whole invoice again is the form's 400.
    const antes = await huella();
    const pantalla = await t.app.inject({
      method: 'POST',
      url: '/api/notasCredito',
      headers: { 'x-token': tornillo },
      payload: {
        FAC_MODIFICA: factura.id,
        PEM_CODIGO: punto,
        FAC_MOTIVO: 'Todo',
        lineas: [{ FDE_DESCRIPCION: 'Saldo', FDE_CANTIDAD: 1, FDE_PRECIO: '8.00', FDE_IVA: '0' }],
      },
    });
    const excede = await post('notasCredito', {
      factura: { numero: factura.numero },
      motivo: 'Todo',
      items: [{ descripcion: 'Saldo', cantidad: 1, precioUnitario: '8.00', iva: '0' }],
    });
    expect(pantalla.statusCode).toBe(400);
    expect(excede.statusCode).toBe(400);
    expect(excede.json().msg).toBe(pantalla.json().msg);

    const ajena = await post('notasDebito', { factura: { numero: '001-001-999999999' }, motivos: [{ razon: 'Mora', valor: 1 }], iva: '4' });
    expect(ajena.statusCode).toBe(400);
    expect(ajena.json().msg).toBe(EMISION_MSG.citadoNoExiste('el número 001-001-999999999'));
    const otroCodigo = await post('notasCredito', {
      factura: { numero: factura.numero },
      motivo: 'X',
      items: [{ codigo: 'NADA', cantidad: 1 }],
    });
    expect(otroCodigo.statusCode).toBe(400);
    expect(otroCodigo.json().msg).toBe(EMISION_MSG.lineaNoEnFactura('NADA', 1));
    expect(await huella()).toEqual(antes);
  });

  it("a refused issue (the plan used up) answers the plan's message and leaves neither the draft nor the new buyer", async () => {
    const antes = await huella();
    await t.db
      .update(planesEmpresa)
      .set({ PLANEMPRESA_USADOS: sql`${planesEmpresa.PLANEMPRESA_COMPROBANTES}` })
      .where(eq(planesEmpresa.EMP_CODIGO, empresa));
    try {
      const res = await post('facturas', venta({ identificacion: cedulaValida(709), razonSocial: 'Comprador que no llegó a facturar' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(PLAN_MSG.exhausted(500));
      expect(await huella()).toEqual(antes);
    } finally {
      await t.db.update(planesEmpresa).set({ PLANEMPRESA_USADOS: 0 }).where(eq(planesEmpresa.EMP_CODIGO, empresa));
    }
  });

  it('the OpenAPI document has an example body for each of the three routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { post?: { requestBody?: { content: Record<string, { example?: Record<string, unknown> }> } } }>;
    };
    const ejemplo = (ruta: string) => doc.paths[`/api/${ruta}/emision`]?.post?.requestBody?.content['application/json']?.example;
    expect(ejemplo('facturas')).toMatchObject({ comprador: { identificacion: expect.any(String) }, items: expect.any(Array) });
    expect(ejemplo('notasCredito')).toMatchObject({
      factura: { numero: expect.any(String) },
      motivo: expect.any(String),
      items: expect.any(Array),
    });
    expect(ejemplo('notasDebito')).toMatchObject({ factura: { claveAcceso: expect.any(String) }, motivos: expect.any(Array), iva: '4' });
  });
});
