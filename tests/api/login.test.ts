import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, jwtPayload, loginAdmin, loginCompany, registerCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { administradores, empresas, planes, planesEmpresa, sesiones, usuarios } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';
import { uploadCompanySignature } from '../helpers/certificates';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import { PLAN_MSG } from '../../domain/planes';

const HOUR = 3600;
const DAY = 24 * HOUR;

describe.each(testDatabases)('inicio de sesión (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url: `${API}${url}`, payload, headers: token ? { 'x-token': token } : {} });
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `${API}${url}`, headers: token ? { 'x-token': token } : {} });

  describe('empresa: POST /login', () => {
    it('devuelve el usuario con token, COM_CODIGO, eid y USU_ACTIVO', async () => {
      const res = await post('/login', DEMO.empresa);
      expect(res.statusCode).toBe(200);
      const { usuario } = res.json();
      const [andina] = await t.db.select().from(empresas).where(eq(empresas.EMP_RUC, DEMO.empresa.ruc));
      const [demo] = await t.db.select().from(usuarios).where(eq(usuarios.USU_USUARIO, DEMO.empresa.usuario));
      expect(usuario).toMatchObject({
        USU_CODIGO: demo.USU_CODIGO,
        USU_USUARIO: 'demo',
        USU_NOMBRE: 'Lucía Pérez',
        USU_ACTIVO: true,
        COM_CODIGO: andina.EMP_CODIGO,
        eid: demo.USU_CODIGO,
        EMP_RUC: DEMO.empresa.ruc,
        EMP_NOMBREC: 'Comercial Andina',
      });
      expect(usuario.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(usuario).not.toHaveProperty('USU_CLAVE');
      expect(res.body).not.toContain('$argon2');
      // The token is only its session's id: the session's row says who signed in.
      const claims = jwtPayload(usuario.token);
      expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'jti', 'kind']);
      expect(claims.kind).toBe('empresa');
      const [session] = await t.db
        .select()
        .from(sesiones)
        .where(eq(sesiones.SES_ID, String(claims.jti)));
      expect(session).toMatchObject({ SES_TIPO: 'empresa', USU_CODIGO: demo.USU_CODIGO, ADM_CODIGO: null });
      expect(new Date(usuario.expira).getTime()).toBe(claims.exp * 1000);
    });

    it('el token sirve para las rutas de la empresa', async () => {
      const { token } = await loginCompany(t);
      const res = await get('/miEmpresa', token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ EMP_RUC: DEMO.empresa.ruc, EMP_NOMBREC: 'Comercial Andina', firma: false });
    });

    it('sin recordar el token dura 8 horas; con recordar, 30 días', async () => {
      const short = jwtPayload((await loginCompany(t)).token);
      const long = jwtPayload((await loginCompany(t, { ...COMPANIES.andina, recordar: true })).token);
      expect(short.exp - short.iat).toBe(8 * HOUR);
      expect(long.exp - long.iat).toBe(30 * DAY);
      expect(Math.abs(short.exp - (Date.now() / 1000 + 8 * HOUR))).toBeLessThan(60);
      expect(Math.abs(long.exp - (Date.now() / 1000 + 30 * DAY))).toBeLessThan(60);
    });

    it('una clave incorrecta responde 401 con el mensaje en español', async () => {
      const res = await post('/login', { ...DEMO.empresa, clave: 'otra-clave' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: 'RUC, usuario o clave incorrectos' });
    });

    it('un RUC desconocido responde lo mismo que una clave incorrecta (no revela qué existe)', async () => {
      const res = await post('/login', { ...DEMO.empresa, ruc: '1799999999001' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: MSG.companyLoginFailed });
    });

    it('un usuario de otra empresa no entra con el RUC de esta', async () => {
      const res = await post('/login', { ruc: COMPANIES.andina.ruc, usuario: COMPANIES.costa.usuario, clave: COMPANIES.costa.clave });
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toBe(MSG.companyLoginFailed);
    });

    it('un usuario desactivado recibe 403 EL USUARIO DESACTIVADO con code USUARIO_DESACTIVADO', async () => {
      const res = await post('/login', DEMO.desactivado);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: 'EL USUARIO DESACTIVADO', code: 'USUARIO_DESACTIVADO' });
    });

    it('un usuario desactivado con clave incorrecta recibe 401, no 403 (no revela que existe)', async () => {
      const res = await post('/login', { ...DEMO.desactivado, clave: 'no-es-la-clave' });
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toBe(MSG.companyLoginFailed);
    });

    it.each(['ruc', 'usuario', 'clave'])('sin %s responde 400 nombrando el campo', async (field) => {
      const body: Record<string, unknown> = { ...DEMO.empresa };
      delete body[field];
      const res = await post('/login', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(`El campo ${field} es obligatorio`);
    });

    it('con la clave vacía responde 400 nombrando el campo', async () => {
      const res = await post('/login', { ...DEMO.empresa, clave: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('El campo clave es obligatorio');
    });

    it('un usuario desactivado después de iniciar sesión recibe 403 USUARIO_DESACTIVADO en su siguiente llamada', async () => {
      const company = await registerCompany(t);
      const { token, USU_CODIGO } = await loginCompany(t, company.login);
      expect((await get('/miEmpresa', token)).statusCode).toBe(200);

      await t.db.update(usuarios).set({ USU_ACTIVO: false }).where(eq(usuarios.USU_CODIGO, USU_CODIGO));
      const res = await get('/miEmpresa', token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: MSG.deactivatedTitle, code: 'USUARIO_DESACTIVADO' });
      const menu = await post('/menuEmpresa', { ruc: company.EMP_RUC }, token);
      expect(menu.statusCode).toBe(403);
      expect(menu.json().code).toBe('USUARIO_DESACTIVADO');

      // and a new login is refused the same way
      const again = await post('/login', company.login);
      expect(again.statusCode).toBe(403);
      expect(again.json().code).toBe('USUARIO_DESACTIVADO');
    });

    it('una empresa desactivada deja fuera a sus usuarios aunque tengan token', async () => {
      const company = await registerCompany(t);
      const { token } = await loginCompany(t, company.login);
      await t.db.update(empresas).set({ EMP_ACTIVO: false }).where(eq(empresas.EMP_CODIGO, company.EMP_CODIGO));
      const res = await get('/miEmpresa', token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: MSG.deactivatedTitle, code: 'USUARIO_DESACTIVADO' });
      const login = await post('/login', company.login);
      expect(login.statusCode).toBe(403);
      expect(login.json().code).toBe('USUARIO_DESACTIVADO');
    });
  });

  describe('administración: POST /loginAdmin', () => {
    it('el administrador recibe PRF_CODIGO 1 y DRB_CONTADOR 0', async () => {
      const res = await post('/loginAdmin', DEMO.admin);
      expect(res.statusCode).toBe(200);
      const { usuario } = res.json();
      const [row] = await t.db.select().from(administradores).where(eq(administradores.ADM_USUARIO, DEMO.admin.usuario));
      expect(usuario).toMatchObject({
        ADM_CODIGO: row.ADM_CODIGO,
        ADM_USUARIO: 'admin',
        ADM_NOMBRE: 'María Fernanda Andrade',
        PRF_CODIGO: 1,
        DRB_CONTADOR: 0,
      });
      expect(usuario).not.toHaveProperty('ADM_CLAVE');
      expect(res.body).not.toContain('$argon2');
      const claims = jwtPayload(usuario.token);
      expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'jti', 'kind']);
      expect(claims.kind).toBe('admin');
      const [session] = await t.db
        .select()
        .from(sesiones)
        .where(eq(sesiones.SES_ID, String(claims.jti)));
      expect(session).toMatchObject({ SES_TIPO: 'admin', ADM_CODIGO: row.ADM_CODIGO, USU_CODIGO: null });
      expect(claims.exp - claims.iat).toBe(8 * HOUR);
    });

    it('el distribuidor recibe PRF_CODIGO 2 y DRB_CONTADOR 1', async () => {
      const usuario = await loginAdmin(t, DEMO.distribuidor);
      expect(usuario).toMatchObject({ ADM_USUARIO: 'distribuidor', PRF_CODIGO: 2, DRB_CONTADOR: 1 });
    });

    it('con recordar el token de administración dura 7 días', async () => {
      const res = await post('/loginAdmin', { ...DEMO.admin, recordar: true });
      expect(res.statusCode).toBe(200);
      const claims = jwtPayload(res.json().usuario.token);
      expect(claims.exp - claims.iat).toBe(7 * DAY);
    });

    it('una clave incorrecta responde 401 Usuario o clave incorrectos', async () => {
      const res = await post('/loginAdmin', { ...DEMO.admin, clave: 'Admin2025!' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: 'Usuario o clave incorrectos' });
    });

    it('un usuario inexistente responde el mismo 401', async () => {
      const res = await post('/loginAdmin', { usuario: 'nadie', clave: DEMO.admin.clave });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: MSG.adminLoginFailed });
    });

    it('las credenciales de empresa no abren la administración', async () => {
      const res = await post('/loginAdmin', { usuario: DEMO.empresa.usuario, clave: DEMO.empresa.clave });
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toBe(MSG.adminLoginFailed);
    });

    it('un administrador desactivado recibe 403 y su token deja de servir', async () => {
      await t.db.insert(administradores).values({
        ADM_USUARIO: 'temporal',
        ADM_CLAVE: await hashPassword('Temporal2026!'),
        ADM_NOMBRE: 'Temporal',
        PRF_CODIGO: 1,
      });
      const { token } = await loginAdmin(t, { usuario: 'temporal', clave: 'Temporal2026!' });
      expect((await get('/configuraciones/0', token)).statusCode).toBe(200);

      await t.db.update(administradores).set({ ADM_ACTIVO: false }).where(eq(administradores.ADM_USUARIO, 'temporal'));
      const call = await get('/configuraciones/0', token);
      expect(call.statusCode).toBe(403);
      expect(call.json()).toEqual({ msg: MSG.deactivatedTitle, code: 'USUARIO_DESACTIVADO' });
      const login = await post('/loginAdmin', { usuario: 'temporal', clave: 'Temporal2026!' });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toEqual({ msg: MSG.deactivatedTitle, code: 'USUARIO_DESACTIVADO' });
    });
  });

  describe('avisos de plan y firma: GET /comprobarfirmaPlan/{empresa}/{eid}', () => {
    const check = async (credentials: (typeof COMPANIES)[keyof typeof COMPANIES] | { ruc: string; usuario: string; clave: string }) => {
      const session = await loginCompany(t, credentials);
      const res = await get(`/comprobarfirmaPlan/${session.COM_CODIGO}/${session.eid}`, session.token);
      expect(res.statusCode).toBe(200);
      return res.json() as { activar: boolean; mensaje: string };
    };

    it('la empresa demo (plan vigente, sin firma) recibe el aviso de la firma electrónica', async () => {
      const notice = await check(COMPANIES.andina);
      expect(notice.activar).toBe(true);
      expect(notice.mensaje).toContain('firma electrónica');
    });

    it('Ferretería El Tornillo (plan vencido) recibe el aviso de que el plan caducó', async () => {
      const [plan] = await t.db
        .select({ caduca: planesEmpresa.PLANEMPRESA_CADUCA })
        .from(planesEmpresa)
        .innerJoin(empresas, eq(empresas.EMP_CODIGO, planesEmpresa.EMP_CODIGO))
        .where(eq(empresas.EMP_RUC, COMPANIES.tornillo.ruc));
      const notice = await check(COMPANIES.tornillo);
      expect(notice.activar).toBe(true);
      expect(notice.mensaje).toContain('caducó');
      expect(notice.mensaje).toContain(plan.caduca);
    });

    it('Distribuidora Costa Azul (sin plan) recibe el aviso de que no tiene plan', async () => {
      const notice = await check(COMPANIES.costa);
      expect(notice.activar).toBe(true);
      expect(notice.mensaje).toMatch(/no tiene un plan/);
      expect(notice.mensaje).not.toContain('caducó');
    });

    it('una empresa con plan vigente y firma no recibe aviso', async () => {
      const company = await registerCompany(t);
      const [plan] = await t.db.select().from(planes).limit(1);
      // Plans change at midnight in Ecuador: its day, not UTC's (which is already tomorrow from 19:00 there).
      const today = hoyEcuador();
      const nextYear = sumarDias(today, 365);
      await t.db.insert(planesEmpresa).values({
        EMP_CODIGO: company.EMP_CODIGO,
        PLAN_ID: plan.PLAN_ID,
        PLANEMPRESA_NOMBRE: plan.PLAN_NOMBRE,
        PLANEMPRESA_INICIO: today,
        PLANEMPRESA_CADUCA: nextYear,
        PLANEMPRESA_COMPROBANTES: plan.PLAN_COMPROBANTES,
        PLANEMPRESA_PRECIO: plan.PLAN_PRECIO,
      });
      expect((await check(company.login)).mensaje).toContain('firma electrónica');

      await uploadCompanySignature(t, (await loginCompany(t, company.login)).token);
      expect(await check(company.login)).toEqual({ activar: false, mensaje: '' });
    });

    it('un plan que caduca hoy (en Ecuador) todavía está vigente: avisa que vence hoy', async () => {
      const company = await registerCompany(t);
      const [plan] = await t.db.select().from(planes).limit(1);
      const today = hoyEcuador();
      await t.db.insert(planesEmpresa).values({
        EMP_CODIGO: company.EMP_CODIGO,
        PLAN_ID: plan.PLAN_ID,
        PLANEMPRESA_NOMBRE: plan.PLAN_NOMBRE,
        PLANEMPRESA_INICIO: '2025-01-01',
        PLANEMPRESA_CADUCA: today,
        PLANEMPRESA_COMPROBANTES: plan.PLAN_COMPROBANTES,
        PLANEMPRESA_PRECIO: plan.PLAN_PRECIO,
      });
      await uploadCompanySignature(t, (await loginCompany(t, company.login)).token);
      expect(await check(company.login)).toEqual({ activar: true, mensaje: PLAN_MSG.expiring(today, 0) });
      expect(PLAN_MSG.expiring(today, 0)).toContain('vence hoy');
    });

    it('con el código de otra empresa responde 404 (aislamiento entre empresas)', async () => {
      const session = await loginCompany(t, COMPANIES.andina);
      const other = await loginCompany(t, COMPANIES.costa);
      const res = await get(`/comprobarfirmaPlan/${other.COM_CODIGO}/${other.eid}`, session.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: MSG.notFound });
      const mixed = await get(`/comprobarfirmaPlan/${session.COM_CODIGO}/${other.eid}`, session.token);
      expect(mixed.statusCode).toBe(404);
      expect(mixed.json().msg).toBe(MSG.notFound);
    });

    it('un código que no es número responde 400 con mensaje', async () => {
      const session = await loginCompany(t);
      const res = await get(`/comprobarfirmaPlan/abc/${session.eid}`, session.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('El campo empresa tiene un tipo de dato inválido');
    });
  });
});
