import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { testDatabases, multipart, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { borrador } from '../helpers/facturas-api';
import { claveApi, conClave } from '../helpers/claves';
import { cedulaValida } from '../helpers/identificaciones';
import { tornilloConSri } from '../helpers/sri';
import { clientes, facturas, idempotencia } from '../../server/infra/db/schema';
import type { SriLocal } from '../../server/sri-local';
import { IDEMPOTENCIA_MSG } from '../../server/core/idempotencia';

/**
 * Idempotency-Key on the company API: a POST retried with the same key runs once and answers the first result again
 * (Idempotent-Replayed: true); another request with the key is refused; simultaneous duplicates make one record; each
 * company has its own keys, shared by its sessions and its API keys; a key lives 48 hours.
 */
describe.each(testDatabases)('Idempotency-Key (%s)', (kind) => {
  let sri: SriLocal;
  let t: TestApp;
  let tornillo: string;
  let andina: string;
  let empresa: number;
  let empresaAndina: number;
  let punto: number;
  let cliente: number;
  let clave: string;
  let base: string;
  let serial = 700;

  beforeAll(async () => {
    ({ sri, t, tornillo, empresa, andina, punto, cliente } = await tornilloConSri(kind, { cliente: 601 }));
    const admin = await loginCompany(t, COMPANIES.tornillo);
    empresaAndina = (await loginCompany(t, COMPANIES.andina)).COM_CODIGO;
    clave = await claveApi(t, { empresa, usuario: admin.USU_CODIGO });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await sri?.close();
  });

  const nuevoCliente = (nombre = 'Cliente idempotente') => ({
    CLI_TIPO_IDENTIFICACION: '05',
    CLI_IDENTIFICACION: cedulaValida(serial++),
    CLI_RAZON_SOCIAL: nombre,
    aceptarAdvertencia: true,
  });
  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const conKey = (token: string, key: string) => ({ 'x-token': token, 'idempotency-key': key });
  const clientesCon = async (emp: number, identificacion: string) =>
    t.db
      .select({ id: clientes.CLI_CODIGO })
      .from(clientes)
      .where(and(eq(clientes.EMP_CODIGO, emp), eq(clientes.CLI_IDENTIFICACION, identificacion)));
  const facturasDe = async (emp: number) =>
    (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(facturas)
        .where(eq(facturas.EMP_CODIGO, emp))
    )[0].n;
  const fila = async (emp: number, key: string) =>
    (
      await t.db
        .select()
        .from(idempotencia)
        .where(and(eq(idempotencia.EMP_CODIGO, emp), eq(idempotencia.IDE_CLAVE, key)))
    )[0];

  it('la misma clave con el mismo cuerpo crea un cliente y repite la primera respuesta', async () => {
    const body = nuevoCliente();
    const primera = await post('/api/clientes', conKey(tornillo, 'alta-1'), body);
    expect(primera.statusCode, primera.body).toBe(201);
    expect(primera.headers['idempotent-replayed']).toBeUndefined();
    // The same fields in another order are the same request.
    const reordenado = Object.fromEntries(Object.entries(body).reverse());
    const segunda = await post('/api/clientes', conKey(tornillo, 'alta-1'), reordenado);
    expect(segunda.statusCode).toBe(201);
    expect(segunda.headers['idempotent-replayed']).toBe('true');
    expect(segunda.headers['content-type']).toBe(primera.headers['content-type']);
    expect(segunda.json()).toEqual(primera.json());
    expect(await clientesCon(empresa, body.CLI_IDENTIFICACION)).toHaveLength(1);
  });

  it('la misma clave con otro cuerpo responde 422 y no crea nada', async () => {
    await post('/api/clientes', conKey(tornillo, 'alta-2'), nuevoCliente());
    const otro = nuevoCliente('Otro cliente');
    const res = await post('/api/clientes', conKey(tornillo, 'alta-2'), otro);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ msg: IDEMPOTENCIA_MSG.otraSolicitud });
    expect(await clientesCon(empresa, otro.CLI_IDENTIFICACION)).toHaveLength(0);
    // The same key on another route is another request too.
    const borradorRes = await post('/api/facturas', conKey(tornillo, 'alta-2'), borrador(punto, cliente));
    expect(borradorRes.statusCode).toBe(422);
  });

  it('diez solicitudes simultáneas con una clave crean un solo borrador y responden lo mismo', async () => {
    const antes = await facturasDe(empresa);
    const body = JSON.stringify(borrador(punto, cliente));
    const respuestas = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${base}/api/facturas`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...conKey(tornillo, 'caja-1-venta-77') },
          body,
        }).then(async (res) => ({ status: res.status, replay: res.headers.get('idempotent-replayed'), body: await res.text() })),
      ),
    );
    expect(await facturasDe(empresa)).toBe(antes + 1);
    expect(new Set(respuestas.map((r) => `${r.status} ${r.body}`)).size).toBe(1);
    expect(respuestas[0].status).toBe(201);
    expect(respuestas.filter((r) => r.replay === 'true')).toHaveLength(9);
  });

  it('un borrador y su emisión con clave se repiten sin crear ni emitir dos veces', async () => {
    const antes = await facturasDe(empresa);
    const cuerpo = borrador(punto, cliente);
    const creada = await post('/api/facturas', conKey(tornillo, 'factura-9'), cuerpo);
    expect(creada.statusCode, creada.body).toBe(201);
    const otraVez = await post('/api/facturas', conKey(tornillo, 'factura-9'), cuerpo);
    expect(otraVez.json()).toEqual(creada.json());
    expect(await facturasDe(empresa)).toBe(antes + 1);

    const id = creada.json().FAC_CODIGO as number;
    const emitida = await post(`/api/facturas/${id}/emitir`, conKey(tornillo, 'emitir-9'));
    expect(emitida.statusCode, emitida.body).toBe(200);
    const repetida = await post(`/api/facturas/${id}/emitir`, conKey(tornillo, 'emitir-9'));
    expect(repetida.statusCode).toBe(200);
    expect(repetida.headers['idempotent-replayed']).toBe('true');
    expect(repetida.json()).toEqual(emitida.json());
    // Without the key the same call runs again, and the invoice is already issued.
    const sinClave = await post(`/api/facturas/${id}/emitir`, { 'x-token': tornillo });
    expect(sinClave.statusCode).toBeGreaterThanOrEqual(400);
    expect(sinClave.statusCode).toBeLessThan(500);
  });

  it('diez emisiones simultáneas en una llamada con la misma clave de un POS emiten una sola factura', async () => {
    const emitidas = async () =>
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(facturas)
          .where(and(eq(facturas.EMP_CODIGO, empresa), sql`${facturas.FAC_NUMERO} is not null`))
      )[0].n;
    const antes = await emitidas();
    const body = JSON.stringify({
      comprador: { tipoIdentificacion: '05', identificacion: cedulaValida(serial++), razonSocial: 'Cliente del POS' },
      items: [{ descripcion: 'Servicio de corte de varilla', cantidad: 1, precioUnitario: '10.00', iva: '0' }],
      pagos: [{ formaPago: '01', total: '10.00' }],
    });
    const enviar = (esperar: string) =>
      fetch(`${base}/api/facturas/emision${esperar}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...conClave(clave), 'idempotency-key': 'pos-venta-1' },
        body,
      }).then(async (res) => ({ status: res.status, body: await res.text() }));
    const respuestas = await Promise.all(Array.from({ length: 10 }, () => enviar('')));
    expect(respuestas[0].status, respuestas[0].body).toBe(201);
    expect(new Set(respuestas.map((r) => `${r.status} ${r.body}`)).size).toBe(1);
    expect(JSON.parse(respuestas[0].body)).toMatchObject({ numero: expect.any(String), claveAcceso: expect.any(String) });
    expect(await emitidas()).toBe(antes + 1);
    // A retry that asks to wait for the SRI is the same request: the query does not count.
    const reintento = await enviar('?esperar=1');
    expect(reintento).toEqual(respuestas[0]);
    expect(await emitidas()).toBe(antes + 1);
  });

  it('dos empresas usan la misma clave sin estorbarse', async () => {
    const deTornillo = nuevoCliente('De Tornillo');
    const deAndina = nuevoCliente('De Andina');
    const a = await post('/api/clientes', conKey(tornillo, 'pedido-1'), deTornillo);
    const b = await post('/api/clientes', conKey(andina, 'pedido-1'), deAndina);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(await clientesCon(empresa, deTornillo.CLI_IDENTIFICACION)).toHaveLength(1);
    expect(await clientesCon(empresaAndina, deAndina.CLI_IDENTIFICACION)).toHaveLength(1);
    const otraVez = await post('/api/clientes', conKey(andina, 'pedido-1'), deAndina);
    expect(otraVez.headers['idempotent-replayed']).toBe('true');
    expect(otraVez.json()).toEqual(b.json());
  });

  it('una clave de API y una sesión de la misma empresa comparten las Idempotency-Key', async () => {
    const body = nuevoCliente('Desde el POS');
    const sesion = await post('/api/clientes', conKey(tornillo, 'pos-1'), body);
    expect(sesion.statusCode).toBe(201);
    const pos = await post('/api/clientes', { ...conClave(clave), 'idempotency-key': 'pos-1' }, body);
    expect(pos.statusCode).toBe(201);
    expect(pos.headers['idempotent-replayed']).toBe('true');
    expect(pos.json()).toEqual(sesion.json());
    const otro = await post('/api/clientes', { ...conClave(clave), 'idempotency-key': 'pos-1' }, nuevoCliente());
    expect(otro.statusCode).toBe(422);
  });

  it('un cuerpo que el esquema rechaza no guarda nada; el 400 de una regla se repite', async () => {
    const malo = await post('/api/clientes', conKey(tornillo, 'alta-3'), { CLI_RAZON_SOCIAL: 'Sin identificación' });
    expect(malo.statusCode).toBe(400);
    expect(await fila(empresa, 'alta-3')).toBeUndefined();
    // Nothing ran: the corrected body goes through with the same key.
    const bueno = await post('/api/clientes', conKey(tornillo, 'alta-3'), nuevoCliente());
    expect(bueno.statusCode).toBe(201);

    // A client that already exists: the route's own refusal is the request's result, and a retry gets it again.
    const existente = nuevoCliente();
    expect((await post('/api/clientes', { 'x-token': tornillo }, existente)).statusCode).toBe(201);
    const regla = await post('/api/clientes', conKey(tornillo, 'alta-4'), existente);
    expect(regla.statusCode).toBeGreaterThanOrEqual(400);
    expect(regla.statusCode).toBeLessThan(500);
    await t.db.delete(clientes).where(and(eq(clientes.EMP_CODIGO, empresa), eq(clientes.CLI_IDENTIFICACION, existente.CLI_IDENTIFICACION)));
    const repetida = await post('/api/clientes', conKey(tornillo, 'alta-4'), existente);
    expect(repetida.statusCode).toBe(regla.statusCode);
    expect(repetida.headers['idempotent-replayed']).toBe('true');
    expect(repetida.json()).toEqual(regla.json());
    expect(await clientesCon(empresa, existente.CLI_IDENTIFICACION)).toHaveLength(0);
  });

  it('un reintento espera a la primera solicitud en curso y responde lo que ella responde', async () => {
    const body = nuevoCliente();
    const primera = await post('/api/clientes', conKey(tornillo, 'lenta'), body);
    expect(primera.statusCode).toBe(201);
    // As if it were still running: the retry waits until its answer is there.
    await t.db
      .update(idempotencia)
      .set({ IDE_ESTADO: null })
      .where(and(eq(idempotencia.EMP_CODIGO, empresa), eq(idempotencia.IDE_CLAVE, 'lenta')));
    const reintento = post('/api/clientes', conKey(tornillo, 'lenta'), body);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await t.db
      .update(idempotencia)
      .set({ IDE_ESTADO: 201 })
      .where(and(eq(idempotencia.EMP_CODIGO, empresa), eq(idempotencia.IDE_CLAVE, 'lenta')));
    const res = await reintento;
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBe('true');
    expect(res.json()).toEqual(primera.json());
  });

  it('una solicitud que murió sin responder (5 minutos) la retoma el reintento', async () => {
    const body = nuevoCliente();
    const primera = await post('/api/clientes', conKey(tornillo, 'caida'), body);
    expect(primera.statusCode).toBe(201);
    await t.db.delete(clientes).where(eq(clientes.CLI_CODIGO, primera.json().CLI_CODIGO));
    await t.db
      .update(idempotencia)
      .set({ IDE_ESTADO: null, IDE_RESPUESTA: null, IDE_CREADA: sql`now() - interval '6 minutes'` })
      .where(and(eq(idempotencia.EMP_CODIGO, empresa), eq(idempotencia.IDE_CLAVE, 'caida')));
    const retomada = await post('/api/clientes', conKey(tornillo, 'caida'), body);
    expect(retomada.statusCode).toBe(201);
    expect(retomada.headers['idempotent-replayed']).toBeUndefined();
    expect(await clientesCon(empresa, body.CLI_IDENTIFICACION)).toHaveLength(1);
    expect((await fila(empresa, 'caida')).IDE_ESTADO).toBe(201);
  });

  it('una clave de más de 48 horas se borra y vuelve a servir', async () => {
    const primera = nuevoCliente();
    expect((await post('/api/clientes', conKey(tornillo, 'vieja'), primera)).statusCode).toBe(201);
    expect((await post('/api/clientes', conKey(tornillo, 'olvidada'), nuevoCliente())).statusCode).toBe(201);
    expect((await post('/api/clientes', conKey(tornillo, 'vieja'), nuevoCliente())).statusCode).toBe(422);
    expect(await fila(empresa, 'olvidada')).toBeDefined();
    await t.db
      .update(idempotencia)
      .set({ IDE_CREADA: sql`now() - interval '49 hours'` })
      .where(and(eq(idempotencia.EMP_CODIGO, empresa), sql`${idempotencia.IDE_CLAVE} in ('vieja', 'olvidada')`));
    const otra = nuevoCliente();
    const res = await post('/api/clientes', conKey(tornillo, 'vieja'), otra);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await clientesCon(empresa, otra.CLI_IDENTIFICACION)).toHaveLength(1);
    // Another instance's first claim deletes what expired.
    const otraInstancia = await t.otherInstance();
    const nueva = await otraInstancia.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: conKey(tornillo, 'nueva'),
      payload: nuevoCliente(),
    });
    expect(nueva.statusCode).toBe(201);
    expect(await fila(empresa, 'olvidada')).toBeUndefined();
  });

  it.each([
    ['vacía', ''],
    ['de 256 caracteres', 'k'.repeat(256)],
    ['con un carácter que no es ASCII', 'pedido-ñ'],
    ['con un carácter de control', 'pedido\u0007'],
  ])('una Idempotency-Key %s responde 400', async (_caso, key) => {
    const body = nuevoCliente();
    const res = await post('/api/clientes', conKey(tornillo, key), body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: IDEMPOTENCIA_MSG.invalida });
    expect(await clientesCon(empresa, body.CLI_IDENTIFICACION)).toHaveLength(0);
  });

  it('un cuerpo anidado a gran profundidad se compara sin error y la respuesta se repite', async () => {
    const anidado = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const enviar = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/facturas/2147483647/emitir',
        headers: { ...conKey(tornillo, 'anidado'), 'content-type': 'application/json' },
        payload: anidado,
      });
    const primera = await enviar();
    expect(primera.statusCode).toBe(404);
    const segunda = await enviar();
    expect(segunda.statusCode).toBe(404);
    expect(segunda.headers['idempotent-replayed']).toBe('true');
  });

  it('acepta 255 caracteres ASCII; una lectura ignora la cabecera y una carga de archivo la rechaza', async () => {
    const larga = `${'k'.repeat(250)} ~!@#`;
    expect((await post('/api/clientes', conKey(tornillo, larga), nuevoCliente())).statusCode).toBe(201);
    const lectura = await t.app.inject({ method: 'GET', url: '/api/clientes', headers: conKey(tornillo, '') });
    expect(lectura.statusCode).toBe(200);
    const archivo = multipart('current', 'clientes.csv', Buffer.from('identificacion,razon social\n'));
    const carga = await t.app.inject({
      method: 'POST',
      url: '/api/clientes/import',
      headers: { ...conKey(tornillo, 'importacion-1'), ...archivo.headers },
      payload: archivo.payload,
    });
    expect(carga.statusCode).toBe(400);
    expect(carga.json()).toEqual({ msg: IDEMPOTENCIA_MSG.archivo });
    // What an integrator reads of it in the OpenAPI document.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
  });
});
