import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, loginAdmin, loginCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { configuraciones, menus, menusRoles } from '../../server/infra/db/schema';

type MenuEntry = { MEN_CODIGO: number; MEN_NOMBRE: string; MEN_RUTA: string; MEN_ICONO: string; MEN_ORDEN: number };
const names = (rows: MenuEntry[]) => rows.map((r) => r.MEN_NOMBRE);

describe.each(testDatabases)('menús y configuraciones (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url: `${API}${url}`, payload, headers: token ? { 'x-token': token } : {} });

  describe('POST /menuEmpresa', () => {
    const menuOf = async (company: (typeof COMPANIES)[keyof typeof COMPANIES]) => {
      const { token } = await loginCompany(t, company);
      const res = await post('/menuEmpresa', { ruc: company.ruc }, token);
      expect(res.statusCode).toBe(200);
      return res.json() as MenuEntry[];
    };

    it('Comercial Andina tiene Facturas, sus notas, las compras, Clientes, Productos, Mi empresa, Usuarios y Ayuda y soporte, en orden', async () => {
      const menu = await menuOf(COMPANIES.andina);
      expect(names(menu)).toEqual([
        'Inicio',
        'Mi empresa',
        'Ofertas',
        'Facturas',
        'Notas de crédito',
        'Notas de débito',
        'Retenciones',
        'Liquidaciones de compra',
        'Guías de remisión',
        'Clientes',
        'Proveedores',
        'Documentos recibidos',
        'Transportistas',
        'Productos',
        'Firma electrónica',
        'Usuarios',
        'Claves de API',
        'Webhooks',
        'Ayuda y soporte',
      ]);
      expect(menu[1]).toEqual({ MEN_CODIGO: 102, MEN_NOMBRE: 'Mi empresa', MEN_RUTA: 'mi-empresa', MEN_ICONO: 'business', MEN_ORDEN: 2 });
    });

    it('Ferretería El Tornillo no tiene Mi empresa', async () => {
      const menu = await menuOf(COMPANIES.tornillo);
      expect(names(menu)).toEqual([
        'Inicio',
        'Ofertas',
        'Facturas',
        'Notas de crédito',
        'Notas de débito',
        'Retenciones',
        'Liquidaciones de compra',
        'Guías de remisión',
        'Clientes',
        'Proveedores',
        'Documentos recibidos',
        'Transportistas',
        'Productos',
        'Firma electrónica',
        'Claves de API',
        'Webhooks',
        'Ayuda y soporte',
      ]);
      expect(names(menu)).not.toContain('Mi empresa');
    });

    it('Costa Azul tiene su propio menú (sin Ayuda y soporte)', async () => {
      expect(names(await menuOf(COMPANIES.costa))).toEqual(['Inicio', 'Mi empresa']);
    });

    it('con el RUC de otra empresa responde 404 (aislamiento entre empresas)', async () => {
      const { token } = await loginCompany(t, COMPANIES.andina);
      const res = await post('/menuEmpresa', { ruc: COMPANIES.tornillo.ruc }, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: MSG.notFound });
    });

    it('sin token responde 401', async () => {
      const res = await post('/menuEmpresa', { ruc: COMPANIES.andina.ruc });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: MSG.notAuthenticated });
    });
  });

  describe('POST /menus/menuAdmin', () => {
    /** The role's menu as stored in menus_roles, in menu order. */
    const roleMenu = async (perfil: number) =>
      (
        await t.db
          .select({ nombre: menus.MEN_NOMBRE })
          .from(menusRoles)
          .innerJoin(menus, eq(menus.MEN_CODIGO, menusRoles.MEN_CODIGO))
          .where(eq(menusRoles.PRF_CODIGO, perfil))
          .orderBy(asc(menus.MEN_ORDEN), asc(menus.MEN_CODIGO))
      ).map((r) => r.nombre);

    it('el administrador recibe el menú de su rol', async () => {
      const admin = await loginAdmin(t, DEMO.admin);
      const res = await post('/menus/menuAdmin', { id: admin.ADM_CODIGO }, admin.token);
      expect(res.statusCode).toBe(200);
      const menu = res.json() as MenuEntry[];
      expect(names(menu)).toEqual(await roleMenu(1));
      // home, the distributor-entry audit and the settings (by route: the labels belong to the web app's wording)
      expect(menu.map((m) => m.MEN_RUTA)).toEqual(expect.arrayContaining(['', 'ingresos', 'configuraciones']));
      expect(menu[0]).toEqual({ MEN_CODIGO: 1, MEN_NOMBRE: 'Inicio', MEN_RUTA: '', MEN_ICONO: 'home', MEN_ORDEN: 1 });
    });

    it('el distribuidor recibe un menú distinto y más corto', async () => {
      const admin = await loginAdmin(t, DEMO.admin);
      const full = (await post('/menus/menuAdmin', { id: admin.ADM_CODIGO }, admin.token)).json() as MenuEntry[];
      const dist = await loginAdmin(t, DEMO.distribuidor);
      const res = await post('/menus/menuAdmin', { id: dist.ADM_CODIGO }, dist.token);
      expect(res.statusCode).toBe(200);
      const menu = res.json() as MenuEntry[];
      expect(names(menu)).toEqual(await roleMenu(2));
      expect(names(menu)).toContain('Inicio');
      expect(menu.length).toBeLessThan(full.length);
      expect(menu.map((m) => m.MEN_RUTA)).not.toContain('configuraciones');
      expect(menu.map((m) => m.MEN_RUTA)).not.toContain('ingresos');
    });

    it('un id que no es el del administrador de la sesión responde 403', async () => {
      const admin = await loginAdmin(t, DEMO.admin);
      const dist = await loginAdmin(t, DEMO.distribuidor);
      const res = await post('/menus/menuAdmin', { id: admin.ADM_CODIGO }, dist.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: MSG.forbidden });
      const missing = await post('/menus/menuAdmin', { id: 999_999 }, admin.token);
      expect(missing.statusCode).toBe(403);
    });

    it('sin id responde 400 nombrando el campo', async () => {
      const admin = await loginAdmin(t, DEMO.admin);
      const res = await post('/menus/menuAdmin', {}, admin.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: 'El campo id es obligatorio' });
    });
  });

  describe('/configuraciones', () => {
    type Setting = { CON_CODIGO: number; CON_NOMBRE: string; CON_VALOR1: string | null; CON_VALOR6: string | null };

    it('GET es público y devuelve al menos 10 configuraciones ordenadas por CON_CODIGO; la 9 vale no', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${API}/configuraciones` });
      expect(res.statusCode).toBe(200);
      const rows = res.json() as Setting[];
      expect(rows.length).toBeGreaterThanOrEqual(10);
      const codes = rows.map((r) => r.CON_CODIGO);
      expect(codes).toEqual([...codes].sort((a, b) => a - b));
      // read by position: the array index is the CON_CODIGO
      rows.slice(0, 10).forEach((row, index) => expect(row.CON_CODIGO).toBe(index));
      expect(rows[9].CON_VALOR1).toBe('no');
      expect(rows[5].CON_VALOR6).toBe('/marca-blanca/logo.svg');
    });

    it('GET con range, sort y filter pagina como ra-data-simple-rest (q busca en CON_NOMBRE)', async () => {
      const get = (query: Record<string, unknown>) =>
        t.app.inject({
          method: 'GET',
          url: `${API}/configuraciones?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]))}`,
        });
      const all = (await t.app.inject({ method: 'GET', url: `${API}/configuraciones` })).json() as Setting[];
      const page = await get({ range: [2, 4], sort: ['CON_CODIGO', 'ASC'] });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-range']).toBe(`configuraciones 2-4/${all.length}`);
      expect((page.json() as Setting[]).map((r) => r.CON_CODIGO)).toEqual([2, 3, 4]);
      const found = await get({ filter: { q: 'marca blanca activa' } });
      expect((found.json() as Setting[]).map((r) => r.CON_CODIGO)).toEqual([9]);
      const bad = await get({ sort: ['CON_VALOR1', 'ASC'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ msg: 'Solo se puede ordenar por CON_CODIGO, CON_NOMBRE, id' });
    });

    it('GET /configuraciones/{id} devuelve una configuración al administrador, también la 0', async () => {
      const { token } = await loginAdmin(t);
      const zero = await t.app.inject({ method: 'GET', url: `${API}/configuraciones/0`, headers: { 'x-token': token } });
      expect(zero.statusCode).toBe(200);
      expect(zero.json()).toMatchObject({ CON_CODIGO: 0, CON_VALOR2: 'soporte@amelia.ec' });
      const nine = await t.app.inject({ method: 'GET', url: `${API}/configuraciones/9`, headers: { 'x-token': token } });
      expect(nine.statusCode).toBe(200);
      expect(nine.json()).toMatchObject({ CON_CODIGO: 9, CON_NOMBRE: 'Marca blanca activa (si / no)' });
    });

    it('GET /configuraciones/{id} de una que no existe responde 404', async () => {
      const { token } = await loginAdmin(t);
      const res = await t.app.inject({ method: 'GET', url: `${API}/configuraciones/999`, headers: { 'x-token': token } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: MSG.settingNotFound });
    });

    it('PUT /configuraciones/actualizar cambia CON_VALOR1 de la 9 a si, y GET lo refleja', async () => {
      const { token } = await loginAdmin(t);
      const res = await t.app.inject({
        method: 'PUT',
        url: `${API}/configuraciones/actualizar`,
        headers: { 'x-token': token },
        payload: { CON_CODIGO: 9, CON_VALOR1: 'si' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ CON_CODIGO: 9, CON_VALOR1: 'si', CON_NOMBRE: 'Marca blanca activa (si / no)' });

      const [row] = await t.db.select().from(configuraciones).where(eq(configuraciones.CON_CODIGO, 9));
      expect(row.CON_VALOR1).toBe('si');
      const list = (await t.app.inject({ method: 'GET', url: `${API}/configuraciones` })).json() as Setting[];
      expect(list[9].CON_VALOR1).toBe('si');
      // the other settings are untouched
      expect(list[1].CON_VALOR1).toBe('Facturación Andina');
    });

    it('PUT puede vaciar un valor con null', async () => {
      const { token } = await loginAdmin(t);
      const res = await t.app.inject({
        method: 'PUT',
        url: `${API}/configuraciones/actualizar`,
        headers: { 'x-token': token },
        payload: { CON_CODIGO: 8, CON_VALOR2: null },
      });
      expect(res.statusCode).toBe(200);
      const [row] = await t.db.select().from(configuraciones).where(eq(configuraciones.CON_CODIGO, 8));
      expect(row.CON_VALOR2).toBeNull();
      expect(res.json().CON_VALOR2).toBeNull();
      expect(row.CON_VALOR1).toBe('https://www.facebook.com/amelia.ec');

      // an empty text stays an empty text
      const empty = await t.app.inject({
        method: 'PUT',
        url: `${API}/configuraciones/actualizar`,
        headers: { 'x-token': token },
        payload: { CON_CODIGO: 8, CON_VALOR3: '' },
      });
      expect(empty.statusCode).toBe(200);
      const [after] = await t.db.select().from(configuraciones).where(eq(configuraciones.CON_CODIGO, 8));
      expect(after.CON_VALOR3).toBe('');
      expect(after.CON_VALOR2).toBeNull();
    });

    it('PUT con un CON_CODIGO que no existe responde 404 y no crea nada', async () => {
      const { token } = await loginAdmin(t);
      const res = await t.app.inject({
        method: 'PUT',
        url: `${API}/configuraciones/actualizar`,
        headers: { 'x-token': token },
        payload: { CON_CODIGO: 999, CON_VALOR1: 'x' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: 'No existe esa configuración' });
      expect(await t.db.select().from(configuraciones).where(eq(configuraciones.CON_CODIGO, 999))).toHaveLength(0);
    });

    it('PUT sin CON_CODIGO responde 400 nombrando el campo', async () => {
      const { token } = await loginAdmin(t);
      const res = await t.app.inject({
        method: 'PUT',
        url: `${API}/configuraciones/actualizar`,
        headers: { 'x-token': token },
        payload: { CON_VALOR1: 'si' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: 'El campo CON_CODIGO es obligatorio' });
    });
  });
});
