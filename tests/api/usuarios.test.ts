import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, loginAdmin, loginCompany, registerCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { USUARIOS_MSG } from '../../domain/clientes';
import { ROLE_REFUSED_CODE } from '../../domain/constants';
import { empresas, empresasHistorial, usuarios } from '../../server/infra/db/schema';

const USERS = '/api/usuarios';
/** Only the administrator reads and manages the company's users (domain/roles.ts). */
const FORBIDDEN = { msg: MSG.roleRefused, code: ROLE_REFUSED_CODE };
const NOT_FOUND = { msg: MSG.notFound };
const DEACTIVATED = { msg: MSG.deactivatedTitle, code: 'USUARIO_DESACTIVADO' };

class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.text += chunk.toString('utf8');
    done();
  }
}

type Row = {
  USU_CODIGO: number;
  USU_USUARIO: string;
  USU_NOMBRE: string | null;
  USU_CORREO: string | null;
  USU_ROL: string;
  USU_ACTIVO: boolean;
};

describe.each(testDatabases)('usuarios de la propia empresa: /api/usuarios (%s)', (kind) => {
  let t: TestApp;
  const logs = new LogCapture();
  /** Every temporary clave the API answered: none may appear in a log line. */
  const claves: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(kind, { logLevel: 'debug' }, { logStream: logs });
  });
  afterAll(() => t.close());

  const as = (token: string) => ({ 'x-token': token });
  const list = (token: string, query: Record<string, unknown> = {}) => {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    return t.app.inject({ method: 'GET', url: `${USERS}?${search}`, headers: as(token) });
  };
  const get = (token: string, id: number | string) => t.app.inject({ method: 'GET', url: `${USERS}/${id}`, headers: as(token) });
  const create = (token: string, payload: object) => t.app.inject({ method: 'POST', url: USERS, headers: as(token), payload });
  const edit = (token: string, id: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `${USERS}/${id}`, headers: as(token), payload });
  const reset = (token: string, id: number) => t.app.inject({ method: 'POST', url: `${USERS}/${id}/clave`, headers: as(token) });
  const login = (payload: object) => t.app.inject({ method: 'POST', url: `${API}/login`, payload });
  /** The plan card of the company home: a call every role makes. */
  const home = (token: string) => t.app.inject({ method: 'GET', url: `${API}/miEmpresa/plan`, headers: as(token) });
  const choosePassword = (token: string, claveNueva: string) =>
    t.app.inject({ method: 'PUT', url: `${API}/clave`, headers: as(token), payload: { claveNueva } });

  let serial = 0;
  const newUser = (overrides: Record<string, unknown> = {}) => {
    serial += 1;
    return {
      USU_USUARIO: `vendedor.${serial}`,
      USU_NOMBRE: 'José Peña',
      USU_CORREO: `vendedor${serial}@prueba.ec`,
      USU_ROL: 'vendedor',
      ...overrides,
    };
  };

  /** A registered company signed in as its first user (an administrador). */
  async function companyAdmin() {
    const company = await registerCompany(t);
    const session = await loginCompany(t, company.login);
    return { company, session, token: session.token };
  }
  /** Creates a user through the API (201) and returns it with its temporary clave. */
  async function addUser(token: string, overrides: Record<string, unknown> = {}) {
    const body = newUser(overrides);
    const res = await create(token, body);
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json() as Row & { claveTemporal: string };
    claves.push(user.claveTemporal);
    return { body, user };
  }
  /** A created user who signed in with the temporary clave and chose their own: their token works everywhere. */
  async function signedInUser(admin: Awaited<ReturnType<typeof companyAdmin>>, overrides: Record<string, unknown> = {}) {
    const { body, user } = await addUser(admin.token, overrides);
    const first = await loginCompany(t, { ruc: admin.company.EMP_RUC, usuario: body.USU_USUARIO, clave: user.claveTemporal });
    const clave = `ClavePropia${serial}2026`;
    expect((await choosePassword(first.token, clave)).statusCode).toBe(200);
    return { body, user, clave, token: first.token };
  }

  it('el inicio de sesión de empresa responde el rol del usuario', async () => {
    const { session } = await companyAdmin();
    expect(session).toMatchObject({ USU_ROL: 'administrador' });
  });

  it('GET lista los usuarios de la empresa de la sesión, con orden, filtros y total, sin claves', async () => {
    const admin = await companyAdmin();
    const { user: seller } = await addUser(admin.token, { USU_NOMBRE: 'José Peña' });
    const { user: accountant } = await addUser(admin.token, { USU_NOMBRE: 'Ana Contable', USU_ROL: 'contador' });
    const other = await companyAdmin();
    await addUser(other.token, { USU_NOMBRE: 'De Otra Empresa' });

    const res = await list(admin.token, { sort: ['USU_CODIGO', 'ASC'], range: [0, 24] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('usuarios 0-2/3');
    const withoutClave = ({ claveTemporal: _, ...row }: Row & { claveTemporal: string }) => row;
    expect(res.json()).toEqual([
      {
        USU_CODIGO: admin.session.USU_CODIGO,
        USU_USUARIO: admin.company.body.usuario,
        USU_NOMBRE: admin.company.body.usuario,
        USU_CORREO: admin.company.body.email,
        USU_ROL: 'administrador',
        USU_ACTIVO: true,
      },
      withoutClave(seller),
      withoutClave(accountant),
    ]);
    expect(res.body).not.toMatch(/argon2|clave/i);

    const names = async (query: Record<string, unknown>) => {
      const page = await list(admin.token, query);
      expect(page.statusCode, page.body).toBe(200);
      return (page.json() as Row[]).map((row) => row.USU_CODIGO);
    };
    expect(await names({ filter: { q: 'pena' } })).toEqual([seller.USU_CODIGO]);
    expect(await names({ filter: { q: 'JOSÉ' } })).toEqual([seller.USU_CODIGO]);
    expect(await names({ filter: { USU_ROL: 'contador' } })).toEqual([accountant.USU_CODIGO]);
    expect(await names({ filter: { USU_ROL: ['vendedor', 'contador'] }, sort: ['USU_CODIGO', 'DESC'] })).toEqual([
      accountant.USU_CODIGO,
      seller.USU_CODIGO,
    ]);
    expect(await names({ filter: { USU_ACTIVO: false } })).toEqual([]);
    expect(await names({ filter: { id: [seller.USU_CODIGO, accountant.USU_CODIGO] }, sort: ['USU_ROL', 'ASC'] })).toEqual([
      accountant.USU_CODIGO,
      seller.USU_CODIGO,
    ]);
    const paged = await list(admin.token, { sort: ['USU_CODIGO', 'ASC'], range: [1, 1] });
    expect(paged.headers['content-range']).toBe('usuarios 1-1/3');

    expect((await list(admin.token, { filter: { USU_ROL: 'gerente' } })).json()).toEqual({ msg: 'El filtro USU_ROL no es válido' });
    const badSort = await list(admin.token, { sort: ['USU_CLAVE', 'ASC'] });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().msg).toMatch(/^Solo se puede ordenar por /);
    expect((await list(admin.token, { filter: { EMP_CODIGO: 1 } })).statusCode).toBe(400);
  });

  it('GET {id}: el usuario de la empresa; el de otra empresa o uno inexistente responde 404', async () => {
    const admin = await companyAdmin();
    const { user } = await addUser(admin.token);
    const other = await companyAdmin();
    const res = await get(admin.token, user.USU_CODIGO);
    expect(res.statusCode).toBe(200);
    const { claveTemporal: _, ...row } = user;
    expect(res.json()).toEqual(row);
    for (const [token, id] of [
      [other.token, user.USU_CODIGO],
      [admin.token, other.session.USU_CODIGO],
      [admin.token, 2147483647],
    ] as const) {
      const missing = await get(token, id);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(NOT_FOUND);
    }
    expect((await get(admin.token, 'abc')).statusCode).toBe(400);
  });

  it('POST crea el usuario (201) con una clave temporal que se muestra una vez; quien entra con ella debe elegir una nueva', async () => {
    const admin = await companyAdmin();
    const { body, user } = await addUser(admin.token, { USU_NOMBRE: '  Pedro Vendedor ', USU_ROL: 'vendedor' });
    expect(user).toEqual({
      USU_CODIGO: expect.any(Number),
      USU_USUARIO: body.USU_USUARIO,
      USU_NOMBRE: 'Pedro Vendedor',
      USU_CORREO: body.USU_CORREO,
      USU_ROL: 'vendedor',
      USU_ACTIVO: true,
      claveTemporal: expect.stringMatching(/^[A-Za-z0-9]{12}$/),
    });
    const [row] = await t.db.select().from(usuarios).where(eq(usuarios.USU_CODIGO, user.USU_CODIGO));
    expect(row).toMatchObject({ COM_CODIGO: admin.company.EMP_CODIGO, USU_ROL: 'vendedor' });
    expect(row.USU_CLAVE.startsWith('$argon2id$')).toBe(true);
    expect(row.USU_CLAVE_TEMPORAL?.startsWith('$argon2id$')).toBe(true);
    // Valid for days, not the recovery's hour: the administrator hands it over.
    expect(row.USU_CLAVE_TEMPORAL_VENCE!.getTime() - Date.now()).toBeGreaterThan(71 * 3600_000);
    const history = await t.db
      .select()
      .from(empresasHistorial)
      .where(and(eq(empresasHistorial.EMP_CODIGO, admin.company.EMP_CODIGO), eq(empresasHistorial.HIS_ACCION, 'usuario')));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      HIS_USUARIO: admin.company.body.usuario,
      USU_CODIGO: admin.session.USU_CODIGO,
      HIS_DESCRIPCION: `Se creó el usuario ${body.USU_USUARIO} (Vendedor) con una clave temporal`,
    });
    expect(JSON.stringify(history)).not.toContain(user.claveTemporal);

    const credentials = { ruc: admin.company.EMP_RUC, usuario: body.USU_USUARIO };
    const wrong = await login({ ...credentials, clave: 'NoEsLaClave2026' });
    expect(wrong.statusCode).toBe(401);
    const first = await loginCompany(t, { ...credentials, clave: user.claveTemporal });
    expect(first).toMatchObject({ cambiarClave: true, USU_ROL: 'vendedor', USU_CODIGO: user.USU_CODIGO });
    const blocked = await list(first.token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ msg: MSG.mustChangePassword, code: 'CAMBIAR_CLAVE' });
    expect((await choosePassword(first.token, 'MiClaveNueva2026')).statusCode).toBe(200);
    expect((await home(first.token)).statusCode).toBe(200);
    // The users are the administrator's: a seller does not read them.
    expect((await list(first.token)).json()).toEqual(FORBIDDEN);
    // The temporary clave was used up; the chosen one works and asks for nothing more.
    expect((await login({ ...credentials, clave: user.claveTemporal })).statusCode).toBe(401);
    expect(await loginCompany(t, { ...credentials, clave: 'MiClaveNueva2026' })).toMatchObject({ cambiarClave: false });
  });

  /** One company for every validation case. */
  let validating: ReturnType<typeof companyAdmin> | undefined;
  it.each([
    ['USU_USUARIO', undefined, 'El campo USU_USUARIO es obligatorio'],
    ['USU_USUARIO', 'con espacio', 'El usuario debe tener de 3 a 60 letras, números, puntos, guiones o guiones bajos, sin espacios'],
    ['USU_NOMBRE', undefined, 'El campo USU_NOMBRE es obligatorio'],
    ['USU_NOMBRE', '   ', 'Ingrese el nombre del usuario (hasta 150 caracteres)'],
    ['USU_CORREO', 'no-es-correo', 'Ingrese un correo electrónico válido'],
    ['USU_ROL', undefined, 'El campo USU_ROL es obligatorio'],
    ['USU_ROL', 'gerente', USUARIOS_MSG.rol],
  ])('POST con %s = %j responde 400 en español', async (field, value, msg) => {
    validating ??= companyAdmin();
    const { token } = await validating;
    const res = await create(token, newUser({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg });
  });

  it('POST con un usuario que la empresa ya tiene responde 409; otra empresa sí puede usar ese nombre', async () => {
    const admin = await companyAdmin();
    const { body } = await addUser(admin.token);
    const again = await create(admin.token, newUser({ USU_USUARIO: body.USU_USUARIO }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: `La empresa ya tiene un usuario ${body.USU_USUARIO}. Elija otro nombre de usuario.` });
    const own = await create(admin.token, newUser({ USU_USUARIO: admin.company.body.usuario }));
    expect(own.statusCode).toBe(409);
    const other = await companyAdmin();
    await addUser(other.token, { USU_USUARIO: body.USU_USUARIO });
  });

  it('un vendedor o un contador no lee los usuarios ni puede crear, editar ni dar claves (403 ROL_SIN_PERMISO)', async () => {
    const admin = await companyAdmin();
    const seller = await signedInUser(admin, { USU_ROL: 'vendedor' });
    const accountant = await signedInUser(admin, { USU_ROL: 'contador' });
    for (const { token } of [seller, accountant]) {
      for (const res of [
        await list(token),
        await get(token, admin.session.USU_CODIGO),
        await create(token, newUser()),
        await edit(token, seller.user.USU_CODIGO, { USU_NOMBRE: 'Otro' }),
        await edit(token, admin.session.USU_CODIGO, { USU_ACTIVO: false }),
        await reset(token, admin.session.USU_CODIGO),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN);
      }
    }
    // The role is read on every call: promoted, the seller may manage users at once.
    expect((await edit(admin.token, seller.user.USU_CODIGO, { USU_ROL: 'administrador' })).statusCode).toBe(200);
    expect((await edit(seller.token, accountant.user.USU_CODIGO, { USU_NOMBRE: 'Ana María' })).statusCode).toBe(200);
  });

  it('PUT cambia nombre, correo, rol y estado (200); sin datos 400; de otra empresa o inexistente 404', async () => {
    const admin = await companyAdmin();
    const { user } = await addUser(admin.token);
    const res = await edit(admin.token, user.USU_CODIGO, {
      USU_NOMBRE: ' María Contable ',
      USU_CORREO: 'maria@prueba.ec',
      USU_ROL: 'contador',
      USU_ACTIVO: false,
      // Fields an edit does not change are ignored (react-admin sends the whole record).
      USU_USUARIO: 'otro.nombre',
      USU_CODIGO: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      USU_CODIGO: user.USU_CODIGO,
      USU_USUARIO: user.USU_USUARIO,
      USU_NOMBRE: 'María Contable',
      USU_CORREO: 'maria@prueba.ec',
      USU_ROL: 'contador',
      USU_ACTIVO: false,
    });
    const empty = await edit(admin.token, user.USU_CODIGO, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ msg: 'Indique al menos un dato del usuario para cambiar' });
    const badRole = await edit(admin.token, user.USU_CODIGO, { USU_ROL: 'dueño' });
    expect(badRole.json()).toEqual({ msg: USUARIOS_MSG.rol });

    const other = await companyAdmin();
    for (const res of [
      await edit(other.token, user.USU_CODIGO, { USU_NOMBRE: 'Intruso' }),
      await reset(other.token, user.USU_CODIGO),
      await edit(admin.token, 2147483647, { USU_NOMBRE: 'Nadie' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const [row] = await t.db.select().from(usuarios).where(eq(usuarios.USU_CODIGO, user.USU_CODIGO));
    expect(row.USU_NOMBRE).toBe('María Contable');
  });

  it('nadie se desactiva ni se quita el rol de administrador a sí mismo, ni se da una clave temporal (409)', async () => {
    const admin = await companyAdmin();
    const self = admin.session.USU_CODIGO;
    for (const [payload, msg] of [
      [{ USU_ACTIVO: false }, USUARIOS_MSG.propioDesactivar],
      [{ USU_ROL: 'vendedor' }, USUARIOS_MSG.propioRol],
      [{ USU_ROL: 'contador', USU_NOMBRE: 'Otro' }, USUARIOS_MSG.propioRol],
    ] as const) {
      const res = await edit(admin.token, self, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ msg });
    }
    const ownReset = await reset(admin.token, self);
    expect(ownReset.statusCode).toBe(409);
    expect(ownReset.json()).toEqual({ msg: USUARIOS_MSG.propiaClave });
    // Its own name and email it may change.
    expect((await edit(admin.token, self, { USU_NOMBRE: 'Dueña', USU_ACTIVO: true, USU_ROL: 'administrador' })).json()).toMatchObject({
      USU_NOMBRE: 'Dueña',
      USU_ROL: 'administrador',
      USU_ACTIVO: true,
    });
  });

  it('la empresa conserva al menos un administrador activo (409), también ante un distribuidor que actúa como administrador', async () => {
    const admin = await companyAdmin();
    const second = await signedInUser(admin, { USU_ROL: 'administrador' });
    const seller = await addUser(admin.token, { USU_ROL: 'vendedor' });
    // Two administrators: one may demote or deactivate the other.
    expect((await edit(second.token, admin.session.USU_CODIGO, { USU_ROL: 'contador' })).statusCode).toBe(200);
    expect((await edit(admin.token, seller.user.USU_CODIGO, { USU_NOMBRE: 'x' })).statusCode).toBe(403);

    // A distributor inside the company, as the seller, acts as its administrator; the second administrator is the last one.
    const distributor = await loginAdmin(t, DEMO.distribuidor);
    await t.db.update(empresas).set({ EMP_DISTRIBUIDOR: distributor.ADM_CODIGO }).where(eq(empresas.EMP_CODIGO, admin.company.EMP_CODIGO));
    const entered = await t.app.inject({
      method: 'POST',
      url: `${API}/loginDistribuidor`,
      headers: as(distributor.token),
      payload: { ruc: admin.company.EMP_RUC, usuario: seller.body.USU_USUARIO },
    });
    expect(entered.statusCode, entered.body).toBe(200);
    const inside = entered.json().usuario as { token: string; USU_ROL: string };
    expect(inside.USU_ROL).toBe('administrador');
    for (const payload of [{ USU_ROL: 'vendedor' }, { USU_ACTIVO: false }, { USU_ROL: 'contador', USU_ACTIVO: false }]) {
      const res = await edit(inside.token, second.user.USU_CODIGO, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ msg: USUARIOS_MSG.ultimoAdministrador });
    }
    // Once another user is an active administrator, the change goes through.
    expect((await edit(inside.token, admin.session.USU_CODIGO, { USU_ROL: 'administrador' })).statusCode).toBe(200);
    expect((await edit(inside.token, second.user.USU_CODIGO, { USU_ROL: 'vendedor' })).statusCode).toBe(200);
    const administrators = await t.db
      .select()
      .from(usuarios)
      .where(and(eq(usuarios.COM_CODIGO, admin.company.EMP_CODIGO), eq(usuarios.USU_ROL, 'administrador')));
    expect(administrators.map((u) => u.USU_CODIGO)).toEqual([admin.session.USU_CODIGO]);
  });

  it('dos cambios simultáneos no dejan a la empresa sin administrador activo', async () => {
    const admin = await companyAdmin();
    const second = await signedInUser(admin, { USU_ROL: 'administrador' });
    const results = await Promise.all([
      edit(admin.token, second.user.USU_CODIGO, { USU_ACTIVO: false }),
      edit(second.token, admin.session.USU_CODIGO, { USU_ACTIVO: false }),
    ]);
    const statuses = results.map((res) => res.statusCode).sort();
    // The first change wins; the other is refused: by the guard (its author was just deactivated) or by the rule.
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const active = await t.db
      .select()
      .from(usuarios)
      .where(and(eq(usuarios.COM_CODIGO, admin.company.EMP_CODIGO), eq(usuarios.USU_ROL, 'administrador'), eq(usuarios.USU_ACTIVO, true)));
    expect(active).toHaveLength(1);
  });

  it('desactivar a un usuario corta su token al instante; al reactivarlo, sus sesiones anteriores quedan cerradas', async () => {
    const admin = await companyAdmin();
    const seller = await signedInUser(admin);
    const credentials = { ruc: admin.company.EMP_RUC, usuario: seller.body.USU_USUARIO, clave: seller.clave };
    expect((await home(seller.token)).statusCode).toBe(200);
    const off = await edit(admin.token, seller.user.USU_CODIGO, { USU_ACTIVO: false });
    expect(off.json()).toMatchObject({ USU_ACTIVO: false });
    const refused = await home(seller.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(DEACTIVATED);
    const signIn = await login(credentials);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual(DEACTIVATED);

    expect((await edit(admin.token, seller.user.USU_CODIGO, { USU_ACTIVO: true })).statusCode).toBe(200);
    const old = await home(seller.token);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ msg: MSG.sessionEnded });
    const again = await loginCompany(t, credentials);
    expect((await home(again.token)).statusCode).toBe(200);
  });

  it('POST {id}/clave da una clave temporal nueva (200); con ella se entra y se debe elegir otra; desactivado 409', async () => {
    const admin = await companyAdmin();
    const seller = await signedInUser(admin);
    const res = await reset(admin.token, seller.user.USU_CODIGO);
    expect(res.statusCode).toBe(200);
    const { msg, claveTemporal } = res.json() as { msg: string; claveTemporal: string };
    claves.push(claveTemporal);
    expect(claveTemporal).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(msg).toBe(
      `Clave temporal de ${seller.body.USU_USUARIO}: entréguesela; vence en 72 horas y al ingresar deberá elegir una clave nueva.`,
    );
    const credentials = { ruc: admin.company.EMP_RUC, usuario: seller.body.USU_USUARIO };
    const session = await loginCompany(t, { ...credentials, clave: claveTemporal });
    expect(session.cambiarClave).toBe(true);
    expect((await get(session.token, seller.user.USU_CODIGO)).json()).toEqual({ msg: MSG.mustChangePassword, code: 'CAMBIAR_CLAVE' });
    // Using it ended the temporary clave; the user's own clave still works until changed.
    expect(await loginCompany(t, { ...credentials, clave: seller.clave })).toMatchObject({ cambiarClave: false });

    expect((await edit(admin.token, seller.user.USU_CODIGO, { USU_ACTIVO: false })).statusCode).toBe(200);
    const inactive = await reset(admin.token, seller.user.USU_CODIGO);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json()).toEqual({
      msg: `El usuario ${seller.body.USU_USUARIO} está desactivado: actívelo antes de restablecer su clave`,
    });
  });

  it('un token de la administración recibe 403 y sin token 401, en cada ruta', async () => {
    const adminToken = (await loginAdmin(t)).token;
    const calls = (token?: string) => {
      const headers = token ? as(token) : {};
      return Promise.all([
        t.app.inject({ method: 'GET', url: USERS, headers }),
        t.app.inject({ method: 'GET', url: `${USERS}/1`, headers }),
        t.app.inject({ method: 'POST', url: USERS, headers, payload: newUser() }),
        t.app.inject({ method: 'PUT', url: `${USERS}/1`, headers, payload: { USU_NOMBRE: 'x' } }),
        t.app.inject({ method: 'POST', url: `${USERS}/1/clave`, headers }),
      ]);
    };
    for (const res of await calls(adminToken)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: MSG.forbidden });
    }
    for (const res of await calls()) expect(res.statusCode).toBe(401);
  });

  it('ninguna clave temporal ni su hash llega a los registros', () => {
    expect(claves.length).toBeGreaterThan(5);
    for (const clave of claves) expect(logs.text).not.toContain(clave);
    expect(logs.text).not.toContain('$argon2id$');
  });
});
