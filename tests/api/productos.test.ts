import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { MSG } from '../../domain/messages';
import { NO_ACCESS_CODE } from '../../domain/constants';
import { TICKET_MSG } from '../../domain/tickets';
import { adminToken, API, companyToken, validTicket } from '../helpers/soporte-api';

describe.each(testDatabases)('productos (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let distributor: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    [admin, distributor] = await Promise.all([adminToken(t), adminToken(t, 'distribuidor')]);
  });
  afterAll(() => t.close());

  const as = (token?: string) => (token ? { 'x-token': token } : {});
  const adminList = (query = '') => t.app.inject({ method: 'GET', url: `${API}/productos?all=1${query}`, headers: as(admin) });
  const create = (payload: object, token = admin) => t.app.inject({ method: 'POST', url: `${API}/productos`, payload, headers: as(token) });
  const update = (id: number, payload: object, token = admin) =>
    t.app.inject({ method: 'PUT', url: `${API}/productos/${id}`, payload, headers: as(token) });

  it('los cuatro productos base vienen de la migración', async () => {
    const res = await adminList();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('productos 0-3/4');
    expect(res.json()).toEqual([
      { PROD_ID: 1, PROD_NOMBRE: 'Amelia Facturación Electrónica', PROD_ACTIVO: true },
      { PROD_ID: 2, PROD_NOMBRE: 'Amelia Contabilidad', PROD_ACTIVO: true },
      { PROD_ID: 3, PROD_NOMBRE: 'Firma Electrónica', PROD_ACTIVO: true },
      { PROD_ID: 4, PROD_NOMBRE: 'Amelia Punto de Venta', PROD_ACTIVO: true },
    ]);
  });

  it('all=1 exige token de administrador', async () => {
    const none = await t.app.inject({ method: 'GET', url: `${API}/productos?all=1` });
    expect(none.statusCode).toBe(401);
    const company = await t.app.inject({ method: 'GET', url: `${API}/productos?all=1`, headers: as(await companyToken(t)) });
    expect(company.statusCode).toBe(403);
    expect(company.json()).toEqual({ msg: MSG.adminOnly });
  });

  it('crea un producto con un id que no choca con los de referencia, y lo lee', async () => {
    const res = await create({ PROD_NOMBRE: '  Amelia Nómina  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ PROD_ID: expect.any(Number), PROD_NOMBRE: 'Amelia Nómina', PROD_ACTIVO: true });
    expect(res.json().PROD_ID).toBeGreaterThan(100);
    const read = await t.app.inject({ method: 'GET', url: `${API}/productos/${res.json().PROD_ID}`, headers: as(admin) });
    expect(read.json()).toEqual(res.json());
    const missing = await t.app.inject({ method: 'GET', url: `${API}/productos/9999`, headers: as(admin) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ msg: TICKET_MSG.productNotFound404 });
  });

  it('el nombre es obligatorio y único sin importar mayúsculas', async () => {
    for (const PROD_NOMBRE of ['', '   ']) {
      const res = await create({ PROD_NOMBRE });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: 'Ingrese el nombre del producto (hasta 120 caracteres)' });
    }
    expect((await create({})).json()).toEqual({ msg: MSG.required('PROD_NOMBRE') });
    const dup = await create({ PROD_NOMBRE: 'firma electrónica' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ msg: TICKET_MSG.productNameTaken('firma electrónica') });
    const rename = await update(2, { PROD_NOMBRE: 'AMELIA PUNTO DE VENTA' });
    expect(rename.statusCode).toBe(409);
    expect((await update(2, { PROD_NOMBRE: 'Amelia Contabilidad', PROD_ACTIVO: true })).statusCode).toBe(200);
    expect((await update(9999, { PROD_NOMBRE: 'Nuevo' })).statusCode).toBe(404);
    expect((await update(2, { PROD_NOMBRE: 'x', PROD_ACTIVO: 'quizás' })).statusCode).toBe(400);
  });

  it('un producto desactivado sale del catálogo público y del formulario, pero sigue en la lista de administración', async () => {
    const created = (await create({ PROD_NOMBRE: 'Amelia Inventarios' })).json();
    const off = await update(created.PROD_ID, { PROD_NOMBRE: 'Amelia Inventarios', PROD_ACTIVO: false });
    expect(off.json()).toEqual({ ...created, PROD_ACTIVO: false });
    const pub = await t.app.inject({ method: 'GET', url: `${API}/productos` });
    expect(pub.json().map((p: { PROD_ID: number }) => p.PROD_ID)).not.toContain(created.PROD_ID);
    const ticket = await t.app.inject({ method: 'POST', url: `${API}/soporte`, payload: validTicket({ SPT_PRODUCTOS: created.PROD_ID }) });
    expect(ticket.statusCode).toBe(400);
    expect(ticket.json()).toEqual({ msg: TICKET_MSG.productNotFound });
    const inactive = await adminList(`&filter=${encodeURIComponent(JSON.stringify({ PROD_ACTIVO: false }))}`);
    expect(inactive.json()).toEqual([{ ...created, PROD_ACTIVO: false }]);
    await update(created.PROD_ID, { PROD_NOMBRE: 'Amelia Inventarios', PROD_ACTIVO: true });
    expect(
      (await t.app.inject({ method: 'POST', url: `${API}/soporte`, payload: validTicket({ SPT_PRODUCTOS: created.PROD_ID }) })).statusCode,
    ).toBe(201);
  });

  it('pagina, ordena y filtra por nombre', async () => {
    const page = await adminList(`&range=${encodeURIComponent('[0,1]')}&sort=${encodeURIComponent('["PROD_NOMBRE","ASC"]')}`);
    expect(page.json().map((p: { PROD_NOMBRE: string }) => p.PROD_NOMBRE)).toEqual([
      'Amelia Contabilidad',
      'Amelia Facturación Electrónica',
    ]);
    expect(page.headers['content-range']).toMatch(/^productos 0-1\/\d+$/);
    const q = await adminList(`&filter=${encodeURIComponent(JSON.stringify({ q: 'FIRMA' }))}`);
    expect(q.json()).toEqual([{ PROD_ID: 3, PROD_NOMBRE: 'Firma Electrónica', PROD_ACTIVO: true }]);
    const bad = await adminList(`&filter=${encodeURIComponent(JSON.stringify({ precio: 1 }))}`);
    expect(bad.statusCode).toBe(400);
  });

  it('solo quien tiene el menú Productos los crea o cambia; un distribuidor los consulta', async () => {
    const res = await create({ PROD_NOMBRE: 'Del distribuidor' }, distributor);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: MSG.noAccess, code: NO_ACCESS_CODE });
    expect((await update(1, { PROD_NOMBRE: 'Otro' }, distributor)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${API}/productos?all=1`, headers: as(distributor) })).statusCode).toBe(200);
  });

  it('los menús de administración traen Tickets de soporte (perfiles 1, 2, 3) y Productos (solo perfil 1)', async () => {
    const menu = async (token: string, id: number) =>
      (await t.app.inject({ method: 'POST', url: `${API}/menus/menuAdmin`, headers: as(token), payload: { id } })).json() as Array<{
        MEN_RUTA: string;
        MEN_NOMBRE: string;
        MEN_ICONO: string;
        MEN_ORDEN: number;
      }>;
    const login = async (who: 'admin' | 'distribuidor') =>
      (
        await t.app.inject({
          method: 'POST',
          url: `${API}/loginAdmin`,
          payload: { usuario: who, clave: who === 'admin' ? 'Admin2026!' : 'Distrib2026!' },
        })
      ).json().usuario;
    const adm = await login('admin');
    const dist = await login('distribuidor');
    const adminMenu = await menu(adm.token, adm.ADM_CODIGO);
    expect(adminMenu).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ MEN_NOMBRE: 'Tickets de soporte', MEN_RUTA: 'soporte', MEN_ICONO: 'support', MEN_ORDEN: 10 }),
        expect.objectContaining({ MEN_NOMBRE: 'Productos', MEN_RUTA: 'productos', MEN_ICONO: 'inventory', MEN_ORDEN: 20 }),
      ]),
    );
    const distMenu = (await menu(dist.token, dist.ADM_CODIGO)).map((m) => m.MEN_RUTA);
    expect(distMenu).toContain('soporte');
    expect(distMenu).not.toContain('productos');
  });

  describe('DELETE /productos/{id}', () => {
    const remove = (id: number, token?: string) => t.app.inject({ method: 'DELETE', url: `${API}/productos/${id}`, headers: as(token) });

    it('elimina un producto sin tickets; ya no se lee ni aparece en el catálogo', async () => {
      const created = (await create({ PROD_NOMBRE: 'Amelia Para Borrar' })).json();
      const res = await remove(created.PROD_ID, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ PROD_ID: created.PROD_ID, msg: expect.stringContaining('Amelia Para Borrar') });
      expect((await t.app.inject({ method: 'GET', url: `${API}/productos/${created.PROD_ID}`, headers: as(admin) })).statusCode).toBe(404);
      expect((await adminList()).json().map((p: { PROD_ID: number }) => p.PROD_ID)).not.toContain(created.PROD_ID);
    });

    it('un producto que no existe responde 404', async () => {
      const res = await remove(9999, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: TICKET_MSG.productNotFound404 });
    });

    it('un producto con tickets responde 409 y se conserva', async () => {
      const created = (await create({ PROD_NOMBRE: 'Amelia Con Tickets' })).json();
      expect(
        (await t.app.inject({ method: 'POST', url: `${API}/soporte`, payload: validTicket({ SPT_PRODUCTOS: created.PROD_ID }) }))
          .statusCode,
      ).toBe(201);
      const res = await remove(created.PROD_ID, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ msg: 'El producto tiene tickets registrados; desactívelo en lugar de eliminarlo' });
      expect((await t.app.inject({ method: 'GET', url: `${API}/productos/${created.PROD_ID}`, headers: as(admin) })).json()).toEqual(
        created,
      );
    });

    it('solo quien tiene el menú Productos elimina: distribuidor y empresa 403, sin token 401', async () => {
      const created = (await create({ PROD_NOMBRE: 'Amelia Protegido' })).json();
      const byDistributor = await remove(created.PROD_ID, distributor);
      expect(byDistributor.statusCode).toBe(403);
      expect(byDistributor.json()).toEqual({ msg: MSG.noAccess, code: NO_ACCESS_CODE });
      const byCompany = await remove(created.PROD_ID, await companyToken(t));
      expect(byCompany.statusCode).toBe(403);
      expect(byCompany.json()).toEqual({ msg: MSG.adminOnly });
      const anonymous = await remove(created.PROD_ID);
      expect(anonymous.statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: `${API}/productos/${created.PROD_ID}`, headers: as(admin) })).statusCode).toBe(200);
    });
  });
});
