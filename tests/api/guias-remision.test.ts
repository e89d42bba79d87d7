import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestApp } from '../helpers/server';
import { borrador, crearOk, nuevoCliente, usadosDelPlan } from '../helpers/facturas-api';
import { emitirAutorizada, tornilloConSri } from '../helpers/sri';
import { carpetaTemporal } from '../helpers/archivos';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { hashPassword } from '../../server/infra/passwords';
import { CLIENTE_CON_FACTURAS } from '../../server/modules/clientes/repo';
import { establecimientos, puntosEmision, transportistas, usuarios } from '../../server/infra/db/schema';
import type { SriLocal } from '../../server/sri-local';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import { MSG } from '../../domain/messages';
import { FACTURAS_MSG } from '../../domain/contratos/facturas';
import { enBien, enDestinatario, GUIA_MSG } from '../../domain/guiasRemision';
import {
  GUIAS_MSG,
  type GuiaDesdeFactura,
  type GuiaRemision,
  type GuiaRemisionBorrador,
  type GuiaRemisionDetalle,
} from '../../domain/contratos/guiasRemision';

/**
 * Guías de remisión through their API against the local SRI: a draft on its own or prefilled from an authorized
 * invoice, every rule with its Spanish message, edited and deleted as a draft and refused once issued, issued and
 * authorized, emailed to the destinatarios with its XML and RIDE, listed, searched, exported and annulled; another
 * company's guía, carrier, client, point and invoice are not found; a seller cites only its clients' invoices but sees
 * every guía. (The XML against the schema and its signature: guias-xml.test.ts.)
 */
const { pdfTexto } = carpetaTemporal('guias-');

describe.each(testDatabases)('guías de remisión (%s)', (kind) => {
  let sri: SriLocal;
  let t: TestApp;
  let tornillo: string;
  let andina: string;
  let empresa: number;
  let empresaAndina: number;
  let punto: number;
  let cliente: number;
  let transportista: number;
  /** An AUTORIZADA invoice of Tornillo to `cliente`, its number and its lines. */
  let factura: { id: number; numero: string };

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/guiasRemision${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  const nuevoTransportista = async (emp: number, identificacion: string, extra: Partial<typeof transportistas.$inferInsert> = {}) => {
    const [row] = await t.db
      .insert(transportistas)
      .values({
        EMP_CODIGO: emp,
        TRA_TIPO_IDENTIFICACION: '05',
        TRA_IDENTIFICACION: identificacion,
        TRA_RAZON_SOCIAL: `Transportes ${identificacion}`,
        TRA_PLACA: 'PBA-1234',
        TRA_CORREOS: ['chofer@transportes.ec'],
        ...extra,
      })
      .returning({ id: transportistas.TRA_CODIGO });
    return row!.id;
  };
  /** A transfer between establishments: one destinatario, two goods, no support document. */
  const guia = (extra: Partial<GuiaRemisionBorrador> = {}): GuiaRemisionBorrador => ({
    PEM_CODIGO: punto,
    TRA_CODIGO: transportista,
    FAC_FECHA: hoyEcuador(),
    GUI_DIR_PARTIDA: 'Av. Galo Plaza Lasso N45-12, Quito',
    GUI_FECHA_INICIO: hoyEcuador(),
    GUI_FECHA_FIN: sumarDias(hoyEcuador(), 1),
    GUI_PLACA: 'PBA-1234',
    destinatarios: [
      {
        GDE_IDENTIFICACION: '1790012345001',
        GDE_RAZON_SOCIAL: 'Ferretería El Tornillo, bodega Sur',
        GDE_DIRECCION: 'Av. Maldonado S12-40, Quito',
        GDE_CORREOS: ['bodega.sur@tornillo.ec'],
        GDE_MOTIVO: 'Traslado entre establecimientos',
        GDE_ESTAB_DESTINO: '002',
        GDE_RUTA: 'Quito norte - Quito sur',
        detalles: [
          { GDT_CODIGO_INTERNO: 'TOR-001', GDT_DESCRIPCION: 'Tornillo hexagonal 1/4"', GDT_CANTIDAD: '500' },
          { GDT_DESCRIPCION: 'Martillo de uña 16 oz', GDT_CANTIDAD: 12.5, GDT_ADICIONALES: [{ nombre: 'Lote', valor: 'M-22' }] },
        ],
      },
    ],
    ...extra,
  });
  const crearGuia = async (body: GuiaRemisionBorrador, token = tornillo) => {
    const res = await call(token, 'POST', '/', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as GuiaRemisionDetalle;
  };
  /** POST answers `status` with `msg` (and, for a 400 of the rules, that sentence among its errores). */
  const rechaza = async (body: object, status: number, msg: string, token = tornillo) => {
    const res = await call(token, 'POST', '/', body);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 400 && res.json().errores) expect(res.json().errores.map((e: { mensaje: string }) => e.mensaje)).toContain(msg);
    else expect(res.json().msg).toBe(msg);
  };
  const esperar = async (id: number, estados: string[]) => {
    const limite = Date.now() + 30_000;
    for (;;) {
      const g = (await call(tornillo, 'GET', `/${id}`)).json() as GuiaRemisionDetalle;
      if (estados.includes(g.FAC_ESTADO) && g.FAC_ENTREGA !== 'PENDIENTE' && g.cola === null) return g;
      if (Date.now() > limite) throw new Error(`La guía ${id} no llegó a ${estados.join('/')}: ${g.FAC_ESTADO}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const facturaAutorizada = async (cli: number) => {
    const f = await emitirAutorizada(t, tornillo, await crearOk(t, tornillo, borrador(punto, cli)));
    return { id: f.FAC_CODIGO, numero: f.FAC_NUMERO! };
  };
  const lista = async (filter: object, token = tornillo) => {
    const res = await call(token, 'GET', `/?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as GuiaRemision[]).map((g) => g.FAC_CODIGO);
  };
  const usuario = async (rol: string) => {
    const nombre = `guias.${rol}.${kind}`;
    const [row] = await t.db
      .insert(usuarios)
      .values({ COM_CODIGO: empresa, USU_USUARIO: nombre, USU_CLAVE: await hashPassword(COMPANIES.tornillo.clave), USU_ROL: rol })
      .returning({ id: usuarios.USU_CODIGO });
    return { id: row!.id, token: (await loginCompany(t, { ...COMPANIES.tornillo, usuario: nombre })).token };
  };

  beforeAll(async () => {
    ({ sri, t, tornillo, empresa, andina, punto, cliente } = await tornilloConSri(kind, {
      cliente: 701,
      sri: { demoraAutorizacionMs: 50 },
    }));
    empresaAndina = (await loginCompany(t, COMPANIES.andina)).COM_CODIGO;
    transportista = await nuevoTransportista(empresa, '1710034065');
    factura = await facturaAutorizada(cliente);
  });
  afterAll(async () => {
    await t?.close();
    await sri?.close();
  });

  it('prellena una guía desde una factura autorizada: su punto, su establecimiento, hoy, el comprador, "Venta", la factura y sus líneas', async () => {
    const res = await call(tornillo, 'GET', `/desdeFactura/${factura.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const [establecimiento] = await t.db
      .select({ direccion: establecimientos.EST_DIRECCION })
      .from(puntosEmision)
      .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
      .where(eq(puntosEmision.PEM_CODIGO, punto));
    const hoy = hoyEcuador();
    expect(res.json()).toEqual({
      PEM_CODIGO: punto,
      FAC_FECHA: hoy,
      GUI_DIR_PARTIDA: establecimiento!.direccion,
      GUI_FECHA_INICIO: hoy,
      GUI_FECHA_FIN: hoy,
      FAC_ADICIONAL: [],
      destinatarios: [
        {
          CLI_CODIGO: cliente,
          GDE_IDENTIFICACION: expect.stringMatching(/^\d{10}$/),
          GDE_RAZON_SOCIAL: 'MARÍA JOSÉ ÑUÑEZ 701',
          GDE_DIRECCION: 'Av. 10 de Agosto N24-55, Quito',
          GDE_CORREOS: ['cliente701@correo.ec'],
          GDE_MOTIVO: 'Venta',
          GDE_SUSTENTO: factura.id,
          detalles: [
            expect.objectContaining({
              GDT_CODIGO_INTERNO: 'TOR-001',
              GDT_DESCRIPCION: 'Tornillo hexagonal 1/4"',
              GDT_CANTIDAD: '100.000000',
            }),
            expect.objectContaining({ GDT_CODIGO_INTERNO: 'MAR-016', GDT_DESCRIPCION: 'Martillo de uña 16 oz', GDT_CANTIDAD: '2.000000' }),
            expect.objectContaining({
              GDT_CODIGO_INTERNO: null,
              GDT_DESCRIPCION: 'Servicio de corte de varilla',
              GDT_CANTIDAD: '1.500000',
            }),
          ],
        },
      ],
    });

    // A draft invoice cannot support a guía yet; another company's is not found.
    const enBorrador = await crearOk(t, tornillo, borrador(punto, cliente));
    const noAutorizada = await call(tornillo, 'GET', `/desdeFactura/${enBorrador}`);
    expect(noAutorizada.statusCode).toBe(409);
    expect(noAutorizada.json().msg).toBe(GUIAS_MSG.sustentoNoAutorizado);
    const ajena = await call(andina, 'GET', `/desdeFactura/${factura.id}`);
    expect(ajena.statusCode).toBe(404);
    expect(ajena.json().msg).toBe(GUIAS_MSG.sustentoAjeno);

    // A sale to the consumidor final travels too: its destinatario is 9999999999999, at the establishment's address.
    const consumidor = (
      await t.app.inject({ method: 'GET', url: '/api/clientes/consumidorFinal', headers: { 'x-token': tornillo } })
    ).json();
    const final = await facturaAutorizada(consumidor.CLI_CODIGO);
    const deFinal = (await call(tornillo, 'GET', `/desdeFactura/${final.id}`)).json() as GuiaDesdeFactura;
    expect(deFinal.destinatarios[0]).toMatchObject({
      CLI_CODIGO: consumidor.CLI_CODIGO,
      GDE_IDENTIFICACION: '9999999999999',
      GDE_SUSTENTO: final.id,
    });
    expect(deFinal.destinatarios[0]!.GDE_DIRECCION).toBeTruthy();
  });

  it('emite una guía desde una factura: autorizada, enviada al destinatario con su XML y RIDE; luego no se edita ni se elimina', async () => {
    const antes = await usadosDelPlan(t, empresa);
    const prefill = (await call(tornillo, 'GET', `/desdeFactura/${factura.id}`)).json() as GuiaDesdeFactura;
    const draft = await crearGuia({ ...prefill, TRA_CODIGO: transportista, GUI_PLACA: 'PBA-1234' });
    expect(draft).toMatchObject({
      FAC_ESTADO: 'BORRADOR',
      FAC_NUMERO: null,
      TRA_CODIGO: transportista,
      TRA_RAZON_SOCIAL: 'Transportes 1710034065',
      TRA_TIPO_IDENTIFICACION: '05',
      GUI_PLACA: 'PBA-1234',
      DESTINATARIOS: 'MARÍA JOSÉ ÑUÑEZ 701',
    });
    expect(draft.destinatarios[0]).toMatchObject({
      GDE_SUSTENTO: factura.id,
      SUSTENTO_NUMERO: factura.numero,
      SUSTENTO_FECHA: hoyEcuador(),
      GDE_MOTIVO: 'Venta',
    });
    expect(draft.destinatarios[0]!.detalles).toHaveLength(3);

    const emitida = await call(tornillo, 'POST', `/${draft.FAC_CODIGO}/emitir`);
    expect(emitida.statusCode, emitida.body).toBe(200);
    const g = await esperar(draft.FAC_CODIGO, ['AUTORIZADA']);
    expect(g.FAC_CLAVE_ACCESO!.slice(8, 10)).toBe('06');
    expect(g.FAC_NUMERO).toMatch(/^001-001-000000001$/);
    expect(g.FAC_AUTORIZACION).toBe(g.FAC_CLAVE_ACCESO);
    // The plan pays a guía as any document: once, when the SRI authorizes it.
    expect(await usadosDelPlan(t, empresa)).toBe(antes + 1);

    // The destinatario's email, with the authorized XML and the RIDE.
    expect(g.FAC_ENTREGA).toBe('ENVIADA');
    expect(g.FAC_ENTREGA_DETALLE).toBe('cliente701@correo.ec');
    const correo = (await t.mails()).find((m) => m.subject.includes(g.FAC_NUMERO!) && /gu[ií]a/i.test(m.subject))!;
    expect(correo.to).toBe('cliente701@correo.ec');
    expect(correo.attachments.map((a) => a.filename)).toEqual([`guia-remision-${g.FAC_NUMERO}.xml`, `guia-remision-${g.FAC_NUMERO}.pdf`]);
    const autorizado = (await call(tornillo, 'GET', `/${g.FAC_CODIGO}/autorizado`)).body;
    expect(correo.attachments[0]!.content.toString('utf8')).toBe(autorizado);
    expect(autorizado).toContain('<estado>AUTORIZADO</estado>');
    const ride = pdfTexto(correo.attachments[1]!.content);
    expect(ride).toContain('GUÍA DE REMISIÓN');
    expect(ride).toContain('PBA-1234');
    expect(ride).toContain(factura.numero);
    const xml = (await call(tornillo, 'GET', `/${g.FAC_CODIGO}/xml`)).body;
    expect(xml).toContain('<guiaRemision id="comprobante"');
    expect(xml).toContain(`<numDocSustento>${factura.numero}</numDocSustento>`);

    // Sent again on request, to another address.
    const otra = await call(tornillo, 'POST', `/${g.FAC_CODIGO}/correo`, { para: 'logistica@cliente.ec' });
    expect(otra.statusCode, otra.body).toBe(200);
    expect(otra.json().FAC_ENTREGA_DETALLE).toBe('logistica@cliente.ec');

    const editar = await call(tornillo, 'PUT', `/${g.FAC_CODIGO}`, guia());
    expect(editar.statusCode).toBe(409);
    expect(editar.json().msg).toBe(GUIAS_MSG.emitidaNoModificable);
    const eliminar = await call(tornillo, 'DELETE', `/${g.FAC_CODIGO}`);
    expect(eliminar.statusCode).toBe(409);
    expect(eliminar.json().msg).toBe(GUIAS_MSG.emitidaNoEliminable);
    const otraVez = await call(tornillo, 'POST', `/${g.FAC_CODIGO}/emitir`);
    expect(otraVez.statusCode).toBe(409);

    // The invoice's guías: the list filtered by its support document.
    expect(await lista({ FAC_SUSTENTO: factura.id })).toEqual([g.FAC_CODIGO]);
  });

  it('rechaza cada regla rota con su mensaje; el punto, transportista, cliente, producto o factura de otra empresa no existen (404)', async () => {
    const d = guia().destinatarios[0]!;
    await rechaza(guia({ destinatarios: [] }), 400, GUIAS_MSG.sinDestinatarios);
    await rechaza(guia({ destinatarios: [{ ...d, detalles: [] }] }), 400, GUIAS_MSG.sinDetalles(1));
    await rechaza(guia({ GUI_FECHA_FIN: sumarDias(hoyEcuador(), -1) }), 400, GUIAS_MSG.fechaFin);
    await rechaza(guia({ GUI_PLACA: ' ' }), 400, 'Ingrese la placa del vehículo.');
    await rechaza(guia({ GUI_FECHA_INICIO: '2026-02-30' }), 400, GUIA_MSG.fechaInicio);
    await rechaza(guia({ FAC_FECHA: '2026-02-30' }), 400, FACTURAS_MSG.fecha);
    await rechaza(
      guia({ destinatarios: [d, { ...d, detalles: [{ GDT_DESCRIPCION: 'Clavos', GDT_CANTIDAD: 0 }] }] }),
      400,
      enBien(2, 1, GUIA_MSG.cantidadCero),
    );
    await rechaza(
      guia({ destinatarios: [{ ...d, detalles: [{ GDT_DESCRIPCION: 'Cable', GDT_CANTIDAD: '1.1234567' }] }] }),
      400,
      enBien(1, 1, GUIA_MSG.cantidadDecimales),
    );
    await rechaza(guia({ destinatarios: [{ ...d, GDE_ESTAB_DESTINO: '2' }] }), 400, enDestinatario(1, GUIA_MSG.estabDestino));
    await rechaza(guia({ destinatarios: [{ ...d, GDE_MOTIVO: '' }] }), 400, enDestinatario(1, 'ingrese el motivo del traslado.'));
    await rechaza(
      guia({ destinatarios: [{ ...d, GDE_CORREOS: ['no-es-correo'] }] }),
      400,
      enDestinatario(1, FACTURAS_MSG.correoInvalido('no-es-correo')),
    );
    const demasiados = await call(tornillo, 'POST', '/', guia({ destinatarios: Array.from({ length: 101 }, () => d) }));
    expect(demasiados.statusCode).toBe(400);
    expect(demasiados.json().msg).toContain('hasta 100 destinatarios');

    const inactivo = await nuevoTransportista(empresa, '1713175071', { TRA_ACTIVO: false });
    await rechaza(guia({ TRA_CODIGO: inactivo }), 400, GUIAS_MSG.transportistaInactivo);
    const enBorrador = await crearOk(t, tornillo, borrador(punto, cliente));
    await rechaza(guia({ destinatarios: [{ ...d, GDE_SUSTENTO: enBorrador }] }), 400, GUIA_MSG.sustentoNoAutorizado(1));

    // Another company's: its carrier, its point, its client, its product, its invoice.
    const deAndina = await nuevoTransportista(empresaAndina, '1710034065');
    await rechaza(guia({ TRA_CODIGO: deAndina }), 404, GUIAS_MSG.transportistaAjeno);
    const [puntoAndina] = await t.db
      .select({ id: puntosEmision.PEM_CODIGO })
      .from(puntosEmision)
      .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
      .where(eq(establecimientos.EMP_CODIGO, empresaAndina));
    await rechaza(guia({ PEM_CODIGO: puntoAndina!.id }), 404, MSG.notFound);
    const clienteAndina = await nuevoCliente(t, empresaAndina, 702);
    await rechaza(guia({ destinatarios: [{ ...d, CLI_CODIGO: clienteAndina }] }), 404, MSG.notFound);
    await rechaza(
      guia({ destinatarios: [{ ...d, detalles: [{ CAT_CODIGO: 999999, GDT_DESCRIPCION: 'X', GDT_CANTIDAD: 1 }] }] }),
      404,
      FACTURAS_MSG.productoAjeno,
    );
    // Andina citing Tornillo's invoice, with its own point and carrier.
    await rechaza(
      guia({ PEM_CODIGO: puntoAndina!.id, TRA_CODIGO: deAndina, destinatarios: [{ ...d, GDE_SUSTENTO: factura.id }] }),
      404,
      GUIAS_MSG.sustentoAjeno,
      andina,
    );
  });

  it('edita y elimina un borrador; otra empresa no lo lee, edita, emite ni elimina', async () => {
    const draft = await crearGuia(guia());
    expect(draft.destinatarios[0]).toMatchObject({
      CLI_CODIGO: null,
      GDE_ESTAB_DESTINO: '002',
      GDE_RUTA: 'Quito norte - Quito sur',
      GDE_SUSTENTO: null,
      SUSTENTO_NUMERO: null,
    });
    expect(draft.destinatarios[0]!.detalles.map((b) => [b.GDT_DESCRIPCION, b.GDT_CANTIDAD, b.GDT_ADICIONALES])).toEqual([
      ['Tornillo hexagonal 1/4"', '500.000000', []],
      ['Martillo de uña 16 oz', '12.500000', [{ nombre: 'Lote', valor: 'M-22' }]],
    ]);

    const segundo = {
      CLI_CODIGO: cliente,
      GDE_IDENTIFICACION: '1710034065',
      GDE_RAZON_SOCIAL: 'María José Ñuñez',
      GDE_DIRECCION: 'Av. 10 de Agosto N24-55, Quito',
      GDE_MOTIVO: 'Venta',
      GDE_SUSTENTO: factura.id,
      detalles: [{ GDT_DESCRIPCION: 'Tornillo hexagonal 1/4"', GDT_CANTIDAD: 100 }],
    };
    const editada = await call(
      tornillo,
      'PUT',
      `/${draft.FAC_CODIGO}`,
      guia({ destinatarios: [guia().destinatarios[0]!, segundo], GUI_PLACA: 'GYE-0987' }),
    );
    expect(editada.statusCode, editada.body).toBe(200);
    const leida = editada.json() as GuiaRemisionDetalle;
    expect(leida).toMatchObject({ GUI_PLACA: 'GYE-0987', DESTINATARIOS: 'Ferretería El Tornillo, bodega Sur y 1 más' });
    expect(leida.destinatarios.map((x) => [x.GDE_RAZON_SOCIAL, x.CLI_CODIGO, x.SUSTENTO_NUMERO])).toEqual([
      ['Ferretería El Tornillo, bodega Sur', null, null],
      ['María José Ñuñez', cliente, factura.numero],
    ]);

    for (const [method, url, body] of [
      ['GET', `/${draft.FAC_CODIGO}`],
      ['PUT', `/${draft.FAC_CODIGO}`, guia()],
      ['POST', `/${draft.FAC_CODIGO}/emitir`],
      ['DELETE', `/${draft.FAC_CODIGO}`],
      ['GET', `/${draft.FAC_CODIGO}/xml`],
    ] as Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]>) {
      expect((await call(andina, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await lista({ id: [draft.FAC_CODIGO] }, andina)).toEqual([]);

    // A client a guía names as destinatario stays, as one with invoices does.
    const destinatario = await nuevoCliente(t, empresa, 704);
    await crearGuia(guia({ destinatarios: [{ ...guia().destinatarios[0]!, CLI_CODIGO: destinatario }] }));
    const borrarCliente = await t.app.inject({ method: 'DELETE', url: `/api/clientes/${destinatario}`, headers: { 'x-token': tornillo } });
    expect(borrarCliente.statusCode).toBe(409);
    expect(borrarCliente.json().msg).toBe(CLIENTE_CON_FACTURAS);

    // A draft has no documents yet.
    const xml = await call(tornillo, 'GET', `/${draft.FAC_CODIGO}/xml`);
    expect(xml.statusCode).toBe(409);
    expect(xml.json().msg).toBe(GUIAS_MSG.borradorSinDocumentos);
    const eliminada = await call(tornillo, 'DELETE', `/${draft.FAC_CODIGO}`);
    expect(eliminada.statusCode).toBe(200);
    expect((await call(tornillo, 'GET', `/${draft.FAC_CODIGO}`)).statusCode).toBe(404);
  });

  it('un vendedor cita solo facturas de sus clientes, pero ve y emite todas las guías; no anula', async () => {
    const vendedor = await usuario('vendedor');
    const suyo = await nuevoCliente(t, empresa, 703, { CLI_VENDEDOR: vendedor.id });
    const suya = await facturaAutorizada(suyo);
    const d = guia().destinatarios[0]!;

    // Another seller's client's invoice (here: one assigned to nobody) is not found for it.
    const ajeno = await call(vendedor.token, 'GET', `/desdeFactura/${factura.id}`);
    expect(ajeno.statusCode).toBe(404);
    await rechaza(guia({ destinatarios: [{ ...d, GDE_SUSTENTO: factura.id }] }), 404, GUIAS_MSG.sustentoAjeno, vendedor.token);

    const prefill = (await call(vendedor.token, 'GET', `/desdeFactura/${suya.id}`)).json() as GuiaDesdeFactura;
    const propia = await crearGuia({ ...prefill, TRA_CODIGO: transportista, GUI_PLACA: 'PBA-1234' }, vendedor.token);
    // The administrador's guía citing an invoice the seller does not see is still the company's: the seller sees it.
    const delAdmin = await crearGuia(guia({ destinatarios: [{ ...d, GDE_SUSTENTO: factura.id }] }));
    const vistas = await lista({ id: [propia.FAC_CODIGO, delAdmin.FAC_CODIGO] }, vendedor.token);
    expect(vistas.sort()).toEqual([propia.FAC_CODIGO, delAdmin.FAC_CODIGO].sort());
    expect((await call(vendedor.token, 'GET', `/${delAdmin.FAC_CODIGO}`)).statusCode).toBe(200);

    const emitida = await call(vendedor.token, 'POST', `/${propia.FAC_CODIGO}/emitir`);
    expect(emitida.statusCode, emitida.body).toBe(200);
    await esperar(propia.FAC_CODIGO, ['AUTORIZADA']);
    const anular = await call(vendedor.token, 'POST', `/${propia.FAC_CODIGO}/anular`, { motivo: 'Anulada en el portal del SRI' });
    expect(anular.statusCode).toBe(403);

    // The contador annuls it: it stays in the list, counted apart.
    const contador = await usuario('contador');
    const anulada = await call(contador.token, 'POST', `/${propia.FAC_CODIGO}/anular`, { motivo: 'Anulada en el portal del SRI' });
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect(anulada.json()).toMatchObject({ FAC_ESTADO: 'ANULADA', FAC_ANULACION_MOTIVO: 'Anulada en el portal del SRI' });
    const otraVez = await call(contador.token, 'POST', `/${propia.FAC_CODIGO}/anular`, { motivo: 'Otra vez' });
    expect(otraVez.statusCode).toBe(409);
    const deBorrador = await call(contador.token, 'POST', `/${delAdmin.FAC_CODIGO}/anular`, { motivo: 'Borrador' });
    expect(deBorrador.statusCode).toBe(409);
    const totales = await call(
      tornillo,
      'GET',
      `/totales?filter=${encodeURIComponent(JSON.stringify({ id: [propia.FAC_CODIGO, delAdmin.FAC_CODIGO] }))}`,
    );
    expect(totales.json()).toEqual({ cantidad: 2, anuladas: 1 });
  });

  it('al emitir juzga de nuevo: un transportista inactivo o una factura de sustento anulada se rechazan con el motivo', async () => {
    const chofer = await nuevoTransportista(empresa, '0926687856');
    const draft = await crearGuia(guia({ TRA_CODIGO: chofer }));
    await t.db.update(transportistas).set({ TRA_ACTIVO: false }).where(eq(transportistas.TRA_CODIGO, chofer));
    const inactivo = await call(tornillo, 'POST', `/${draft.FAC_CODIGO}/emitir`);
    expect(inactivo.statusCode).toBe(400);
    expect(inactivo.json().msg).toContain(GUIAS_MSG.transportistaInactivo);
    expect((await call(tornillo, 'GET', `/${draft.FAC_CODIGO}`)).json()).toMatchObject({ FAC_ESTADO: 'BORRADOR', FAC_NUMERO: null });

    const otra = await facturaAutorizada(cliente);
    const d = guia().destinatarios[0]!;
    const conSustento = await crearGuia(guia({ destinatarios: [{ ...d, GDE_SUSTENTO: otra.id }] }));
    const anulada = await t.app.inject({
      method: 'POST',
      url: `/api/facturas/${otra.id}/anular`,
      headers: { 'x-token': tornillo },
      payload: { motivo: 'Anulada en el portal del SRI' },
    });
    expect(anulada.statusCode, anulada.body).toBe(200);
    const sinSustento = await call(tornillo, 'POST', `/${conSustento.FAC_CODIGO}/emitir`);
    expect(sinSustento.statusCode).toBe(400);
    expect(sinSustento.json().msg).toContain(GUIA_MSG.sustentoNoAutorizado(1));
  });

  it('una guía cuyos destinatarios no tienen correo se autoriza igual; enviarla pide a dónde', async () => {
    const d = guia().destinatarios[0]!;
    const draft = await crearGuia(guia({ destinatarios: [{ ...d, GDE_CORREOS: [] }] }));
    expect((await call(tornillo, 'POST', `/${draft.FAC_CODIGO}/emitir`)).statusCode).toBe(200);
    const g = await esperar(draft.FAC_CODIGO, ['AUTORIZADA']);
    expect(g.FAC_ENTREGA).toBe('SIN_CORREO');
    const sinPara = await call(tornillo, 'POST', `/${g.FAC_CODIGO}/correo`, {});
    expect(sinPara.statusCode).toBe(400);
    expect(sinPara.json().msg).toBe(GUIAS_MSG.sinCorreo);
  });

  it('lista, filtra, busca y exporta las guías', async () => {
    const otro = await nuevoTransportista(empresa, '1104680135', { TRA_RAZON_SOCIAL: 'Cooperativa Loja Carga', TRA_PLACA: 'LBC-555' });
    const a = await crearGuia(guia({ TRA_CODIGO: otro, GUI_PLACA: 'LBC-556' }));
    const d = guia().destinatarios[0]!;
    const b = await crearGuia(
      guia({ destinatarios: [{ ...d, GDE_RAZON_SOCIAL: 'Comercial Zamora Chinchipe', GDE_IDENTIFICACION: '1900123456001' }] }),
    );

    expect(await lista({ TRA_CODIGO: otro })).toEqual([a.FAC_CODIGO]);
    expect(await lista({ q: 'loja carga' })).toEqual([a.FAC_CODIGO]);
    expect(await lista({ q: 'LBC-556' })).toEqual([a.FAC_CODIGO]);
    expect(await lista({ q: 'zamora chinchipe' })).toEqual([b.FAC_CODIGO]);
    expect(await lista({ q: '1900123456001' })).toEqual([b.FAC_CODIGO]);
    const borradores = await lista({ FAC_ESTADO: 'BORRADOR', desde: hoyEcuador(), hasta: hoyEcuador() });
    expect(borradores).toEqual(expect.arrayContaining([a.FAC_CODIGO, b.FAC_CODIGO]));
    expect(await lista({ FAC_ESTADO: 'AUTORIZADA', id: [a.FAC_CODIGO] })).toEqual([]);
    const malo = await call(tornillo, 'GET', `/?filter=${encodeURIComponent(JSON.stringify({ FAC_SUSTENTO: 'x' }))}`);
    expect(malo.statusCode).toBe(400);

    const fila = (
      (await call(tornillo, 'GET', `/?filter=${encodeURIComponent(JSON.stringify({ id: [a.FAC_CODIGO] }))}`)).json() as GuiaRemision[]
    )[0]!;
    expect(fila).toMatchObject({
      TRA_RAZON_SOCIAL: 'Cooperativa Loja Carga',
      GUI_PLACA: 'LBC-556',
      GUI_FECHA_FIN: sumarDias(hoyEcuador(), 1),
      DESTINATARIOS: 'Ferretería El Tornillo, bodega Sur',
      EST_NUMERO: '001',
      PEM_NUMERO: '001',
    });

    const csv = await call(
      tornillo,
      'GET',
      `/exportar?formato=csv&filter=${encodeURIComponent(JSON.stringify({ FAC_ESTADO: 'AUTORIZADA' }))}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Autorización');
    expect(csv.body).toContain('Transportes 1710034065');
    expect(csv.body).toMatch(/\d{49}/);
  });
});
