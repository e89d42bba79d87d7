import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, loginAdmin, loginCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { administradores, empresas, menus, menusEmpresa, menusRoles, perfiles } from '../../server/infra/db/schema';
import type { MenuAccessEntry, Permiso } from '../../server/core/menu-access';
import { MSG } from '../../domain/messages';
import { NO_ACCESS_CODE } from '../../domain/constants';
import { PERFIL } from '../../domain/perfiles';

/**
 * The menus are enforced on the server. The matrix comes from the OpenAPI document, so a route added later is covered
 * without touching this file: every operation behind x-token whose guard has a menu (administration, company) must
 * name a permission, and for each one a caller whose menu grants it is let through while a caller whose menu grants
 * everything else gets 403 SIN_ACCESO. Calls that change something are sent with a broken body and a broken id, so
 * that the guard (onRequest) decides and nothing runs; reads are sent as they are.
 */

type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema: { type?: string | string[] } };
type Operation = { parameters?: Parameter[]; security?: unknown[] };
type Route = { method: string; path: string; area: 'admin' | 'empresa'; permiso: Permiso };

const refused = (res: { statusCode: number; json: () => { code?: string } }) =>
  res.statusCode === 403 && res.json().code === NO_ACCESS_CODE;
const needed = (permiso: Permiso) => (permiso === null ? [] : typeof permiso === 'string' ? [permiso] : [...permiso]);
const show = (route: Route) => `${route.method} ${route.path.replace(API, '')}`;

/** The OpenAPI path of a route as Fastify has it: {param} for :param, no trailing slash. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');

describe.each(testDatabases)('los menús se cumplen en el servidor (%s)', (kind) => {
  let t: TestApp;
  let routes: Route[];
  let operations: Map<string, Operation>;
  /** MEN_PERMISO of every entry of each area. */
  const permissions: Record<'admin' | 'empresa', string[]> = { admin: [], empresa: [] };
  /** Sessions: an administrator of a test profile, the demo administrator (profile 1), a company user of Andina. */
  let custom: string;
  let administrator: string;
  let company: string;
  let andina: number;
  const PROFILE = 90;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    operations = new Map(
      Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => [`${method.toUpperCase()} ${path.replace(/(.)\/$/, '$1')}`, op] as const),
      ),
    );
    routes = t.app.menuAccess
      .filter((e): e is MenuAccessEntry & { area: Route['area'] } => e.area !== undefined && e.permiso !== undefined)
      .map((e) => ({ method: e.method, path: openApiPath(e.url), area: e.area, permiso: e.permiso! }));

    for (const row of await t.db.select({ area: menus.MEN_AREA, permiso: menus.MEN_PERMISO }).from(menus).where(ne(menus.MEN_PERMISO, '')))
      permissions[row.area as 'admin' | 'empresa'].push(row.permiso);

    // A profile of the provider's own and an administrator with it (the demo administrator's clave hash, so no hashing).
    await t.db.insert(perfiles).values({ PRF_CODIGO: PROFILE, PRF_NOMBRE: 'Pruebas de permisos' });
    const [demo] = await t.db.select().from(administradores).where(eq(administradores.ADM_USUARIO, DEMO.admin.usuario));
    await t.db
      .insert(administradores)
      .values({ ADM_USUARIO: 'permisos', ADM_CLAVE: demo.ADM_CLAVE, ADM_NOMBRE: 'Permisos', PRF_CODIGO: PROFILE });
    [custom, administrator, company] = await Promise.all([
      loginAdmin(t, { usuario: 'permisos', clave: DEMO.admin.clave }).then((s) => s.token),
      loginAdmin(t).then((s) => s.token),
      loginCompany(t).then((s) => s.token),
    ]);
    [{ andina }] = await t.db.select({ andina: empresas.EMP_CODIGO }).from(empresas).where(eq(empresas.EMP_RUC, COMPANIES.andina.ruc));
  });
  afterAll(() => t.close());

  /** Gives a profile exactly the entries of its area whose MEN_PERMISO is in `granted` (written as the menus screen would). */
  async function grantProfile(profile: number, granted: string[]) {
    await t.db.delete(menusRoles).where(eq(menusRoles.PRF_CODIGO, profile));
    const rows = await t.db
      .select({ MEN_CODIGO: menus.MEN_CODIGO })
      .from(menus)
      .where(and(eq(menus.MEN_AREA, 'admin'), inArray(menus.MEN_PERMISO, granted.length ? granted : [''])));
    if (rows.length) await t.db.insert(menusRoles).values(rows.map((r) => ({ PRF_CODIGO: profile, MEN_CODIGO: r.MEN_CODIGO })));
  }
  async function grantCompany(granted: string[]) {
    await t.db.delete(menusEmpresa).where(eq(menusEmpresa.EMP_CODIGO, andina));
    const rows = await t.db
      .select({ MEN_CODIGO: menus.MEN_CODIGO })
      .from(menus)
      .where(and(eq(menus.MEN_AREA, 'empresa'), inArray(menus.MEN_PERMISO, granted.length ? granted : [''])));
    if (rows.length) await t.db.insert(menusEmpresa).values(rows.map((r) => ({ EMP_CODIGO: andina, MEN_CODIGO: r.MEN_CODIGO })));
  }

  /** The call of a route: a read as it is; anything else with a broken JSON body and a non-numeric id (400 once let in). */
  function request(route: Route, token: string): InjectOptions {
    const params = operations.get(`${route.method} ${route.path}`)?.parameters ?? [];
    const numeric = (name: string) =>
      [params.find((p) => p.in === 'path' && p.name === name)?.schema.type].flat().some((type) => type === 'integer' || type === 'number');
    const read = route.method === 'GET';
    const url = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => (!read ? 'x' : numeric(name) ? '1' : '1790016919001'));
    return read
      ? { method: 'GET', url, headers: { 'x-token': token } }
      : {
          method: route.method as InjectOptions['method'],
          url,
          payload: '{',
          headers: { 'x-token': token, 'content-type': 'application/json' },
        };
  }

  it('toda ruta con token de administración o de empresa declara su permiso, y existe una entrada de menú que lo da', () => {
    const missing = t.app.menuAccess.filter((e) => e.area !== undefined && e.permiso === undefined).map((e) => `${e.method} ${e.url}`);
    expect(missing, 'rutas sin config.permiso ni permiso del módulo').toEqual([]);
    for (const route of routes)
      for (const permiso of needed(route.permiso)) expect(permissions[route.area], `${show(route)}: ${permiso}`).toContain(permiso);
    // Every operation of the document behind x-token is in the table (or is for a single-purpose token).
    const tokenOperations = [...operations].filter(([, op]) => op.security).map(([key]) => key);
    const known = new Set(t.app.menuAccess.map((e) => `${e.method} ${openApiPath(e.url)}`));
    expect(tokenOperations.filter((key) => !known.has(key))).toEqual([]);
    expect(routes.length).toBeGreaterThan(60);
  });

  /**
   * The matrix of some routes: for each permission, the caller's menu gets exactly that one and every route that names
   * it is called (it must not be refused); for each route's set of permissions, the menu gets all the others (it must
   * answer 403 SIN_ACCESO; an open route, with no menu at all, must not). Routes are grouped so that each menu is
   * written once per group.
   */
  async function matrix(
    list: Route[],
    callerOf: (route: Route) => { token: string; holder: number },
    grant: (holder: number, granted: string[]) => Promise<void>,
    all: string[],
  ) {
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    const groups = new Map<string, { holder: number; granted: string[]; routes: Route[]; expectRefused: boolean; what: string }>();
    const add = (holder: number, granted: string[], route: Route, expectRefused: boolean, what: string) => {
      const key = `${holder}|${expectRefused}|${granted.join(',')}`;
      if (!groups.has(key)) groups.set(key, { holder, granted, routes: [], expectRefused, what });
      groups.get(key)!.routes.push(route);
    };
    for (const route of list) {
      const { holder } = callerOf(route);
      for (const permiso of needed(route.permiso)) add(holder, [permiso], route, false, `con solo ${permiso}`);
      if (route.permiso === null) add(holder, [], route, false, 'sin ningún permiso');
      else
        add(
          holder,
          all.filter((p) => !needed(route.permiso).includes(p)),
          route,
          true,
          `sin ${needed(route.permiso).join(' ni ')}`,
        );
    }
    for (const group of groups.values()) {
      await grant(group.holder, group.granted);
      for (const route of group.routes) {
        const res = await t.app.inject(request(route, callerOf(route).token));
        if (!group.expectRefused) statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        const ok = group.expectRefused ? refused(res) && res.json().msg === MSG.noAccess : !refused(res) && res.statusCode !== 401;
        if (!ok) failures.push(`${show(route)} ${group.what}: ${res.statusCode} ${res.body}`);
      }
    }
    return { failures, statuses };
  }

  it('matriz de administración: con el permiso de la ruta pasa; con todos los demás, 403 "No tiene acceso a esta sección"', async () => {
    // Which session passes the route's profile gate: the test profile, or profile 1 for routes only administrators use.
    await grantProfile(PROFILE, permissions.admin);
    const admin = routes.filter((r) => r.area === 'admin');
    const callers = new Map<Route, { token: string; holder: number }>();
    for (const route of admin) {
      const res = await t.app.inject(request(route, custom));
      const gated = res.statusCode === 403 && res.json().msg === MSG.forbidden && !res.json().code;
      callers.set(route, gated ? { token: administrator, holder: PERFIL.administrador } : { token: custom, holder: PROFILE });
    }
    expect([...callers.values()].filter((c) => c.holder === PROFILE).length).toBeGreaterThan(10);

    const { failures, statuses } = await matrix(admin, (route) => callers.get(route)!, grantProfile, permissions.admin);
    // Profile 1 gets its menus back for the tests below.
    await grantProfile(PERFIL.administrador, permissions.admin);
    console.log(`matriz (${kind}): ${admin.length} rutas de administración; con permiso: ${JSON.stringify(statuses)}`);
    expect(failures).toEqual([]);
  });

  it('matriz de la empresa: los menús de la empresa deciden; inicio, menú, clave y salida siempre', async () => {
    const own = routes.filter((r) => r.area === 'empresa');
    expect(own.length).toBeGreaterThan(5);
    const { failures } = await matrix(
      own,
      () => ({ token: company, holder: andina }),
      (_holder, granted) => grantCompany(granted),
      permissions.empresa,
    );
    await grantCompany(permissions.empresa);
    expect(failures).toEqual([]);
  });

  it('las notas de crédito y débito piden su menú (109, 110): cada ruta suya está en la matriz, y sin la entrada 403 SIN_ACCESO', async () => {
    for (const [tipo, menu] of [
      ['notasCredito', 109],
      ['notasDebito', 110],
    ] as const) {
      const own = routes.filter((r) => r.path.startsWith(`/api/${tipo}`));
      // The surface of docs/architecture.md: list, totals, export, one, create, replace, delete, emit, xml, ride, …
      expect(own.length, tipo).toBeGreaterThanOrEqual(14);
      for (const route of own) expect(needed(route.permiso), show(route)).toContain(tipo);
      const [{ permiso }] = await t.db.select({ permiso: menus.MEN_PERMISO }).from(menus).where(eq(menus.MEN_CODIGO, menu));
      expect(permiso).toBe(tipo);
    }
    // Andina without the credit notes' entry: its list is refused, the debit notes' still answers; with it back, both.
    const list = (tipo: string) => t.app.inject({ method: 'GET', url: `/api/${tipo}`, headers: { 'x-token': company } });
    await grantCompany(permissions.empresa.filter((p) => p !== 'notasCredito'));
    expect((await list('notasCredito')).json()).toEqual({ msg: MSG.noAccess, code: NO_ACCESS_CODE });
    expect((await list('notasDebito')).statusCode).toBe(200);
    await grantCompany(permissions.empresa);
    expect((await list('notasCredito')).statusCode).toBe(200);
  });

  it('las compras piden su menú (111–114; códigos de retención: 15 de administración): cada ruta suya lo nombra, con sus roles', async () => {
    for (const [prefijo, permiso, menu] of [
      ['/api/proveedores', 'proveedores', 111],
      ['/api/recibidos', 'recibidos', 112],
      ['/api/retenciones', 'retenciones', 113],
      ['/api/liquidacionesCompra', 'liquidacionesCompra', 114],
      [`${API}/codigosRetencion`, 'codigosRetencion', 15],
    ] as const) {
      const own = t.app.menuAccess.filter((e) => e.area !== undefined && e.url.startsWith(prefijo));
      // The surfaces of docs/architecture.md: a book (list, export, one, create, edit, delete…) or a document's.
      expect(own.length, prefijo).toBeGreaterThanOrEqual(menu === 15 ? 5 : 8);
      for (const e of own) {
        expect(needed(e.permiso!), `${e.method} ${e.url}`).toContain(permiso);
        // A company route names who may call it: accounting's roles, never a seller's.
        if (e.area === 'empresa') expect(e.roles, `${e.method} ${e.url}`).toEqual(expect.not.arrayContaining(['vendedor']));
        if (e.area === 'empresa') expect(e.roles?.length, `${e.method} ${e.url}`).toBeGreaterThan(0);
      }
      const [row] = await t.db.select({ permiso: menus.MEN_PERMISO, area: menus.MEN_AREA }).from(menus).where(eq(menus.MEN_CODIGO, menu));
      expect(row).toEqual({ permiso, area: menu === 15 ? 'admin' : 'empresa' });
    }
    // The companies' read of the codes in force serves both documents that withhold: either menu opens it.
    const read = t.app.menuAccess.find((e) => e.method === 'GET' && e.url === '/api/codigosRetencion');
    expect(read).toMatchObject({ area: 'empresa', permiso: ['retenciones', 'liquidacionesCompra'] });
    // Andina without the retenciones' entry: its list is refused, the liquidaciones' and the codes' still answer.
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-token': company } });
    const codes = '/api/codigosRetencion?fecha=2026-01-15';
    await grantCompany(permissions.empresa.filter((p) => p !== 'retenciones'));
    expect((await get('/api/retenciones')).json()).toEqual({ msg: MSG.noAccess, code: NO_ACCESS_CODE });
    expect((await get('/api/liquidacionesCompra')).statusCode).toBe(200);
    expect((await get(codes)).statusCode).toBe(200);
    // Without either, the codes are refused too.
    await grantCompany(permissions.empresa.filter((p) => p !== 'retenciones' && p !== 'liquidacionesCompra'));
    expect(refused(await get(codes))).toBe(true);
    await grantCompany(permissions.empresa);
    expect((await get('/api/retenciones')).statusCode).toBe(200);
    // The back office's table is the administrator profile's (menu 15); a distributor's profile does not have it.
    const distribuidor = (await loginAdmin(t, DEMO.distribuidor)).token;
    const admin = (token: string) => t.app.inject({ method: 'GET', url: `${API}/codigosRetencion`, headers: { 'x-token': token } });
    expect((await admin(administrator)).statusCode).toBe(200);
    expect((await admin(distribuidor)).json()).toEqual({ msg: MSG.noAccess, code: NO_ACCESS_CODE });
  });

  it('ofertas, guías de remisión y transportistas piden su menú (115–117): cada ruta suya lo nombra, y sin la entrada 403 SIN_ACCESO', async () => {
    for (const [prefijo, permiso, menu, rutas] of [
      // list, export, one, create, edit, delete, pdf, email, accept, reject, invoice
      ['/api/ofertas', 'ofertas', 115, 11],
      // list, totals, export, prefill, one, create, edit, delete, emit, xml, ride, authorized, email, annul, ask again
      ['/api/guiasRemision', 'guiasRemision', 116, 15],
      // list, export, template, import, the two lookups, one, create, edit, delete
      ['/api/transportistas', 'transportistas', 117, 10],
    ] as const) {
      const own = routes.filter((r) => r.path.startsWith(prefijo));
      expect(own.length, prefijo).toBeGreaterThanOrEqual(rutas);
      for (const route of own) {
        expect(route.area, show(route)).toBe('empresa');
        expect(needed(route.permiso), show(route)).toEqual([permiso]);
      }
      const [row] = await t.db.select({ permiso: menus.MEN_PERMISO, area: menus.MEN_AREA }).from(menus).where(eq(menus.MEN_CODIGO, menu));
      expect(row).toEqual({ permiso, area: 'empresa' });
    }
    // Andina without the guías' entry: guías are refused, its carriers and quotes still answer; the carriers' entry
    // alone does not open the guías.
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-token': company } });
    await grantCompany(permissions.empresa.filter((p) => p !== 'guiasRemision'));
    expect((await get('/api/guiasRemision')).json()).toEqual({ msg: MSG.noAccess, code: NO_ACCESS_CODE });
    expect(refused(await get('/api/guiasRemision/1/ride'))).toBe(true);
    expect((await get('/api/transportistas')).statusCode).toBe(200);
    expect((await get('/api/ofertas')).statusCode).toBe(200);
    await grantCompany(permissions.empresa.filter((p) => p !== 'ofertas' && p !== 'transportistas'));
    expect(refused(await get('/api/ofertas'))).toBe(true);
    expect(refused(await get('/api/transportistas'))).toBe(true);
    expect((await get('/api/guiasRemision')).statusCode).toBe(200);
    await grantCompany(permissions.empresa);
    for (const url of ['/api/ofertas', '/api/guiasRemision', '/api/transportistas']) expect((await get(url)).statusCode, url).toBe(200);
  });

  it('Ferretería no tiene "Mi empresa": GET /miEmpresa responde 403 SIN_ACCESO, también a un distribuidor dentro de ella', async () => {
    const ferreteria = (await loginCompany(t, COMPANIES.tornillo)).token;
    const get = (url: string, token: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: { 'x-token': token } });
    const res = await get('/miEmpresa', ferreteria);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: 'No tiene acceso a esta sección', code: 'SIN_ACCESO' });
    // Its home's data, its menu and the pages it has still answer.
    for (const url of ['/miEmpresa/plan', '/firma']) expect((await get(url, ferreteria)).statusCode, url).toBe(200);

    const distribuidor = (await loginAdmin(t, DEMO.distribuidor)).token;
    const inside = await t.app.inject({
      method: 'POST',
      url: `${API}/loginDistribuidor`,
      headers: { 'x-token': distribuidor },
      payload: { ruc: COMPANIES.tornillo.ruc },
    });
    expect(inside.statusCode, inside.body).toBe(200);
    const token = inside.json().usuario.token as string;
    expect(refused(await get('/miEmpresa', token))).toBe(true);
    expect((await get('/firma', token)).statusCode).toBe(200);
  });

  it('las lecturas que usan las pantallas concedidas: un distribuidor lee asesores, productos, bancos y el catálogo; cada inicio, sus cifras', async () => {
    const distribuidor = (await loginAdmin(t, DEMO.distribuidor)).token;
    const get = (url: string, token: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: { 'x-token': token } });
    // The ticket screens (soporte): advisers and products for the filters and the work panel.
    for (const url of [
      '/asesor',
      '/productos?all=1',
      '/productos/1',
      '/empresas/bancos',
      '/empresas/planes',
      `/menus/menuEmpresaAdmin/${andina}`,
    ])
      expect(refused(await get(url, distribuidor)), url).toBe(false);
    // Sections it does not have.
    expect(refused(await get('/configuraciones/0', distribuidor))).toBe(true);

    // A profile with no menu at all keeps its home, its menu, its clave and its sign-out.
    await grantProfile(PROFILE, []);
    expect((await get('/soporte/resumen', custom)).statusCode).toBe(200);
    // (The sales figures are for administrators and distributors: the profile gate, not the menu, refuses this one.)
    expect(refused(await get('/empresas/planes/resumen', custom))).toBe(false);
    const [me] = await t.db.select().from(administradores).where(eq(administradores.ADM_USUARIO, 'permisos'));
    const menu = await t.app.inject({
      method: 'POST',
      url: `${API}/menus/menuAdmin`,
      headers: { 'x-token': custom },
      payload: { id: me.ADM_CODIGO },
    });
    expect(menu.statusCode).toBe(200);
    expect(refused(await get('/soporte', custom))).toBe(true);
    // The public catalogue of the ticket form needs no token; the full one needs the menu.
    expect((await t.app.inject({ method: 'GET', url: `${API}/productos` })).statusCode).toBe(200);
    expect(refused(await get('/productos?all=1', custom))).toBe(true);
  });

  it('un perfil propio del proveedor con el menú de tickets ve todos los tickets, no solo los de sus empresas', async () => {
    await grantProfile(PROFILE, ['soporte']);
    const list = async (token: string) => {
      const res = await t.app.inject({ method: 'GET', url: `${API}/soporte?range=[0,0]`, headers: { 'x-token': token } });
      expect(res.statusCode, res.body).toBe(200);
      return res.headers['content-range'];
    };
    expect(await list(custom)).toBe(await list(administrator));
  });

  it('un perfil propio con el menú Empresas (p. ej. Ventas) ve y atiende todas las empresas; las acciones de administrador siguen siendo suyas', async () => {
    await grantProfile(PROFILE, ['empresas', 'planesEmpresa']);
    const list = async (token: string, url: string) => {
      const res = await t.app.inject({ method: 'GET', url: `${API}${url}`, headers: { 'x-token': token } });
      expect(res.statusCode, res.body).toBe(200);
      return res.headers['content-range'];
    };
    expect(await list(custom, '/empresas?range=[0,0]')).toBe(await list(administrator, '/empresas?range=[0,0]'));
    expect(await list(custom, '/empresas/planesEmpresa?range=[0,0]')).toBe(
      await list(administrator, '/empresas/planesEmpresa?range=[0,0]'),
    );
    const page = await t.app.inject({ method: 'GET', url: `${API}/empresas/${andina}`, headers: { 'x-token': custom } });
    expect(page.statusCode).toBe(200);
    const remove = await t.app.inject({ method: 'DELETE', url: `${API}/empresas/${andina}`, headers: { 'x-token': custom } });
    expect(remove.statusCode).toBe(403);
  });

  it('los menús deciden quién administra asesores, bancos, productos, configuraciones y auditoría; perfiles, menús y administradores siguen siendo del perfil Administrador', async () => {
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
      t.app.inject({ method, url: `${API}${url}`, headers: { 'x-token': custom }, ...(body ? { payload: body } : {}) });
    await grantProfile(PROFILE, [
      'asesores',
      'bancos',
      'productos',
      'auditoria',
      'configuraciones',
      'perfiles',
      'menus',
      'administradores',
    ]);
    const adviser = await call('POST', '/asesor', {
      ASE_IDENTIFICACION: '1710034065',
      ASE_NOMBRE: 'Asesora de Soporte',
      ASE_CORREO: 'asesora@amelia.ec',
    });
    expect(adviser.statusCode, adviser.body).toBe(201);
    const bank = await call('POST', '/empresas/bancos', {
      BAN_NOMBRE: 'Banco del Perfil',
      BAN_TIPO_CUENTA: 'AHORROS',
      BAN_NUMERO: '2200334455',
    });
    expect(bank.statusCode, bank.body).toBe(201);
    expect((await call('GET', '/empresas/bancos?todos=1')).statusCode).toBe(200);
    expect((await call('POST', '/productos', { PROD_NOMBRE: 'Producto del perfil' })).statusCode).toBe(201);
    expect((await call('GET', '/auditoria')).statusCode).toBe(200);
    expect((await call('PUT', '/configuraciones/actualizar', { CON_CODIGO: 9, CON_VALOR1: 'no' })).statusCode).toBe(200);
    // Granting access stays with profile 1: a profile given these menus could otherwise make itself an administrator.
    for (const [method, url, body] of [
      ['POST', '/empresas/perfiles', { PRF_NOMBRE: 'Escalada' }],
      ['POST', '/menus/menuRolesAdmin', { PRF_CODIGO: PROFILE, menus: [] }],
      ['POST', '/administradores', { ADM_USUARIO: 'escalada' }],
    ] as const) {
      const res = await call(method, url, body);
      expect([url, res.statusCode, res.json().msg]).toEqual([url, 403, MSG.forbidden]);
    }
    await grantProfile(PROFILE, []);
    expect(refused(await call('GET', '/auditoria'))).toBe(true);
    // And the menus screen does not give them to another profile.
    const [entry] = await t.db.select().from(menus).where(eq(menus.MEN_PERMISO, 'administradores'));
    const give = await t.app.inject({
      method: 'POST',
      url: `${API}/menus/menuRolesAdmin`,
      headers: { 'x-token': administrator },
      payload: { PRF_CODIGO: PROFILE, menus: [entry.MEN_CODIGO] },
    });
    expect(give.statusCode).toBe(400);
    expect(give.json().msg).toMatch(/^«Administradores» dan acceso a los demás menús: solo se asignan al perfil Administrador/);
  });

  it('un perfil inactivo o una entrada de menú inactiva quitan el permiso en la siguiente llamada', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: { 'x-token': custom } });
    await grantProfile(PROFILE, ['soporte']);
    expect((await get('/soporte')).statusCode).toBe(200);

    await t.db.update(perfiles).set({ PRF_ACTIVO: false }).where(eq(perfiles.PRF_CODIGO, PROFILE));
    expect(refused(await get('/soporte'))).toBe(true);
    expect((await get('/soporte/resumen')).statusCode).toBe(200);
    await t.db.update(perfiles).set({ PRF_ACTIVO: true }).where(eq(perfiles.PRF_CODIGO, PROFILE));
    expect((await get('/soporte')).statusCode).toBe(200);

    await t.db.update(menus).set({ MEN_ACTIVO: false }).where(eq(menus.MEN_PERMISO, 'soporte'));
    expect(refused(await get('/soporte'))).toBe(true);
    await t.db.update(menus).set({ MEN_ACTIVO: true }).where(eq(menus.MEN_PERMISO, 'soporte'));
    expect((await get('/soporte')).statusCode).toBe(200);

    // A company token on an administration route is still "solo para administradores", not a menu matter.
    const res = await t.app.inject({ method: 'GET', url: `${API}/soporte`, headers: { 'x-token': company } });
    expect(res.json()).toEqual({ msg: MSG.adminOnly });
  });
});
