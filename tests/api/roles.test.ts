import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, loginAdmin, loginCompany } from '../helpers/accounts';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { empresas, menus, menusEmpresa } from '../../server/infra/db/schema';
import type { MenuAccessEntry } from '../../server/core/menu-access';
import { MSG } from '../../domain/messages';
import { ROLE_REFUSED_CODE } from '../../domain/constants';
import { ROLES_EMPRESA, type RolEmpresa } from '../../domain/clientes';
import { ROLES_PERMITIDOS } from '../../domain/roles';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import { borrador } from '../helpers/facturas-api';

/**
 * The company roles are enforced on the server. The matrix comes from the OpenAPI document and the routes' config, so a
 * company route added later is covered without touching this file: every operation behind the company guard must name
 * the roles that may call it (or get its module's), and for each one a user of each role it names gets past the guard
 * while a user of each role it does not name gets 403 ROL_SIN_PERMISO. The users are created as a company creates
 * them (POST /api/usuarios, the temporary clave, the clave of their own). Calls that change something are sent with a
 * broken body and a broken id, so that the guard (onRequest) decides and nothing runs; reads are sent as they are.
 */

type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema: { type?: string | string[] } };
type Operation = { parameters?: Parameter[]; security?: unknown[]; description?: string };
type Route = { method: string; path: string; roles: readonly RolEmpresa[] };

const REFUSED = { msg: MSG.roleRefused, code: ROLE_REFUSED_CODE };
const refusedByRole = (res: { statusCode: number; json: () => { code?: string } }) =>
  res.statusCode === 403 && res.json().code === ROLE_REFUSED_CODE;
const show = (route: Route) => `${route.method} ${route.path}`;

/** The OpenAPI path of a route as Fastify has it: {param} for :param, no trailing slash. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');

describe.each(testDatabases)('los roles de la empresa se cumplen en el servidor (%s)', (kind) => {
  let t: TestApp;
  let routes: Route[];
  let operations: Map<string, Operation>;
  let andina: number;
  /** A signed-in user of Comercial Andina for each role (the administrator is the demo company user). */
  const tokens = {} as Record<RolEmpresa, string>;
  const users = {} as Record<RolEmpresa, number>;

  const as = (token: string) => ({ 'x-token': token });
  const call = (token: string, method: InjectOptions['method'], url: string, payload?: object) =>
    t.app.inject({ method, url, headers: as(token), ...(payload ? { payload } : {}) });

  /** A user of Andina with this role, created by its administrator, signed in with a clave of its own. */
  async function signedInUser(admin: string, rol: RolEmpresa) {
    const usuario = `roles.${rol}`;
    const created = await call(admin, 'POST', '/api/usuarios', {
      USU_USUARIO: usuario,
      USU_NOMBRE: `Usuario ${rol}`,
      USU_CORREO: `${rol}@comercialandina.ec`,
      USU_ROL: rol,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { USU_CODIGO, claveTemporal } = created.json() as { USU_CODIGO: number; claveTemporal: string };
    const first = await loginCompany(t, { ruc: COMPANIES.andina.ruc, usuario, clave: claveTemporal });
    expect(first.cambiarClave).toBe(true);
    const chosen = await call(first.token, 'PUT', `${API}/clave`, { claveNueva: `ClaveDe${rol}2026` });
    expect(chosen.statusCode, chosen.body).toBe(200);
    return { token: first.token, id: USU_CODIGO };
  }

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
      .filter((e): e is MenuAccessEntry & { roles: readonly RolEmpresa[] } => e.area === 'empresa' && e.roles !== undefined)
      .map((e) => ({ method: e.method, path: openApiPath(e.url), roles: e.roles }));

    // Andina gets every entry of the company menu: the role, not the menu, decides here.
    [{ andina }] = await t.db.select({ andina: empresas.EMP_CODIGO }).from(empresas).where(eq(empresas.EMP_RUC, COMPANIES.andina.ruc));
    const entries = await t.db.select({ MEN_CODIGO: menus.MEN_CODIGO }).from(menus).where(eq(menus.MEN_AREA, 'empresa'));
    await t.db
      .insert(menusEmpresa)
      .values(entries.map((e) => ({ EMP_CODIGO: andina, MEN_CODIGO: e.MEN_CODIGO })))
      .onConflictDoNothing();

    const admin = await loginCompany(t);
    expect(admin).toMatchObject({ USU_ROL: 'administrador' });
    tokens.administrador = admin.token;
    users.administrador = admin.USU_CODIGO;
    for (const rol of ['contador', 'vendedor'] as const) {
      const user = await signedInUser(admin.token, rol);
      tokens[rol] = user.token;
      users[rol] = user.id;
    }
  });
  afterAll(() => t.close());

  /** The call of a route: a read as it is; anything else with a broken JSON body and a non-numeric id (400 once let in). */
  function request(route: Route, token: string): InjectOptions {
    const params = operations.get(show(route))?.parameters ?? [];
    const numeric = (name: string) =>
      [params.find((p) => p.in === 'path' && p.name === name)?.schema.type].flat().some((type) => type === 'integer' || type === 'number');
    const read = route.method === 'GET';
    const url = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => (!read ? 'x' : numeric(name) ? '1' : '1790016919001'));
    return read
      ? { method: 'GET', url, headers: as(token) }
      : {
          method: route.method as InjectOptions['method'],
          url,
          payload: '{',
          headers: { ...as(token), 'content-type': 'application/json' },
        };
  }

  it('toda ruta de la empresa nombra sus roles (o recibe los de su módulo), y el documento OpenAPI los dice', () => {
    const missing = t.app.menuAccess.filter((e) => e.area === 'empresa' && e.roles === undefined).map((e) => `${e.method} ${e.url}`);
    expect(missing, 'rutas de la empresa sin config.roles ni roles del módulo').toEqual([]);
    for (const route of routes) {
      expect(route.roles.length, show(route)).toBeGreaterThan(0);
      for (const rol of route.roles) expect(ROLES_EMPRESA, show(route)).toContain(rol);
      // The administrator does everything.
      expect(route.roles, show(route)).toContain('administrador');
      const description = operations.get(show(route))?.description ?? '';
      expect(description, show(route)).toContain(`Roles: ${route.roles.join(', ')} (los demás reciben 403 ${ROLE_REFUSED_CODE}).`);
    }
    expect(routes.length).toBeGreaterThan(60);
    // Some routes each role may not call, so that the matrix below refuses something to each of the others.
    expect(routes.filter((r) => !r.roles.includes('vendedor')).length).toBeGreaterThan(10);
    expect(routes.filter((r) => !r.roles.includes('contador')).length).toBeGreaterThan(5);
  });

  it('matriz: cada rol que la ruta nombra pasa la guardia; cada uno que no, 403 "Su rol no permite esta acción" con ROL_SIN_PERMISO', async () => {
    const failures: string[] = [];
    const statuses: Record<string, Record<number, number>> = {};
    for (const route of routes)
      for (const rol of ROLES_EMPRESA) {
        const res = await t.app.inject(request(route, tokens[rol]));
        if (route.roles.includes(rol)) {
          (statuses[rol] ??= {})[res.statusCode] = (statuses[rol][res.statusCode] ?? 0) + 1;
          const stopped = res.statusCode === 401 || (res.statusCode === 403 && Boolean(res.json().code));
          if (stopped) failures.push(`${show(route)} como ${rol} (permitido): ${res.statusCode} ${res.body}`);
        } else if (!refusedByRole(res) || res.json().msg !== MSG.roleRefused)
          failures.push(`${show(route)} como ${rol} (no permitido): ${res.statusCode} ${res.body}`);
      }
    console.log(`roles (${kind}): ${routes.length} rutas de la empresa; permitidas: ${JSON.stringify(statuses)}`);
    expect(failures).toEqual([]);
  });

  it('un vendedor no cambia el precio de un producto del catálogo (403 y el precio sigue igual); el contador y el administrador sí', async () => {
    const created = await call(tokens.administrador, 'POST', '/api/catalogo', {
      CAT_PRINCIPAL: 'ROL-001',
      CAT_DESCRIPCION: 'Cemento gris 50 kg',
      CAT_PRECIO: '8.500000',
      CAT_IVA: '4',
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json() as { CAT_CODIGO: number; CAT_PRECIO: string };
    const url = `/api/catalogo/${product.CAT_CODIGO}`;
    const edit = (rol: RolEmpresa, precio: string) =>
      call(tokens[rol], 'PUT', url, { CAT_PRINCIPAL: 'ROL-001', CAT_DESCRIPCION: 'Cemento gris 50 kg', CAT_PRECIO: precio, CAT_IVA: '4' });

    const seller = await edit('vendedor', '0.010000');
    expect(seller.statusCode).toBe(403);
    expect(seller.json()).toEqual(REFUSED);
    // The seller still reads the product, at its price.
    const read = await call(tokens.vendedor, 'GET', url);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ CAT_PRECIO: '8.500000' });
    // Nor creates, deletes or imports.
    for (const res of [
      await call(tokens.vendedor, 'POST', '/api/catalogo', {
        CAT_PRINCIPAL: 'ROL-002',
        CAT_DESCRIPCION: 'Arena',
        CAT_PRECIO: '1',
        CAT_IVA: '4',
      }),
      await call(tokens.vendedor, 'DELETE', url),
      await call(tokens.vendedor, 'POST', '/api/catalogo/import'),
      await call(tokens.vendedor, 'GET', '/api/catalogo/plantilla?formato=csv'),
    ])
      expect([res.statusCode, res.json()]).toEqual([403, REFUSED]);
    expect((await call(tokens.administrador, 'GET', url)).json()).toMatchObject({ CAT_PRECIO: '8.500000' });

    const accountant = await edit('contador', '9.250000');
    expect(accountant.statusCode, accountant.body).toBe(200);
    expect((await call(tokens.vendedor, 'GET', url)).json()).toMatchObject({ CAT_PRECIO: '9.250000' });
    expect((await edit('administrador', '9.500000')).statusCode).toBe(200);
  });

  it('guías de remisión, transportistas y ofertas: todos leen; la guía la anula contabilidad; la oferta la hace quien vende', () => {
    const of = (prefijo: string) => routes.filter((r) => r.path.startsWith(prefijo));
    const TODOS = ['administrador', 'contador', 'vendedor'];
    for (const route of of('/api/guiasRemision'))
      expect([...route.roles].sort(), show(route)).toEqual(
        route.path === '/api/guiasRemision/{id}/anular' ? ['administrador', 'contador'] : TODOS,
      );
    for (const route of of('/api/transportistas')) expect([...route.roles].sort(), show(route)).toEqual(TODOS);
    for (const route of of('/api/ofertas'))
      expect([...route.roles].sort(), show(route)).toEqual(route.method === 'GET' ? TODOS : ['administrador', 'vendedor']);
    expect(of('/api/guiasRemision').length).toBeGreaterThanOrEqual(15);
    expect(of('/api/ofertas').length).toBeGreaterThanOrEqual(11);
    expect(ROLES_PERMITIDOS.guiasRemision.anular).toEqual(['administrador', 'contador']);
    expect(ROLES_PERMITIDOS.ofertas.vender).toEqual(['administrador', 'vendedor']);
  });

  it('un contador lee las ofertas pero no hace una (403 y nada se crea); un vendedor sí, y no anula una guía', async () => {
    const [point] = (await call(tokens.administrador, 'GET', '/api/facturas/puntos')).json() as Array<{ PEM_CODIGO: number }>;
    // The seller's own client: a seller's clients are assigned to them.
    const client = await call(tokens.vendedor, 'POST', '/api/clientes', {
      CLI_TIPO_IDENTIFICACION: '05',
      CLI_IDENTIFICACION: '1710034065',
      CLI_RAZON_SOCIAL: 'Cliente del vendedor',
      CLI_CORREOS: ['cliente.vendedor@prueba.ec'],
      aceptarAdvertencia: true,
    });
    expect(client.statusCode, client.body).toBe(201);
    const { lineas, totalSinImpuestos, totalDescuento, totalIva, importeTotal } = borrador(point!.PEM_CODIGO, client.json().CLI_CODIGO);
    const hoy = hoyEcuador();
    const body = {
      CLI_CODIGO: client.json().CLI_CODIGO,
      OFE_FECHA: hoy,
      OFE_VALIDEZ: sumarDias(hoy, 15),
      lineas,
      totalSinImpuestos,
      totalDescuento,
      totalIva,
      importeTotal,
    };
    const before = (await call(tokens.contador, 'GET', '/api/ofertas')).headers['content-range'];
    const refused = await call(tokens.contador, 'POST', '/api/ofertas', body);
    expect([refused.statusCode, refused.json()]).toEqual([403, REFUSED]);
    expect((await call(tokens.contador, 'GET', '/api/ofertas')).headers['content-range']).toBe(before);

    const made = await call(tokens.vendedor, 'POST', '/api/ofertas', body);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().OFE_CODIGO as number;
    // Accounting reads it, and cannot accept it nor turn it into an invoice.
    const read = await call(tokens.contador, 'GET', `/api/ofertas/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ OFE_CODIGO: id, OFE_ESTADO: 'BORRADOR', OFE_TOTAL: importeTotal });
    for (const action of ['aceptar', 'facturar'])
      expect((await call(tokens.contador, 'POST', `/api/ofertas/${id}/${action}`, { PEM_CODIGO: point!.PEM_CODIGO })).json()).toEqual(
        REFUSED,
      );
    expect((await call(tokens.administrador, 'GET', `/api/ofertas/${id}`)).json()).toMatchObject({
      OFE_ESTADO: 'BORRADOR',
      FAC_CODIGO: null,
    });
    // A guía is annulled by accounting: the seller is refused before the guía is looked up.
    const annul = await call(tokens.vendedor, 'POST', '/api/guiasRemision/1/anular', { motivo: 'Anulada en el portal del SRI' });
    expect([annul.statusCode, annul.json()]).toEqual([403, REFUSED]);
  });

  it('el menú de cada rol deja fuera las secciones que no abre', async () => {
    const menu = async (rol: RolEmpresa) => {
      const res = await call(tokens[rol], 'POST', `${API}/menuEmpresa`, { ruc: COMPANIES.andina.ruc });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Array<{ MEN_RUTA: string }>).map((m) => m.MEN_RUTA);
    };
    const all = await menu('administrador');
    // The purchase side (Proveedores, Documentos recibidos, Retenciones, Liquidaciones de compra) is accounting's.
    const compras = ['proveedores', 'recibidos', 'retenciones', 'liquidacionesCompra'];
    // Quotes, guías and carriers are every role's (the seller's too).
    const ventas = ['ofertas', 'guiasRemision', 'transportistas'];
    expect(all).toEqual(
      expect.arrayContaining(['', 'mi-empresa', 'firma', 'clientes', 'usuarios', 'facturas', 'catalogo', ...compras, ...ventas]),
    );
    // API keys and webhooks are the administrador's alone.
    const integraciones = ['clavesApi', 'webhooks'];
    expect(all).toEqual(expect.arrayContaining(integraciones));
    expect(await menu('contador')).toEqual(all.filter((r) => !['usuarios', ...integraciones].includes(r)));
    expect(await menu('vendedor')).toEqual(
      all.filter((r) => !['usuarios', 'firma', 'mi-empresa', ...compras, ...integraciones].includes(r)),
    );
    // What the menu leaves out the API refuses.
    for (const url of ['/api/usuarios', `${API}/firma`, `${API}/miEmpresa`, ...compras.map((r) => `/api/${r}`)])
      expect([url, (await call(tokens.vendedor, 'GET', url)).json()]).toEqual([url, REFUSED]);
    expect((await call(tokens.contador, 'GET', `${API}/firma`)).statusCode).toBe(200);
    expect((await call(tokens.contador, 'GET', '/api/usuarios')).json()).toEqual(REFUSED);
  });

  it('el rol se lee en cada llamada: al vendedor que pasa a contador se le permite al instante, sin volver a ingresar', async () => {
    const url = '/api/catalogo/import';
    expect((await call(tokens.vendedor, 'POST', url)).json()).toEqual(REFUSED);
    const promoted = await call(tokens.administrador, 'PUT', `/api/usuarios/${users.vendedor}`, { USU_ROL: 'contador' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    // Let in: the upload itself is then what is wrong (no file).
    expect(refusedByRole(await call(tokens.vendedor, 'POST', url))).toBe(false);
    const back = await call(tokens.administrador, 'PUT', `/api/usuarios/${users.vendedor}`, { USU_ROL: 'vendedor' });
    expect(back.statusCode, back.body).toBe(200);
    expect((await call(tokens.vendedor, 'POST', url)).json()).toEqual(REFUSED);
  });

  it('un distribuidor dentro de una empresa actúa como su administrador', async () => {
    const distribuidor = (await loginAdmin(t, DEMO.distribuidor)).token;
    const inside = await t.app.inject({
      method: 'POST',
      url: `${API}/loginDistribuidor`,
      headers: as(distribuidor),
      payload: { ruc: COMPANIES.tornillo.ruc },
    });
    expect(inside.statusCode, inside.body).toBe(200);
    const token = inside.json().usuario.token as string;
    expect(inside.json().usuario).toMatchObject({ USU_ROL: 'administrador' });
    // Checking a signature is the administrator's alone: let in, the missing file is what is wrong.
    const check = await call(token, 'POST', `${API}/firmaComprobar`);
    expect(check.statusCode, check.body).toBeGreaterThanOrEqual(400);
    expect([401, 403]).not.toContain(check.statusCode);
    expect(ROLES_PERMITIDOS.firma.gestionar).toEqual(['administrador']);
  });
});
