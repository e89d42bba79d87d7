import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { multipart, startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, loginAdmin, loginCompany, registerCompany } from '../helpers/accounts';
import { darPlan, nuevoCliente } from '../helpers/facturas-api';
import { administradores, catalogo, empresas, empresasHistorial, facturas } from '../../server/infra/db/schema';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { ROLE_REFUSED_CODE } from '../../domain/constants';
import { hoyEcuador } from '../../domain/fechas';
import type { RolEmpresa } from '../../domain/clientes';
import type { EstablecimientoEmpresa, PrimerosPasos } from '../../domain/contratos/mi-empresa';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('\x00\x00\x00\x0dIHDR', 'latin1'),
  Buffer.alloc(300, 3),
]);
const REFUSED = { msg: MSG.roleRefused, code: ROLE_REFUSED_CODE };
const EST = { EST_NUMERO: '001', EST_NOMBRE: 'Matriz', EST_DIRECCION: 'Av. Amazonas N34-12, Quito', EST_ACTIVO: true };
const PEM = { PEM_NUMERO: '001', PEM_NOMBRE: 'Caja 1', PEM_ACTIVO: true };

describe.each(testDatabases)('la empresa se configura sola desde Mi empresa (%s)', (kind) => {
  let t: TestApp;
  let empresa: number;
  let ruc: string;
  const tokens = {} as Record<RolEmpresa, string>;
  let otra: string;

  const as = (token: string) => ({ 'x-token': token });
  const call = (token: string, method: InjectOptions['method'], url: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: as(token), ...(payload ? { payload } : {}) });
  const history = async (id = empresa) =>
    (
      await t.db
        .select()
        .from(empresasHistorial)
        .where(and(eq(empresasHistorial.EMP_CODIGO, id), eq(empresasHistorial.HIS_ACCION, 'datos')))
        .orderBy(empresasHistorial.HIS_ID)
    ).map((h) => ({ descripcion: h.HIS_DESCRIPCION, antes: h.HIS_ANTES, despues: h.HIS_DESPUES, usuario: h.HIS_USUARIO }));

  /** A user of the company with this role, created by its administrator and signed in with a clave of its own. */
  async function user(rol: RolEmpresa) {
    const usuario = `cfg.${rol}.${empresa}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: as(tokens.administrador),
      payload: { USU_USUARIO: usuario, USU_NOMBRE: `Usuario ${rol}`, USU_CORREO: `${rol}.${empresa}@prueba.ec`, USU_ROL: rol },
    });
    expect(created.statusCode, created.body).toBe(201);
    const first = await loginCompany(t, { ruc, usuario, clave: created.json().claveTemporal as string });
    const chosen = await call(first.token, 'PUT', '/clave', { claveNueva: `ClaveDe${rol}2026` });
    expect(chosen.statusCode, chosen.body).toBe(200);
    return first.token;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    const company = await registerCompany(t);
    empresa = company.EMP_CODIGO;
    ruc = company.login.ruc;
    tokens.administrador = (await loginCompany(t, company.login)).token;
    tokens.contador = await user('contador');
    tokens.vendedor = await user('vendedor');
    otra = (await loginCompany(t, (await registerCompany(t)).login)).token;
  });
  afterAll(() => t.close());

  it('el administrador crea el establecimiento 001 y su punto 001; quedan en el historial y la factura los ofrece', async () => {
    expect((await call(tokens.administrador, 'GET', '/miEmpresa/establecimientos')).json()).toEqual([]);
    const est = await call(tokens.administrador, 'POST', '/miEmpresa/establecimientos', EST);
    expect(est.statusCode, est.body).toBe(201);
    const estId = est.json().id as number;
    expect(est.json()).toMatchObject({ msg: 'Establecimiento guardado', establecimientos: [{ EST_CODIGO: estId, ...EST, puntos: [] }] });

    const pem = await call(tokens.administrador, 'POST', `/miEmpresa/establecimientos/${estId}/puntos`, PEM);
    expect(pem.statusCode, pem.body).toBe(201);
    const list = (await call(tokens.contador, 'GET', '/miEmpresa/establecimientos')).json() as EstablecimientoEmpresa[];
    expect(list).toEqual([{ EST_CODIGO: estId, ...EST, puntos: [{ PEM_CODIGO: pem.json().id, ...PEM, siguiente: 1, ultimo: null }] }]);

    const puntos = await t.app.inject({ method: 'GET', url: '/api/facturas/puntos', headers: as(tokens.administrador) });
    expect(puntos.json()).toEqual([expect.objectContaining({ serie: '001-001', siguiente: 1 })]);

    expect((await history()).slice(-2)).toEqual([
      {
        descripcion: 'Agregó el establecimiento 001',
        // The self-registered company had no head-office address: it takes the first establishment's.
        antes: { EMP_DIRECCION: null },
        despues: { establecimiento: EST, EMP_DIRECCION: EST.EST_DIRECCION },
        usuario: expect.any(String),
      },
      {
        descripcion: 'Agregó el punto de emisión 001-001',
        antes: null,
        despues: { punto: { ...PEM, siguiente: 1 } },
        usuario: expect.any(String),
      },
    ]);
  });

  it('datos: el administrador cambia la dirección matriz y lo que imprimen sus facturas; queda en el historial', async () => {
    const datos = {
      EMP_TELEFONO: '022345678',
      EMP_CELULAR: null,
      EMP_DIRECCION: 'Av. Shyris N35-17, Quito',
      EMP_CONTABILIDAD: true,
      EMP_CONTRIBUYENTE_ESPECIAL: null,
      EMP_AGENTE_RETENCION: null,
      EMP_RIMPE: 'EMPRENDEDOR',
    };
    const bad = await call(tokens.administrador, 'PUT', '/miEmpresa/datos', { ...datos, EMP_TELEFONO: 'llamar' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('teléfono');
    const res = await call(tokens.administrador, 'PUT', '/miEmpresa/datos', datos);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: 'Datos de la empresa guardados' });
    expect((await call(tokens.contador, 'GET', '/miEmpresa')).json()).toMatchObject(datos);
    expect((await history()).at(-1)).toMatchObject({
      descripcion: 'Datos de la empresa guardados',
      antes: { EMP_DIRECCION: EST.EST_DIRECCION, EMP_CONTABILIDAD: false, EMP_RIMPE: null },
      despues: { EMP_DIRECCION: datos.EMP_DIRECCION, EMP_CONTABILIDAD: true, EMP_RIMPE: 'EMPRENDEDOR' },
    });
    // The RUC and names are not the company's to change here: whatever else it sends is left out.
    await call(tokens.administrador, 'PUT', '/miEmpresa/datos', { ...datos, EMP_RUC: '1790012345001', EMP_NOMBRE: 'OTRA S.A.' });
    expect((await call(tokens.contador, 'GET', '/miEmpresa')).json()).toMatchObject({ EMP_RUC: ruc });
  });

  it('numeración: 001 a 999, única en la empresa y en el establecimiento (409 en español)', async () => {
    const est = (await call(tokens.administrador, 'POST', '/miEmpresa/establecimientos', { ...EST, EST_NUMERO: '002' })).json().id;
    for (const numero of ['000', '1', '1000', 'abc']) {
      const res = await call(tokens.administrador, 'POST', '/miEmpresa/establecimientos', { ...EST, EST_NUMERO: numero });
      expect(res.statusCode, numero).toBe(400);
      expect(res.json().msg).toContain('del 001 al 999');
    }
    const again = await call(tokens.administrador, 'POST', '/miEmpresa/establecimientos', EST);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: 'Ya existe el establecimiento 001 en su empresa.' });
    const renamed = await call(tokens.administrador, 'PUT', `/miEmpresa/establecimientos/${est}`, { ...EST, EST_NUMERO: '001' });
    expect(renamed.statusCode).toBe(409);
    const edited = await call(tokens.administrador, 'PUT', `/miEmpresa/establecimientos/${est}`, {
      ...EST,
      EST_NUMERO: '003',
      EST_ACTIVO: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().establecimientos.map((e: EstablecimientoEmpresa) => [e.EST_NUMERO, e.EST_ACTIVO])).toEqual([
      ['001', true],
      ['003', false],
    ]);

    const first = await call(tokens.administrador, 'POST', `/miEmpresa/establecimientos/${est}/puntos`, PEM);
    expect(first.statusCode).toBe(201);
    const dup = await call(tokens.administrador, 'POST', `/miEmpresa/establecimientos/${est}/puntos`, PEM);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ msg: 'Ya existe el punto de emisión 001 en el establecimiento 003.' });
    const bad = await call(tokens.administrador, 'POST', `/miEmpresa/establecimientos/${est}/puntos`, { ...PEM, PEM_NUMERO: '000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('del 001 al 999');
  });

  it('siguiente secuencial: desde 1, y nunca igual o menor que el último ya emitido en el punto', async () => {
    const est = (await call(tokens.administrador, 'POST', '/miEmpresa/establecimientos', { ...EST, EST_NUMERO: '010' })).json().id;
    const zero = await call(tokens.administrador, 'POST', `/miEmpresa/establecimientos/${est}/puntos`, { ...PEM, siguiente: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().msg).toMatch(/siguiente secuencial/);
    const created = await call(tokens.administrador, 'POST', `/miEmpresa/establecimientos/${est}/puntos`, { ...PEM, siguiente: 41 });
    expect(created.statusCode, created.body).toBe(201);
    const pem = created.json().id as number;
    const point = (list: EstablecimientoEmpresa[]) => list.find((e) => e.EST_CODIGO === est)!.puntos[0];
    expect(point(created.json().establecimientos)).toMatchObject({ siguiente: 41, ultimo: null });

    // An invoice of the point, issued elsewhere in this test with number 41.
    const cliente = await nuevoCliente(t, empresa, 7001);
    await t.db.insert(facturas).values({
      EMP_CODIGO: empresa,
      PEM_CODIGO: pem,
      CLI_CODIGO: cliente,
      FAC_FECHA: hoyEcuador(),
      FAC_ESTADO: 'AUTORIZADA',
      FAC_SECUENCIAL: 41,
    });
    for (const siguiente of [41, 5]) {
      const below = await call(tokens.administrador, 'PUT', `/miEmpresa/puntos/${pem}`, { ...PEM, siguiente });
      expect(below.statusCode).toBe(409);
      expect(below.json()).toEqual({ msg: 'El siguiente secuencial debe ser mayor que el último número ya emitido en este punto (41).' });
    }
    const ok = await call(tokens.administrador, 'PUT', `/miEmpresa/puntos/${pem}`, { ...PEM, PEM_NOMBRE: 'Caja 2', siguiente: 100 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(point(ok.json().establecimientos)).toMatchObject({ PEM_NOMBRE: 'Caja 2', siguiente: 100, ultimo: 41 });
    expect((await history()).at(-1)).toMatchObject({
      descripcion: 'Modificó el punto de emisión 010-001',
      antes: { punto: { PEM_NOMBRE: 'Caja 1', siguiente: 41 } },
      despues: { punto: { PEM_NOMBRE: 'Caja 2', siguiente: 100 } },
    });
    // Without siguiente the number stays.
    const kept = await call(tokens.administrador, 'PUT', `/miEmpresa/puntos/${pem}`, PEM);
    expect(point(kept.json().establecimientos)).toMatchObject({ siguiente: 100 });
  });

  it('ambiente: producción exige confirmación; cada cambio queda en el historial', async () => {
    const unconfirmed = await call(tokens.administrador, 'PUT', '/miEmpresa/ambiente', { ambiente: 2 });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().msg).toContain('validez tributaria');
    expect((await call(tokens.administrador, 'PUT', '/miEmpresa/ambiente', { ambiente: 3, confirmar: true })).statusCode).toBe(400);
    const [before] = await t.db.select({ a: empresas.EMP_AMBIENTE }).from(empresas).where(eq(empresas.EMP_CODIGO, empresa));
    expect(before!.a).toBe(1);

    const prod = await call(tokens.administrador, 'PUT', '/miEmpresa/ambiente', { ambiente: 2, confirmar: true });
    expect(prod.statusCode, prod.body).toBe(200);
    expect(prod.json()).toEqual({ EMP_AMBIENTE: 2, msg: 'Su empresa emite ahora en producción' });
    expect((await call(tokens.contador, 'GET', '/miEmpresa')).json()).toMatchObject({ EMP_AMBIENTE: 2 });
    const back = await call(tokens.administrador, 'PUT', '/miEmpresa/ambiente', { ambiente: 1 });
    expect(back.json()).toEqual({ EMP_AMBIENTE: 1, msg: 'Su empresa emite ahora en pruebas' });
    expect((await history()).slice(-2)).toEqual([
      expect.objectContaining({
        descripcion: 'Cambió el ambiente de emisión de pruebas a producción',
        antes: { EMP_AMBIENTE: 1 },
        despues: { EMP_AMBIENTE: 2 },
      }),
      expect.objectContaining({ descripcion: 'Cambió el ambiente de emisión de producción a pruebas' }),
    ]);
  });

  it('logo: el administrador lo sube y lo quita con las reglas del back office', async () => {
    const body = multipart('current', 'logo.png', PNG, 'image/png');
    const up = await t.app.inject({
      method: 'POST',
      url: `${API}/miEmpresa/logo`,
      payload: body.payload,
      headers: { ...body.headers, ...as(tokens.administrador) },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ ARC_NOMBRE: 'logo.png', ARC_TIPO: 'image/png', msg: 'Logo actualizado' });
    expect((await call(tokens.contador, 'GET', '/miEmpresa')).json()).toMatchObject({ logo: true });
    const gif = multipart('current', 'logo.gif', Buffer.from('GIF89a....'), 'image/gif');
    const refused = await t.app.inject({
      method: 'POST',
      url: `${API}/miEmpresa/logo`,
      payload: gif.payload,
      headers: { ...gif.headers, ...as(tokens.administrador) },
    });
    expect(refused.statusCode).toBe(400);
    expect((await call(tokens.administrador, 'DELETE', '/miEmpresa/logo')).json()).toEqual({ msg: 'Logo quitado' });
    expect((await call(tokens.administrador, 'DELETE', '/miEmpresa/logo')).statusCode).toBe(404);
    expect((await history()).filter((h) => 'EMP_LOGO' in ((h.despues ?? {}) as object)).map((h) => h.descripcion)).toEqual([
      'Logo actualizado',
      'Logo quitado',
    ]);
  });

  it('los demás roles: el contador lee, nadie más que el administrador cambia (403 con el mensaje de siempre)', async () => {
    const est = ((await call(tokens.administrador, 'GET', '/miEmpresa/establecimientos')).json() as EstablecimientoEmpresa[])[0]!;
    const writes: Array<[InjectOptions['method'], string, object | undefined]> = [
      ['POST', '/miEmpresa/establecimientos', { ...EST, EST_NUMERO: '050' }],
      ['PUT', `/miEmpresa/establecimientos/${est.EST_CODIGO}`, EST],
      ['POST', `/miEmpresa/establecimientos/${est.EST_CODIGO}/puntos`, { ...PEM, PEM_NUMERO: '050' }],
      ['PUT', `/miEmpresa/puntos/${est.puntos[0]!.PEM_CODIGO}`, PEM],
      ['PUT', '/miEmpresa/ambiente', { ambiente: 2, confirmar: true }],
      ['PUT', '/miEmpresa/datos', { EMP_DIRECCION: 'x' }],
      ['DELETE', '/miEmpresa/logo', undefined],
    ];
    for (const rol of ['contador', 'vendedor'] as const) {
      for (const [method, url, payload] of writes) {
        const res = await call(tokens[rol], method, url, payload);
        expect(res.statusCode, `${rol} ${method} ${url}`).toBe(403);
        expect(res.json()).toEqual(REFUSED);
      }
    }
    expect((await call(tokens.vendedor, 'GET', '/miEmpresa/establecimientos')).statusCode).toBe(403);
    expect((await call(tokens.contador, 'GET', '/miEmpresa/establecimientos')).statusCode).toBe(200);
    const [{ a }] = await t.db.select({ a: empresas.EMP_AMBIENTE }).from(empresas).where(eq(empresas.EMP_CODIGO, empresa));
    expect(a).toBe(1);
  });

  it('otra empresa: sus establecimientos y puntos son 404 y no ve los ajenos', async () => {
    const est = ((await call(tokens.administrador, 'GET', '/miEmpresa/establecimientos')).json() as EstablecimientoEmpresa[])[0]!;
    expect((await call(otra, 'GET', '/miEmpresa/establecimientos')).json()).toEqual([]);
    const calls: Array<[InjectOptions['method'], string, object]> = [
      ['PUT', `/miEmpresa/establecimientos/${est.EST_CODIGO}`, EST],
      ['POST', `/miEmpresa/establecimientos/${est.EST_CODIGO}/puntos`, PEM],
      ['PUT', `/miEmpresa/puntos/${est.puntos[0]!.PEM_CODIGO}`, { ...PEM, siguiente: 500 }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(otra, method, url, payload);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ msg: MSG.notFound });
    }
    const [untouched] = (await call(tokens.administrador, 'GET', '/miEmpresa/establecimientos')).json() as EstablecimientoEmpresa[];
    expect(untouched).toEqual(est);
  });

  it('primeros pasos: seis estados que se cumplen a medida que la empresa avanza, y su distribuidor', async () => {
    const pasos = async (token = otra) => (await call(token, 'GET', '/miEmpresa/primerosPasos')).json() as PrimerosPasos;
    expect(await pasos()).toEqual({
      plan: false,
      firma: false,
      punto: false,
      cliente: false,
      producto: false,
      factura: false,
      distribuidor: null,
    });
    // Every role reads them.
    expect((await call(tokens.vendedor, 'GET', '/miEmpresa/primerosPasos')).statusCode).toBe(200);
    expect(await pasos(tokens.administrador)).toMatchObject({ punto: true, cliente: true, factura: true, producto: false, plan: false });

    await darPlan(t, empresa, 100);
    await t.db
      .insert(catalogo)
      .values({ EMP_CODIGO: empresa, CAT_PRINCIPAL: 'P-1', CAT_DESCRIPCION: 'Servicio', CAT_PRECIO: '10.00', CAT_IVA: '4' });
    expect(await pasos(tokens.administrador)).toMatchObject({ plan: true, producto: true });

    const distribuidor = await loginAdmin(t, DEMO.distribuidor);
    await t.db.update(empresas).set({ EMP_DISTRIBUIDOR: distribuidor.ADM_CODIGO }).where(eq(empresas.EMP_CODIGO, empresa));
    const [contacto] = await t.db
      .select({ nombre: administradores.ADM_NOMBRE, correo: administradores.ADM_CORREO })
      .from(administradores)
      .where(eq(administradores.ADM_CODIGO, distribuidor.ADM_CODIGO));
    expect((await pasos(tokens.administrador)).distribuidor).toEqual(contacto);
  });
});
