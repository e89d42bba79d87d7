import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { LINEAS, nuevoCliente } from '../helpers/facturas-api';
import { emitirAutorizada, tornilloConSri } from '../helpers/sri';
import { carpetaTemporal } from '../helpers/archivos';
import { hashPassword } from '../../server/infra/passwords';
import { usuarios } from '../../server/infra/db/schema';
import type { SriLocal } from '../../server/sri-local';
import { calcularFactura } from '../../domain/facturas';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import { OFERTAS_MSG, type Oferta, type OfertaBorrador, type OfertaDetalle } from '../../domain/contratos/ofertas';
import type { FacturaDetalle, LineaBorrador } from '../../domain/contratos/facturas';

/**
 * Quotes: drafts computed as invoices with the company's next number, their states (VENCIDA by date), the PDF, the
 * email, and the invoice draft an accepted one becomes and its issuing against the local SRI; a company's and a
 * seller's scope, and the roles.
 */
const { pdfTexto } = carpetaTemporal('ofertas-');

/** LINEAS: 12.50 + 16.00 at 15 % and 5.00 at 0 %, 1.00 off: subtotal 33.50, IVA 4.28, total 37.78. */
function oferta(CLI_CODIGO: number, lineas: LineaBorrador[] = LINEAS, extra: Partial<OfertaBorrador> = {}): OfertaBorrador {
  const c = calcularFactura({
    lineas: lineas.map((l) => ({
      cantidad: l.FDE_CANTIDAD,
      precioUnitario: l.FDE_PRECIO,
      descuento: l.FDE_DESCUENTO,
      codigoPorcentaje: l.FDE_IVA,
    })),
    pagos: [],
  });
  const hoy = hoyEcuador();
  return {
    CLI_CODIGO,
    OFE_FECHA: hoy,
    OFE_VALIDEZ: sumarDias(hoy, 15),
    OFE_NOTAS: 'Entrega en 5 días hábiles.',
    lineas,
    totalSinImpuestos: c.totalSinImpuestos,
    totalDescuento: c.totalDescuento,
    totalIva: c.totalIva,
    importeTotal: c.importeTotal,
    ...extra,
  };
}

describe.each(testDatabases)('ofertas (%s)', (kind) => {
  let sri: SriLocal;
  let t: TestApp;
  let tornillo: string;
  let andina: string;
  let empresa: number;
  let punto: number;
  let cliente: number;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/ofertas${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  const crear = async (body: OfertaBorrador, token = tornillo) => {
    const res = await call(token, 'POST', '', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as OfertaDetalle;
  };
  const outbox = () => path.join(t.dataDir, 'outbox');
  const correos = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).sort() : []);

  beforeAll(async () => {
    ({ sri, t, tornillo, empresa, andina, punto, cliente } = await tornilloConSri(kind, {
      cliente: 701,
      sri: { demoraAutorizacionMs: 50 },
    }));
  });
  afterAll(async () => {
    await t?.close();
    await sri?.close();
  });

  it('crea una oferta en BORRADOR con el número siguiente y los montos de la factura', async () => {
    const a = await crear(oferta(cliente));
    const b = await crear(oferta(cliente));
    expect(b.OFE_NUMERO).toBe(a.OFE_NUMERO + 1);
    expect(a).toMatchObject({
      OFE_ESTADO: 'BORRADOR',
      CLI_CODIGO: cliente,
      OFE_SUBTOTAL: '33.50',
      OFE_DESCUENTO: '1.00',
      OFE_IVA: '4.28',
      OFE_TOTAL: '37.78',
      OFE_NOTAS: 'Entrega en 5 días hábiles.',
      FAC_CODIGO: null,
      CLI_CORREOS: ['cliente701@correo.ec'],
    });
    expect(a.lineas.map((l) => [l.FDE_DESCRIPCION, l.FDE_CANTIDAD, l.FDE_SUBTOTAL])).toEqual([
      ['Tornillo hexagonal 1/4"', '100.000000', '12.50'],
      ['Martillo de uña 16 oz', '2.000000', '16.00'],
      ['Servicio de corte de varilla', '1.500000', '5.00'],
    ]);
    expect(a.subtotalesIva.map((s) => [s.codigoPorcentaje, s.baseImponible, s.valor])).toEqual([
      ['4', '28.50', '4.28'],
      ['0', '5.00', '0.00'],
    ]);
  });

  it('20 ofertas creadas a la vez reciben 20 números distintos y seguidos', async () => {
    const creadas = await Promise.all(Array.from({ length: 20 }, () => call(tornillo, 'POST', '', oferta(cliente))));
    expect(creadas.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numeros = creadas.map((r) => (r.json() as OfertaDetalle).OFE_NUMERO).sort((x, y) => x - y);
    expect(numeros).toEqual(Array.from({ length: 20 }, (_, i) => numeros[0]! + i));
  });

  it('rechaza en español lo que rompe una regla, con el número de línea', async () => {
    const mal = await call(tornillo, 'POST', '', oferta(cliente, LINEAS, { importeTotal: '37.77' }));
    expect(mal.statusCode).toBe(400);
    expect(mal.json().errores.map((e: { campo: string }) => e.campo)).toEqual(['importeTotal']);
    const linea = await call(tornillo, 'POST', '', oferta(cliente, [LINEAS[0]!, { ...LINEAS[1]!, FDE_CANTIDAD: '-2' }]));
    expect([linea.statusCode, linea.json().msg]).toEqual([400, expect.stringContaining('Línea 2:')]);
    const vacia = await call(tornillo, 'POST', '', oferta(cliente, []));
    expect([vacia.statusCode, vacia.json().msg]).toEqual([400, OFERTAS_MSG.sinLineas]);
    const validez = await call(tornillo, 'POST', '', oferta(cliente, LINEAS, { OFE_VALIDEZ: sumarDias(hoyEcuador(), -1) }));
    expect([validez.statusCode, validez.json().msg]).toEqual([400, OFERTAS_MSG.validez]);
    const consumidor = await t.app.inject({ method: 'GET', url: '/api/clientes/consumidorFinal', headers: { 'x-token': tornillo } });
    const final = await call(tornillo, 'POST', '', oferta(consumidor.json().CLI_CODIGO));
    expect([final.statusCode, final.json().msg]).toEqual([400, OFERTAS_MSG.consumidorFinal]);
    const inactivo = await nuevoCliente(t, empresa, 702, { CLI_ACTIVO: false });
    const res = await call(tornillo, 'POST', '', oferta(inactivo));
    expect([res.statusCode, res.json().msg]).toEqual([400, OFERTAS_MSG.clienteInactivo]);
    const deAndina = await nuevoCliente(t, (await loginCompany(t, COMPANIES.andina)).COM_CODIGO, 703);
    const ajeno = await call(tornillo, 'POST', '', oferta(deAndina));
    expect([ajeno.statusCode, ajeno.json().msg]).toEqual([404, OFERTAS_MSG.clienteAjeno]);
  });

  it('el PDF dice número, fechas, cliente, líneas, totales por tarifa y que no es un documento tributario', async () => {
    const o = await crear(oferta(cliente));
    const res = await call(tornillo, 'GET', `/${o.OFE_CODIGO}/pdf`);
    expect(res.statusCode).toBe(200);
    const numero = String(o.OFE_NUMERO).padStart(6, '0');
    expect(res.headers['content-disposition']).toContain(`oferta-${numero}.pdf`);
    const texto = pdfTexto(res.rawPayload).replace(/\s+/g, ' ');
    const dia = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
    for (const esperado of [
      'OFERTA',
      `No. ${numero}`,
      `Fecha: ${dia(o.OFE_FECHA)}`,
      `Válida hasta: ${dia(o.OFE_VALIDEZ)}`,
      'MARÍA JOSÉ ÑUÑEZ 701',
      o.CLI_IDENTIFICACION,
      'TOR-001',
      'Martillo de uña 16 oz',
      'SUBTOTAL 15 % 28.50',
      'SUBTOTAL 0 % 5.00',
      'IVA 15 % 4.28',
      'VALOR TOTAL 37.78',
      'Entrega en 5 días hábiles.',
      'no es un comprobante de venta ni un documento tributario',
    ])
      expect(texto).toContain(esperado);
  });

  it('el correo lleva el PDF al cliente y la deja ENVIADA; sin correo, 400', async () => {
    const o = await crear(oferta(cliente));
    const antes = correos().length;
    const res = await call(tornillo, 'POST', `/${o.OFE_CODIGO}/correo`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ OFE_ESTADO: 'ENVIADA', OFE_ENVIO_DETALLE: 'cliente701@correo.ec' });
    expect(res.json().OFE_ENVIADA).toBeTruthy();
    const nuevos = correos().slice(antes);
    expect(nuevos).toHaveLength(1);
    const mail = await simpleParser(fs.readFileSync(path.join(outbox(), nuevos[0]!)));
    const numero = String(o.OFE_NUMERO).padStart(6, '0');
    expect(mail.subject).toMatch(new RegExp(`^Oferta ${numero} de `));
    expect(mail.to && !Array.isArray(mail.to) && mail.to.text.toLowerCase()).toBe('cliente701@correo.ec');
    expect(mail.text).toContain('USD 37.78');
    expect(mail.text).toContain(`válida hasta el ${o.OFE_VALIDEZ.slice(8, 10)}/`);
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`oferta-${numero}.pdf`, 'application/pdf']]);
    expect(pdfTexto(mail.attachments[0]!.content)).toContain(`No. ${numero}`);

    const otra = await call(tornillo, 'POST', `/${o.OFE_CODIGO}/correo`, { para: 'compras@cliente.ec, no-es-correo' });
    expect([otra.statusCode, otra.json().msg]).toEqual([400, '"no-es-correo" no es un correo electrónico válido.']);
    const sinCorreo = await nuevoCliente(t, empresa, 704, { CLI_CORREOS: [] });
    const s = await crear(oferta(sinCorreo));
    const r = await call(tornillo, 'POST', `/${s.OFE_CODIGO}/correo`, {});
    expect([r.statusCode, r.json().msg]).toEqual([400, OFERTAS_MSG.sinCorreo]);
    const para = await call(tornillo, 'POST', `/${s.OFE_CODIGO}/correo`, { para: 'compras@cliente.ec' });
    expect(para.json()).toMatchObject({ OFE_ESTADO: 'ENVIADA', OFE_ENVIO_DETALLE: 'compras@cliente.ec' });
  });

  it('VENCIDA por fecha: en el detalle, la lista y su filtro; no se acepta ni se envía; cambiando la validez vuelve', async () => {
    const hace = (d: number) => sumarDias(hoyEcuador(), -d);
    const o = await crear(oferta(cliente, LINEAS, { OFE_FECHA: hace(20), OFE_VALIDEZ: hace(5) }));
    expect(o.OFE_ESTADO).toBe('VENCIDA');
    const filtro = (estado: unknown) => encodeURIComponent(JSON.stringify({ OFE_ESTADO: estado, id: [o.OFE_CODIGO] }));
    expect(((await call(tornillo, 'GET', `?filter=${filtro('VENCIDA')}`)).json() as Oferta[]).map((x) => x.OFE_ESTADO)).toEqual([
      'VENCIDA',
    ]);
    expect((await call(tornillo, 'GET', `?filter=${filtro('BORRADOR')}`)).json()).toEqual([]);
    expect((await call(tornillo, 'GET', `?filter=${filtro(['ACEPTADA', 'VENCIDA'])}`)).json()).toHaveLength(1);
    expect((await call(tornillo, 'GET', `?filter=${filtro('OTRO')}`)).statusCode).toBe(400);
    const aceptar = await call(tornillo, 'POST', `/${o.OFE_CODIGO}/aceptar`);
    expect([aceptar.statusCode, aceptar.json().msg]).toEqual([409, OFERTAS_MSG.vencida]);
    expect((await call(tornillo, 'POST', `/${o.OFE_CODIGO}/correo`, {})).statusCode).toBe(409);
    const editada = await call(tornillo, 'PUT', `/${o.OFE_CODIGO}`, oferta(cliente));
    expect([editada.statusCode, editada.json().OFE_ESTADO]).toEqual([200, 'BORRADOR']);
  });

  it('aceptada se factura una vez: borrador con su cliente, líneas y total, que se emite; borrar la factura permite facturar de nuevo', async () => {
    const conCredito = await nuevoCliente(t, empresa, 705, { CLI_DIAS_CREDITO: 30 });
    const o = await crear(oferta(conCredito));
    const temprano = await call(tornillo, 'POST', `/${o.OFE_CODIGO}/facturar`, { PEM_CODIGO: punto });
    expect([temprano.statusCode, temprano.json().msg]).toEqual([409, OFERTAS_MSG.noAceptada]);
    expect((await call(tornillo, 'POST', `/${o.OFE_CODIGO}/aceptar`)).json().OFE_ESTADO).toBe('ACEPTADA');
    expect((await call(tornillo, 'PUT', `/${o.OFE_CODIGO}`, oferta(conCredito))).statusCode).toBe(409);

    const [uno, dos] = await Promise.all([
      call(tornillo, 'POST', `/${o.OFE_CODIGO}/facturar`, { PEM_CODIGO: punto }),
      call(tornillo, 'POST', `/${o.OFE_CODIGO}/facturar`, { PEM_CODIGO: punto }),
    ]);
    expect([uno.statusCode, dos.statusCode].sort()).toEqual([201, 409]);
    const facturada = (uno.statusCode === 201 ? uno : dos).json() as OfertaDetalle;
    expect(facturada).toMatchObject({ FAC_ESTADO: 'BORRADOR', FAC_NUMERO: null });
    const factura = (
      await t.app.inject({ method: 'GET', url: `/api/facturas/${facturada.FAC_CODIGO}`, headers: { 'x-token': tornillo } })
    ).json() as FacturaDetalle;
    expect(factura).toMatchObject({ CLI_CODIGO: conCredito, FAC_FECHA: hoyEcuador(), FAC_TOTAL: '37.78', FAC_ESTADO: 'BORRADOR' });
    expect(factura.lineas.map((l) => [l.FDE_PRINCIPAL ?? null, l.FDE_DESCRIPCION, l.FDE_SUBTOTAL])).toEqual(
      facturada.lineas.map((l) => [l.FDE_PRINCIPAL ?? null, l.FDE_DESCRIPCION, l.FDE_SUBTOTAL]),
    );
    expect(factura.pagos).toEqual([{ FPA_FORMA: '20', FPA_TOTAL: '37.78', FPA_PLAZO: 30, FPA_UNIDAD: 'dias' }]);
    const otraVez = await call(tornillo, 'POST', `/${o.OFE_CODIGO}/facturar`, { PEM_CODIGO: punto });
    expect([otraVez.statusCode, otraVez.json().msg]).toEqual([409, OFERTAS_MSG.yaFacturada]);
    expect((await call(tornillo, 'DELETE', `/${o.OFE_CODIGO}`)).json().msg).toBe(OFERTAS_MSG.facturadaNoEliminable);
    expect((await call(tornillo, 'POST', `/${o.OFE_CODIGO}/rechazar`)).statusCode).toBe(409);

    const autorizada = await emitirAutorizada(t, tornillo, facturada.FAC_CODIGO!, { sinCola: false, timeoutMs: 30_000 });
    const vista = (await call(tornillo, 'GET', `/${o.OFE_CODIGO}`)).json() as OfertaDetalle;
    expect(vista).toMatchObject({ FAC_ESTADO: 'AUTORIZADA', FAC_NUMERO: autorizada.FAC_NUMERO });

    // A draft deleted lets its quote be invoiced again (FAC_CODIGO on delete set null).
    const p = await crear(oferta(cliente));
    await call(tornillo, 'POST', `/${p.OFE_CODIGO}/aceptar`);
    const borrador = (await call(tornillo, 'POST', `/${p.OFE_CODIGO}/facturar`, { PEM_CODIGO: punto })).json() as OfertaDetalle;
    await t.app.inject({ method: 'DELETE', url: `/api/facturas/${borrador.FAC_CODIGO}`, headers: { 'x-token': tornillo } });
    expect((await call(tornillo, 'GET', `/${p.OFE_CODIGO}`)).json()).toMatchObject({ FAC_CODIGO: null, OFE_ESTADO: 'ACEPTADA' });
    expect((await call(tornillo, 'POST', `/${p.OFE_CODIGO}/facturar`, { PEM_CODIGO: punto })).statusCode).toBe(201);
  });

  it('rechazar, eliminar, y la lista con su búsqueda y orden', async () => {
    const o = await crear(oferta(cliente));
    expect((await call(tornillo, 'POST', `/${o.OFE_CODIGO}/rechazar`)).json().OFE_ESTADO).toBe('RECHAZADA');
    expect((await call(tornillo, 'POST', `/${o.OFE_CODIGO}/aceptar`)).json().msg).toBe(OFERTAS_MSG.rechazada);
    expect((await call(tornillo, 'PUT', `/${o.OFE_CODIGO}`, oferta(cliente))).json().msg).toBe(OFERTAS_MSG.noModificable);
    const q = encodeURIComponent(JSON.stringify({ q: String(o.OFE_NUMERO) }));
    const lista = await call(tornillo, 'GET', `?filter=${q}&sort=${encodeURIComponent('["OFE_NUMERO","ASC"]')}`);
    expect((lista.json() as Oferta[]).map((x) => x.OFE_CODIGO)).toContain(o.OFE_CODIGO);
    expect(lista.headers['content-range']).toMatch(/^ofertas /);
    const eliminada = await call(tornillo, 'DELETE', `/${o.OFE_CODIGO}`);
    expect([eliminada.statusCode, eliminada.json().msg]).toEqual([200, OFERTAS_MSG.eliminada]);
    expect((await call(tornillo, 'GET', `/${o.OFE_CODIGO}`)).statusCode).toBe(404);
  });

  it('exporta la lista filtrada en CSV con el estado que responde la lista', async () => {
    const hace = (d: number) => sumarDias(hoyEcuador(), -d);
    const o = await crear(oferta(cliente, LINEAS, { OFE_FECHA: hace(30), OFE_VALIDEZ: hace(10) }));
    const filtro = encodeURIComponent(JSON.stringify({ id: [o.OFE_CODIGO] }));
    const res = await call(tornillo, 'GET', `/exportar?formato=csv&filter=${filtro}`);
    expect(res.statusCode).toBe(200);
    const [cabecera, fila] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(cabecera).toBe('Número,Fecha,Válida hasta,Estado,Identificación,Cliente,Subtotal,IVA,Total,Factura');
    expect(fila).toBe(
      `${String(o.OFE_NUMERO).padStart(6, '0')},${hace(30)},${hace(10)},VENCIDA,${o.CLI_IDENTIFICACION},MARÍA JOSÉ ÑUÑEZ 701,33.50,4.28,37.78,`,
    );
  });

  it('aislamiento y roles: otra empresa 404; un vendedor solo las de sus clientes; un contador lee y no crea', async () => {
    const o = await crear(oferta(cliente));
    expect((await call(andina, 'GET', `/${o.OFE_CODIGO}`)).statusCode).toBe(404);
    expect((await call(andina, 'GET', `/${o.OFE_CODIGO}/pdf`)).statusCode).toBe(404);
    const usuario = async (nombre: string, rol: string) => {
      const [row] = await t.db
        .insert(usuarios)
        .values({
          COM_CODIGO: empresa,
          USU_USUARIO: `${nombre}.${kind}`,
          USU_CLAVE: await hashPassword(COMPANIES.tornillo.clave),
          USU_ROL: rol,
        })
        .returning({ id: usuarios.USU_CODIGO });
      return { id: row!.id, token: (await loginCompany(t, { ...COMPANIES.tornillo, usuario: `${nombre}.${kind}` })).token };
    };
    const vendedor = await usuario('of.vendedor', 'vendedor');
    const suyo = await nuevoCliente(t, empresa, 706, { CLI_VENDEDOR: vendedor.id });
    const propia = await crear(oferta(suyo), vendedor.token);
    const ids = encodeURIComponent(JSON.stringify({ id: [propia.OFE_CODIGO, o.OFE_CODIGO] }));
    expect(((await call(vendedor.token, 'GET', `?filter=${ids}`)).json() as Oferta[]).map((x) => x.OFE_CODIGO)).toEqual([
      propia.OFE_CODIGO,
    ]);
    expect((await call(vendedor.token, 'GET', `/${o.OFE_CODIGO}`)).statusCode).toBe(404);
    const ajeno = await call(vendedor.token, 'POST', '', oferta(cliente));
    expect([ajeno.statusCode, ajeno.json().msg]).toEqual([404, OFERTAS_MSG.clienteAjeno]);

    const contador = await usuario('of.contador', 'contador');
    expect((await call(contador.token, 'GET', `/${o.OFE_CODIGO}`)).statusCode).toBe(200);
    expect((await call(contador.token, 'POST', '', oferta(cliente))).statusCode).toBe(403);
    expect((await call(contador.token, 'POST', `/${o.OFE_CODIGO}/aceptar`)).statusCode).toBe(403);
    await t.db.delete(usuarios).where(eq(usuarios.USU_CODIGO, contador.id));
  });
});
