import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, loginAdmin, loginCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { auditoria, menus } from '../../server/infra/db/schema';
import { MENU_MSG } from '../../server/modules/menus/contract';

type Entrada = {
  MEN_CODIGO: number;
  MEN_AREA: 'admin' | 'empresa';
  MEN_NOMBRE: string;
  MEN_RUTA: string;
  MEN_ICONO: string;
  MEN_ORDEN: number;
  MEN_PERMISO: string;
  MEN_ACTIVO: boolean;
  perfiles: number;
};

describe.each(testDatabases)('catálogo de menús (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const a = await loginAdmin(t);
    [admin, adminId] = [a.token, a.ADM_CODIGO];
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}), headers: { 'x-token': token } });
  const list = async (query: Record<string, unknown> = {}) => {
    const res = await call('GET', `/menus?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]))}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Entrada[];
  };
  const entry = (values: Partial<Entrada> = {}) => ({
    MEN_AREA: 'admin',
    MEN_NOMBRE: 'Reportes',
    MEN_RUTA: 'reportes',
    MEN_ICONO: 'chart',
    MEN_ORDEN: 60,
    MEN_PERMISO: 'reportes',
    ...values,
  });
  const audits = (registro: number) =>
    t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.AUD_RECURSO, 'menus'), eq(auditoria.AUD_REGISTRO, String(registro))))
      .orderBy(auditoria.AUD_ID);

  it('GET /menus lista todas las entradas por área y orden, con sus campos, y filtra', async () => {
    const all = await list();
    expect(all.length).toBe(34);
    expect(all[0]).toEqual({
      MEN_CODIGO: 1,
      MEN_AREA: 'admin',
      MEN_NOMBRE: 'Inicio',
      MEN_RUTA: '',
      MEN_ICONO: 'home',
      MEN_ORDEN: 1,
      MEN_PERMISO: '',
      MEN_ACTIVO: true,
      perfiles: 4,
    });
    expect(all.find((m) => m.MEN_CODIGO === 12)).toMatchObject({
      MEN_NOMBRE: 'Menús',
      MEN_RUTA: 'menus',
      MEN_PERMISO: 'menus',
      perfiles: 1,
    });
    const areas = all.map((m) => m.MEN_AREA);
    expect(areas).toEqual([...areas].sort());
    const empresa = await list({ filter: { MEN_AREA: 'empresa' } });
    expect(empresa.map((m) => m.MEN_RUTA)).toEqual([
      '',
      'mi-empresa',
      'ofertas',
      'facturas',
      'notasCredito',
      'notasDebito',
      'retenciones',
      'liquidacionesCompra',
      'guiasRemision',
      'clientes',
      'proveedores',
      'recibidos',
      'transportistas',
      'catalogo',
      'firma',
      'usuarios',
      'clavesApi',
      'webhooks',
      'ayuda',
    ]);
    expect((await list({ filter: { q: 'PLANES' } })).map((m) => m.MEN_CODIGO)).toEqual([7, 8]);
    expect(await list({ filter: { MEN_ACTIVO: false } })).toEqual([]);
    const page = await call('GET', `/menus?range=${encodeURIComponent('[0,2]')}&sort=${encodeURIComponent('["MEN_CODIGO","DESC"]')}`);
    expect(page.headers['content-range']).toBe(`menus 0-2/${all.length}`);
    const bad = await call('GET', `/menus?filter=${encodeURIComponent('{"MEN_AREA":"otra"}')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ msg: 'El filtro MEN_AREA no es válido' });
    expect((await call('GET', '/menus/12')).json()).toMatchObject({ MEN_CODIGO: 12, MEN_AREA: 'admin' });
    const missing = await call('GET', '/menus/9999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ msg: MENU_MSG.notFound });
  });

  it('solo los administradores: distribuidor y empresa 403, sin token 401', async () => {
    const dist = await loginAdmin(t, DEMO.distribuidor);
    expect((await call('GET', '/menus', undefined, dist.token)).statusCode).toBe(403);
    expect((await call('POST', '/menus', entry(), dist.token)).json()).toEqual({ msg: MSG.forbidden });
    const company = await loginCompany(t);
    expect((await call('GET', '/menus', undefined, company.token)).json()).toEqual({ msg: MSG.adminOnly });
    expect((await t.app.inject({ method: 'GET', url: `${API}/menus` })).statusCode).toBe(401);
  });

  it('crea, edita y audita una entrada; valida área, ruta, permiso y unicidad (área, ruta)', async () => {
    const created = await call('POST', '/menus', entry());
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json() as Entrada;
    expect(row).toMatchObject({ ...entry(), MEN_ACTIVO: true, perfiles: 0 });
    expect(row.MEN_CODIGO).toBeGreaterThanOrEqual(1000);

    const invalid: Array<[Partial<Entrada> | Record<string, unknown>, string]> = [
      [{ MEN_AREA: 'otra' }, 'El área debe ser admin (administración) o empresa (aplicación de la empresa)'],
      [{ MEN_RUTA: 'con espacio' }, 'La ruta solo admite letras sin tildes, números, - y / entre partes (vacía para la página de inicio)'],
      [{ MEN_RUTA: '/inicio' }, 'La ruta solo admite letras sin tildes, números, - y / entre partes (vacía para la página de inicio)'],
      [{ MEN_RUTA: 'menú' }, 'La ruta solo admite letras sin tildes, números, - y / entre partes (vacía para la página de inicio)'],
      [{ MEN_PERMISO: 'a b' }, 'El permiso solo admite letras sin tildes, números y - (hasta 60), o vacío'],
      [{ MEN_NOMBRE: ' ' }, 'Ingrese el nombre de la entrada (hasta 80 caracteres)'],
      [{ MEN_ORDEN: -1 }, 'El orden debe ser un número entero de 0 a 9999'],
    ];
    for (const [values, msg] of invalid) {
      const res = await call('POST', '/menus', entry({ MEN_RUTA: 'otra', ...values } as Partial<Entrada>));
      expect(res.statusCode, JSON.stringify(values)).toBe(400);
      expect(res.json()).toEqual({ msg });
    }
    const taken = await call('POST', '/menus', entry({ MEN_RUTA: 'Reportes', MEN_NOMBRE: 'Otra' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ msg: MENU_MSG.routeTaken('admin', 'Reportes') });
    // The same route in the other area is another entry.
    expect((await call('POST', '/menus', entry({ MEN_AREA: 'empresa' }))).statusCode).toBe(201);
    const home = await call('POST', '/menus', entry({ MEN_RUTA: '' }));
    expect(home.json()).toEqual({ msg: MENU_MSG.routeTaken('admin', '') });
    const nested = await call('POST', '/menus', entry({ MEN_RUTA: 'reportes/ventas-2026', MEN_PERMISO: '' }));
    expect(nested.statusCode).toBe(201);

    const edited = await call('PUT', `/menus/${row.MEN_CODIGO}`, { ...row, MEN_NOMBRE: 'Informes', MEN_ORDEN: 61 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ MEN_NOMBRE: 'Informes', MEN_ORDEN: 61, MEN_RUTA: 'reportes' });
    const area = await call('PUT', `/menus/${row.MEN_CODIGO}`, { ...row, MEN_AREA: 'empresa' });
    expect(area.statusCode).toBe(409);
    expect(area.json()).toEqual({ msg: MENU_MSG.areaChange });
    const clash = await call('PUT', `/menus/${row.MEN_CODIGO}`, { ...row, MEN_RUTA: 'soporte' });
    expect(clash.json()).toEqual({ msg: MENU_MSG.routeTaken('admin', 'soporte') });
    expect((await call('PUT', '/menus/9999', entry())).statusCode).toBe(404);

    const log = await audits(row.MEN_CODIGO);
    expect(log.map((a) => [a.AUD_ACCION, a.AUD_ANTES, a.AUD_DESPUES, a.ADM_CODIGO])).toEqual([
      ['creacion', null, { ...entry(), MEN_ACTIVO: true }, adminId],
      ['edicion', { MEN_NOMBRE: 'Reportes', MEN_ORDEN: 60 }, { MEN_NOMBRE: 'Informes', MEN_ORDEN: 61 }, adminId],
    ]);
  });

  it('DELETE elimina una entrada que nadie tiene y desactiva una asignada; las desactivadas no se muestran', async () => {
    const free = (await call('POST', '/menus', entry({ MEN_RUTA: 'libre', MEN_NOMBRE: 'Libre' }))).json() as Entrada;
    const gone = await call('DELETE', `/menus/${free.MEN_CODIGO}`);
    expect(gone.json()).toEqual({ MEN_CODIGO: free.MEN_CODIGO, eliminado: true, msg: MENU_MSG.deleted('Libre') });
    expect(await t.db.select().from(menus).where(eq(menus.MEN_CODIGO, free.MEN_CODIGO))).toEqual([]);
    expect((await audits(free.MEN_CODIGO)).at(-1)).toMatchObject({ AUD_ACCION: 'eliminacion', AUD_ANTES: { MEN_NOMBRE: 'Libre' } });

    // Planes vendidos (8) is granted to profiles 1, 2 and 4: deactivated, hidden from menuAdmin, kept in the checklist.
    const off = await call('DELETE', '/menus/8');
    expect(off.json()).toEqual({ MEN_CODIGO: 8, eliminado: false, msg: MENU_MSG.deactivated('Planes vendidos') });
    expect((await call('GET', '/menus/8')).json()).toMatchObject({ MEN_ACTIVO: false, perfiles: 3 });
    const a = await loginAdmin(t);
    const adminMenu = (await call('POST', '/menus/menuAdmin', { id: a.ADM_CODIGO }, a.token)).json() as Entrada[];
    expect(adminMenu.map((m) => m.MEN_RUTA)).not.toContain('planesEmpresa');
    expect(adminMenu.map((m) => m.MEN_RUTA)).toContain('planes');
    const roles = (await call('GET', '/menus/menuRolesAdmin/1')).json() as Array<Entrada & { asignado: boolean }>;
    expect(roles.find((m) => m.MEN_CODIGO === 8)).toMatchObject({ MEN_ACTIVO: false, asignado: true });
    expect((await audits(8)).at(-1)).toMatchObject({
      AUD_ACCION: 'desactivacion',
      AUD_ANTES: { MEN_ACTIVO: true },
      AUD_DESPUES: { MEN_ACTIVO: false },
    });
    // Activated again with PUT.
    const back = await call('PUT', '/menus/8', { ...(await call('GET', '/menus/8')).json(), MEN_ACTIVO: true });
    expect(back.json()).toMatchObject({ MEN_ACTIVO: true });
    expect((await audits(8)).at(-1)).toMatchObject({ AUD_ACCION: 'activacion' });
  });

  it('una entrada de empresas desactivada desaparece de menuEmpresa y de menuEmpresaAdmin, y guardar la ficha la conserva', async () => {
    const off = await call('DELETE', '/menus/103');
    expect(off.json()).toMatchObject({ eliminado: false });
    const company = await loginCompany(t, COMPANIES.andina);
    const own = await call('POST', '/menuEmpresa', { ruc: COMPANIES.andina.ruc }, company.token);
    expect((own.json() as Entrada[]).map((m) => m.MEN_NOMBRE)).toEqual([
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
    ]);
    const id = company.COM_CODIGO;
    const choices = (await call('GET', `/menus/menuEmpresaAdmin/${id}`)).json() as Array<{ MEN_CODIGO: number; asignado: boolean }>;
    expect(choices.map((m) => m.MEN_CODIGO).filter((c) => c < 1000)).toEqual([
      101, 102, 115, 107, 109, 110, 113, 114, 116, 105, 111, 112, 117, 108, 104, 106, 118, 119,
    ]);
    // The company page sends back what it read (103 included): accepted, and 103 stays assigned while hidden.
    const saved = await call('PUT', `/menus/menuEmpresaAdmin/${id}`, { menus: [101, 102, 103] });
    expect(saved.statusCode, saved.body).toBe(200);
    const back = await call('PUT', '/menus/103', { ...(await call('GET', '/menus/103')).json(), MEN_ACTIVO: true });
    expect(back.statusCode).toBe(200);
    const again = (await call('GET', `/menus/menuEmpresaAdmin/${id}`)).json() as Array<{ MEN_CODIGO: number; asignado: boolean }>;
    expect(again.filter((m) => m.asignado).map((m) => m.MEN_CODIGO)).toEqual([101, 102, 103]);
    expect(again.find((m) => m.MEN_CODIGO === 104)).toMatchObject({ asignado: false });
  });

  it('las páginas de inicio no se desactivan, ni se elimina lo que da acceso a Perfiles y Menús', async () => {
    for (const id of [1, 101]) {
      const del = await call('DELETE', `/menus/${id}`);
      expect(del.statusCode).toBe(409);
      expect(del.json()).toEqual({ msg: MENU_MSG.homeDeactivate });
    }
    const home = (await call('GET', '/menus/1')).json() as Entrada;
    expect((await call('PUT', '/menus/1', { ...home, MEN_ACTIVO: false })).json()).toEqual({ msg: MENU_MSG.homeDeactivate });
    expect((await call('PUT', '/menus/1', { ...home, MEN_RUTA: 'inicio' })).json()).toEqual({ msg: MENU_MSG.homeRoute });
    expect((await call('PUT', '/menus/1', { ...home, MEN_NOMBRE: 'Portada' })).json()).toMatchObject({ MEN_NOMBRE: 'Portada' });

    const perfiles = (await call('GET', '/menus/11')).json() as Entrada;
    const del = await call('DELETE', '/menus/11');
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ msg: MENU_MSG.accessEntry('perfiles') });
    const repermit = await call('PUT', '/menus/12', { ...((await call('GET', '/menus/12')).json() as Entrada), MEN_PERMISO: 'otro' });
    expect(repermit.json()).toEqual({ msg: MENU_MSG.accessEntry('menus') });
    expect((await call('GET', '/menus/11')).json()).toEqual(perfiles);
    // Renaming them is fine.
    expect((await call('PUT', '/menus/11', { ...perfiles, MEN_NOMBRE: 'Perfiles y permisos' })).statusCode).toBe(200);
  });
});
