import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, ne } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, loginAdmin, loginCompany, registerCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { administradores, auditoria, empresas, empresasHistorial, perfiles } from '../../server/infra/db/schema';
import { ADMIN_MSG } from '../../server/modules/administradores/contract';
import { ADMIN_TEMPORARY_PASSWORD_HOURS } from '../../domain/constants';

const DEACTIVATED = { msg: MSG.deactivatedTitle, code: 'USUARIO_DESACTIVADO' };

describe.each(testDatabases)('administradores (%s)', (kind) => {
  let t: TestApp;
  let admin: { token: string; ADM_CODIGO: number };
  let distributor: { token: string; ADM_CODIGO: number };
  beforeAll(async () => {
    t = await startTestApp(kind);
    [admin, distributor] = await Promise.all([loginAdmin(t), loginAdmin(t, DEMO.distribuidor)]);
  });
  afterAll(() => t.close());

  const as = (token?: string) => (token ? { 'x-token': token } : {});
  const url = (path = '') => `${API}/administradores${path}`;
  const list = (filter: object = {}, token = admin.token, extra = '') =>
    t.app.inject({ method: 'GET', url: `${url()}?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`, headers: as(token) });
  const read = (id: number, token = admin.token) => t.app.inject({ method: 'GET', url: url(`/${id}`), headers: as(token) });
  const create = (payload: object, token = admin.token) => t.app.inject({ method: 'POST', url: url(), headers: as(token), payload });
  const edit = (id: number, payload: object, token = admin.token) =>
    t.app.inject({ method: 'PUT', url: url(`/${id}`), headers: as(token), payload });
  const reset = (id: number, token = admin.token) => t.app.inject({ method: 'POST', url: url(`/${id}/clave`), headers: as(token) });
  const assign = (id: number, ids: number[], token = admin.token) =>
    t.app.inject({ method: 'PUT', url: url(`/${id}/empresas`), headers: as(token), payload: { empresas: ids } });
  const adminLogin = (usuario: string, clave: string) =>
    t.app.inject({ method: 'POST', url: `${API}/loginAdmin`, payload: { usuario, clave } });
  const audits = (registro: number) =>
    t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.AUD_RECURSO, 'administradores'), eq(auditoria.AUD_REGISTRO, String(registro))))
      .orderBy(auditoria.AUD_ID);

  let serial = 0;
  const newAdmin = (overrides: Record<string, unknown> = {}) => {
    serial += 1;
    return {
      ADM_USUARIO: `operador.${serial}_${Date.now() % 100000}`,
      ADM_NOMBRE: 'Lucía Operadora',
      ADM_CORREO: `operadora${serial}@amelia.ec`,
      PRF_CODIGO: 1,
      clave: 'ClaveInicial2026',
      ...overrides,
    };
  };
  async function created(overrides: Record<string, unknown> = {}) {
    const body = newAdmin(overrides);
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    return { body, row: res.json() as { ADM_CODIGO: number; ADM_USUARIO: string } };
  }

  it('el último administrador activo no puede desactivarse ni cambiarse de perfil (409)', async () => {
    // At the start only the demo administrator has profile 1.
    for (const payload of [{ ADM_ACTIVO: false }, { PRF_CODIGO: 4 }]) {
      const res = await edit(admin.ADM_CODIGO, payload);
      expect([res.statusCode, res.json()]).toEqual([409, { msg: ADMIN_MSG.lastAdmin }]);
    }
    expect(ADMIN_MSG.lastAdmin).toMatch(/al menos un administrador activo/);
  });

  it('GET lista administradores y distribuidores con su perfil, sin clave ni hash, con filtros', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<Record<string, unknown>>;
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          ADM_CODIGO: admin.ADM_CODIGO,
          ADM_USUARIO: DEMO.admin.usuario,
          ADM_NOMBRE: 'María Fernanda Andrade',
          ADM_CORREO: 'admin@amelia.ec',
          PRF_CODIGO: 1,
          PRF_NOMBRE: 'Administrador',
          DRB_CONTADOR: 0,
          ADM_ACTIVO: true,
        },
        expect.objectContaining({ ADM_USUARIO: DEMO.distribuidor.usuario, PRF_CODIGO: 2, PRF_NOMBRE: 'Distribuidor', DRB_CONTADOR: 1 }),
      ]),
    );
    expect(res.body).not.toMatch(/argon2|clave/i);
    expect(res.headers['content-range']).toMatch(/^administradores 0-\d+\/\d+$/);

    const byText = (await list({ q: 'SIERRA' })).json();
    expect(byText.map((r: { ADM_USUARIO: string }) => r.ADM_USUARIO)).toEqual([DEMO.distribuidor.usuario]);
    const byMail = (await list({ q: 'admin@amelia' })).json();
    expect(byMail.map((r: { ADM_USUARIO: string }) => r.ADM_USUARIO)).toEqual([DEMO.admin.usuario]);
    for (const filter of [{ PRF_CODIGO: 2 }, { DRB_CONTADOR: 1 }, { distribuidor: true }]) {
      const rows = (await list(filter)).json() as Array<{ PRF_CODIGO: number }>;
      expect(rows.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(rows.every((r) => r.PRF_CODIGO === 2)).toBe(true);
    }
    expect((await list({ ADM_ACTIVO: false })).json().every((r: { ADM_ACTIVO: boolean }) => !r.ADM_ACTIVO)).toBe(true);
    const bad = await list({ clave: 'x' });
    expect([bad.statusCode, bad.json().msg]).toEqual([400, expect.stringMatching(/^El filtro clave no existe/)]);
  });

  it('solo administradores (perfil 1): sin token 401, empresa y distribuidor 403', async () => {
    const company = await loginCompany(t);
    const none = await t.app.inject({ method: 'GET', url: url() });
    expect(none.statusCode).toBe(401);
    for (const token of [company.token, distributor.token]) {
      for (const res of [await list({}, token), await read(admin.ADM_CODIGO, token), await create(newAdmin(), token)]) {
        expect(res.statusCode).toBe(403);
      }
    }
    expect((await reset(distributor.ADM_CODIGO, company.token)).statusCode).toBe(403);
    expect((await assign(distributor.ADM_CODIGO, [1], distributor.token)).statusCode).toBe(403);
  });

  it('POST crea un administrador (201) con la clave en argon2id, que inicia sesión; la auditoría no guarda la clave', async () => {
    const { body, row } = await created({ ADM_NOMBRE: '  Lucía Operadora  ' });
    expect(row).toEqual({
      ADM_CODIGO: expect.any(Number),
      ADM_USUARIO: body.ADM_USUARIO,
      ADM_NOMBRE: 'Lucía Operadora',
      ADM_CORREO: body.ADM_CORREO,
      PRF_CODIGO: 1,
      PRF_NOMBRE: 'Administrador',
      DRB_CONTADOR: 0,
      ADM_ACTIVO: true,
      EMPRESAS: 0,
    });
    const [stored] = await t.db.select().from(administradores).where(eq(administradores.ADM_CODIGO, row.ADM_CODIGO));
    expect(stored.ADM_CLAVE.startsWith('$argon2id$')).toBe(true);
    const login = await adminLogin(body.ADM_USUARIO, body.clave);
    expect(login.statusCode).toBe(200);
    expect(login.json().usuario).toMatchObject({ PRF_CODIGO: 1, DRB_CONTADOR: 0 });
    const [entry] = await audits(row.ADM_CODIGO);
    expect(entry).toMatchObject({
      ADM_CODIGO: admin.ADM_CODIGO,
      AUD_USUARIO: DEMO.admin.usuario,
      AUD_ACCION: 'creacion',
      AUD_ANTES: null,
      AUD_DESPUES: {
        ADM_USUARIO: body.ADM_USUARIO,
        ADM_NOMBRE: 'Lucía Operadora',
        ADM_CORREO: body.ADM_CORREO,
        PRF_CODIGO: 1,
        DRB_CONTADOR: 0,
        ADM_ACTIVO: true,
      },
    });
    expect(JSON.stringify(entry)).not.toMatch(new RegExp(`${body.clave}|argon2|clave`, 'i'));
  });

  it('un usuario que ya existe (sin distinguir mayúsculas) responde 409 en español', async () => {
    for (const ADM_USUARIO of [DEMO.admin.usuario, DEMO.admin.usuario.toUpperCase()]) {
      const res = await create(newAdmin({ ADM_USUARIO }));
      expect([res.statusCode, res.json()]).toEqual([409, { msg: ADMIN_MSG.taken(ADM_USUARIO) }]);
    }
  });

  it('el perfil debe existir y estar activo (400)', async () => {
    const missing = await create(newAdmin({ PRF_CODIGO: 999 }));
    expect([missing.statusCode, missing.json()]).toEqual([400, { msg: ADMIN_MSG.profileInvalid }]);
    await t.db.update(perfiles).set({ PRF_ACTIVO: false }).where(eq(perfiles.PRF_CODIGO, 4));
    try {
      const inactive = await create(newAdmin({ PRF_CODIGO: 4 }));
      expect([inactive.statusCode, inactive.json()]).toEqual([400, { msg: ADMIN_MSG.profileInvalid }]);
      const { row } = await created();
      const moved = await edit(row.ADM_CODIGO, { PRF_CODIGO: 4 });
      expect([moved.statusCode, moved.json()]).toEqual([400, { msg: ADMIN_MSG.profileInvalid }]);
    } finally {
      await t.db.update(perfiles).set({ PRF_ACTIVO: true }).where(eq(perfiles.PRF_CODIGO, 4));
    }
    const ventas = await create(newAdmin({ PRF_CODIGO: 4 }));
    expect(ventas.statusCode).toBe(201);
    expect(ventas.json()).toMatchObject({ PRF_CODIGO: 4, PRF_NOMBRE: 'Ventas' });
  });

  it.each([
    ['ADM_USUARIO', undefined, 'El campo ADM_USUARIO es obligatorio'],
    ['ADM_USUARIO', 'con espacio', ADMIN_MSG.username],
    ['ADM_NOMBRE', '   ', ADMIN_MSG.name],
    ['ADM_CORREO', 'sin-arroba', 'Ingrese un correo electrónico válido'],
    ['ADM_CORREO', undefined, 'El campo ADM_CORREO es obligatorio'],
    ['PRF_CODIGO', undefined, 'El campo PRF_CODIGO es obligatorio'],
    ['DRB_CONTADOR', 2, ADMIN_MSG.counter],
    ['clave', 'corta', MSG.passwordTooShort],
    ['clave', undefined, 'El campo clave es obligatorio'],
  ])('POST sin %s válido (%s) responde 400: %s', async (field, value, msg) => {
    const body: Record<string, unknown> = newAdmin();
    if (value === undefined) delete body[field];
    else body[field] = value;
    const res = await create(body);
    expect([res.statusCode, res.json()]).toEqual([400, { msg }]);
  });

  it('GET {id} trae el perfil y, de un distribuidor, cuántas empresas tiene; otro id responde 404', async () => {
    const res = await read(distributor.ADM_CODIGO);
    expect(res.statusCode).toBe(200);
    const [{ n }] = await t.db.select({ n: count() }).from(empresas).where(eq(empresas.EMP_DISTRIBUIDOR, distributor.ADM_CODIGO));
    expect(res.json()).toMatchObject({ ADM_USUARIO: DEMO.distribuidor.usuario, PRF_NOMBRE: 'Distribuidor', EMPRESAS: n });
    expect(n).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/argon2|clave/i);
    const missing = await read(999999);
    expect([missing.statusCode, missing.json()]).toEqual([404, { msg: MSG.notFound }]);
    expect((await edit(999999, { ADM_NOMBRE: 'X' })).statusCode).toBe(404);
    expect((await reset(999999)).statusCode).toBe(404);
    expect((await assign(999999, [1])).statusCode).toBe(404);
  });

  it('PUT cambia solo lo indicado, ignora usuario y clave, y audita solo los campos que cambiaron', async () => {
    const { body, row } = await created();
    const res = await edit(row.ADM_CODIGO, {
      ADM_NOMBRE: 'Lucía Cambiada',
      ADM_CORREO: body.ADM_CORREO,
      ADM_USUARIO: 'otro.usuario',
      clave: 'OtraClave2026',
      PRF_NOMBRE: 'ignorado',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ADM_USUARIO: body.ADM_USUARIO, ADM_NOMBRE: 'Lucía Cambiada', ADM_CORREO: body.ADM_CORREO });
    expect((await adminLogin(body.ADM_USUARIO, body.clave)).statusCode).toBe(200);
    const entries = await audits(row.ADM_CODIGO);
    expect(entries.at(-1)).toMatchObject({
      AUD_ACCION: 'edicion',
      AUD_ANTES: { ADM_NOMBRE: 'Lucía Operadora' },
      AUD_DESPUES: { ADM_NOMBRE: 'Lucía Cambiada' },
    });
    // Nothing changed: nothing recorded.
    expect((await edit(row.ADM_CODIGO, { ADM_NOMBRE: 'Lucía Cambiada' })).statusCode).toBe(200);
    expect(await audits(row.ADM_CODIGO)).toHaveLength(entries.length);
    const empty = await edit(row.ADM_CODIGO, { ADM_USUARIO: 'x' });
    expect([empty.statusCode, empty.json()]).toEqual([400, { msg: ADMIN_MSG.noChanges }]);
  });

  it('desactivar cierra sus sesiones (401) y no puede volver a entrar (403); al activarlo entra de nuevo', async () => {
    const { body, row } = await created({ PRF_CODIGO: 2, DRB_CONTADOR: 1 });
    const session = await loginAdmin(t, { usuario: body.ADM_USUARIO, clave: body.clave });
    const home = () => t.app.inject({ method: 'GET', url: `${API}/empresas`, headers: as(session.token) });
    expect((await home()).statusCode).toBe(200);

    const off = await edit(row.ADM_CODIGO, { ADM_ACTIVO: false });
    expect([off.statusCode, off.json().ADM_ACTIVO]).toEqual([200, false]);
    const after = await home();
    expect([after.statusCode, after.json()]).toEqual([401, { msg: MSG.sessionEnded }]);
    const again = await adminLogin(body.ADM_USUARIO, body.clave);
    expect([again.statusCode, again.json()]).toEqual([403, DEACTIVATED]);

    const on = await edit(row.ADM_CODIGO, { ADM_ACTIVO: true });
    expect(on.statusCode).toBe(200);
    expect((await home()).statusCode).toBe(401);
    expect((await adminLogin(body.ADM_USUARIO, body.clave)).statusCode).toBe(200);
    const actions = (await audits(row.ADM_CODIGO)).map((e) => [e.AUD_ACCION, e.AUD_ANTES, e.AUD_DESPUES]);
    expect(actions.slice(-2)).toEqual([
      ['desactivacion', { ADM_ACTIVO: true }, { ADM_ACTIVO: false }],
      ['activacion', { ADM_ACTIVO: false }, { ADM_ACTIVO: true }],
    ]);
  });

  it('cambiar el perfil o DRB_CONTADOR cierra sus sesiones: lo que puede hacer cambió', async () => {
    const { body, row } = await created({ PRF_CODIGO: 2, DRB_CONTADOR: 1 });
    for (const change of [{ DRB_CONTADOR: 0 }, { PRF_CODIGO: 4 }]) {
      const session = await loginAdmin(t, { usuario: body.ADM_USUARIO, clave: body.clave });
      expect((await edit(row.ADM_CODIGO, change)).statusCode).toBe(200);
      const res = await t.app.inject({ method: 'GET', url: `${API}/empresas`, headers: as(session.token) });
      expect(res.statusCode, JSON.stringify(change)).toBe(401);
    }
    expect((await read(row.ADM_CODIGO)).json()).toMatchObject({ PRF_CODIGO: 4, PRF_NOMBRE: 'Ventas', DRB_CONTADOR: 0 });
  });

  it('nadie puede desactivarse ni quitarse el perfil de administrador a sí mismo (409)', async () => {
    // With a second active administrator, the rule that applies is the one about oneself.
    const { body } = await created();
    const other = await loginAdmin(t, { usuario: body.ADM_USUARIO, clave: body.clave });
    const off = await edit(other.ADM_CODIGO, { ADM_ACTIVO: false }, other.token);
    expect([off.statusCode, off.json()]).toEqual([409, { msg: ADMIN_MSG.selfDeactivate }]);
    const profile = await edit(other.ADM_CODIGO, { PRF_CODIGO: 2 }, other.token);
    expect([profile.statusCode, profile.json()]).toEqual([409, { msg: ADMIN_MSG.selfProfile }]);
    // Its own name it may change.
    expect((await edit(other.ADM_CODIGO, { ADM_NOMBRE: 'Yo Mismo' }, other.token)).statusCode).toBe(200);
    const self = await reset(other.ADM_CODIGO, other.token);
    expect([self.statusCode, self.json()]).toEqual([409, { msg: ADMIN_MSG.selfReset }]);
  });

  it('dos administradores que se desactivan mutuamente a la vez: siempre queda uno activo', async () => {
    const [x, y] = [await created(), await created()];
    const [sx, sy] = [
      await loginAdmin(t, { usuario: x.body.ADM_USUARIO, clave: x.body.clave }),
      await loginAdmin(t, { usuario: y.body.ADM_USUARIO, clave: y.body.clave }),
    ];
    // Only x and y remain active administrators.
    const others = await t.db
      .update(administradores)
      .set({ ADM_ACTIVO: false })
      .where(
        and(
          eq(administradores.PRF_CODIGO, 1),
          eq(administradores.ADM_ACTIVO, true),
          ...[sx, sy].map((s) => ne(administradores.ADM_CODIGO, s.ADM_CODIGO)),
        ),
      )
      .returning({ id: administradores.ADM_CODIGO });
    try {
      const results = await Promise.all([
        edit(sy.ADM_CODIGO, { ADM_ACTIVO: false }, sx.token),
        edit(sx.ADM_CODIGO, { ADM_ACTIVO: false }, sy.token),
      ]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(200);
      // The other one either waited and found itself the last (409), or had already lost its session (401).
      expect([401, 409]).toContain(statuses[1]);
      const loser = results.find((r) => r.statusCode !== 200)!;
      expect([ADMIN_MSG.lastAdmin, MSG.sessionEnded]).toContain(loser.json().msg);
      const active = await t.db
        .select()
        .from(administradores)
        .where(and(eq(administradores.PRF_CODIGO, 1), eq(administradores.ADM_ACTIVO, true)));
      expect(active).toHaveLength(1);
    } finally {
      for (const { id } of others) await t.db.update(administradores).set({ ADM_ACTIVO: true }).where(eq(administradores.ADM_CODIGO, id));
    }
  });

  it('restablecer la clave: correo con una clave temporal que sirve una vez para elegir otra, la anterior ya no, y sus sesiones se cierran', async () => {
    const { body, row } = await created({ PRF_CODIGO: 2, DRB_CONTADOR: 1 });
    const session = await loginAdmin(t, { usuario: body.ADM_USUARIO, clave: body.clave });
    const before = (await t.mails()).length;
    const res = await reset(row.ADM_CODIGO);
    expect([res.statusCode, res.json()]).toEqual([200, { msg: ADMIN_MSG.resetSent(body.ADM_CORREO, ADMIN_TEMPORARY_PASSWORD_HOURS) }]);
    const mails = (await t.mails()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: body.ADM_CORREO, subject: 'Amelia: su clave temporal de administración' });
    const temporary = /Clave temporal: (\S+)/.exec(mails[0].text)![1];
    expect(temporary).toHaveLength(12);
    const old = await t.app.inject({ method: 'GET', url: `${API}/empresas`, headers: as(session.token) });
    expect(old.statusCode).toBe(401);
    expect((await adminLogin(body.ADM_USUARIO, body.clave)).statusCode).toBe(401);
    const temporal = await adminLogin(body.ADM_USUARIO, temporary);
    expect([temporal.statusCode, temporal.json().usuario.cambiarClave]).toEqual([200, true]);
    // Until it chooses a new clave, this session may do nothing else (tests/api/administradores-clave.test.ts has the rest).
    const pending = await t.app.inject({ method: 'GET', url: url(), headers: as(temporal.json().usuario.token) });
    expect([pending.statusCode, pending.json()]).toEqual([403, { msg: MSG.mustChangePassword, code: 'CAMBIAR_CLAVE' }]);
    const entry = (await audits(row.ADM_CODIGO)).at(-1)!;
    expect(entry).toMatchObject({ AUD_ACCION: 'clave', AUD_ANTES: null, AUD_DESPUES: { correo: body.ADM_CORREO } });
    expect(JSON.stringify(entry)).not.toContain(temporary);
  });

  it('restablecer la clave de un desactivado o de quien no tiene correo responde 409 y no envía correo', async () => {
    const { body, row } = await created();
    await edit(row.ADM_CODIGO, { ADM_ACTIVO: false });
    const before = (await t.mails()).length;
    const inactive = await reset(row.ADM_CODIGO);
    expect([inactive.statusCode, inactive.json()]).toEqual([409, { msg: ADMIN_MSG.inactiveReset(body.ADM_USUARIO) }]);
    await edit(row.ADM_CODIGO, { ADM_ACTIVO: true, ADM_CORREO: null });
    const noMail = await reset(row.ADM_CODIGO);
    expect([noMail.statusCode, noMail.json()]).toEqual([409, { msg: ADMIN_MSG.noEmail(body.ADM_USUARIO) }]);
    expect(await t.mails()).toHaveLength(before);
  });

  it('PUT {id}/empresas asigna empresas a un distribuidor: historial de cada empresa, auditoría, y el distribuidor las ve', async () => {
    const { body, row } = await created({ PRF_CODIGO: 2, DRB_CONTADOR: 1 });
    const [a, b] = [await registerCompany(t), await registerCompany(t)];
    const res = await assign(row.ADM_CODIGO, [a.EMP_CODIGO, b.EMP_CODIGO, a.EMP_CODIGO]);
    expect([res.statusCode, res.json()]).toEqual([200, { asignadas: 2, EMPRESAS: 2, msg: '2 empresas asignadas' }]);
    expect((await read(row.ADM_CODIGO)).json().EMPRESAS).toBe(2);
    const again = await assign(row.ADM_CODIGO, [a.EMP_CODIGO]);
    expect(again.json()).toEqual({ asignadas: 0, EMPRESAS: 2, msg: '0 empresas asignadas' });

    const session = await loginAdmin(t, { usuario: body.ADM_USUARIO, clave: body.clave });
    const seen = await t.app.inject({ method: 'GET', url: `${API}/empresas`, headers: as(session.token) });
    expect(
      seen
        .json()
        .map((c: { EMP_CODIGO: number }) => c.EMP_CODIGO)
        .sort(),
    ).toEqual([a.EMP_CODIGO, b.EMP_CODIGO].sort());
    const [history] = await t.db
      .select()
      .from(empresasHistorial)
      .where(and(eq(empresasHistorial.EMP_CODIGO, a.EMP_CODIGO), eq(empresasHistorial.HIS_ACCION, 'distribuidor')));
    expect(history).toMatchObject({ HIS_ANTES: { EMP_DISTRIBUIDOR: null }, HIS_DESPUES: { EMP_DISTRIBUIDOR: row.ADM_CODIGO } });
    const entry = (await audits(row.ADM_CODIGO)).at(-1)!;
    expect(entry).toMatchObject({ AUD_ACCION: 'empresas', AUD_DESPUES: { empresas: [a.EMP_CODIGO, b.EMP_CODIGO].sort((x, y) => x - y) } });

    // Taking a company from another distributor.
    const moved = await assign(distributor.ADM_CODIGO, [b.EMP_CODIGO]);
    expect(moved.json()).toMatchObject({ asignadas: 1 });
    expect((await read(row.ADM_CODIGO)).json().EMPRESAS).toBe(1);
  });

  it('PUT {id}/empresas: solo a distribuidores (409); una empresa que no existe responde 404 y no cambia ninguna', async () => {
    const company = await registerCompany(t);
    const notDistributor = await assign(admin.ADM_CODIGO, [company.EMP_CODIGO]);
    expect([notDistributor.statusCode, notDistributor.json()]).toEqual([409, { msg: ADMIN_MSG.notDistributor }]);
    const missing = await assign(distributor.ADM_CODIGO, [company.EMP_CODIGO, 999999]);
    expect([missing.statusCode, missing.json()]).toEqual([404, { msg: MSG.notFound }]);
    const [row] = await t.db.select().from(empresas).where(eq(empresas.EMP_CODIGO, company.EMP_CODIGO));
    expect(row.EMP_DISTRIBUIDOR).toBeNull();
    const empty = await assign(distributor.ADM_CODIGO, []);
    expect([empty.statusCode, empty.json()]).toEqual([400, { msg: 'Indique de 1 a 500 empresas (EMP_CODIGO)' }]);
  });

  it('GET perfiles: las opciones del formulario', async () => {
    const res = await t.app.inject({ method: 'GET', url: url('/perfiles'), headers: as(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([
        { PRF_CODIGO: 1, PRF_NOMBRE: 'Administrador', PRF_ACTIVO: true },
        { PRF_CODIGO: 2, PRF_NOMBRE: 'Distribuidor', PRF_ACTIVO: true },
      ]),
    );
  });
});
