import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { MSG } from '../../domain/messages';
import { empresas } from '../../server/infra/db/schema';
import { API, adminToken, companyToken } from '../helpers/soporte-api';
import { CONTACTO_MSG } from '../../domain/contacto';
import { SRI_RUC, startTaxpayerStub } from '../helpers/taxpayer-stub';

const {
  found: FOUND,
  foundNoContact: FOUND_NO_CONTACT,
  notRegistered: NOT_REGISTERED,
  failing: BROKEN,
  slow: SLOW,
  notJson: NOT_JSON,
} = SRI_RUC;
const startStub = startTaxpayerStub;

/** A port on 127.0.0.1 where nothing listens (connection refused). */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(testDatabases)('soporte: datos del cliente por RUC o cédula (%s)', (kind) => {
  let t: TestApp;
  let stub: Awaited<ReturnType<typeof startStub>>;
  beforeAll(async () => {
    stub = await startStub();
    t = await startTestApp(kind, { taxpayerLookupUrl: stub.url });
    await t.db.insert(empresas).values({
      EMP_RUC: '1714307103001',
      EMP_NOMBREC: 'Taller Moreno',
      EMP_NOMBRE: 'MORENO VACA JUAN CARLOS',
      EMP_CORREO: 'juan@tallermoreno.ec',
    });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  const lookup = (id: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `${API}/soporte/datosSoporteCliente/${id}`, headers: token ? { 'x-token': token } : {} });

  it('encuentra una empresa registrada por su RUC sin consultar en línea: su nombre, y su correo y teléfono ocultos', async () => {
    const before = stub.requests.length;
    const res = await lookup('1790016919001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      nombre: 'COMERCIAL ANDINA S.A.',
      correo: 'fa•••@co•••.ec',
      telefono: '•••• 5678',
      origen: 'empresa',
      enmascarado: true,
    });
    expect(res.body).not.toContain('facturacion@');
    expect(res.body).not.toContain('022345678');
    // Each caller gets its own answer: none is kept by a shared cache.
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(stub.requests.length).toBe(before);
  });

  it('el personal de soporte con sesión ve el correo y el teléfono completos', async () => {
    const res = await lookup('1790016919001', await adminToken(t));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      nombre: 'COMERCIAL ANDINA S.A.',
      correo: 'facturacion@comercialandina.ec',
      telefono: '022345678',
      origen: 'empresa',
      enmascarado: false,
    });
  });

  it('un distribuidor, una sesión de empresa o un token inválido se atienden como sin sesión (ocultos)', async () => {
    for (const token of [await adminToken(t, 'distribuidor'), await companyToken(t), 'no-es-un-token']) {
      const res = await lookup('1790016919001', token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ correo: 'fa•••@co•••.ec', telefono: '•••• 5678', enmascarado: true });
    }
  });

  it('una cédula encuentra la empresa cuyo RUC empieza con ella', async () => {
    const res = await lookup('1714307103');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      nombre: 'MORENO VACA JUAN CARLOS',
      correo: 'ju•••@ta•••.ec',
      telefono: null,
      origen: 'empresa',
      enmascarado: true,
    });
  });

  it('un ticket con el correo oculto que mostró la búsqueda responde 400: el cliente escribe el suyo', async () => {
    const products = (await t.app.inject({ method: 'GET', url: `${API}/productos` })).json() as Array<{ PROD_ID: number }>;
    const ticket = (correo: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/soporte`,
        payload: {
          SPT_PRODUCTOS: products[0]!.PROD_ID,
          SPT_RUC: '1790016919001',
          SPT_CLIENTENOMBRE: 'COMERCIAL ANDINA S.A.',
          SPT_CLIENTECORREO: correo,
          SPT_ASUNTO: 'stec',
          SPT_MENSAJE: '<p>No puedo emitir facturas</p>',
        },
      });
    const masked = await ticket('fa•••@co•••.ec');
    expect(masked.statusCode).toBe(400);
    expect(masked.json()).toEqual({ msg: CONTACTO_MSG.correoOculto });
    expect((await ticket('facturacion@comercialandina.ec')).statusCode).toBe(201);
  });

  it('una cédula que no está registrada responde 404 sin consultar en línea (solo se consulta con 13 dígitos)', async () => {
    const before = stub.requests.length;
    const res = await lookup('0926687856');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: MSG.customerNotFound });
    expect(stub.requests.length).toBe(before);
  });

  it('un RUC que no es nuestro se consulta en línea: el nombre, y el correo y el teléfono ocultos como los nuestros', async () => {
    const res = await lookup(FOUND);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      nombre: 'IMPORTADORA DEL PACIFICO IMPAC S.A.',
      correo: 'co•••@im•••.ec',
      telefono: '•••• 5678',
      origen: 'sri',
      enmascarado: true,
    });
    expect(stub.requests.at(-1)).toBe(`/contribuyentes/${FOUND}`);
    expect((await lookup(FOUND, await adminToken(t))).json()).toMatchObject({
      correo: 'contabilidad@impac.ec',
      telefono: '042345678',
      enmascarado: false,
    });
    const partial = await lookup(FOUND_NO_CONTACT);
    expect(partial.json()).toEqual({ nombre: 'EMPRESA PUBLICA DE AGUA', correo: null, telefono: null, origen: 'sri', enmascarado: true });
  });

  it('un RUC que el servicio no conoce (404) responde 404 con el mensaje del catálogo', async () => {
    const res = await lookup(NOT_REGISTERED);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: MSG.customerNotFound });
  });

  it.each([
    ['responde 500', BROKEN],
    ['no responde JSON', NOT_JSON],
  ])('si el servicio %s responde 503 con el mensaje del SRI', async (_case, ruc) => {
    const res = await lookup(ruc);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ msg: MSG.sriUnavailable });
  });

  it('si el servicio no contesta a tiempo (5 s) responde 503', async () => {
    const started = Date.now();
    const res = await lookup(SLOW);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ msg: MSG.sriUnavailable });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
  }, 15_000);

  it.each([
    ['vacío', '', MSG.idRequired],
    ['solo espacios', '%20%20%20', MSG.idRequired],
    ['de 5 dígitos', '12345', MSG.idLength],
    ['de 11 dígitos', '17900169190', MSG.idLength],
    ['de 14 dígitos', '17900169190011', MSG.idLength],
    ['de 10 letras', 'ABCDEFGHIJ', 'La cédula debe tener 10 dígitos numéricos'],
    ['de 13 caracteres con letras', '17900169190AB', 'El RUC debe tener 13 dígitos numéricos'],
  ])('un identificador %s responde 400', async (_case, id, msg) => {
    const res = await lookup(id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg });
  });
});

describe.each(testDatabases)('soporte: consulta en línea caída o sin configurar (%s)', (kind) => {
  let refused: TestApp;
  let unconfigured: TestApp;
  beforeAll(async () => {
    refused = await startTestApp(kind, { taxpayerLookupUrl: `http://127.0.0.1:${await closedPort()}/contribuyentes` });
    unconfigured = await startTestApp(kind, { taxpayerLookupUrl: undefined });
  });
  afterAll(async () => {
    await refused.close();
    await unconfigured.close();
  });

  it('conexión rechazada: 503 con el mensaje del SRI', async () => {
    const res = await refused.app.inject({ method: 'GET', url: `${API}/soporte/datosSoporteCliente/1791251237001` });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ msg: MSG.sriUnavailable });
  });

  it('sin TAXPAYER_LOOKUP_URL se trata como no disponible, pero las empresas propias se siguen encontrando', async () => {
    const res = await unconfigured.app.inject({ method: 'GET', url: `${API}/soporte/datosSoporteCliente/1791251237001` });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ msg: MSG.sriUnavailable });
    const own = await unconfigured.app.inject({ method: 'GET', url: `${API}/soporte/datosSoporteCliente/1792060346001` });
    expect(own.json()).toMatchObject({ nombre: 'FERRETERIA EL TORNILLO CIA. LTDA.', origen: 'empresa' });
  });
});
