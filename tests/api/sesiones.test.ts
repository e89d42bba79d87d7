import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, jwtPayload, loginAdmin, loginCompany, registerCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { administradores, empresas, sesiones, usuarios } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';
import { endAdminSessions, endUserSessions } from '../../server/modules/sesion/repo';

const ENDED = { msg: 'Su sesión fue cerrada. Inicie sesión nuevamente.' };

describe.each(testDatabases)('sesiones: cierre, cambio de clave y revocación (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const as = (token: string) => ({ 'x-token': token });
  const miEmpresa = (token: string, app = t.app) => app.inject({ method: 'GET', url: `${API}/miEmpresa`, headers: as(token) });
  // A call every signed-in administration user may make, whatever its menu (the home's tickets card).
  const adminCall = (token: string) => t.app.inject({ method: 'GET', url: `${API}/soporte/resumen`, headers: as(token) });
  const enter = (token: string, ruc: string) =>
    t.app.inject({ method: 'POST', url: `${API}/loginDistribuidor`, headers: as(token), payload: { ruc } });
  /** A distributor of its own (with one company), so deactivating it does not disturb the other tests. */
  async function newDistributor() {
    const usuario = `dist${Math.random().toString(36).slice(2, 8)}`;
    const [row] = await t.db
      .insert(administradores)
      .values({
        ADM_USUARIO: usuario,
        ADM_CLAVE: await hashPassword('Distribuidor2026'),
        ADM_NOMBRE: 'Distribuidor de prueba',
        PRF_CODIGO: 2,
        DRB_CONTADOR: 1,
      })
      .returning();
    const company = await registerCompany(t);
    await t.db.update(empresas).set({ EMP_DISTRIBUIDOR: row.ADM_CODIGO }).where(eq(empresas.EMP_CODIGO, company.EMP_CODIGO));
    return { row, company, login: { usuario, clave: 'Distribuidor2026' } };
  }

  it('el token lleva el id de su sesión (jti), registrada con su vencimiento', async () => {
    const session = await loginCompany(t);
    const { jti, exp } = jwtPayload(session.token);
    if (typeof jti !== 'string') throw new Error('el token no tiene jti');
    const [row] = await t.db.select().from(sesiones).where(eq(sesiones.SES_ID, jti));
    expect(row).toMatchObject({
      SES_TIPO: 'empresa',
      USU_CODIGO: session.USU_CODIGO,
      ADM_CODIGO: null,
      SES_CAMBIAR_CLAVE: false,
      SES_REVOCADA: null,
    });
    expect(Math.abs(row.SES_VENCE.getTime() - exp * 1000)).toBeLessThan(2000);
  });

  it('un cambio escrito en la base por cualquier camino (no solo por la API) vale desde la llamada siguiente', async () => {
    // The guards may reuse a session check (PGlite); a write to the tables it reads must end that reuse at once.
    const company = await registerCompany(t);
    const session = await loginCompany(t, company.login);
    const user = eq(usuarios.USU_CODIGO, session.USU_CODIGO);
    for (let i = 0; i < 3; i++) expect((await miEmpresa(session.token)).statusCode).toBe(200);
    await t.db.update(usuarios).set({ USU_ACTIVO: false }).where(user);
    expect((await miEmpresa(session.token)).statusCode).toBe(403);
    await t.db.update(usuarios).set({ USU_ACTIVO: true }).where(user);
    expect((await miEmpresa(session.token)).statusCode).toBe(200);
    await t.db.update(empresas).set({ EMP_ACTIVO: false }).where(eq(empresas.EMP_CODIGO, company.EMP_CODIGO));
    expect((await miEmpresa(session.token)).statusCode).toBe(403);

    const { row, login } = await newDistributor();
    const admin = await loginAdmin(t, login);
    for (let i = 0; i < 3; i++) expect((await adminCall(admin.token)).statusCode).not.toBe(401);
    await t.db.update(sesiones).set({ SES_REVOCADA: new Date() }).where(eq(sesiones.ADM_CODIGO, row.ADM_CODIGO));
    expect(await adminCall(admin.token).then((r) => [r.statusCode, r.json()])).toEqual([401, ENDED]);
  });

  it('POST /logout cierra la sesión de empresa en todas las instancias; las demás sesiones del usuario siguen', async () => {
    const other = await t.otherInstance();
    const [first, second] = [await loginCompany(t), await loginCompany(t)];
    expect((await miEmpresa(first.token, other)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: `${API}/logout`, headers: as(first.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Sesión cerrada' });
    for (const app of [t.app, other]) {
      const after = await miEmpresa(first.token, app);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual(ENDED);
    }
    expect((await miEmpresa(second.token, other)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `${API}/logout` })).statusCode).toBe(401);
  });

  it('POST /logoutAdmin cierra la sesión de administración', async () => {
    const admin = await loginAdmin(t);
    expect((await adminCall(admin.token)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: `${API}/logoutAdmin`, headers: as(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Sesión cerrada' });
    expect(await adminCall(admin.token).then((r) => [r.statusCode, r.json()])).toEqual([401, ENDED]);
    const company = await loginCompany(t);
    expect((await t.app.inject({ method: 'POST', url: `${API}/logoutAdmin`, headers: as(company.token) })).statusCode).toBe(403);
  });

  it('un token firmado sin sesión registrada no sirve', async () => {
    const { token } = await t.ctx.tokens.sign({ kind: 'empresa' }, 3600);
    expect(await miEmpresa(token).then((r) => [r.statusCode, r.json()])).toEqual([401, { msg: MSG.notAuthenticated }]);
  });

  it('PUT /clave: la clave actual incorrecta responde 400; la correcta cambia la clave y cierra las demás sesiones del usuario', async () => {
    const company = await registerCompany(t);
    const [current, other] = [await loginCompany(t, company.login), await loginCompany(t, company.login)];
    const change = (payload: object, token = current.token) =>
      t.app.inject({ method: 'PUT', url: `${API}/clave`, headers: as(token), payload });
    const wrong = await change({ claveActual: 'no-es-la-clave', claveNueva: 'NuevaClave2026' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ msg: 'La clave actual no es correcta' });
    expect((await change({ claveNueva: 'NuevaClave2026' })).json()).toEqual({ msg: 'El campo claveActual es obligatorio' });
    expect((await change({ claveActual: company.login.clave, claveNueva: 'corta' })).json()).toEqual({
      msg: 'La clave debe tener al menos 8 caracteres',
    });
    expect((await change({ claveActual: company.login.clave, claveNueva: company.login.clave })).json()).toEqual({
      msg: 'La clave nueva debe ser distinta de la actual',
    });
    expect((await miEmpresa(other.token)).statusCode).toBe(200);

    const ok = await change({ claveActual: company.login.clave, claveNueva: 'NuevaClave2026' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ msg: 'Su clave fue cambiada. Las demás sesiones abiertas con su usuario se cerraron.' });
    expect((await miEmpresa(current.token)).statusCode).toBe(200);
    expect(await miEmpresa(other.token).then((r) => [r.statusCode, r.json()])).toEqual([401, ENDED]);
    const login = (clave: string) => t.app.inject({ method: 'POST', url: `${API}/login`, payload: { ...company.login, clave } });
    expect((await login(company.login.clave)).statusCode).toBe(401);
    expect((await login('NuevaClave2026')).statusCode).toBe(200);
  });

  it('PUT /claveAdmin: el administrador cambia su clave y sus otras sesiones terminan', async () => {
    const { row, login, company } = await newDistributor();
    const [current, other] = [await loginAdmin(t, login), await loginAdmin(t, login)];
    const inside = await enter(other.token, company.EMP_RUC);
    expect(inside.statusCode, inside.body).toBe(200);
    const change = (payload: object) => t.app.inject({ method: 'PUT', url: `${API}/claveAdmin`, headers: as(current.token), payload });
    expect((await change({ claveActual: 'incorrecta', claveNueva: 'OtraClave2026' })).json()).toEqual({
      msg: 'La clave actual no es correcta',
    });
    const ok = await change({ claveActual: login.clave, claveNueva: 'OtraClave2026' });
    expect(ok.statusCode).toBe(200);
    expect((await adminCall(current.token)).statusCode).toBe(200);
    expect((await adminCall(other.token)).statusCode).toBe(401);
    expect((await miEmpresa(inside.json().usuario.token)).statusCode).toBe(401);
    const [stored] = await t.db.select().from(administradores).where(eq(administradores.ADM_CODIGO, row.ADM_CODIGO));
    expect(stored.ADM_CLAVE.startsWith('$argon2id$')).toBe(true);
    expect((await loginAdmin(t, { ...login, clave: 'OtraClave2026' })).ADM_USUARIO).toBe(login.usuario);
  });

  it('desactivar a un usuario y terminar sus sesiones (endUserSessions) lo deja fuera aunque lo reactiven', async () => {
    const company = await registerCompany(t);
    const session = await loginCompany(t, company.login);
    await t.db.update(usuarios).set({ USU_ACTIVO: false }).where(eq(usuarios.USU_CODIGO, session.USU_CODIGO));
    await endUserSessions(t.db, session.USU_CODIGO);
    await t.db.update(usuarios).set({ USU_ACTIVO: true }).where(eq(usuarios.USU_CODIGO, session.USU_CODIGO));
    expect(await miEmpresa(session.token).then((r) => [r.statusCode, r.json()])).toEqual([401, ENDED]);
    expect((await loginCompany(t, company.login)).token).not.toBe(session.token);
  });

  it('desactivar a un distribuidor termina sus sesiones, también las que abrió dentro de sus empresas', async () => {
    const { row, login, company } = await newDistributor();
    const admin = await loginAdmin(t, login);
    const inside = (await enter(admin.token, company.EMP_RUC)).json().usuario;
    expect((await miEmpresa(inside.token)).statusCode).toBe(200);
    // the deactivation alone already closes the way in (the guard reads the distributor's active flag)...
    await t.db.update(administradores).set({ ADM_ACTIVO: false }).where(eq(administradores.ADM_CODIGO, row.ADM_CODIGO));
    const blocked = await miEmpresa(inside.token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ msg: MSG.deactivatedTitle, code: 'USUARIO_DESACTIVADO' });
    // ...and ending its sessions keeps them closed when it is reactivated
    await endAdminSessions(t.db, row.ADM_CODIGO);
    await t.db.update(administradores).set({ ADM_ACTIVO: true }).where(eq(administradores.ADM_CODIGO, row.ADM_CODIGO));
    expect(await miEmpresa(inside.token).then((r) => [r.statusCode, r.json()])).toEqual([401, ENDED]);
    expect(await adminCall(admin.token).then((r) => [r.statusCode, r.json()])).toEqual([401, ENDED]);
  });

  it('las sesiones vencidas se borran al iniciar otra', async () => {
    const session = await loginCompany(t);
    const jti = String(jwtPayload(session.token).jti);
    await t.db
      .update(sesiones)
      .set({ SES_VENCE: new Date(Date.now() - 1000) })
      .where(eq(sesiones.SES_ID, jti));
    await loginAdmin(t, DEMO.admin);
    expect(await t.db.select().from(sesiones).where(eq(sesiones.SES_ID, jti))).toHaveLength(0);
  });
});
