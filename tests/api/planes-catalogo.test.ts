import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, loginAdmin, loginCompany, registerCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { PLAN_MSG } from '../../domain/planes';
import { configuraciones, planes } from '../../server/infra/db/schema';

type Plan = {
  PLAN_ID: number;
  PLAN_NOMBRE: string;
  PLAN_TIPO: string;
  PLAN_CLASE: string;
  PLAN_PRECIO: string;
  PLAN_IVA: string;
  PLAN_TOTAL: string;
  PLAN_ACTIVO: boolean;
  vendidos: number;
};

describe.each(testDatabases)('catálogo de planes: /empresas/planes (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let distributor: string;
  let company: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await loginAdmin(t)).token;
    distributor = (await loginAdmin(t, DEMO.distribuidor)).token;
    company = (await loginCompany(t)).token;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = admin, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  const names = (res: { json(): unknown }) => (res.json() as Plan[]).map((p) => p.PLAN_NOMBRE);
  const body = (overrides: Record<string, unknown> = {}) => ({
    PLAN_NOMBRE: `Plan ${Math.random().toString(36).slice(2, 8)}`,
    PLAN_COMPROBANTES: 50,
    PLAN_DIAS: 30,
    PLAN_PRECIO: '10.50',
    ...overrides,
  });

  it('sin tipo lista los planes de ventas (por defecto V), con IVA aparte y Content-Range', async () => {
    const res = await call('GET', '/empresas/planes');
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Emprendedor', 'Pyme', 'Empresarial', 'Autorización de imprenta', 'Orel Básico']);
    expect(res.headers['content-range']).toBe('planes 0-4/5');
    expect((res.json() as Plan[])[1]).toMatchObject({
      PLAN_NOMBRE: 'Pyme',
      PLAN_TIPO: 'V',
      PLAN_CLASE: 'E',
      PLAN_PRECIO: '60.00',
      PLAN_IVA: '9.00',
      PLAN_TOTAL: '69.00',
      PLAN_ACTIVO: true,
      vendidos: 1,
    });
  });

  it('?PLAN_TIPO=C filtra compras, T trae todos, otro valor 400 con el mensaje del tipo', async () => {
    expect(names(await call('GET', '/empresas/planes?PLAN_TIPO=C'))).toEqual(['Compras']);
    const all = await call('GET', '/empresas/planes?PLAN_TIPO=T');
    expect(names(all)).toContain('Compras');
    expect(names(all)).toContain('Pyme');
    expect(names(await call('GET', '/empresas/planes?PLAN_TIPO=c'))).toEqual(['Compras']);
    for (const bad of ['X', 'VV', '']) {
      const res = await call('GET', `/empresas/planes?PLAN_TIPO=${bad}`);
      expect([res.statusCode, res.json()], bad).toEqual([400, { msg: PLAN_MSG.invalidType }]);
    }
    const badFilter = await call('GET', `/empresas/planes?filter=${encodeURIComponent('{"PLAN_TIPO":"Z"}')}`);
    expect([badFilter.statusCode, badFilter.json()]).toEqual([400, { msg: PLAN_MSG.invalidType }]);
  });

  it('el filtro JSON de simple-rest: PLAN_TIPO (T incluido), PLAN_CLASE, q y range', async () => {
    const filter = (f: object, extra = '') => call('GET', `/empresas/planes?filter=${encodeURIComponent(JSON.stringify(f))}${extra}`);
    expect(names(await filter({ PLAN_TIPO: 'C' }))).toEqual(['Compras']);
    expect(names(await filter({ PLAN_TIPO: 'T', PLAN_CLASE: 'E' }))).toEqual(['Emprendedor', 'Pyme', 'Empresarial', 'Compras']);
    expect(names(await filter({ PLAN_CLASE: ['I', 'O'] }))).toEqual(['Autorización de imprenta', 'Orel Básico']);
    expect(names(await filter({ q: 'empre' }))).toEqual(['Emprendedor', 'Empresarial']);
    const page = await filter({ PLAN_TIPO: 'T' }, '&range=[0,1]&sort=["PLAN_PRECIO","DESC"]');
    expect(names(page)).toEqual(['Empresarial', 'Orel Básico']);
    expect(page.headers['content-range']).toBe('planes 0-1/6');
    expect((await filter({ otro: 1 })).statusCode).toBe(400);
  });

  it('el tipo por defecto sale de la configuración 4 (Tipo de plan por defecto)', async () => {
    await t.db.update(configuraciones).set({ CON_VALOR1: 'C' }).where(eq(configuraciones.CON_CODIGO, 4));
    try {
      expect(names(await call('GET', '/empresas/planes'))).toEqual(['Compras']);
    } finally {
      await t.db.update(configuraciones).set({ CON_VALOR1: 'V' }).where(eq(configuraciones.CON_CODIGO, 4));
    }
  });

  it('GET /empresas/planes/{id}: el plan, o 404 con mensaje; un distribuidor también lo lee', async () => {
    const [pyme] = await t.db.select().from(planes).where(eq(planes.PLAN_NOMBRE, 'Pyme'));
    const res = await call('GET', `/empresas/planes/${pyme.PLAN_ID}`, distributor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ PLAN_ID: pyme.PLAN_ID, PLAN_NOMBRE: 'Pyme', PLAN_TOTAL: '69.00' });
    const missing = await call('GET', '/empresas/planes/999999');
    expect([missing.statusCode, missing.json()]).toEqual([404, { msg: PLAN_MSG.notFound }]);
    expect((await call('GET', '/empresas/planes/abc')).statusCode).toBe(400);
  });

  it('un administrador crea y modifica un plan; nombre repetido (sin importar mayúsculas) 409', async () => {
    const created = await call('POST', '/empresas/planes/catalogo', admin, body({ PLAN_NOMBRE: 'Plan Bodega', PLAN_TIPO: 'C' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      PLAN_NOMBRE: 'Plan Bodega',
      PLAN_TIPO: 'C',
      PLAN_CLASE: 'E',
      PLAN_PRECIO: '10.50',
      PLAN_IVA: '1.58',
      PLAN_TOTAL: '12.08',
      PLAN_ACTIVO: true,
      vendidos: 0,
    });
    const { PLAN_ID } = created.json() as Plan;
    const dup = await call('POST', '/empresas/planes/catalogo', admin, body({ PLAN_NOMBRE: 'plan bodega', PLAN_TIPO: 'C' }));
    expect([dup.statusCode, dup.json()]).toEqual([409, { msg: PLAN_MSG.nameTaken }]);
    // The same name in another type is another plan.
    expect((await call('POST', '/empresas/planes/catalogo', admin, body({ PLAN_NOMBRE: 'Plan Bodega' }))).statusCode).toBe(201);

    const edited = await call(
      'PUT',
      `/empresas/planes/catalogo/${PLAN_ID}`,
      admin,
      body({ PLAN_NOMBRE: 'Plan Bodega XL', PLAN_PRECIO: '20', PLAN_TIPO: 'C' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ PLAN_ID, PLAN_NOMBRE: 'Plan Bodega XL', PLAN_PRECIO: '20.00', PLAN_TOTAL: '23.00' });
    const missing = await call('PUT', '/empresas/planes/catalogo/999999', admin, body());
    expect([missing.statusCode, missing.json()]).toEqual([404, { msg: PLAN_MSG.notFound }]);
    const badPrice = await call('POST', '/empresas/planes/catalogo', admin, body({ PLAN_PRECIO: '10.505' }));
    expect([badPrice.statusCode, badPrice.json()]).toEqual([400, { msg: PLAN_MSG.invalidPrice }]);
    const noName = await call('POST', '/empresas/planes/catalogo', admin, body({ PLAN_NOMBRE: '' }));
    expect(noName.statusCode).toBe(400);
  });

  it('eliminar: un plan nunca vendido se elimina; uno vendido se retira y ya no se vende', async () => {
    const fresh = (await call('POST', '/empresas/planes/catalogo', admin, body())).json() as Plan;
    const deleted = await call('DELETE', `/empresas/planes/catalogo/${fresh.PLAN_ID}`);
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { msg: PLAN_MSG.deleted }]);
    expect((await call('GET', `/empresas/planes/${fresh.PLAN_ID}`)).statusCode).toBe(404);

    const sold = (await call('POST', '/empresas/planes/catalogo', admin, body({ PLAN_DIAS: 365 }))).json() as Plan;
    const buyer = await registerCompany(t);
    const sale = await call('POST', '/empresas/planes', admin, { EMP_CODIGO: buyer.EMP_CODIGO, PLAN_ID: sold.PLAN_ID });
    expect(sale.statusCode, sale.body).toBe(201);
    // Renaming the catalogue plan does not rename what the company bought.
    await call('PUT', `/empresas/planes/catalogo/${sold.PLAN_ID}`, admin, body({ PLAN_NOMBRE: 'Renombrado', PLAN_COMPROBANTES: 999 }));
    const tab = (await call('GET', `/empresas/planesEmpresa/${buyer.EMP_CODIGO}`)).json() as Array<Record<string, unknown>>;
    expect(tab[0]).toMatchObject({ PLAN_NOMBRE: sold.PLAN_NOMBRE, PLANEMPRESA_COMPROBANTES: 50 });

    const retired = await call('DELETE', `/empresas/planes/catalogo/${sold.PLAN_ID}`);
    expect([retired.statusCode, retired.json()]).toEqual([200, { msg: PLAN_MSG.retiredInstead }]);
    expect((await call('GET', `/empresas/planes/${sold.PLAN_ID}`)).json()).toMatchObject({ PLAN_ACTIVO: false, vendidos: 1 });
    const other = await registerCompany(t);
    const refused = await call('POST', '/empresas/planes', admin, { EMP_CODIGO: other.EMP_CODIGO, PLAN_ID: sold.PLAN_ID });
    expect([refused.statusCode, refused.json()]).toEqual([400, { msg: PLAN_MSG.retired }]);
    const missing = await call('DELETE', '/empresas/planes/catalogo/999999');
    expect([missing.statusCode, missing.json()]).toEqual([404, { msg: PLAN_MSG.notFound }]);
  });

  it('un distribuidor lee el catálogo pero no lo cambia (403)', async () => {
    expect((await call('GET', '/empresas/planes', distributor)).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', '/empresas/planes/catalogo'],
      ['PUT', '/empresas/planes/catalogo/1'],
      ['DELETE', '/empresas/planes/catalogo/1'],
      ['DELETE', '/empresas/planes/1'],
    ] as const) {
      const res = await call(method, url, distributor, method === 'DELETE' ? undefined : body());
      expect([res.statusCode, res.json()], `${method} ${url}`).toEqual([403, { msg: MSG.forbidden }]);
    }
  });

  it('un token de empresa recibe 403 en cada ruta de planes del back office, y sin token 401', async () => {
    const routes = [
      ['GET', '/empresas/planes'],
      ['GET', '/empresas/planes/1'],
      ['GET', '/empresas/planes/resumen'],
      ['POST', '/empresas/planes/catalogo'],
      ['PUT', '/empresas/planes/catalogo/1'],
      ['DELETE', '/empresas/planes/catalogo/1'],
      ['GET', '/empresas/planesEmpresa'],
      ['GET', '/empresas/planesEmpresa/1'],
      ['POST', '/empresas/planes'],
      ['PUT', '/empresas/planes/1'],
      ['DELETE', '/empresas/planes/1'],
      ['POST', '/empresas/planes/1/documento'],
      ['GET', '/empresas/descarga/plan/1'],
      ['GET', '/empresas/planesEmpresaOrel/1'],
      ['GET', '/empresas/planesOrel/1'],
      ['POST', '/empresas/planesOrel'],
      ['PUT', '/empresas/planesOreL/1'],
      ['PUT', '/empresas/planesOrel/1'],
      ['GET', '/planes/plan/orel/utilizados/1'],
      ['GET', '/empresas/planesCombinados/1'],
    ] as const;
    for (const [method, url] of routes) {
      const res = await call(method, url, company, method === 'POST' || method === 'PUT' ? {} : undefined);
      expect([res.statusCode, res.json()], `${method} ${url}`).toEqual([403, { msg: MSG.adminOnly }]);
      const anonymous = await t.app.inject({ method, url: `${API}${url}` });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
