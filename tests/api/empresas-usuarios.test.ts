import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, loginAdmin, loginCompany, registerCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { empresas, empresasHistorial, usuarios } from '../../server/infra/db/schema';
import { verifyPassword } from '../../server/infra/passwords';

const DEACTIVATED = { msg: MSG.deactivatedTitle, code: 'USUARIO_DESACTIVADO' };

describe.each(testDatabases)('usuarios de una empresa: /empresas/usuario (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let distributor: { token: string; ADM_CODIGO: number };
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await loginAdmin(t)).token;
    distributor = await loginAdmin(t, DEMO.distribuidor);
  });
  afterAll(() => t.close());

  const as = (token: string) => ({ 'x-token': token });
  const list = (empresa: number, token = admin) =>
    t.app.inject({ method: 'GET', url: `${API}/empresas/usuario/${empresa}`, headers: as(token) });
  const create = (empresa: number, payload: object, token = admin) =>
    t.app.inject({ method: 'POST', url: `${API}/empresas/usuario/${empresa}`, headers: as(token), payload });
  const edit = (empresa: number, usuario: number, payload: object, token = admin) =>
    t.app.inject({ method: 'PUT', url: `${API}/empresas/usuario/${empresa}/${usuario}`, headers: as(token), payload });
  const reset = (empresa: number, usuario: number, token = admin) =>
    t.app.inject({ method: 'POST', url: `${API}/empresas/usuario/${empresa}/${usuario}/clave`, headers: as(token) });
  const miEmpresa = (token: string) => t.app.inject({ method: 'GET', url: `${API}/miEmpresa`, headers: as(token) });
  const login = (payload: object) => t.app.inject({ method: 'POST', url: `${API}/login`, payload });
  const history = (empresa: number) =>
    t.db
      .select()
      .from(empresasHistorial)
      .where(and(eq(empresasHistorial.EMP_CODIGO, empresa), eq(empresasHistorial.HIS_ACCION, 'usuario')))
      .orderBy(empresasHistorial.HIS_ID);
  let serial = 0;
  const newUser = (overrides: Record<string, unknown> = {}) => ({
    USU_USUARIO: `cajero.${++serial}_${Date.now() % 100000}`,
    USU_NOMBRE: 'María Cajera',
    USU_CORREO: `cajera${serial}@prueba.ec`,
    clave: 'ClaveCajera2026',
    ...overrides,
  });
  /** A registered company (no distributor) with one more user created through the API. */
  async function companyWithUser(overrides: Record<string, unknown> = {}) {
    const company = await registerCompany(t);
    const body = newUser(overrides);
    const res = await create(company.EMP_CODIGO, body);
    expect(res.statusCode, res.body).toBe(201);
    return { company, body, user: res.json() as { USU_CODIGO: number; USU_USUARIO: string } };
  }
  const assignToDistributor = (empresa: number) =>
    t.db.update(empresas).set({ EMP_DISTRIBUIDOR: distributor.ADM_CODIGO }).where(eq(empresas.EMP_CODIGO, empresa));

  it('GET lista los usuarios de la empresa sin clave ni hash', async () => {
    const { company, body, user } = await companyWithUser();
    const res = await list(company.EMP_CODIGO);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        USU_CODIGO: expect.any(Number),
        USU_USUARIO: company.body.usuario,
        USU_NOMBRE: company.body.usuario,
        USU_CORREO: company.body.email,
        USU_ACTIVO: true,
      },
      {
        USU_CODIGO: user.USU_CODIGO,
        USU_USUARIO: body.USU_USUARIO,
        USU_NOMBRE: body.USU_NOMBRE,
        USU_CORREO: body.USU_CORREO,
        USU_ACTIVO: true,
      },
    ]);
    expect(res.body).not.toMatch(/argon2|clave/i);
    expect(res.headers['content-range']).toBe('usuarios 0-1/2');
  });

  it('POST crea un usuario (201) con la clave en argon2id, que inicia sesión, y lo anota en el historial sin la clave', async () => {
    const { company, body, user } = await companyWithUser();
    expect(user).toEqual({
      USU_CODIGO: expect.any(Number),
      USU_USUARIO: body.USU_USUARIO,
      USU_NOMBRE: body.USU_NOMBRE,
      USU_CORREO: body.USU_CORREO,
      USU_ACTIVO: true,
    });
    const [row] = await t.db.select().from(usuarios).where(eq(usuarios.USU_CODIGO, user.USU_CODIGO));
    expect(row.USU_CLAVE.startsWith('$argon2id$')).toBe(true);
    expect(row.COM_CODIGO).toBe(company.EMP_CODIGO);
    const session = await loginCompany(t, { ruc: company.EMP_RUC, usuario: body.USU_USUARIO, clave: body.clave });
    expect(session.cambiarClave).toBe(false);
    const [entry] = await history(company.EMP_CODIGO);
    expect(entry).toMatchObject({ HIS_USUARIO: DEMO.admin.usuario, HIS_DESCRIPCION: `Se creó el usuario ${body.USU_USUARIO}` });
    expect(JSON.stringify(entry)).not.toContain(body.clave);
  });

  it('un usuario que la empresa ya tiene responde 409 en español; otra empresa sí puede usar ese nombre', async () => {
    const { company, body } = await companyWithUser();
    const again = await create(company.EMP_CODIGO, newUser({ USU_USUARIO: body.USU_USUARIO }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: `La empresa ya tiene un usuario ${body.USU_USUARIO}. Elija otro nombre de usuario.` });
    const other = await registerCompany(t);
    expect((await create(other.EMP_CODIGO, newUser({ USU_USUARIO: body.USU_USUARIO }))).statusCode).toBe(201);
  });

  it.each([
    ['USU_USUARIO', undefined, 'El campo USU_USUARIO es obligatorio'],
    ['USU_USUARIO', 'ab', 'El usuario debe tener de 3 a 60 letras, números, puntos, guiones o guiones bajos, sin espacios'],
    ['USU_USUARIO', 'con espacio', 'El usuario debe tener de 3 a 60 letras, números, puntos, guiones o guiones bajos, sin espacios'],
    ['USU_USUARIO', 'ñandú', 'El usuario debe tener de 3 a 60 letras, números, puntos, guiones o guiones bajos, sin espacios'],
    ['USU_USUARIO', 'x'.repeat(61), 'El usuario debe tener de 3 a 60 letras, números, puntos, guiones o guiones bajos, sin espacios'],
    ['USU_NOMBRE', undefined, 'El campo USU_NOMBRE es obligatorio'],
    ['USU_NOMBRE', '   ', 'Ingrese el nombre del usuario (hasta 150 caracteres)'],
    ['USU_NOMBRE', 'n'.repeat(151), 'Ingrese el nombre del usuario (hasta 150 caracteres)'],
    ['USU_CORREO', undefined, 'El campo USU_CORREO es obligatorio'],
    ['USU_CORREO', 'no-es-correo', 'Ingrese un correo electrónico válido'],
    ['clave', undefined, 'El campo clave es obligatorio'],
    ['clave', 'corta', 'La clave debe tener al menos 8 caracteres'],
    ['USU_ACTIVO', 'si', 'El campo USU_ACTIVO tiene un tipo de dato inválido'],
  ])('POST con %s = %j responde 400 "%s" y no crea nada', async (field, value, msg) => {
    const company = await registerCompany(t);
    const body: Record<string, unknown> = newUser({ [field]: value });
    if (value === undefined) delete body[field];
    const res = await create(company.EMP_CODIGO, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg });
    expect(await t.db.select().from(usuarios).where(eq(usuarios.COM_CODIGO, company.EMP_CODIGO))).toHaveLength(1);
  });

  it('PUT cambia nombre, correo y usuario (si sigue siendo único) y guarda antes/después en el historial', async () => {
    const { company, body, user } = await companyWithUser();
    const res = await edit(company.EMP_CODIGO, user.USU_CODIGO, {
      USU_USUARIO: `${body.USU_USUARIO}x`,
      USU_NOMBRE: 'María Pérez',
      USU_CORREO: 'maria@prueba.ec',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      USU_CODIGO: user.USU_CODIGO,
      USU_USUARIO: `${body.USU_USUARIO}x`,
      USU_NOMBRE: 'María Pérez',
      USU_CORREO: 'maria@prueba.ec',
      USU_ACTIVO: true,
    });
    const entry = (await history(company.EMP_CODIGO)).at(-1)!;
    expect(entry.HIS_ANTES).toEqual({ USU_USUARIO: body.USU_USUARIO, USU_NOMBRE: body.USU_NOMBRE, USU_CORREO: body.USU_CORREO });
    expect(entry.HIS_DESPUES).toEqual({ USU_USUARIO: `${body.USU_USUARIO}x`, USU_NOMBRE: 'María Pérez', USU_CORREO: 'maria@prueba.ec' });
    // The new name signs in; the old one no longer exists.
    expect((await login({ ruc: company.EMP_RUC, usuario: `${body.USU_USUARIO}x`, clave: body.clave })).statusCode).toBe(200);
    expect((await login({ ruc: company.EMP_RUC, usuario: body.USU_USUARIO, clave: body.clave })).statusCode).toBe(401);
    // Taking the name of the company's first user is refused.
    const taken = await edit(company.EMP_CODIGO, user.USU_CODIGO, { USU_USUARIO: company.body.usuario });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ msg: `La empresa ya tiene un usuario ${company.body.usuario}. Elija otro nombre de usuario.` });
  });

  it.each([
    [{}, 'Indique al menos un dato del usuario para cambiar'],
    [{ USU_USUARIO: 'a b' }, 'El usuario debe tener de 3 a 60 letras, números, puntos, guiones o guiones bajos, sin espacios'],
    [{ USU_NOMBRE: '' }, 'Ingrese el nombre del usuario (hasta 150 caracteres)'],
    [{ USU_CORREO: 'x@y' }, 'Ingrese un correo electrónico válido'],
    [{ USU_ACTIVO: 'no' }, 'El campo USU_ACTIVO tiene un tipo de dato inválido'],
  ])('PUT con %j responde 400 "%s"', async (payload, msg) => {
    const { company, user } = await companyWithUser();
    const res = await edit(company.EMP_CODIGO, user.USU_CODIGO, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg });
  });

  it('PUT ignora los campos que no son del usuario (la clave tampoco se cambia por aquí)', async () => {
    const { company, body, user } = await companyWithUser();
    const res = await edit(company.EMP_CODIGO, user.USU_CODIGO, {
      constructor: { prototype: {} },
      clave: 'OtraClave2026',
      USU_NOMBRE: 'Ana',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().USU_NOMBRE).toBe('Ana');
    expect((await login({ ruc: company.EMP_RUC, usuario: body.USU_USUARIO, clave: body.clave })).statusCode).toBe(200);
  });

  it('PUT sin cambios reales responde el usuario y no escribe historial', async () => {
    const { company, body, user } = await companyWithUser();
    const before = (await history(company.EMP_CODIGO)).length;
    const res = await edit(company.EMP_CODIGO, user.USU_CODIGO, { USU_NOMBRE: body.USU_NOMBRE });
    expect(res.statusCode).toBe(200);
    expect(await history(company.EMP_CODIGO)).toHaveLength(before);
  });

  it('desactivar: la siguiente llamada del usuario, con su token aún vigente, es 403 USUARIO_DESACTIVADO; al reactivarlo vuelve a entrar', async () => {
    const { company, body, user } = await companyWithUser();
    const credentials = { ruc: company.EMP_RUC, usuario: body.USU_USUARIO, clave: body.clave };
    const session = await loginCompany(t, credentials);
    expect((await miEmpresa(session.token)).statusCode).toBe(200);

    const off = await edit(company.EMP_CODIGO, user.USU_CODIGO, { USU_ACTIVO: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().USU_ACTIVO).toBe(false);
    const blocked = await miEmpresa(session.token);
    expect([blocked.statusCode, blocked.json()]).toEqual([403, DEACTIVATED]);
    const refused = await login(credentials);
    expect([refused.statusCode, refused.json()]).toEqual([403, DEACTIVATED]);
    expect((await history(company.EMP_CODIGO)).at(-1)!.HIS_DESCRIPCION).toBe(`Se desactivó el usuario ${body.USU_USUARIO}`);

    const on = await edit(company.EMP_CODIGO, user.USU_CODIGO, { USU_ACTIVO: true });
    expect(on.json().USU_ACTIVO).toBe(true);
    expect((await history(company.EMP_CODIGO)).at(-1)!.HIS_DESCRIPCION).toBe(`Se activó el usuario ${body.USU_USUARIO}`);
    // The session from before the deactivation stays closed; signing in again works.
    expect(await miEmpresa(session.token).then((r) => [r.statusCode, r.json()])).toEqual([401, { msg: MSG.sessionEnded }]);
    const again = await loginCompany(t, credentials);
    expect((await miEmpresa(again.token)).statusCode).toBe(200);
  });

  it('restablecer clave: llega el correo con una clave temporal que sirve y obliga a elegir otra', async () => {
    const { company, body, user } = await companyWithUser();
    const before = (await t.mails()).length;
    const res = await reset(company.EMP_CODIGO, user.USU_CODIGO);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: `Se envió una clave temporal a ${body.USU_CORREO}` });
    const mails = (await t.mails()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: body.USU_CORREO, subject: 'Amelia: su clave temporal' });
    const temporary = /Clave temporal: (\S+)/.exec(mails[0].text)![1];
    expect(mails[0].text).toContain(`Usuario: ${body.USU_USUARIO}`);

    const [row] = await t.db.select().from(usuarios).where(eq(usuarios.USU_CODIGO, user.USU_CODIGO));
    expect(await verifyPassword(row.USU_CLAVE_TEMPORAL!, temporary)).toBe(true);
    const entry = (await history(company.EMP_CODIGO)).at(-1)!;
    expect(entry.HIS_DESCRIPCION).toBe(
      `Se restableció la clave del usuario ${body.USU_USUARIO}: clave temporal enviada a ${body.USU_CORREO}`,
    );
    expect(JSON.stringify(entry)).not.toContain(temporary);

    const session = await loginCompany(t, { ruc: company.EMP_RUC, usuario: body.USU_USUARIO, clave: temporary });
    expect(session.cambiarClave).toBe(true);
    const change = await t.app.inject({
      method: 'PUT',
      url: `${API}/clave`,
      headers: as(session.token),
      payload: { claveNueva: 'ClaveElegida2026' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await loginCompany(t, { ruc: company.EMP_RUC, usuario: body.USU_USUARIO, clave: 'ClaveElegida2026' })).cambiarClave).toBe(
      false,
    );
  });

  it('restablecer la clave de un usuario desactivado responde 409 y no envía correo', async () => {
    const { company, body, user } = await companyWithUser();
    await edit(company.EMP_CODIGO, user.USU_CODIGO, { USU_ACTIVO: false });
    const before = (await t.mails()).length;
    const res = await reset(company.EMP_CODIGO, user.USU_CODIGO);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msg: `El usuario ${body.USU_USUARIO} está desactivado: actívelo antes de restablecer su clave` });
    expect(await t.mails()).toHaveLength(before);
  });

  it('el usuario de otra empresa, o uno que no existe, responde 404 al editarlo o restablecer su clave', async () => {
    const { user } = await companyWithUser();
    const other = await registerCompany(t);
    for (const id of [user.USU_CODIGO, 2147483647]) {
      const edited = await edit(other.EMP_CODIGO, id, { USU_NOMBRE: 'Intruso' });
      expect([edited.statusCode, edited.json()]).toEqual([404, { msg: MSG.notFound }]);
      const resetRes = await reset(other.EMP_CODIGO, id);
      expect([resetRes.statusCode, resetRes.json()]).toEqual([404, { msg: MSG.notFound }]);
    }
    const [row] = await t.db.select().from(usuarios).where(eq(usuarios.USU_CODIGO, user.USU_CODIGO));
    expect(row.USU_NOMBRE).toBe('María Cajera');
  });

  it.each(['0', 'abc', '1.5', '99999999999'])('un id de empresa %s responde 400', async (id) => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/empresas/usuario/${id}`, headers: as(admin) });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/id/);
  });

  it('un distribuidor ve y administra los usuarios de sus empresas, y recibe 404 en las de otros', async () => {
    const { company, user } = await companyWithUser();
    const notMine = company.EMP_CODIGO;
    for (const res of [
      await list(notMine, distributor.token),
      await create(notMine, newUser(), distributor.token),
      await edit(notMine, user.USU_CODIGO, { USU_ACTIVO: false }, distributor.token),
      await reset(notMine, user.USU_CODIGO, distributor.token),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([404, { msg: MSG.notFound }]);
    }
    expect(await t.db.select().from(usuarios).where(eq(usuarios.COM_CODIGO, notMine))).toHaveLength(2);

    await assignToDistributor(notMine);
    expect((await list(notMine, distributor.token)).json()).toHaveLength(2);
    expect((await create(notMine, newUser(), distributor.token)).statusCode).toBe(201);
    expect((await edit(notMine, user.USU_CODIGO, { USU_NOMBRE: 'Por distribuidor' }, distributor.token)).statusCode).toBe(200);
    expect((await history(notMine)).at(-1)!.HIS_USUARIO).toBe(DEMO.distribuidor.usuario);
  });

  it('un token de empresa responde 403 en cada ruta; sin token 401', async () => {
    const { company, user } = await companyWithUser();
    const companyToken = (await loginCompany(t, company.login)).token;
    for (const res of [
      await list(company.EMP_CODIGO, companyToken),
      await create(company.EMP_CODIGO, newUser(), companyToken),
      await edit(company.EMP_CODIGO, user.USU_CODIGO, { USU_ACTIVO: false }, companyToken),
      await reset(company.EMP_CODIGO, user.USU_CODIGO, companyToken),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([403, { msg: MSG.adminOnly }]);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `${API}/empresas/usuario/${company.EMP_CODIGO}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
