import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, loginAdmin, loginCompany } from '../helpers/accounts';
import { conClave } from '../helpers/claves';
import { cedulaValida } from '../helpers/identificaciones';
import { borrador, crearOk, nuevoCliente, puntoPrincipal } from '../helpers/facturas-api';
import { clavesApi, empresas, usuarios } from '../../server/infra/db/schema';
import { hashClave } from '../../server/core/claves-api';
import { hashPassword } from '../../server/infra/passwords';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { CLAVES_MSG, type ActividadClave, type ClaveApi, type ClaveApiCreada } from '../../domain/contratos/clavesApi';
import type { HistorialEntrada } from '../../domain/contratos/empresas';
import { MSG } from '../../domain/messages';
import { DEACTIVATED_CODE, ROLE_REFUSED_CODE } from '../../domain/constants';

const URL = '/api/clavesApi';
const NOMBRE_INVALIDO = 'El nombre de la clave es obligatorio (hasta 60 caracteres)';
const ALCANCE_INVALIDO = 'Elija al menos un alcance: leer, emitir';

describe.each(testDatabases)('claves de API: las integraciones de una empresa (%s)', (kind) => {
  let t: TestApp;
  /** A second instance on the same database, as behind a load balancer, with a limit of 5 requests a minute per key. */
  let other: FastifyInstance;
  let andina: Awaited<ReturnType<typeof loginCompany>>;
  let tornillo: Awaited<ReturnType<typeof loginCompany>>;
  let contador: string;
  let vendedor: string;
  let serial = 0;
  const logLines: string[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await startTestApp(kind, {}, { logStream });
    other = await t.otherInstance({ integraciones: { ...t.config.integraciones, limitePorMinuto: 5 } });
    andina = await loginCompany(t, COMPANIES.andina);
    tornillo = await loginCompany(t, COMPANIES.tornillo);
    for (const rol of ['contador', 'vendedor'] as const) {
      await t.db.insert(usuarios).values({
        COM_CODIGO: andina.COM_CODIGO,
        USU_USUARIO: `${rol}.claves`,
        USU_CLAVE: await hashPassword(DEMO.empresa.clave),
        USU_ROL: rol,
      });
    }
    const login = (usuario: string) => loginCompany(t, { ruc: COMPANIES.andina.ruc, usuario, clave: DEMO.empresa.clave });
    contador = (await login('contador.claves')).token;
    vendedor = (await login('vendedor.claves')).token;
  });
  afterAll(() => t?.close());

  const session = (token: string) => ({ 'x-token': token });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token = andina.token, payload?: object) =>
    t.app.inject({ method, url: `${URL}${url}`, headers: session(token), ...(payload ? { payload } : {}) });
  const crear = async (body: object = {}, token = andina.token) => {
    const res = await call('POST', '', token, { CLA_NOMBRE: 'Caja 1', CLA_ALCANCES: ['leer', 'emitir'], ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ClaveApiCreada;
  };
  const conLa = (clave: string, method: 'GET' | 'POST', url: string, payload?: object, app = t.app) =>
    app.inject({ method, url, headers: conClave(clave), ...(payload ? { payload } : {}) });
  const cliente = () => ({
    CLI_TIPO_IDENTIFICACION: '05',
    CLI_IDENTIFICACION: cedulaValida(++serial * 97 + 11),
    CLI_RAZON_SOCIAL: 'Cliente de la caja',
  });
  const lista = async (query: Record<string, string> = {}) => {
    const res = await call('GET', `?${new URLSearchParams({ range: '[0,99]', ...query })}`);
    expect(res.statusCode, res.body).toBe(200);
    return { filas: res.json() as ClaveApi[], rango: res.headers['content-range'] };
  };
  const actividad = async (id: number) => {
    const res = await call('GET', `/${id}/actividad`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ActividadClave[];
  };

  it('crea una clave que se muestra una vez, funciona como Bearer y la lista muestra su uso, nunca la clave', async () => {
    const creada = await crear({ CLA_NOMBRE: '  Tienda   en línea ' });
    expect(creada).toMatchObject({
      CLA_NOMBRE: 'Tienda en línea',
      CLA_ALCANCES: ['leer', 'emitir'],
      CLA_ULTIMO_USO: null,
      CLA_REVOCADA: null,
      USU_CODIGO: andina.USU_CODIGO,
      USU_USUARIO: COMPANIES.andina.usuario,
    });
    expect(creada.clave).toMatch(/^amk_[A-Za-z0-9_-]{43}$/);
    expect(creada.clave.startsWith(creada.CLA_PREFIJO)).toBe(true);

    const leida = await conLa(creada.clave, 'GET', '/api/clientes');
    expect(leida.statusCode, leida.body).toBe(200);
    const escrita = await conLa(creada.clave, 'POST', '/api/clientes', cliente());
    expect(escrita.statusCode, escrita.body).toBe(201);

    const { filas, rango } = await lista();
    expect(rango).toMatch(/^clavesApi 0-\d+\/\d+$/);
    const fila = filas.find((f) => f.CLA_CODIGO === creada.CLA_CODIGO)!;
    expect(fila).toMatchObject({
      CLA_PREFIJO: creada.CLA_PREFIJO,
      CLA_ALCANCES: ['leer', 'emitir'],
      USU_USUARIO: COMPANIES.andina.usuario,
    });
    expect(Date.parse(fila.CLA_ULTIMO_USO!)).toBeGreaterThanOrEqual(Date.parse(creada.CLA_CREADA));
    const uno = await call('GET', `/${creada.CLA_CODIGO}`);
    expect(uno.json()).toMatchObject({ CLA_CODIGO: creada.CLA_CODIGO, CLA_ULTIMO_USO: fila.CLA_ULTIMO_USO });
    for (const body of [JSON.stringify(filas), uno.body]) {
      expect(body).not.toContain(creada.clave);
      expect(body).not.toContain(hashClave(creada.clave));
      expect(body).not.toContain('"clave"');
    }

    // The key and its hash are in no log line: not on creating it, nor on using it.
    const log = logLines.join('');
    expect(log).toContain('/api/clavesApi');
    expect(log).not.toContain(creada.clave);
    expect(log).not.toContain(creada.clave.slice(12));
    expect(log).not.toContain(hashClave(creada.clave));
  });

  it('filtra por nombre o prefijo y por revocada, y ordena por nombre', async () => {
    const a = await crear({ CLA_NOMBRE: 'Zeta filtro' });
    const b = await crear({ CLA_NOMBRE: 'Alfa filtro', CLA_ALCANCES: ['leer'] });
    await call('POST', `/${b.CLA_CODIGO}/revocar`);
    const nombres = async (filter: object, sort = ['CLA_NOMBRE', 'ASC']) =>
      (await lista({ filter: JSON.stringify(filter), sort: JSON.stringify(sort) })).filas.map((f) => f.CLA_NOMBRE);
    expect(await nombres({ q: 'FILTRO' })).toEqual(['Alfa filtro', 'Zeta filtro']);
    expect(await nombres({ q: a.CLA_PREFIJO })).toEqual(['Zeta filtro']);
    expect(await nombres({ q: 'filtro', revocada: true })).toEqual(['Alfa filtro']);
    expect(await nombres({ q: 'filtro', revocada: false })).toEqual(['Zeta filtro']);
    const malo = await call('GET', `?filter=${encodeURIComponent(JSON.stringify({ EMP_CODIGO: tornillo.COM_CODIGO }))}`);
    expect(malo.statusCode).toBe(400);
    // The newest first by default.
    const { filas } = await lista();
    expect(filas.map((f) => f.CLA_CODIGO)).toEqual([...filas.map((f) => f.CLA_CODIGO)].sort((x, y) => y - x));
  });

  it('cada alcance abre solo lo suyo: leer las consultas, emitir lo demás', async () => {
    const lectora = await crear({ CLA_NOMBRE: 'Solo lectura', CLA_ALCANCES: ['leer'] });
    const emisora = await crear({ CLA_NOMBRE: 'Solo emisión', CLA_ALCANCES: ['emitir'] });
    const post = await conLa(lectora.clave, 'POST', '/api/clientes', cliente());
    expect(post.statusCode).toBe(403);
    expect(post.json().msg).toBe(CLAVES_MSG.sinAlcance('emitir'));
    const get = await conLa(emisora.clave, 'GET', '/api/clientes');
    expect(get.statusCode).toBe(403);
    expect(get.json().msg).toBe(CLAVES_MSG.sinAlcance('leer'));
    expect((await conLa(lectora.clave, 'GET', '/api/catalogo')).statusCode).toBe(200);
    expect((await conLa(emisora.clave, 'POST', '/api/clientes', cliente())).statusCode).toBe(201);
  });

  it('una clave no abre la administración, ni los usuarios, la firma, las claves o los webhooks, ni lo de otra empresa', async () => {
    const { clave } = await crear({ CLA_NOMBRE: 'Curiosa' });
    const admin = await conLa(clave, 'GET', `${API}/empresas`);
    expect(admin.statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/usuarios'],
      ['GET', `${API}/firma`],
      ['GET', URL],
      ['POST', URL],
      ['GET', '/api/webhooks'],
    ] as const) {
      const res = await conLa(clave, method, url, method === 'POST' ? { CLA_NOMBRE: 'Otra', CLA_ALCANCES: ['leer'] } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().msg).toBe(CLAVES_MSG.rutaNoPermitida);
    }
    // Another company's client and invoice are not found.
    const ajeno = await nuevoCliente(t, tornillo.COM_CODIGO, 9_000 + serial);
    const factura = await crearOk(t, tornillo.token, borrador(await puntoPrincipal(t, tornillo.COM_CODIGO), ajeno));
    for (const url of [`/api/clientes/${ajeno}`, `/api/facturas/${factura}`]) {
      const res = await conLa(clave, 'GET', url);
      expect(res.statusCode, url).toBe(404);
    }
    // Another company's key id, for its administrador: 404 on every route.
    const deTornillo = await crear({ CLA_NOMBRE: 'Caja de Tornillo' }, tornillo.token);
    for (const [method, url] of [
      ['GET', `/${deTornillo.CLA_CODIGO}`],
      ['GET', `/${deTornillo.CLA_CODIGO}/actividad`],
      ['PUT', `/${deTornillo.CLA_CODIGO}`],
      ['POST', `/${deTornillo.CLA_CODIGO}/revocar`],
    ] as const) {
      const res = await call(method, url, andina.token, method === 'PUT' ? { CLA_NOMBRE: 'Mía' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await conLa(deTornillo.clave, 'GET', '/api/clientes')).statusCode).toBe(200);
    expect((await lista()).filas.map((f) => f.CLA_CODIGO)).not.toContain(deTornillo.CLA_CODIGO);
  });

  it('solo el administrador gestiona las claves', async () => {
    for (const token of [contador, vendedor]) {
      for (const [method, url] of [
        ['GET', ''],
        ['POST', ''],
      ] as const) {
        const res = await call(method, url, token, method === 'POST' ? { CLA_NOMBRE: 'Mía', CLA_ALCANCES: ['leer'] } : undefined);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe(ROLE_REFUSED_CODE);
      }
    }
  });

  it('revocada deja de funcionar en la siguiente solicitud, también en otra instancia', async () => {
    const creada = await crear({ CLA_NOMBRE: 'Caja vieja' });
    expect((await conLa(creada.clave, 'GET', '/api/clientes', undefined, other)).statusCode).toBe(200);
    const revocar = await call('POST', `/${creada.CLA_CODIGO}/revocar`);
    expect(revocar.statusCode, revocar.body).toBe(200);
    expect(revocar.json().msg).toBe(CLAVES_MSG.revocada);
    expect(revocar.json().clave.CLA_REVOCADA).not.toBeNull();
    for (const app of [other, t.app]) {
      const res = await conLa(creada.clave, 'GET', '/api/clientes', undefined, app);
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toBe(CLAVES_MSG.invalida);
    }
    const otraVez = await call('POST', `/${creada.CLA_CODIGO}/revocar`);
    expect(otraVez.statusCode).toBe(200);
    expect(otraVez.json()).toMatchObject({ msg: CLAVES_MSG.yaRevocada, clave: { CLA_REVOCADA: revocar.json().clave.CLA_REVOCADA } });
    expect((await conLa(creada.clave, 'POST', '/api/clientes', cliente())).statusCode).toBe(401);
    // An unknown key, or any bearer that is not a key, is refused the same way.
    expect((await conLa(`${creada.clave.slice(0, -2)}xx`, 'GET', '/api/clientes')).json().msg).toBe(CLAVES_MSG.invalida);
    expect((await conLa('abc', 'GET', '/api/clientes')).statusCode).toBe(401);
  });

  it('deja de funcionar si su creador ya no es administrador activo o la empresa se desactiva', async () => {
    const [jefe] = await t.db
      .insert(usuarios)
      .values({
        COM_CODIGO: andina.COM_CODIGO,
        USU_USUARIO: 'jefa.claves',
        USU_CLAVE: await hashPassword(DEMO.empresa.clave),
        USU_ROL: 'administrador',
      })
      .returning({ id: usuarios.USU_CODIGO });
    const suya = await loginCompany(t, { ruc: COMPANIES.andina.ruc, usuario: 'jefa.claves', clave: DEMO.empresa.clave });
    const { clave } = await crear({ CLA_NOMBRE: 'De la jefa' }, suya.token);
    const usar = () => conLa(clave, 'GET', '/api/clientes');
    const cambiar = async (cambios: object) =>
      expect(
        (await t.app.inject({ method: 'PUT', url: `/api/usuarios/${jefe!.id}`, headers: session(andina.token), payload: cambios }))
          .statusCode,
      ).toBe(200);
    const negada = async () => {
      const res = await usar();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ msg: MSG.deactivatedTitle, code: DEACTIVATED_CODE });
    };

    expect((await usar()).statusCode).toBe(200);
    await cambiar({ USU_ROL: 'contador' });
    await negada();
    await cambiar({ USU_ROL: 'administrador' });
    expect((await usar()).statusCode).toBe(200);
    await cambiar({ USU_ACTIVO: false });
    await negada();
    await cambiar({ USU_ACTIVO: true });
    expect((await usar()).statusCode).toBe(200);

    const { clave: deAndina } = await crear({ CLA_NOMBRE: 'Empresa suspendida' });
    await t.db.update(empresas).set({ EMP_ACTIVO: false }).where(eq(empresas.EMP_CODIGO, andina.COM_CODIGO));
    try {
      const res = await conLa(deAndina, 'GET', '/api/clientes');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(DEACTIVATED_CODE);
    } finally {
      await t.db.update(empresas).set({ EMP_ACTIVO: true }).where(eq(empresas.EMP_CODIGO, andina.COM_CODIGO));
    }
    expect((await conLa(deAndina, 'GET', '/api/clientes')).statusCode).toBe(200);
  });

  it('limita cada clave por minuto (429 con Retry-After) sin limitar a las demás', async () => {
    const { clave } = await crear({ CLA_NOMBRE: 'Caja apurada' });
    const { clave: vecina } = await crear({ CLA_NOMBRE: 'Caja tranquila' });
    for (let i = 0; i < 5; i++) expect((await conLa(clave, 'GET', '/api/clientes', undefined, other)).statusCode).toBe(200);
    const sexta = await conLa(clave, 'GET', '/api/clientes', undefined, other);
    expect(sexta.statusCode).toBe(429);
    const segundos = Number(sexta.headers['retry-after']);
    expect(Number.isInteger(segundos) && segundos >= 1 && segundos <= 60).toBe(true);
    expect(sexta.json().msg).toBe(CLAVES_MSG.limite(segundos));
    expect((await conLa(vecina, 'GET', '/api/clientes', undefined, other)).statusCode).toBe(200);
  });

  it('lo que hace una clave queda a su nombre en el historial de la empresa, y también crearla, renombrarla y revocarla', async () => {
    const creada = await crear({ CLA_NOMBRE: 'Caja 1', CLA_ALCANCES: ['emitir', 'leer'] });
    const res = await conLa(creada.clave, 'POST', '/api/clientes', cliente());
    expect(res.statusCode).toBe(201);
    expect((await call('PUT', `/${creada.CLA_CODIGO}`, andina.token, { CLA_NOMBRE: 'Caja 2' })).json()).toMatchObject({
      CLA_NOMBRE: 'Caja 2',
      CLA_ALCANCES: ['leer', 'emitir'],
    });

    const lineas = await actividad(creada.CLA_CODIGO);
    expect(lineas).toHaveLength(1);
    expect(lineas[0]).toMatchObject({ HIS_ACCION: 'api', HIS_DESCRIPCION: 'POST /api/clientes → 201' });
    const pagina = await call('GET', `/${creada.CLA_CODIGO}/actividad?range=[0,0]`);
    expect(pagina.headers['content-range']).toBe('actividad 0-0/1');

    await call('POST', `/${creada.CLA_CODIGO}/revocar`);
    const admin = await loginAdmin(t);
    const historial = await t.app.inject({
      method: 'GET',
      url: `${API}/empresas/historial/${andina.COM_CODIGO}?range=[0,49]`,
      headers: session(admin.token),
    });
    expect(historial.statusCode, historial.body).toBe(200);
    const entradas = historial.json() as HistorialEntrada[];
    const dePorKey = entradas.filter((e) => e.HIS_USUARIO === 'Clave API «Caja 1»');
    expect(dePorKey.map((e) => [e.HIS_ACCION, e.HIS_DESCRIPCION])).toContainEqual(['api', 'POST /api/clientes → 201']);
    const delAdministrador = entradas
      .filter((e) => e.HIS_USUARIO === COMPANIES.andina.usuario && e.HIS_ACCION === 'api')
      .map((e) => e.HIS_DESCRIPCION);
    expect(delAdministrador).toEqual(
      expect.arrayContaining([
        'Clave de API «Caja 1» (alcances: leer, emitir) creada',
        'Clave de API «Caja 1» (alcances: leer, emitir) renombrada «Caja 2»',
        'Clave de API «Caja 2» (alcances: leer, emitir) revocada',
      ]),
    );
    expect(historial.body).not.toContain(creada.clave);
    expect(historial.body).not.toContain(hashClave(creada.clave));
  });

  it('rechaza un nombre vacío o largo y un alcance desconocido, sin guardar nada', async () => {
    const antes = (await t.db.select({ id: clavesApi.CLA_CODIGO }).from(clavesApi)).length;
    for (const [body, msg] of [
      [{ CLA_NOMBRE: '', CLA_ALCANCES: ['leer'] }, NOMBRE_INVALIDO],
      [{ CLA_NOMBRE: '   ', CLA_ALCANCES: ['leer'] }, NOMBRE_INVALIDO],
      [{ CLA_NOMBRE: 'x'.repeat(61), CLA_ALCANCES: ['leer'] }, NOMBRE_INVALIDO],
      [{ CLA_NOMBRE: 'Caja', CLA_ALCANCES: ['borrar'] }, ALCANCE_INVALIDO],
      [{ CLA_NOMBRE: 'Caja', CLA_ALCANCES: [] }, ALCANCE_INVALIDO],
      [{ CLA_NOMBRE: 'Caja', CLA_ALCANCES: ['leer', 'leer'] }, ALCANCE_INVALIDO],
    ] as const) {
      const res = await call('POST', '', andina.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg, JSON.stringify(body)).toBe(msg);
    }
    const una = await crear({ CLA_NOMBRE: 'x'.repeat(60) });
    for (const CLA_NOMBRE of ['', ' ', 'x'.repeat(61)]) {
      const res = await call('PUT', `/${una.CLA_CODIGO}`, andina.token, { CLA_NOMBRE });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(NOMBRE_INVALIDO);
    }
    expect((await t.db.select({ id: clavesApi.CLA_CODIGO }).from(clavesApi)).length).toBe(antes + 1);
    expect((await call('GET', `/${una.CLA_CODIGO}`)).json().CLA_NOMBRE).toBe('x'.repeat(60));
  });
});
