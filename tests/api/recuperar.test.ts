import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, loginCompany, registerCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { usuarios } from '../../server/infra/db/schema';
import { verifyPassword } from '../../server/infra/passwords';

const OK = { msg: MSG.recoveryOk };

describe.each(testDatabases)('recuperación de clave: POST /recuperar (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const recover = (payload: object) => t.app.inject({ method: 'POST', url: `${API}/recuperar`, payload });
  const login = (payload: object) => t.app.inject({ method: 'POST', url: `${API}/login`, payload });
  const userRow = async (usuario: string, ruc = DEMO.empresa.ruc) => {
    const session = await t.db.select().from(usuarios).where(eq(usuarios.USU_USUARIO, usuario));
    expect(session.length, ruc).toBeGreaterThan(0);
    return session[0];
  };
  /** The mail goes out after the answer (so a slow mail server reveals nothing): wait for it. */
  const mailsAfter = (before: number, expected: number) =>
    vi.waitFor(async () => {
      const mails = (await t.mails()).slice(before);
      expect(mails).toHaveLength(expected);
      return mails;
    });
  const temporaryOf = (text: string) => /Clave temporal: (\S+)/.exec(text)![1];

  it('envía una clave temporal; la clave actual sigue sirviendo a su lado y usarla anula la temporal', async () => {
    const company = await registerCompany(t);
    const before = (await t.mails()).length;
    const res = await recover({ ruc: company.EMP_RUC, usuario: company.body.usuario });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(OK);
    const [mail] = await mailsAfter(before, 1);
    expect(mail.to).toBe(company.body.email);
    expect(mail.subject).toBe('Amelia: su clave temporal');
    expect(mail.text).toContain(company.EMP_RUC);
    expect(mail.text).toContain(`Usuario: ${company.body.usuario}`);
    expect(mail.text).toContain('Vence en 60 minutos');
    const temporal = temporaryOf(mail.text);
    expect(temporal).toHaveLength(12);
    expect(mail.text).not.toContain('$argon2');

    const row = await userRow(company.body.usuario);
    expect(row.USU_CLAVE_TEMPORAL!.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(row.USU_CLAVE, company.body.clave)).toBe(true);

    // the current clave still works (an anonymous caller cannot lock the user out) and uses the temporary one up
    const current = await login(company.login);
    expect(current.statusCode).toBe(200);
    expect(current.json().usuario.cambiarClave).toBe(false);
    expect((await userRow(company.body.usuario)).USU_CLAVE_TEMPORAL).toBeNull();
    const late = await login({ ...company.login, clave: temporal });
    expect(late.statusCode).toBe(401);
    expect(late.json().msg).toBe(MSG.companyLoginFailed);
  });

  it('con la clave temporal la sesión debe elegir una clave nueva: 403 CAMBIAR_CLAVE hasta hacerlo', async () => {
    const company = await registerCompany(t);
    const before = (await t.mails()).length;
    await recover({ ruc: company.EMP_RUC, usuario: company.body.usuario });
    const temporal = temporaryOf((await mailsAfter(before, 1))[0].text);

    const session = await loginCompany(t, { ...company.login, clave: temporal });
    expect(session.cambiarClave).toBe(true);
    expect((await userRow(company.body.usuario)).USU_CLAVE_TEMPORAL).toBeNull();
    const headers = { 'x-token': session.token };
    for (const [method, url] of [
      ['GET', '/miEmpresa'],
      ['POST', '/menuEmpresa'],
      ['GET', `/comprobarfirmaPlan/${session.COM_CODIGO}/${session.eid}`],
    ] as const) {
      const res = await t.app.inject({ method, url: `${API}${url}`, headers, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ msg: 'Ingresó con una clave temporal. Elija una clave nueva para continuar.', code: 'CAMBIAR_CLAVE' });
    }
    // the temporary clave was used up: a second sign-in with it fails
    expect((await login({ ...company.login, clave: temporal })).statusCode).toBe(401);

    const short = await t.app.inject({ method: 'PUT', url: `${API}/clave`, headers, payload: { claveNueva: 'corta' } });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ msg: 'La clave debe tener al menos 8 caracteres' });
    const changed = await t.app.inject({ method: 'PUT', url: `${API}/clave`, headers, payload: { claveNueva: 'ClaveElegida2026' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ msg: 'Su clave fue cambiada. Las demás sesiones abiertas con su usuario se cerraron.' });
    expect((await t.app.inject({ method: 'GET', url: `${API}/miEmpresa`, headers })).statusCode).toBe(200);
    expect((await login(company.login)).statusCode).toBe(401);
    expect((await login({ ...company.login, clave: 'ClaveElegida2026' })).statusCode).toBe(200);
  });

  it('la clave temporal vence (1 hora)', async () => {
    const company = await registerCompany(t);
    const before = (await t.mails()).length;
    await recover({ ruc: company.EMP_RUC, usuario: company.body.usuario });
    const temporal = temporaryOf((await mailsAfter(before, 1))[0].text);
    const row = await userRow(company.body.usuario);
    expect(row.USU_CLAVE_TEMPORAL_VENCE!.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(row.USU_CLAVE_TEMPORAL_VENCE!.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    await t.db
      .update(usuarios)
      .set({ USU_CLAVE_TEMPORAL_VENCE: new Date(Date.now() - 1000) })
      .where(eq(usuarios.USU_CODIGO, row.USU_CODIGO));
    expect((await login({ ...company.login, clave: temporal })).statusCode).toBe(401);
  });

  it('cada recuperación reemplaza la clave temporal anterior', async () => {
    const company = await registerCompany(t);
    const before = (await t.mails()).length;
    expect((await recover({ ruc: company.EMP_RUC, usuario: company.body.usuario })).statusCode).toBe(200);
    await mailsAfter(before, 1);
    expect((await recover({ ruc: company.EMP_RUC, usuario: company.body.usuario })).statusCode).toBe(200);
    const [first, second] = (await mailsAfter(before, 2)).map((m) => temporaryOf(m.text));
    expect(first).not.toBe(second);
    expect((await login({ ...company.login, clave: first })).statusCode).toBe(401);
    expect((await login({ ...company.login, clave: second })).statusCode).toBe(200);
  });

  it.each([
    ['un usuario inexistente', { ruc: DEMO.empresa.ruc, usuario: 'nadie' }],
    ['un RUC inexistente', { ruc: '1799999999001', usuario: DEMO.empresa.usuario }],
    ['un usuario desactivado', { ruc: DEMO.desactivado.ruc, usuario: DEMO.desactivado.usuario }],
  ])('%s recibe la misma respuesta que uno que existe, sin correo ni cambios', async (_name, payload) => {
    const row = await userRow(DEMO.desactivado.usuario);
    const before = (await t.mails()).length;
    const res = await recover(payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(OK);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await t.mails()).toHaveLength(before);
    expect(await userRow(DEMO.desactivado.usuario)).toEqual(row);
  });

  it('la demora de la respuesta no revela si la cuenta existe', async () => {
    const time = async (payload: object) => {
      const start = performance.now();
      expect((await recover(payload)).statusCode).toBe(200);
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // three: an account gets at most three recovery mails per window
    for (let i = 0; i < 3; i++) {
      known.push(await time({ ruc: COMPANIES.costa.ruc, usuario: COMPANIES.costa.usuario }));
      unknown.push(await time({ ruc: COMPANIES.costa.ruc, usuario: `nadie${i}` }));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[1];
    // Both hash a clave (argon2id, tens of ms); without that an unknown account answers >10 times faster.
    // The margin is wide because other suites share the CPU.
    expect(median(unknown)).toBeGreaterThan(median(known) / 4);
  });

  it.each(['ruc', 'usuario'])('sin %s responde 400 nombrando el campo', async (field) => {
    const body: Record<string, string> = { ruc: COMPANIES.costa.ruc, usuario: COMPANIES.costa.usuario };
    delete body[field];
    const res = await recover(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(`El campo ${field} es obligatorio`);
  });
});
