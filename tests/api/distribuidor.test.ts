import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, jwtPayload, loginAdmin, loginCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../src/domain/messages';
import { administradores, empresas, ingresos, usuarios } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';

describe.each(testDatabases)('distribuidor (%s)', (kind) => {
  let t: TestApp;
  let distributorToken: string;
  let adminToken: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    distributorToken = (await loginAdmin(t, DEMO.distribuidor)).token;
    adminToken = (await loginAdmin(t, DEMO.admin)).token;
  });
  afterAll(() => t.close());

  const enter = (payload: object, token = distributorToken) =>
    t.app.inject({ method: 'POST', url: `${API}/loginDistribuidor`, payload, headers: { 'x-token': token } });
  const entries = (token: string, query = '') =>
    t.app.inject({ method: 'GET', url: `${API}/ingresos${query}`, headers: { 'x-token': token } });
  const companyId = async (ruc: string) => (await t.db.select().from(empresas).where(eq(empresas.EMP_RUC, ruc)))[0].EMP_CODIGO;
  const admin = async (usuario: string) => (await t.db.select().from(administradores).where(eq(administradores.ADM_USUARIO, usuario)))[0];

  describe('POST /loginDistribuidor', () => {
    it('solo con el RUC entra como el primer usuario activo de la empresa y queda registrado el ingreso', async () => {
      const andina = await companyId(COMPANIES.andina.ruc);
      const [first] = await t.db.select().from(usuarios).where(eq(usuarios.COM_CODIGO, andina)).orderBy(asc(usuarios.USU_CODIGO)).limit(1);
      const before = await t.db.select().from(ingresos);

      const res = await enter({ ruc: COMPANIES.andina.ruc });
      expect(res.statusCode).toBe(200);
      const { usuario } = res.json();
      expect(usuario).toMatchObject({
        USU_CODIGO: first.USU_CODIGO,
        USU_USUARIO: DEMO.empresa.usuario,
        COM_CODIGO: andina,
        eid: first.USU_CODIGO,
        EMP_RUC: COMPANIES.andina.ruc,
        USU_ACTIVO: true,
        distribuidor: DEMO.distribuidor.usuario,
      });
      const claims = jwtPayload(usuario.token);
      const dist = await admin(DEMO.distribuidor.usuario);
      expect(claims).toMatchObject({ kind: 'empresa', usuario: first.USU_CODIGO, empresa: andina, distribuidor: dist.ADM_CODIGO });
      expect(claims.exp - claims.iat).toBe(4 * 3600);

      const after = await t.db.select().from(ingresos);
      expect(after).toHaveLength(before.length + 1);
      const row = after.find((r) => !before.some((b) => b.ING_CODIGO === r.ING_CODIGO))!;
      expect(row).toMatchObject({ ADM_CODIGO: dist.ADM_CODIGO, EMP_CODIGO: andina, USU_CODIGO: first.USU_CODIGO, ING_IP: '127.0.0.1' });
      expect(Math.abs(row.ING_FECHA.getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('el token de empresa que devuelve sirve en GET /miEmpresa y en el menú de esa empresa', async () => {
      const { usuario } = (await enter({ ruc: COMPANIES.andina.ruc })).json();
      const res = await t.app.inject({ method: 'GET', url: `${API}/miEmpresa`, headers: { 'x-token': usuario.token } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ EMP_RUC: COMPANIES.andina.ruc, EMP_NOMBREC: 'Comercial Andina' });
      const menu = await t.app.inject({
        method: 'POST',
        url: `${API}/menuEmpresa`,
        headers: { 'x-token': usuario.token },
        payload: { ruc: COMPANIES.andina.ruc },
      });
      expect(menu.statusCode).toBe(200);
      // Inside a company the distributor has that company's menu: Ferretería has no "Mi empresa".
      const tornillo = (await enter({ ruc: COMPANIES.tornillo.ruc })).json().usuario.token as string;
      const refused = await t.app.inject({ method: 'GET', url: `${API}/miEmpresa`, headers: { 'x-token': tornillo } });
      expect([refused.statusCode, refused.json()]).toEqual([403, { msg: MSG.noAccess, code: 'SIN_ACCESO' }]);
    });

    it('con usuario y clave correctos entra como ese usuario', async () => {
      const res = await enter({ ruc: COMPANIES.andina.ruc, usuario: DEMO.empresa.usuario, clave: DEMO.empresa.clave });
      expect(res.statusCode).toBe(200);
      expect(res.json().usuario.USU_USUARIO).toBe(DEMO.empresa.usuario);
    });

    it('con usuario y clave incorrecta responde 401 y no registra ingreso', async () => {
      const before = await t.db.select().from(ingresos);
      const res = await enter({ ruc: COMPANIES.andina.ruc, usuario: DEMO.empresa.usuario, clave: 'clave-equivocada' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: MSG.distributorWrongPassword });
      expect(await t.db.select().from(ingresos)).toHaveLength(before.length);
    });

    it('con un usuario desactivado de la empresa responde 404', async () => {
      const res = await enter({ ruc: COMPANIES.andina.ruc, usuario: DEMO.desactivado.usuario });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: MSG.distributorUserNotFound });
    });

    it('una empresa que no está asignada al distribuidor (Costa Azul) responde 404 y no registra ingreso', async () => {
      const before = await t.db.select().from(ingresos);
      const res = await enter({ ruc: COMPANIES.costa.ruc });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: MSG.distributorCompanyNotFound });
      expect(await t.db.select().from(ingresos)).toHaveLength(before.length);
    });

    it('un RUC inexistente responde 404', async () => {
      const res = await enter({ ruc: '1799999999001' });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(MSG.distributorCompanyNotFound);
    });

    it('un administrador que no es distribuidor recibe 403', async () => {
      const res = await enter({ ruc: COMPANIES.andina.ruc }, adminToken);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: MSG.notDistributor });
    });

    it('un perfil 2 sin DRB_CONTADOR 1 no es distribuidor habilitado (403)', async () => {
      await t.db.insert(administradores).values({
        ADM_USUARIO: 'vendedor',
        ADM_CLAVE: await hashPassword('Vendedor2026!'),
        ADM_NOMBRE: 'Vendedor',
        PRF_CODIGO: 2,
        DRB_CONTADOR: 0,
      });
      const { token } = await loginAdmin(t, { usuario: 'vendedor', clave: 'Vendedor2026!' });
      const res = await enter({ ruc: COMPANIES.andina.ruc }, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(MSG.notDistributor);
    });

    it('un RUC mal formado responde 400 con el mensaje del RUC', async () => {
      const res = await enter({ ruc: '17900169' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: 'El RUC debe tener 13 dígitos numéricos' });
    });

    it('el token de la sesión de empresa no permite entrar como distribuidor (403)', async () => {
      const session = await loginCompany(t);
      const res = await enter({ ruc: COMPANIES.andina.ruc }, session.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(MSG.adminOnly);
    });
  });

  describe('GET /ingresos', () => {
    it('el administrador ve los ingresos (quién, qué empresa, qué usuario) con Content-Range', async () => {
      await enter({ ruc: COMPANIES.andina.ruc });
      const total = (await t.db.select().from(ingresos)).length;
      const res = await entries(adminToken);
      expect(res.statusCode).toBe(200);
      const rows = res.json() as Array<Record<string, unknown>>;
      expect(rows.length).toBe(Math.min(total, 25));
      expect(res.headers['content-range']).toBe(`ingresos 0-${rows.length - 1}/${total}`);
      expect(rows[0]).toMatchObject({
        ADM_USUARIO: DEMO.distribuidor.usuario,
        EMP_RUC: COMPANIES.andina.ruc,
        EMP_NOMBREC: 'Comercial Andina',
        USU_USUARIO: DEMO.empresa.usuario,
        ING_IP: '127.0.0.1',
      });
      expect(new Date(rows[0].ING_FECHA as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
      // newest first
      const ids = rows.map((r) => r.ING_CODIGO as number);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });

    it('pagina con range y ordena con sort', async () => {
      const total = (await t.db.select().from(ingresos)).length;
      expect(total).toBeGreaterThanOrEqual(3);
      const res = await entries(adminToken, `?range=${encodeURIComponent('[1,2]')}&sort=${encodeURIComponent('["ING_CODIGO","ASC"]')}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-range']).toBe(`ingresos 1-2/${total}`);
      const ids = res.json().map((r: { ING_CODIGO: number }) => r.ING_CODIGO);
      expect(ids).toHaveLength(2);
      expect(ids[0]).toBeLessThan(ids[1]);
    });

    it('un range inválido responde 400 con mensaje', async () => {
      const res = await entries(adminToken, '?range=no-es-json');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: 'El parámetro range no es un JSON válido' });
    });

    it('el token del propio distribuidor recibe 403', async () => {
      const res = await entries(distributorToken);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: MSG.forbidden });
    });
  });
});
