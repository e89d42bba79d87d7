import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, loginCompany, registerCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../src/domain/messages';
import { usuarios } from '../../server/infra/db/schema';

describe.each(testDatabases)('recuperación de clave: POST /recuperar (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(kind); });
  afterAll(() => t.close());

  const recover = (payload: object) => t.app.inject({ method: 'POST', url: `${API}/recuperar`, payload });
  const login = (payload: object) => t.app.inject({ method: 'POST', url: `${API}/login`, payload });
  const storedHash = async (usuario: string) =>
    (await t.db.select({ clave: usuarios.USU_CLAVE }).from(usuarios).where(eq(usuarios.USU_USUARIO, usuario)))[0].clave;

  it('envía una clave nueva al correo del usuario; la anterior deja de servir y la nueva entra', async () => {
    expect(await t.mails()).toHaveLength(0);
    const res = await recover({ ruc: DEMO.empresa.ruc, usuario: DEMO.empresa.usuario });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'Se envió una clave a tu correo, revisalo e inicia sesión' });

    const mails = await t.mails();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.to).toBe('lucia.perez@comercialandina.ec');
    expect(mail.subject).toBe('Amelia: su nueva clave');
    expect(mail.text).toContain(DEMO.empresa.ruc);
    expect(mail.text).toContain(`Usuario: ${DEMO.empresa.usuario}`);
    const match = /Clave nueva: (\S+)/.exec(mail.text);
    expect(match).not.toBeNull();
    const nueva = match![1];
    expect(nueva).toHaveLength(12);
    expect(nueva).not.toBe(DEMO.empresa.clave);
    expect(mail.text).not.toContain('$argon2');

    const old = await login(DEMO.empresa);
    expect(old.statusCode).toBe(401);
    expect(old.json().msg).toBe(MSG.companyLoginFailed);

    const session = await loginCompany(t, { ...COMPANIES.andina, clave: nueva });
    expect(session.USU_USUARIO).toBe(DEMO.empresa.usuario);
    expect((await storedHash(DEMO.empresa.usuario)).startsWith('$argon2id$')).toBe(true);
  });

  it('cada recuperación genera una clave distinta y solo la última sirve', async () => {
    const company = await registerCompany(t);
    const before = (await t.mails()).length;
    expect((await recover({ ruc: company.EMP_RUC, usuario: company.body.usuario })).statusCode).toBe(200);
    expect((await recover({ ruc: company.EMP_RUC, usuario: company.body.usuario })).statusCode).toBe(200);
    const mails = (await t.mails()).slice(before);
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.to === company.body.email)).toBe(true);
    const [first, second] = mails.map((m) => /Clave nueva: (\S+)/.exec(m.text)![1]);
    expect(first).not.toBe(second);
    expect((await login({ ...company.login, clave: first })).statusCode).toBe(401);
    expect((await login({ ...company.login, clave: second })).statusCode).toBe(200);
  });

  it('un usuario inexistente responde 404 con mensaje y no envía correo', async () => {
    const before = (await t.mails()).length;
    const res = await recover({ ruc: DEMO.empresa.ruc, usuario: 'nadie' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: 'No existe un usuario activo con ese RUC y usuario' });
    expect(await t.mails()).toHaveLength(before);
  });

  it('un RUC inexistente responde 404', async () => {
    const res = await recover({ ruc: '1799999999001', usuario: DEMO.empresa.usuario });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(MSG.recoveryNotFound);
  });

  it('un usuario desactivado responde 404, no recibe correo y su clave no cambia', async () => {
    const hashBefore = await storedHash(DEMO.desactivado.usuario);
    const before = (await t.mails()).length;
    const res = await recover({ ruc: DEMO.desactivado.ruc, usuario: DEMO.desactivado.usuario });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(MSG.recoveryNotFound);
    expect(await t.mails()).toHaveLength(before);
    expect(await storedHash(DEMO.desactivado.usuario)).toBe(hashBefore);
  });

  it.each(['ruc', 'usuario'])('sin %s responde 400 nombrando el campo', async (field) => {
    const body: Record<string, string> = { ruc: COMPANIES.costa.ruc, usuario: COMPANIES.costa.usuario };
    delete body[field];
    const res = await recover(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(`El campo ${field} es obligatorio`);
  });
});
