import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, DEMO_PASSWORDS, loginAdmin, loginCompany, registerCompany, registration } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { configuraciones, empresas, intentos, usuarios } from '../../server/infra/db/schema';
import { loadConfig } from '../../server/config';

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
      {
        name: 'PUT /configuraciones/actualizar',
        method: 'PUT',
        url: () => '/configuraciones/actualizar',
        payload: () => ({ CON_CODIGO: 9, CON_VALOR1: 'si' }),
      },
      { name: 'GET /ingresos', method: 'GET', url: () => '/ingresos' },
      { name: 'POST /loginDistribuidor', method: 'POST', url: () => '/loginDistribuidor', payload: () => ({ ruc: COMPANIES.andina.ruc }) },
    ];
    const companyRoutes: Route[] = [
      { name: 'POST /menuEmpresa', method: 'POST', url: () => '/menuEmpresa', payload: () => ({ ruc: COMPANIES.andina.ruc }) },
      { name: 'GET /miEmpresa', method: 'GET', url: () => '/miEmpresa' },
      {
        name: 'GET /comprobarfirmaPlan/{empresa}/{eid}',
        method: 'GET',
        url: () => `/comprobarfirmaPlan/${company.COM_CODIGO}/${company.eid}`,
      },
    ];
    const send = (route: Route, token?: string) =>
      call(t, {
        method: route.method,
        url: `${API}${route.url()}`,
        payload: route.payload?.(),
        headers: token ? { 'x-token': token } : {},
      });

    it.each(adminRoutes.map((r) => [r.name, r] as const))('%s con token de empresa responde 403', async (_name, route) => {
      const res = await send(route, company.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: MSG.adminOnly });
    });

    const guardedWithBody: Array<[string, string]> = [
      ['PUT', '/configuraciones/actualizar'],
      ['POST', '/menus/menuAdmin'],
      ['POST', '/menuEmpresa'],
      ['POST', '/loginDistribuidor'],
      ['POST', '/soporte/nombre'],
      ['PUT', '/soporte/1'],
      ['POST', '/productos'],
      ['PUT', '/clave'],
      ['PUT', '/claveAdmin'],
      // single-purpose tokens: registration payment upload, ticket attachment and mails
      ['POST', '/registro/pago/1/1790016919001/REF-1'],
      ['POST', '/soporte/docCli/1'],
      ['POST', '/soporte/correo'],
    ];
    it.each(guardedWithBody)(
      '%s %s sin token responde 401 antes de leer el cuerpo (JSON mal formado, vacío, tipo no soportado)',
      async (method, url) => {
        for (const [payload, contentType] of [
          ['{"ruc":', 'application/json'],
          ['', 'application/json'],
          ['<a>1</a>', 'application/xml'],
          ['x', 'text/plain'],
        ]) {
          const res = await call(t, { method: method as 'POST', url: `${API}${url}`, payload, headers: { 'content-type': contentType } });
          expect(res.statusCode, `${contentType} ${payload}`).toBe(401);
          expect(res.json()).toEqual({ msg: MSG.notAuthenticated });
        }
      },
    );

    it('el intento de PUT con token de empresa no cambió la configuración', async () => {
      const [row] = await t.db.select().from(configuraciones).where(eq(configuraciones.CON_CODIGO, 9));
      expect(row.CON_VALOR1).toBe('no');
    });

    it.each([...adminRoutes, ...companyRoutes].map((r) => [r.name, r] as const))('%s sin token responde 401', async (_name, route) => {
      const res = await send(route);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: 'Debe iniciar sesión para continuar' });
    });

    it.each(companyRoutes.map((r) => [r.name, r] as const))(
      '%s con token de administrador o distribuidor responde 403',
      async (_name, route) => {
        for (const token of [admin.token, distributor.token]) {
          const res = await send(route, token);
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual({ msg: MSG.forbidden });
        }
      },
    );

    it.each(companyRoutes.map((r) => [r.name, r] as const))(
      '%s con el token vencido de empresa responde 401 Su sesión expiró',
      async (_name, route) => {
        const { token } = await t.ctx.tokens.sign({ kind: 'empresa' }, -10, 'sesion-vencida');
        const res = await send(route, token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ msg: 'Su sesión expiró, inicie sesión nuevamente' });
      },
    );

    it.each(adminRoutes.map((r) => [r.name, r] as const))(
      '%s con el token vencido de administrador responde 401 Su sesión expiró',
      async (_name, route) => {
        const { token } = await t.ctx.tokens.sign({ kind: 'admin' }, -10, 'sesion-vencida');
        const res = await send(route, token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ msg: MSG.sessionExpired });
      },
    );

    it.each([...adminRoutes, ...companyRoutes].map((r) => [r.name, r] as const))(
      '%s con un token firmado con otro secreto responde 401',
      async (_name, route) => {
        const key = new TextEncoder().encode('otro-secreto-que-no-es-el-del-servidor-1234567890');
        const now = Math.floor(Date.now() / 1000);
        const forgedCompany = await new SignJWT({ kind: 'empresa', usuario: company.USU_CODIGO, empresa: company.COM_CODIGO })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt(now)
          .setExpirationTime(now + 3600)
          .sign(key);
        const forgedAdmin = await new SignJWT({ kind: 'admin', admin: admin.ADM_CODIGO, perfil: 1 })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt(now)
          .setExpirationTime(now + 3600)
          .sign(key);
        for (const token of [forgedCompany, forgedAdmin]) {
          const res = await send(route, token);
          expect(res.statusCode).toBe(401);
          expect(res.json()).toEqual({ msg: 'Debe iniciar sesión para continuar' });
        }
      },
    );

    it('un token sin firma (alg none), uno alterado o uno basura responden 401', async () => {
      const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ kind: 'admin', admin: admin.ADM_CODIGO, perfil: 1, iat: now, exp: now + 3600 })}.`;
      const [header, , signature] = company.token.split('.');
      const tampered = `${header}.${b64({ kind: 'empresa', usuario: company.USU_CODIGO, empresa: company.COM_CODIGO + 1, iat: now, exp: now + 3600 })}.${signature}`;
      for (const [route, token] of [
        [adminRoutes[1], unsigned],
        [companyRoutes[1], tampered],
        [companyRoutes[1], 'no-es-un-token'],
        [adminRoutes[1], 'a.b.c'],
      ] as const) {
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

  describe('límites de intentos: solo cuentan los fallos (freePerPair 3, maxPerIp 8, maxPerAccount 12)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { rateLimit: { windowMs: 60_000, maxPerIp: 8, maxPerAccount: 12, freePerPair: 3 } });
    });
    afterAll(() => t.close());

    const login = (payload: object, remoteAddress = '127.0.0.1', app = t.app) => {
      const res = app.inject({ method: 'POST', url: `${API}/login`, payload, remoteAddress });
      return res.then((r) => (bodies.push(r.body), r));
    };
    const wrong = (account: object) => ({ ...account, clave: 'incorrecta' });
    const waitMessage = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(429);
      // Clients that read the standard header wait as long as the message says.
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      return res.json().msg as string;
    };
    /** Moves every counter's last failure back, as if that time had passed. */
    const elapse = (seconds: number) =>
      t.db.update(intentos).set({ INT_ULTIMO: sql`${intentos.INT_ULTIMO} - make_interval(secs => ${seconds})` });

    it('los inicios de sesión correctos no cuentan: 20 seguidos desde una IP entran', async () => {
      for (let i = 0; i < 20; i++) expect((await login(COMPANIES.tornillo, '10.3.0.1')).statusCode).toBe(200);
    });

    it('tras 3 fallos de una cuenta desde una IP cada fallo impone una espera que crece: 1 s, 2 s, 4 s', async () => {
      const created = await registerCompany(t);
      secrets.add(created.body.clave);
      for (let i = 0; i < 3; i++) expect((await login(wrong(created.login), '10.3.1.1')).statusCode).toBe(401);
      expect(waitMessage(await login(created.login, '10.3.1.1'))).toBe('Demasiados intentos. Espere 1 segundo e intente nuevamente.');
      await elapse(1);
      expect((await login(wrong(created.login), '10.3.1.1')).statusCode).toBe(401);
      expect(waitMessage(await login(created.login, '10.3.1.1'))).toBe('Demasiados intentos. Espere 2 segundos e intente nuevamente.');
      await elapse(2);
      expect((await login(wrong(created.login), '10.3.1.1')).statusCode).toBe(401);
      expect(waitMessage(await login(created.login, '10.3.1.1'))).toBe('Demasiados intentos. Espere 4 segundos e intente nuevamente.');
      // the same account from another IP, and another account from this IP, are not held back
      expect((await login(created.login, '10.3.1.2')).statusCode).toBe(200);
      expect((await login(COMPANIES.tornillo, '10.3.1.1')).statusCode).toBe(200);
      await elapse(4);
      expect((await login(created.login, '10.3.1.1')).statusCode).toBe(200);
    });

    it('un inicio de sesión correcto reinicia el conteo de esa cuenta desde esa IP', async () => {
      const created = await registerCompany(t);
      secrets.add(created.body.clave);
      for (let i = 0; i < 2; i++) expect((await login(wrong(created.login), '10.3.2.1')).statusCode).toBe(401);
      expect((await login(created.login, '10.3.2.1')).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) expect((await login(wrong(created.login), '10.3.2.1')).statusCode).toBe(401);
      waitMessage(await login(wrong(created.login), '10.3.2.1'));
    });

    it('un atacante falla 50 veces desde su IP y el dueño entra con su clave desde otra', async () => {
      const created = await registerCompany(t);
      secrets.add(created.body.clave);
      for (let i = 0; i < 50; i++) {
        expect([401, 429]).toContain((await login({ ...created.login, clave: `adivinanza-${i}` }, '10.3.3.66')).statusCode);
        if (i % 5 === 4) await elapse(600);
      }
      const owner = await login(created.login, '10.3.3.1');
      expect(owner.statusCode, owner.body).toBe(200);
    });

    it('un ataque repartido entre muchas IP topa el límite de la cuenta, pero el dueño entra desde una IP donde ya había entrado', async () => {
      const created = await registerCompany(t);
      secrets.add(created.body.clave);
      expect((await login(created.login, '10.3.4.1')).statusCode).toBe(200);
      for (let i = 0; i < 12; i++) expect((await login(wrong(created.login), `10.3.5.${i + 1}`)).statusCode).toBe(401);
      expect(waitMessage(await login(created.login, '10.3.6.1'))).toBe(MSG.tooManyAttempts(1));
      expect((await login(created.login, '10.3.4.1')).statusCode).toBe(200);
    });

    it('el límite por IP cuenta los fallos en cualquier cuenta', async () => {
      for (let i = 0; i < 8; i++)
        expect((await login({ ...COMPANIES.andina, usuario: `nadie${i}`, clave: 'x' }, '10.3.7.1')).statusCode).toBe(401);
      expect(waitMessage(await login(COMPANIES.tornillo, '10.3.7.1'))).toBe(MSG.tooManyAttempts(1));
      expect((await login(COMPANIES.tornillo, '10.3.7.2')).statusCode).toBe(200);
    });

    it('los contadores están en la base de datos: otra instancia de la API los respeta', async () => {
      const other = await t.otherInstance();
      const created = await registerCompany(t);
      secrets.add(created.body.clave);
      for (let i = 0; i < 3; i++) expect((await login(wrong(created.login), '10.3.8.1')).statusCode).toBe(401);
      waitMessage(await login(created.login, '10.3.8.1', other));
    });

    it('la administración aplica las mismas reglas, sin afectar a otra cuenta', async () => {
      const adminLogin = (payload: object, remoteAddress: string) =>
        call(t, { method: 'POST', url: `${API}/loginAdmin`, payload, remoteAddress });
      for (let i = 0; i < 3; i++) expect((await adminLogin(wrong(DEMO.admin), '10.3.9.1')).statusCode).toBe(401);
      waitMessage(await adminLogin(DEMO.admin, '10.3.9.1'));
      expect((await adminLogin(DEMO.distribuidor, '10.3.9.1')).statusCode).toBe(200);
      expect((await adminLogin(DEMO.admin, '10.3.9.2')).statusCode).toBe(200);
    });

    it('la recuperación de una cuenta se limita a 3 correos por ventana (no se puede inundar su correo)', async () => {
      const created = await registerCompany(t);
      secrets.add(created.body.clave);
      const recover = (remoteAddress: string) =>
        call(t, {
          method: 'POST',
          url: `${API}/recuperar`,
          payload: { ruc: created.EMP_RUC, usuario: created.body.usuario },
          remoteAddress,
        });
      for (let i = 0; i < 3; i++) expect((await recover(`10.3.10.${i + 1}`)).statusCode).toBe(200);
      expect(waitMessage(await recover('10.3.10.9'))).toBe(MSG.tooManyAttempts(1));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await t.mails()).filter((m) => m.to === created.body.email)).toHaveLength(3);
    });

    it('la 9.ª recuperación desde la misma IP responde 429, exista o no la cuenta', async () => {
      for (let i = 0; i < 8; i++) {
        const res = await call(t, {
          method: 'POST',
          url: `${API}/recuperar`,
          payload: { ruc: COMPANIES.andina.ruc, usuario: `nadie${i}` },
          remoteAddress: '10.3.11.1',
        });
        expect(res.statusCode).toBe(200);
      }
      waitMessage(
        await call(t, {
          method: 'POST',
          url: `${API}/recuperar`,
          payload: { ruc: COMPANIES.costa.ruc, usuario: COMPANIES.costa.usuario },
          remoteAddress: '10.3.11.1',
        }),
      );
    });

    it('el 9.º registro desde la misma IP responde 429 y no crea la empresa', async () => {
      for (let i = 0; i < 8; i++) {
        const body = registration();
        secrets.add(body.clave);
        expect((await call(t, { method: 'POST', url: `${API}/registro`, payload: body, remoteAddress: '10.3.12.1' })).statusCode).toBe(201);
      }
      const body = registration();
      waitMessage(await call(t, { method: 'POST', url: `${API}/registro`, payload: body, remoteAddress: '10.3.12.1' }));
      expect(await t.db.select().from(empresas).where(eq(empresas.EMP_RUC, body.EMP_RUC))).toHaveLength(0);
      expect((await call(t, { method: 'POST', url: `${API}/registro`, payload: body, remoteAddress: '10.3.12.2' })).statusCode).toBe(201);
    });

    it('sin proxy de confianza, una X-Forwarded-For que cambia no esquiva los límites', async () => {
      const created = await registerCompany(t);
      secrets.add(created.body.clave);
      for (let i = 0; i < 3; i++) {
        const res = await call(t, {
          method: 'POST',
          url: `${API}/login`,
          payload: wrong(created.login),
          remoteAddress: '10.3.13.1',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        expect(res.statusCode).toBe(401);
      }
      waitMessage(
        await call(t, {
          method: 'POST',
          url: `${API}/login`,
          payload: created.login,
          remoteAddress: '10.3.13.1',
          headers: { 'x-forwarded-for': '203.0.113.99' },
        }),
      );
    });
  });

  describe('TRUST_PROXY=1: se confía exactamente en un proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { trustProxy: 1, rateLimit: { windowMs: 60_000, maxPerIp: 1000, maxPerAccount: 1000, freePerPair: 3 } });
    });
    afterAll(() => t.close());

    /** What the reverse proxy (10.0.0.1) forwards: whatever the client wrote, then the client's real address. */
    const viaProxy = (payload: object, written: string, client: string) =>
      call(t, {
        method: 'POST',
        url: `${API}/login`,
        payload,
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': `${written}, ${client}` },
      });

    it('lo que el cliente escribe antes en X-Forwarded-For se ignora: el límite sigue a su dirección real', async () => {
      const account = { ...COMPANIES.costa, clave: 'incorrecta' };
      for (let i = 0; i < 3; i++) expect((await viaProxy(account, `198.51.100.${i}`, '203.0.113.50')).statusCode).toBe(401);
      expect((await viaProxy(COMPANIES.costa, '198.51.100.77', '203.0.113.50')).statusCode).toBe(429);
      expect((await viaProxy(COMPANIES.costa, '203.0.113.50', '203.0.113.51')).statusCode).toBe(200);
    });

    it('TRUST_PROXY es un número de saltos', () => {
      expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
      expect(loadConfig({}).trustProxy).toBe(0);
      expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow('TRUST_PROXY debe ser un número entero positivo');
    });
  });

  describe('entradas mal formadas o maliciosas', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind);
    });
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

    it.each(SQL_ATTACKS)(
      '"%s" en ruc, usuario o clave del login responde 4xx con mensaje y la tabla empresas sigue intacta',
      async (attack) => {
        const before = await companyCount();
        for (const body of [
          { ...COMPANIES.andina, ruc: attack },
          { ...COMPANIES.andina, usuario: attack },
          { ...COMPANIES.andina, clave: attack },
          { ruc: attack, usuario: attack, clave: attack },
        ]) {
          const res = await login(body);
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          expect(res.json().msg).toEqual(expect.any(String));
          expect(res.json()).not.toHaveProperty('usuario');
        }
        const admin = await call(t, { method: 'POST', url: `${API}/loginAdmin`, payload: { usuario: attack, clave: attack } });
        expect(admin.statusCode).toBe(401);
        expect(admin.json().msg).toEqual(expect.any(String));
        // recovery answers the same for every account, existing or not
        const recovery = await call(t, { method: 'POST', url: `${API}/recuperar`, payload: { ruc: attack.slice(0, 13), usuario: attack } });
        expect(recovery.statusCode).toBe(200);
        expect(recovery.json()).toEqual({ msg: MSG.recoveryOk });
        expect(await companyCount()).toBe(before);
        expect(await t.db.select().from(empresas).where(eq(empresas.EMP_RUC, COMPANIES.andina.ruc))).toHaveLength(1);
      },
    );

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

      const userAttempt = await call(t, {
        method: 'POST',
        url: `${API}/registro`,
        payload: registration({ usuario: attack, clave: attack + attack }),
      });
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
      const res = await call(t, {
        method: 'POST',
        url: `${API}/menuEmpresa`,
        payload: { ruc: attack.slice(0, 13) },
        headers: { 'x-token': session.token },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(MSG.notFound);
    });

    it('una ruta desconocida responde 404 con mensaje', async () => {
      for (const [method, url] of [
        ['GET', `${API}/noExiste`],
        ['POST', '/api/nada'],
        ['GET', `${API}/login`],
        ['DELETE', `${API}/configuraciones/9`],
      ] as const) {
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
