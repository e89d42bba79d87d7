import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, DEMO_PASSWORDS, loginAdmin, loginCompany, registerCompany, registration } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../src/domain/messages';
import { configuraciones, empresas, usuarios } from '../../server/infra/db/schema';

/** Every response body of this suite, to check at the end that none carries a hash or a password. */
const bodies: string[] = [];
const secrets = new Set<string>(DEMO_PASSWORDS);

async function call(t: TestApp, options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await t.app.inject(options);
  bodies.push(res.body);
  return res;
}

const SQL_ATTACKS = ["' OR 1=1 --", '1; DROP TABLE empresas;--', "\\' UNION SELECT"];

describe.each(testDatabases)('seguridad (%s)', (kind) => {
  describe('autorización por tipo de token', () => {
    let t: TestApp;
    let company: Awaited<ReturnType<typeof loginCompany>>;
    let admin: Awaited<ReturnType<typeof loginAdmin>>;
    let distributor: Awaited<ReturnType<typeof loginAdmin>>;
    beforeAll(async () => {
      t = await startTestApp(kind);
      company = await loginCompany(t);
      admin = await loginAdmin(t, DEMO.admin);
      distributor = await loginAdmin(t, DEMO.distribuidor);
    });
    afterAll(() => t.close());

    type Route = { name: string; method: 'GET' | 'POST' | 'PUT'; url: () => string; payload?: () => object };
    const adminRoutes: Route[] = [
      { name: 'POST /menus/menuAdmin', method: 'POST', url: () => '/menus/menuAdmin', payload: () => ({ id: admin.ADM_CODIGO }) },
      { name: 'GET /configuraciones/0', method: 'GET', url: () => '/configuraciones/0' },
      { name: 'PUT /configuraciones/actualizar', method: 'PUT', url: () => '/configuraciones/actualizar', payload: () => ({ CON_CODIGO: 9, CON_VALOR1: 'si' }) },
      { name: 'GET /ingresos', method: 'GET', url: () => '/ingresos' },
      { name: 'POST /loginDistribuidor', method: 'POST', url: () => '/loginDistribuidor', payload: () => ({ ruc: COMPANIES.andina.ruc }) },
    ];
    const companyRoutes: Route[] = [
      { name: 'POST /menuEmpresa', method: 'POST', url: () => '/menuEmpresa', payload: () => ({ ruc: COMPANIES.andina.ruc }) },
      { name: 'GET /miEmpresa', method: 'GET', url: () => '/miEmpresa' },
      { name: 'GET /comprobarfirmaPlan/{empresa}/{eid}', method: 'GET', url: () => `/comprobarfirmaPlan/${company.COM_CODIGO}/${company.eid}` },
    ];
    const send = (route: Route, token?: string) => call(t, {
      method: route.method, url: `${API}${route.url()}`, payload: route.payload?.(), headers: token ? { 'x-token': token } : {},
    });

    it.each(adminRoutes.map((r) => [r.name, r] as const))('%s con token de empresa responde 403', async (_name, route) => {
      const res = await send(route, company.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: MSG.adminOnly });
    });

    it('el intento de PUT con token de empresa no cambió la configuración', async () => {
      const [row] = await t.db.select().from(configuraciones).where(eq(configuraciones.CON_CODIGO, 9));
      expect(row.CON_VALOR1).toBe('no');
    });

    it.each([...adminRoutes, ...companyRoutes].map((r) => [r.name, r] as const))('%s sin token responde 401', async (_name, route) => {
      const res = await send(route);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: 'Debe iniciar sesión para continuar' });
    });

    it.each(companyRoutes.map((r) => [r.name, r] as const))('%s con token de administrador o distribuidor responde 403', async (_name, route) => {
      for (const token of [admin.token, distributor.token]) {
        const res = await send(route, token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ msg: MSG.forbidden });
      }
    });

    it.each(companyRoutes.map((r) => [r.name, r] as const))('%s con el token vencido de empresa responde 401 Su sesión expiró', async (_name, route) => {
      const { token } = await t.ctx.tokens.sign({ kind: 'empresa', usuario: company.USU_CODIGO, empresa: company.COM_CODIGO }, -10);
      const res = await send(route, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: 'Su sesión expiró, inicie sesión nuevamente' });
    });

    it.each(adminRoutes.map((r) => [r.name, r] as const))('%s con el token vencido de administrador responde 401 Su sesión expiró', async (_name, route) => {
      const { token } = await t.ctx.tokens.sign({ kind: 'admin', admin: admin.ADM_CODIGO, perfil: 1 }, -10);
      const res = await send(route, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: MSG.sessionExpired });
    });

    it.each([...adminRoutes, ...companyRoutes].map((r) => [r.name, r] as const))('%s con un token firmado con otro secreto responde 401', async (_name, route) => {
      const key = new TextEncoder().encode('otro-secreto-que-no-es-el-del-servidor-1234567890');
      const now = Math.floor(Date.now() / 1000);
      const forgedCompany = await new SignJWT({ kind: 'empresa', usuario: company.USU_CODIGO, empresa: company.COM_CODIGO })
        .setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + 3600).sign(key);
      const forgedAdmin = await new SignJWT({ kind: 'admin', admin: admin.ADM_CODIGO, perfil: 1 })
        .setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + 3600).sign(key);
      for (const token of [forgedCompany, forgedAdmin]) {
        const res = await send(route, token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ msg: 'Debe iniciar sesión para continuar' });
      }
    });

    it('un token sin firma (alg none), uno alterado o uno basura responden 401', async () => {
      const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ kind: 'admin', admin: admin.ADM_CODIGO, perfil: 1, iat: now, exp: now + 3600 })}.`;
      const [header, , signature] = company.token.split('.');
      const tampered = `${header}.${b64({ kind: 'empresa', usuario: company.USU_CODIGO, empresa: company.COM_CODIGO + 1, iat: now, exp: now + 3600 })}.${signature}`;
      for (const [route, token] of [[adminRoutes[1], unsigned], [companyRoutes[1], tampered], [companyRoutes[1], 'no-es-un-token'], [adminRoutes[1], 'a.b.c']] as const) {
        const res = await send(route, token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ msg: MSG.notAuthenticated });
      }
    });

    it('el tokenPago de un registro no sirve como sesión de empresa ni de administración', async () => {
      const created = await registerCompany(t);
      secrets.add(created.body.clave);
      for (const route of companyRoutes) {
        const res = await send(route, created.tokenPago);
        expect(res.statusCode).toBe(403);
        expect(res.json().msg).toBe(MSG.forbidden);
      }
      const res = await send(adminRoutes[1], created.tokenPago);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(MSG.adminOnly);
    });

    it('la sesión de empresa de un usuario borrado responde 401', async () => {
      const created = await registerCompany(t);
      secrets.add(created.body.clave);
      const session = await loginCompany(t, created.login);
      await t.db.delete(usuarios).where(eq(usuarios.USU_CODIGO, session.USU_CODIGO));
      const res = await call(t, { method: 'GET', url: `${API}/miEmpresa`, headers: { 'x-token': session.token } });
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toBe(MSG.notAuthenticated);
    });
  });

  describe('límite de intentos por cuenta (maxPerAccount 3)', () => {
    let t: TestApp;
    beforeAll(async () => { t = await startTestApp(kind, { rateLimit: { windowMs: 60_000, maxPerIp: 1000, maxPerAccount: 3 } }); });
    afterAll(() => t.close());

    const login = (payload: object, remoteAddress = '127.0.0.1') => call(t, { method: 'POST', url: `${API}/login`, payload, remoteAddress });
    const tooMany = (res: LightMyRequestResponse) => {
      expect(res.statusCode).toBe(429);
      expect(res.json().msg.startsWith('Demasiados intentos')).toBe(true);
      expect(res.json()).toEqual({ msg: MSG.tooManyAttempts(1) });
    };

    it('la 4.ª clave incorrecta de una cuenta responde 429 y mientras dure el bloqueo ni la clave correcta entra', async () => {
      for (let i = 0; i < 3; i++) {
        const res = await login({ ...COMPANIES.andina, clave: `incorrecta-${i}` });
        expect(res.statusCode).toBe(401);
        expect(res.json().msg).toBe(MSG.companyLoginFailed);
      }
      tooMany(await login({ ...COMPANIES.andina, clave: 'incorrecta-3' }));
      tooMany(await login(COMPANIES.andina));
    });

    it('otra cuenta desde la misma IP sigue entrando', async () => {
      const res = await login(COMPANIES.tornillo);
      expect(res.statusCode).toBe(200);
      expect(res.json().usuario.EMP_RUC).toBe(COMPANIES.tornillo.ruc);
      const wrong = await login({ ...COMPANIES.tornillo, clave: 'incorrecta' });
      expect(wrong.statusCode).toBe(401);
    });

    it('el conteo es por cuenta aunque los intentos lleguen de IP distintas', async () => {
      for (let i = 0; i < 3; i++) {
        expect((await login({ ...COMPANIES.costa, clave: 'incorrecta' }, `10.1.0.${i + 1}`)).statusCode).toBe(401);
      }
      tooMany(await login(COMPANIES.costa, '10.1.0.9'));
    });

    it('un inicio de sesión correcto reinicia el conteo de la cuenta', async () => {
      const created = await registerCompany(t);
      secrets.add(created.body.clave);
      for (let i = 0; i < 2; i++) expect((await login({ ...created.login, clave: 'incorrecta' })).statusCode).toBe(401);
      expect((await login(created.login)).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) expect((await login({ ...created.login, clave: 'incorrecta' })).statusCode).toBe(401);
      tooMany(await login({ ...created.login, clave: 'incorrecta' }));
    });

    it('la administración también bloquea la cuenta tras 3 fallos, sin afectar al distribuidor', async () => {
      const adminLogin = (payload: object) => call(t, { method: 'POST', url: `${API}/loginAdmin`, payload });
      for (let i = 0; i < 3; i++) expect((await adminLogin({ ...DEMO.admin, clave: 'incorrecta' })).statusCode).toBe(401);
      tooMany(await adminLogin(DEMO.admin));
      expect((await adminLogin(DEMO.distribuidor)).statusCode).toBe(200);
    });

    it('la recuperación de una cuenta se limita (no se puede inundar su correo)', async () => {
      const created = await registerCompany(t);
      secrets.add(created.body.clave);
      const recover = () => call(t, { method: 'POST', url: `${API}/recuperar`, payload: { ruc: created.EMP_RUC, usuario: created.body.usuario } });
      for (let i = 0; i < 3; i++) expect((await recover()).statusCode).toBe(200);
      tooMany(await recover());
      const mails = (await t.mails()).filter((m) => m.to === created.body.email);
      expect(mails).toHaveLength(3);
    });
  });

  describe('límite de intentos por IP (maxPerIp 5)', () => {
    let t: TestApp;
    beforeAll(async () => { t = await startTestApp(kind, { rateLimit: { windowMs: 60_000, maxPerIp: 5, maxPerAccount: 1000 } }); });
    afterAll(() => t.close());

    const tooMany = (res: LightMyRequestResponse) => {
      expect(res.statusCode).toBe(429);
      expect(res.json().msg).toMatch(/^Demasiados intentos/);
    };

    it('el 6.º inicio de sesión desde la misma IP responde 429, con cualquier cuenta', async () => {
      const accounts = [COMPANIES.andina, COMPANIES.tornillo, { ...COMPANIES.costa, clave: 'incorrecta' }, COMPANIES.costa, COMPANIES.andina];
      for (const account of accounts) {
        const res = await call(t, { method: 'POST', url: `${API}/login`, payload: account, remoteAddress: '10.2.0.1' });
        expect(res.statusCode).toBeLessThan(429);
      }
      tooMany(await call(t, { method: 'POST', url: `${API}/login`, payload: COMPANIES.tornillo, remoteAddress: '10.2.0.1' }));
      // another IP is not affected
      const other = await call(t, { method: 'POST', url: `${API}/login`, payload: COMPANIES.tornillo, remoteAddress: '10.2.0.2' });
      expect(other.statusCode).toBe(200);
    });

    it('la cabecera X-Forwarded-For no sirve para esquivar el límite', async () => {
      for (let i = 0; i < 5; i++) {
        const res = await call(t, { method: 'POST', url: `${API}/login`, payload: COMPANIES.andina, remoteAddress: '10.2.0.3', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
        expect(res.statusCode).toBe(200);
      }
      tooMany(await call(t, { method: 'POST', url: `${API}/login`, payload: COMPANIES.andina, remoteAddress: '10.2.0.3', headers: { 'x-forwarded-for': '203.0.113.99' } }));
    });

    it('el 6.º inicio de sesión de administración desde la misma IP responde 429', async () => {
      for (let i = 0; i < 5; i++) {
        expect((await call(t, { method: 'POST', url: `${API}/loginAdmin`, payload: DEMO.admin, remoteAddress: '10.2.0.4' })).statusCode).toBe(200);
      }
      tooMany(await call(t, { method: 'POST', url: `${API}/loginAdmin`, payload: DEMO.distribuidor, remoteAddress: '10.2.0.4' }));
    });

    it('la 6.ª recuperación desde la misma IP responde 429, sea cual sea el usuario', async () => {
      for (let i = 0; i < 5; i++) {
        const res = await call(t, { method: 'POST', url: `${API}/recuperar`, payload: { ruc: COMPANIES.andina.ruc, usuario: `nadie${i}` }, remoteAddress: '10.2.0.5' });
        expect(res.statusCode).toBe(404);
      }
      const before = (await t.mails()).length;
      tooMany(await call(t, { method: 'POST', url: `${API}/recuperar`, payload: { ruc: COMPANIES.costa.ruc, usuario: COMPANIES.costa.usuario }, remoteAddress: '10.2.0.5' }));
      expect(await t.mails()).toHaveLength(before);
    });

    it('el 6.º registro desde la misma IP responde 429 y no crea la empresa', async () => {
      for (let i = 0; i < 5; i++) {
        const body = registration();
        secrets.add(body.clave);
        const res = await call(t, { method: 'POST', url: `${API}/registro`, payload: body, remoteAddress: '10.2.0.6' });
        expect(res.statusCode).toBe(201);
      }
      const body = registration();
      tooMany(await call(t, { method: 'POST', url: `${API}/registro`, payload: body, remoteAddress: '10.2.0.6' }));
      expect(await t.db.select().from(empresas).where(eq(empresas.EMP_RUC, body.EMP_RUC))).toHaveLength(0);
      const elsewhere = await call(t, { method: 'POST', url: `${API}/registro`, payload: body, remoteAddress: '10.2.0.7' });
      expect(elsewhere.statusCode).toBe(201);
    });
  });

  describe('entradas mal formadas o maliciosas', () => {
    let t: TestApp;
    beforeAll(async () => { t = await startTestApp(kind); });
    afterAll(() => t.close());

    const raw = (url: string, payload: string, contentType = 'application/json') =>
      call(t, { method: 'POST', url: `${API}${url}`, payload, headers: { 'content-type': contentType } });
    const login = (payload: object) => call(t, { method: 'POST', url: `${API}/login`, payload });
    const companyCount = async () => (await t.db.select({ n: count() }).from(empresas))[0].n;

    it('un JSON mal formado responde 400 El cuerpo de la solicitud no es un JSON válido', async () => {
      for (const body of ['{"ruc":', "{'ruc': '1790016919001'}", '{"ruc":"1790016919001",}']) {
        const res = await raw('/login', body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ msg: 'El cuerpo de la solicitud no es un JSON válido' });
      }
    });

    it('un cuerpo vacío con Content-Type JSON responde 400 con mensaje', async () => {
      const res = await raw('/login', '');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: MSG.invalidJson });
    });

    it('un JSON con __proto__ se rechaza con 400', async () => {
      const res = await raw('/login', `{"ruc":"${COMPANIES.andina.ruc}","usuario":"demo","clave":"x","__proto__":{"admin":true}}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toEqual(expect.any(String));
    });

    it('un tipo de contenido no soportado responde 415 con mensaje', async () => {
      const res = await raw('/login', '<ruc>1790016919001</ruc>', 'application/xml');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ msg: MSG.unsupportedMedia });
    });

    it('ruc como objeto responde 400 con mensaje', async () => {
      const res = await login({ ...COMPANIES.andina, ruc: { $ne: '' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: 'El campo ruc tiene un tipo de dato inválido' });
    });

    it('ruc como arreglo de varios elementos responde 400 con mensaje', async () => {
      const res = await login({ ...COMPANIES.andina, ruc: [COMPANIES.andina.ruc, COMPANIES.costa.ruc] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: 'El campo ruc tiene un tipo de dato inválido' });
    });

    // Fastify's default coerceTypes 'array' would unwrap ["1790016919001"] into a string; app.ts sets coerceTypes true.
    it('ruc como arreglo de un elemento responde 400 con mensaje', async () => {
      const res = await login({ ...COMPANIES.andina, ruc: [COMPANIES.andina.ruc] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: 'El campo ruc tiene un tipo de dato inválido' });
    });

    it('recordar como texto "abc" responde 400 con mensaje', async () => {
      const res = await login({ ...COMPANIES.andina, recordar: 'abc' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: 'El campo recordar tiene un tipo de dato inválido' });
    });

    it('un cuerpo que es un arreglo o null responde 400 con mensaje', async () => {
      for (const body of ['[]', 'null', '"texto"', '42']) {
        const res = await raw('/login', body);
        expect(res.statusCode, body).toBe(400);
        expect(typeof res.json().msg, body).toBe('string');
      }
    });

    it('un cuerpo JSON de 2 MB responde 413 La solicitud es demasiado grande', async () => {
      const payload = JSON.stringify({ ...COMPANIES.andina, clave: 'x'.repeat(2 * 1024 * 1024) });
      const res = await raw('/login', payload);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ msg: 'La solicitud es demasiado grande' });
      const registro = await raw('/registro', JSON.stringify(registration({ EMP_NOMBREC: 'x'.repeat(2 * 1024 * 1024) })));
      expect(registro.statusCode).toBe(413);
      expect(registro.json().msg).toBe(MSG.bodyTooLarge);
    });

    it('textos más largos que lo permitido responden 400 nombrando el campo', async () => {
      const res = await login({ ...COMPANIES.andina, usuario: 'u'.repeat(61) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: 'El campo usuario admite como máximo 60 caracteres' });
    });

    it.each(SQL_ATTACKS)('"%s" en ruc, usuario o clave del login responde 4xx con mensaje y la tabla empresas sigue intacta', async (attack) => {
      const before = await companyCount();
      for (const body of [
        { ...COMPANIES.andina, ruc: attack }, { ...COMPANIES.andina, usuario: attack }, { ...COMPANIES.andina, clave: attack },
        { ruc: attack, usuario: attack, clave: attack },
      ]) {
        const res = await login(body);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().msg).toEqual(expect.any(String));
        expect(res.json()).not.toHaveProperty('usuario');
      }
      for (const url of ['/loginAdmin', '/recuperar']) {
        const res = await call(t, { method: 'POST', url: `${API}${url}`, payload: { ruc: attack, usuario: attack, clave: attack } });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().msg).toEqual(expect.any(String));
      }
      expect(await companyCount()).toBe(before);
      expect(await t.db.select().from(empresas).where(eq(empresas.EMP_RUC, COMPANIES.andina.ruc))).toHaveLength(1);
    });

    it.each(SQL_ATTACKS)('"%s" en los campos del registro: nunca 5xx; si se acepta, se guarda literal', async (attack) => {
      const before = await companyCount();
      const rucAttempt = await call(t, { method: 'POST', url: `${API}/registro`, payload: registration({ EMP_RUC: attack }) });
      expect(rucAttempt.statusCode).toBe(400);
      expect(rucAttempt.json().msg).toBe('El RUC debe tener 13 dígitos numéricos');
      expect(await companyCount()).toBe(before);

      const body = registration({ EMP_NOMBREC: attack, EMP_NOMBRE: attack });
      secrets.add(body.clave);
      const res = await call(t, { method: 'POST', url: `${API}/registro`, payload: body });
      expect(res.statusCode).toBe(201);
      const [stored] = await t.db.select().from(empresas).where(eq(empresas.EMP_RUC, body.EMP_RUC));
      expect(stored.EMP_NOMBREC).toBe(attack.trim());
      expect(stored.EMP_NOMBRE).toBe(attack.trim());
      expect(await companyCount()).toBe(before + 1);

      const userAttempt = await call(t, { method: 'POST', url: `${API}/registro`, payload: registration({ usuario: attack, clave: attack + attack }) });
      expect(userAttempt.statusCode).toBeGreaterThanOrEqual(400);
      expect(userAttempt.statusCode).toBeLessThan(500);
      expect(userAttempt.json().msg).toBe('El usuario no puede tener espacios');
    });

    it('un usuario y una clave con comillas y punto y coma se guardan literales y sirven para entrar', async () => {
      const body = registration({ usuario: "o'brien;--", clave: "x' OR '1'='1" });
      secrets.add(body.clave);
      const res = await call(t, { method: 'POST', url: `${API}/registro`, payload: body });
      expect(res.statusCode).toBe(201);
      const [user] = await t.db.select().from(usuarios).where(eq(usuarios.COM_CODIGO, res.json().EMP_CODIGO));
      expect(user.USU_USUARIO).toBe("o'brien;--");
      expect((await login({ ruc: body.EMP_RUC, usuario: body.usuario, clave: body.clave })).statusCode).toBe(200);
      const wrong = await login({ ruc: body.EMP_RUC, usuario: body.usuario, clave: "' OR '1'='1" });
      expect(wrong.statusCode).toBe(401);
    });

    it.each(SQL_ATTACKS)('"%s" como RUC del menú de empresa responde 404', async (attack) => {
      const session = await loginCompany(t, COMPANIES.costa);
      const res = await call(t, { method: 'POST', url: `${API}/menuEmpresa`, payload: { ruc: attack.slice(0, 13) }, headers: { 'x-token': session.token } });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(MSG.notFound);
    });

    it('una ruta desconocida responde 404 con mensaje', async () => {
      for (const [method, url] of [['GET', `${API}/noExiste`], ['POST', '/api/nada'], ['GET', `${API}/login`], ['DELETE', `${API}/configuraciones/9`]] as const) {
        const res = await call(t, { method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ msg: 'La ruta solicitada no existe' });
      }
    });

    it('los errores no exponen trazas ni SQL', async () => {
      const suspicious = /at \w+ \(|node_modules|SELECT |INSERT |syntax error|stack/i;
      const errorBodies = bodies.filter((b) => b.startsWith('{"msg"'));
      expect(errorBodies.length).toBeGreaterThan(10);
      for (const body of errorBodies) expect(body).not.toMatch(suspicious);
    });
  });

  it('ningún cuerpo de respuesta de estas pruebas contiene un hash argon2 ni una clave', () => {
    expect(bodies.length).toBeGreaterThan(100);
    for (const body of bodies) {
      expect(body).not.toContain('$argon2');
      expect(body).not.toContain('argon2');
      for (const secret of secrets) expect(body).not.toContain(secret);
    }
  });
});
