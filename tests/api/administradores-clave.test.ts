/**
 * Restablecer la clave de un usuario de administración (POST administradores/{id}/clave): a temporary clave, mailed,
 * that works once for ADMIN_TEMPORARY_PASSWORD_HOURS and leads to choosing a new one, as a company user's recovery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, loginAdmin } from '../helpers/accounts';
import { MSG } from '../../domain/messages';
import { ADMIN_TEMPORARY_PASSWORD_HOURS, MUST_CHANGE_PASSWORD_CODE } from '../../domain/constants';
import { administradores, auditoria, empresas, sesiones } from '../../server/infra/db/schema';
import { verifyPassword } from '../../server/infra/passwords';

const MUST_CHANGE = { msg: MSG.mustChangePassword, code: MUST_CHANGE_PASSWORD_CODE };
const LOGIN_FAILED = { msg: MSG.adminLoginFailed };

describe.each(testDatabases)('restablecer la clave de administración (%s)', (kind) => {
  let t: TestApp;
  let admin: { token: string; ADM_CODIGO: number };
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await loginAdmin(t);
  });
  afterAll(() => t.close());

  const as = (token: string) => ({ 'x-token': token });
  const call = (method: 'GET' | 'POST' | 'PUT', path: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${path}`, headers: as(token), ...(payload ? { payload } : {}) });
  const login = (usuario: string, clave: string) => t.app.inject({ method: 'POST', url: `${API}/loginAdmin`, payload: { usuario, clave } });
  const row = async (id: number) => (await t.db.select().from(administradores).where(eq(administradores.ADM_CODIGO, id)))[0];

  let serial = 0;
  /** A new administration user (an administrator unless told), signed in once with its initial clave. */
  async function person(overrides: Record<string, unknown> = {}) {
    serial += 1;
    const body = {
      ADM_USUARIO: `clave.${serial}_${Date.now() % 100000}`,
      ADM_NOMBRE: 'Rosa Restablecida',
      ADM_CORREO: `rosa${serial}.${Date.now() % 100000}@amelia.ec`,
      PRF_CODIGO: 1,
      clave: 'ClaveInicial2026',
      ...overrides,
    };
    const res = await call('POST', '/administradores', admin.token, body);
    expect(res.statusCode, res.body).toBe(201);
    return { ...body, id: (res.json() as { ADM_CODIGO: number }).ADM_CODIGO };
  }

  /** Resets the person's clave and reads the temporary one from the mail. */
  async function reset(who: { id: number; ADM_CORREO: string }) {
    const before = (await t.mails()).length;
    const res = await call('POST', `/administradores/${who.id}/clave`, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const mails = (await t.mails()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(who.ADM_CORREO);
    return { res, mail: mails[0], temporary: /Clave temporal: (\S+)/.exec(mails[0].text)![1] };
  }

  /** Signs in with the temporary clave: a session that must choose a new clave. */
  async function pendingSession(usuario: string, temporary: string) {
    const res = await login(usuario, temporary);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json().usuario as { token: string; ADM_CODIGO: number; cambiarClave: boolean };
    expect(session.cambiarClave).toBe(true);
    return session;
  }

  it('la clave anterior deja de servir, sus sesiones se cierran y el correo dice cuánto dura la temporal', async () => {
    const who = await person();
    const open = await loginAdmin(t, { usuario: who.ADM_USUARIO, clave: who.clave });
    const { res, mail, temporary } = await reset(who);
    expect(res.json()).toEqual({
      msg: `Se envió una clave temporal a ${who.ADM_CORREO}; vence en ${ADMIN_TEMPORARY_PASSWORD_HOURS} horas y sirve una sola vez. Sus sesiones abiertas se cerraron.`,
    });
    expect(ADMIN_TEMPORARY_PASSWORD_HOURS).toBe(24);
    expect(mail.text).toContain('vence en 24 horas');
    expect(mail.text).toContain(`Usuario: ${who.ADM_USUARIO}`);
    expect(temporary).toHaveLength(12);
    expect([(await call('GET', '/administradores', open.token)).statusCode]).toEqual([401]);
    const old = await login(who.ADM_USUARIO, who.clave);
    expect([old.statusCode, old.json()]).toEqual([401, LOGIN_FAILED]);

    // Stored: neither the old clave nor the temporary one is ADM_CLAVE; the temporary one's hash lasts 24 hours.
    const stored = await row(who.id);
    expect(await verifyPassword(stored.ADM_CLAVE, who.clave)).toBe(false);
    expect(await verifyPassword(stored.ADM_CLAVE, temporary)).toBe(false);
    expect(await verifyPassword(stored.ADM_CLAVE_TEMPORAL!, temporary)).toBe(true);
    const hours = (stored.ADM_CLAVE_TEMPORAL_VENCE!.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    // The audit says who and to which address, never the clave or a hash.
    const audits = await t.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.AUD_REGISTRO, String(who.id)));
    const entry = audits.find((a) => a.AUD_ACCION === 'clave' && a.AUD_RECURSO === 'administradores');
    expect(entry).toMatchObject({ AUD_ANTES: null, AUD_DESPUES: { correo: who.ADM_CORREO } });
    expect(JSON.stringify(audits)).not.toMatch(new RegExp(`${temporary}|argon2`));
  });

  it('la temporal abre una sesión con cambiarClave true que solo sirve para elegir la clave (o salir); después todo sigue normal', async () => {
    const who = await person();
    const { temporary } = await reset(who);
    const session = await pendingSession(who.ADM_USUARIO, temporary);
    const flag = async () => (await t.db.select().from(sesiones).where(eq(sesiones.ADM_CODIGO, who.id))).map((s) => s.SES_CAMBIAR_CLAVE);

    // Every administration call answers 403 CAMBIAR_CLAVE: a profile's route, a menu's route, the menu itself.
    for (const [method, path, body] of [
      ['GET', '/administradores', undefined],
      ['GET', `/administradores/${who.id}`, undefined],
      ['GET', '/asesor', undefined],
      ['POST', '/menus/menuAdmin', { id: who.id }],
      ['GET', '/empresas', undefined],
    ] as const) {
      const res = await call(method, path, session.token, body);
      expect([path, res.statusCode, res.json()]).toEqual([path, 403, MUST_CHANGE]);
    }
    // Used once: the temporary clave no longer opens a session, and nothing else of the account does either.
    const again = await login(who.ADM_USUARIO, temporary);
    expect([again.statusCode, again.json()]).toEqual([401, LOGIN_FAILED]);
    expect((await row(who.id)).ADM_CLAVE_TEMPORAL).toBeNull();

    // Choosing the clave: no current clave is asked for; the new one follows the rules.
    const short = await call('PUT', '/claveAdmin', session.token, { claveNueva: 'corta' });
    expect([short.statusCode, short.json()]).toEqual([400, { msg: MSG.passwordTooShort }]);
    expect(await flag()).toEqual([true]);
    const chosen = await call('PUT', '/claveAdmin', session.token, { claveNueva: 'ElegidaNueva2026' });
    expect([chosen.statusCode, chosen.json()]).toEqual([200, { msg: MSG.passwordChanged }]);
    expect(await flag()).toEqual([false]);
    expect((await row(who.id)).ADM_CLAVE_TEMPORAL_VENCE).toBeNull();

    // The same session goes on, unrestricted.
    expect((await call('GET', '/administradores', session.token)).statusCode).toBe(200);
    const menu = await call('POST', '/menus/menuAdmin', session.token, { id: who.id });
    expect(menu.statusCode).toBe(200);
    // Its clave is now asked for like anyone's.
    const noCurrent = await call('PUT', '/claveAdmin', session.token, { claveNueva: 'OtraNueva2026' });
    expect([noCurrent.statusCode, noCurrent.json()]).toEqual([400, { msg: MSG.required('claveActual') }]);

    const next = await login(who.ADM_USUARIO, 'ElegidaNueva2026');
    expect([next.statusCode, next.json().usuario.cambiarClave]).toEqual([200, false]);
    expect((await login(who.ADM_USUARIO, temporary)).statusCode).toBe(401);
  });

  it('una sesión pendiente puede cerrar sesión; luego la temporal ya no sirve y hace falta otro restablecimiento', async () => {
    const who = await person();
    const { temporary } = await reset(who);
    const session = await pendingSession(who.ADM_USUARIO, temporary);
    const out = await call('POST', '/logoutAdmin', session.token);
    expect([out.statusCode, out.json()]).toEqual([200, { msg: MSG.loggedOut }]);
    expect((await call('PUT', '/claveAdmin', session.token, { claveNueva: 'ElegidaNueva2026' })).statusCode).toBe(401);
    expect((await login(who.ADM_USUARIO, temporary)).statusCode).toBe(401);
    const second = await reset(who);
    await pendingSession(who.ADM_USUARIO, second.temporary);
  });

  it('una temporal vencida responde como una clave equivocada; un nuevo restablecimiento reemplaza la anterior', async () => {
    const who = await person();
    const first = await reset(who);
    const second = await reset(who);
    expect(second.temporary).not.toBe(first.temporary);
    const replaced = await login(who.ADM_USUARIO, first.temporary);
    expect([replaced.statusCode, replaced.json()]).toEqual([401, LOGIN_FAILED]);

    await t.db
      .update(administradores)
      .set({ ADM_CLAVE_TEMPORAL_VENCE: new Date(Date.now() - 1000) })
      .where(eq(administradores.ADM_CODIGO, who.id));
    const expired = await login(who.ADM_USUARIO, second.temporary);
    expect([expired.statusCode, expired.json()]).toEqual([401, LOGIN_FAILED]);
  });

  it('un distribuidor con la temporal no entra a sus empresas hasta elegir su clave', async () => {
    const who = await person({ PRF_CODIGO: 2, DRB_CONTADOR: 1 });
    const [company] = await t.db.select().from(empresas).where(eq(empresas.EMP_RUC, COMPANIES.tornillo.ruc));
    const assigned = await call('PUT', `/administradores/${who.id}/empresas`, admin.token, { empresas: [company.EMP_CODIGO] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const { temporary } = await reset(who);
    const session = await pendingSession(who.ADM_USUARIO, temporary);
    const enter = () => call('POST', '/loginDistribuidor', session.token, { ruc: COMPANIES.tornillo.ruc });
    const refused = await enter();
    expect([refused.statusCode, refused.json()]).toEqual([403, MUST_CHANGE]);
    expect((await call('PUT', '/claveAdmin', session.token, { claveNueva: 'Distribuye2026' })).statusCode).toBe(200);
    expect((await enter()).statusCode).toBe(200);
  });

  it('quien ingresa con su clave normal recibe cambiarClave false y su cambio de clave sigue pidiendo la actual', async () => {
    const who = await person();
    const session = await login(who.ADM_USUARIO, who.clave);
    expect(session.json().usuario.cambiarClave).toBe(false);
    const token = session.json().usuario.token as string;
    const noCurrent = await call('PUT', '/claveAdmin', token, { claveNueva: 'OtraNueva2026' });
    expect([noCurrent.statusCode, noCurrent.json()]).toEqual([400, { msg: MSG.required('claveActual') }]);
  });
});
