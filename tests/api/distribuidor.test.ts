import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, jwtPayload, loginAdmin, loginCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { administradores, empresas, ingresos, sesiones, usuarios } from '../../server/infra/db/schema';
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
      // The token names only its session: who the caller is comes from the session's rows.
      const claims = jwtPayload(usuario.token);
      expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'jti', 'kind']);
      expect(claims.kind).toBe('empresa');
      expect(claims.exp - claims.iat).toBe(4 * 3600);
      const dist = await admin(DEMO.distribuidor.usuario);

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

  describe('la sesión del distribuidor dentro de una empresa dura lo que dura su derecho', () => {
    const as = (token: string) => ({ 'x-token': token });
    const clients = (token: string) => t.app.inject({ method: 'GET', url: '/api/clientes', headers: as(token) });
    const resetClave = (token: string, id: number) =>
      t.app.inject({ method: 'POST', url: `/api/usuarios/${id}/clave`, headers: as(token) });
    const assign = (id: number, distribuidor: number | null) =>
      t.app.inject({
        method: 'PUT',
        url: `${API}/empresas/lote`,
        headers: as(adminToken),
        payload: { ids: [id], accion: 'distribuidor', distribuidor },
      });
    /** A fresh administration session of the distributor and a company session opened from it. */
    async function enterAndina() {
      const origin = (await loginAdmin(t, DEMO.distribuidor)).token;
      const res = await enter({ ruc: COMPANIES.andina.ruc }, origin);
      expect(res.statusCode).toBe(200);
      return { origin, company: res.json().usuario.token as string };
    }
    const ended = async (res: Promise<{ statusCode: number; json: () => unknown }>) => {
      const r = await res;
      expect([r.statusCode, r.json()]).toEqual([401, { msg: MSG.sessionEnded }]);
    };

    it('quitarle la empresa en lote cierra al instante su sesión dentro de ella: ni lee clientes ni restablece claves', async () => {
      const andina = await companyId(COMPANIES.andina.ruc);
      const dist = await admin(DEMO.distribuidor.usuario);
      const [user] = await t.db.select().from(usuarios).where(eq(usuarios.COM_CODIGO, andina)).orderBy(asc(usuarios.USU_CODIGO)).limit(1);
      const { company } = await enterAndina();
      expect((await clients(company)).statusCode).toBe(200);

      expect((await assign(andina, null)).statusCode).toBe(200);
      try {
        await ended(clients(company));
        const claveAntes = user.USU_CLAVE_TEMPORAL;
        await ended(resetClave(company, user.USU_CODIGO));
        const [after] = await t.db.select().from(usuarios).where(eq(usuarios.USU_CODIGO, user.USU_CODIGO));
        expect(after.USU_CLAVE_TEMPORAL).toBe(claveAntes);
        // Giving the company back does not revive the session that ended.
        expect((await assign(andina, dist.ADM_CODIGO)).statusCode).toBe(200);
        await ended(clients(company));
      } finally {
        await t.db.update(empresas).set({ EMP_DISTRIBUIDOR: dist.ADM_CODIGO }).where(eq(empresas.EMP_CODIGO, andina));
      }
    });

    it('cambiar el distribuidor desde la ficha de la empresa también la cierra', async () => {
      const andina = await companyId(COMPANIES.andina.ruc);
      const dist = await admin(DEMO.distribuidor.usuario);
      const { company } = await enterAndina();
      const ficha = (await t.app.inject({ method: 'GET', url: `${API}/empresas/${andina}`, headers: as(adminToken) })).json();
      const { EMP_RUC, EMP_NOMBREC, EMP_NOMBRE, EMP_CORREO, EMP_TELEFONO, EMP_CELULAR, EMP_DIRECCION, EMP_CONTABILIDAD } = ficha;
      const { EMP_CONTRIBUYENTE_ESPECIAL, EMP_AGENTE_RETENCION, EMP_RIMPE, EMP_AMBIENTE, EMP_ACTIVO, establecimientos, EMP_VERSION } =
        ficha;
      const saved = await t.app.inject({
        method: 'PUT',
        url: `${API}/empresas/${andina}`,
        headers: as(adminToken),
        payload: {
          ...{ EMP_RUC, EMP_NOMBREC, EMP_NOMBRE, EMP_CORREO, EMP_TELEFONO, EMP_CELULAR, EMP_DIRECCION, EMP_CONTABILIDAD },
          ...{ EMP_CONTRIBUYENTE_ESPECIAL, EMP_AGENTE_RETENCION, EMP_RIMPE, EMP_AMBIENTE, EMP_ACTIVO, establecimientos, EMP_VERSION },
          EMP_DISTRIBUIDOR: null,
        },
      });
      try {
        expect(saved.statusCode).toBe(200);
        await ended(clients(company));
      } finally {
        await t.db.update(empresas).set({ EMP_DISTRIBUIDOR: dist.ADM_CODIGO }).where(eq(empresas.EMP_CODIGO, andina));
      }
    });

    it('cerrar su sesión de administración cierra también las sesiones de empresa abiertas desde ella, no las de otra sesión suya', async () => {
      const first = await enterAndina();
      const second = await enterAndina();
      const out = await t.app.inject({ method: 'POST', url: `${API}/logoutAdmin`, headers: as(first.origin) });
      expect(out.statusCode).toBe(200);
      await ended(clients(first.company));
      expect((await clients(second.company)).statusCode).toBe(200);
    });

    it('nunca dura más que la sesión de administración de la que salió', async () => {
      const { origin, company } = await enterAndina();
      const originClaims = jwtPayload(origin);
      // An administration session with one hour left gives a company session of one hour, not four.
      const [row] = await t.db
        .select()
        .from(sesiones)
        .where(eq(sesiones.SES_ID, originClaims.jti as string));
      await t.db
        .update(sesiones)
        .set({ SES_VENCE: new Date(Date.now() + 3600_000) })
        .where(eq(sesiones.SES_ID, row.SES_ID));
      const short = jwtPayload((await enter({ ruc: COMPANIES.andina.ruc }, origin)).json().usuario.token);
      expect(short.exp - short.iat).toBeGreaterThan(3590);
      expect(short.exp - short.iat).toBeLessThanOrEqual(3600);
      // The row decides: once the origin has passed its end, the company session opened from it stops too.
      await t.db
        .update(sesiones)
        .set({ SES_VENCE: new Date(Date.now() - 1000) })
        .where(eq(sesiones.SES_ID, row.SES_ID));
      await ended(clients(company));
    });

    it('dejar de ser distribuidor (perfil o DRB_CONTADOR) la cierra', async () => {
      const dist = await admin(DEMO.distribuidor.usuario);
      const { company } = await enterAndina();
      await t.db.update(administradores).set({ DRB_CONTADOR: 0 }).where(eq(administradores.ADM_CODIGO, dist.ADM_CODIGO));
      try {
        await ended(clients(company));
      } finally {
        await t.db.update(administradores).set({ DRB_CONTADOR: 1 }).where(eq(administradores.ADM_CODIGO, dist.ADM_CODIGO));
      }
    });

    it('con el secreto de firma, un token que dice ser de otra empresa sigue viendo solo la empresa de su sesión', async () => {
      const session = await loginCompany(t);
      const jti = jwtPayload(session.token).jti as string;
      const tornillo = await companyId(COMPANIES.tornillo.ruc);
      const forged = await t.ctx.tokens.sign(
        { kind: 'empresa', empresa: tornillo, usuario: 1, distribuidor: 1 } as { kind: 'empresa' },
        3600,
        jti,
      );
      const res = await t.app.inject({ method: 'GET', url: `${API}/miEmpresa`, headers: as(forged.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json().EMP_RUC).toBe(COMPANIES.andina.ruc);
    });
  });
});
