/**
 * Accessibility: axe-core (WCAG 2.1 A and AA, and its best practices) finds no serious or critical violation on any
 * page, signed out and signed in (company user, administrator, distributor), nor in a confirm dialog or a form
 * dialog. The resources' screens come from the registry and each folder's views; a new page is one line in its list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, e2eAvailable, e2eSuite, screenshotsAtTwoWidths, type RunningServer } from '../helpers/e2e';
import {
  adminToken,
  type CompanyCredentials,
  fillAdminLogin,
  loginAdmin,
  loginCompany,
  open,
  routeOf,
  sidebarEntries,
  waitForRoute,
} from '../helpers/browser';
import { expectAccessible } from '../helpers/axe';
import { TORNILLO, venderPlan } from '../helpers/facturas-e2e';
import { borrador } from '../helpers/facturas-api';
import { cedulaValida } from '../helpers/identificaciones';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import { areaResources, type Area, type ResourceEntry } from '../../src/registry/resources';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { iniciarSriLocal, type SriLocal } from '../../server/sri-local';

/** A page to check: its hash route, and a text or element that shows once its data has arrived (optional). */
type Screen = { name: string; route: string; ready?: string | RegExp };

/** The public pages (no session). */
const PUBLIC: Screen[] = [
  { name: 'ingreso-empresa', route: '/login', ready: 'Iniciar sesión' },
  { name: 'registro', route: '/registro' },
  { name: 'recuperar-clave', route: '/recuperar-clave' },
  { name: 'ingreso-administracion', route: '/administrador/login' },
  { name: 'ticket-publico', route: '/administrador/soporteTicket' },
  { name: 'error-403', route: '/error403' },
];

/** The company application's pages that are not resources. */
const COMPANY_PAGES: Screen[] = [
  { name: 'empresa-inicio', route: '/' },
  { name: 'mi-empresa', route: '/mi-empresa' },
  { name: 'mi-empresa-establecimientos', route: '/mi-empresa?seccion=establecimientos' },
  { name: 'mi-empresa-logo', route: '/mi-empresa?seccion=logo' },
  { name: 'mi-empresa-firma', route: '/mi-empresa?seccion=firma' },
  { name: 'mi-empresa-ambiente', route: '/mi-empresa?seccion=ambiente' },
  { name: 'antiguedad-cartera', route: '/clientes/cartera' },
  { name: 'firma', route: '/firma' },
  { name: 'ayuda', route: '/ayuda' },
];

/** The administration's pages that are not resources (the company page's tabs are added from the first company). */
const ADMIN_PAGES: Screen[] = [{ name: 'administracion-inicio', route: '/administrador' }];

/** The screens whose look the accessibility fixes changed (colors, the user menu, the editors' toolbars), photographed. */
const SHOTS = new Set([
  'ticket-publico',
  'empresa-inicio',
  'facturas-crear',
  'empresas',
  'perfiles',
  'soporte-ver',
  'ingresos',
  'factura-con-notas',
]);

const VIEWS = ['list', 'create', 'edit', 'show'] as const;
type View = (typeof VIEWS)[number];

/** The views a resource's folder exports (src/resources/<name>/index.ts); a document's vistasDocumento has all four. */
function viewsOf(entry: ResourceEntry): View[] {
  const index = path.resolve(import.meta.dirname, '../../src/resources', entry.name, 'index.ts');
  if (!fs.existsSync(index)) return [];
  const source = fs.readFileSync(index, 'utf8');
  if (/\bvistasDocumento\(/.test(source)) return [...VIEWS];
  return VIEWS.filter((view) => new RegExp(`\\b${view}: lazyView\\(`).test(source));
}

/** The id of the first record of a resource's list, through the API, as the list screen would ask for it. */
async function firstId(server: RunningServer, entry: ResourceEntry, token: string): Promise<string | null> {
  const query = new URLSearchParams({ range: '[0,0]', ...entry.listQuery });
  const url = entry.path.startsWith('/api/') ? entry.path : `/${entry.path}`;
  const rows = await apiCall<Array<Record<string, unknown>>>(server, `${url}?${query}`, { token });
  return rows.length ? String(rows[0][entry.key]) : null;
}

/**
 * The credit and debit notes: they need an invoice the SRI authorized, which only Ferretería El Tornillo (the demo
 * company with a signature) can have, on a server with a local SRI; their screens are checked in their own suite.
 */
const NOTAS = new Set(['notasCredito', 'notasDebito']);
/** The documents received: they need a document another company issued through the SRI; checked on the notes' server. */
const RECIBIDOS = new Set(['recibidos']);
/** The purchase documents: their drafts need a supplier's received documents; no suite opens their screens yet. */
const COMPRAS = new Set(['retenciones', 'liquidacionesCompra']);

/** Every screen of an area's resources (those `incluir` accepts): list, create, and edit and show of its first record. */
async function resourceScreens(
  server: RunningServer,
  area: Area,
  token: string,
  incluir: (name: string) => boolean = (name) => !NOTAS.has(name) && !RECIBIDOS.has(name) && !COMPRAS.has(name),
): Promise<Screen[]> {
  const prefix = area === 'admin' ? '/administrador' : '';
  const screens: Screen[] = [];
  for (const entry of areaResources(area).filter((r) => incluir(r.name))) {
    const views = viewsOf(entry);
    const base = `${prefix}/${entry.name}`;
    if (views.includes('list')) screens.push({ name: entry.name, route: base });
    if (views.includes('create')) screens.push({ name: `${entry.name}-crear`, route: `${base}/create` });
    if (!views.includes('edit') && !views.includes('show')) continue;
    const id = await firstId(server, entry, token);
    expect(id, `${entry.name}: no hay un registro para abrir`).not.toBeNull();
    if (views.includes('edit')) screens.push({ name: `${entry.name}-editar`, route: `${base}/${id}` });
    if (views.includes('show')) screens.push({ name: `${entry.name}-ver`, route: `${base}/${id}/show` });
  }
  return screens;
}

/** Waits until the page has nothing loading (progress bars, spinners, "Cargando...") nor moving (a dialog fading in). */
async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '.MuiCircularProgress-indeterminate, .MuiLinearProgress-indeterminate, .MuiSkeleton-root, [aria-busy="true"], .am-status',
      ) && !document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity),
    undefined,
    { timeout: 15_000 },
  );
  await page.waitForTimeout(300);
}

/** Opens each screen and checks it with axe. */
async function checkScreens(page: Page, server: RunningServer, screens: Screen[]) {
  for (const screen of screens) {
    await open(page, server, screen.route);
    if (typeof screen.ready === 'string') await page.getByText(screen.ready, { exact: true }).first().waitFor();
    else if (screen.ready) await page.getByText(screen.ready).first().waitFor();
    await settled(page);
    // Still there: not sent to a sign-in, a no-access page or the list.
    expect.soft(routeOf(page), screen.name).toBe(screen.route);
    await expectAccessible(page, screen.name);
    if (SHOTS.has(screen.name)) await screenshotsAtTwoWidths(page, `accesibilidad-${screen.name}`);
  }
}

/** Closes the notice a company sign-in may greet with (plan, signature). */
/** The plan and signature warning is a banner above every screen (once per session): checked with the home. */
async function checkNotice(page: Page) {
  const notice = page.locator('[data-aviso-plan]');
  if (
    await notice.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    )
  )
    await expectAccessible(page, 'aviso-al-ingresar');
}

/** A client and a product of the hardware store, for the screens and for the invoice issued with the keyboard. */
const COMPRADOR = { cedula: '1710034065', nombre: 'MARIA FERNANDA ALMEIDA ROSERO' };
const PRODUCTO = { CAT_PRINCIPAL: 'CEM-050', CAT_DESCRIPCION: 'Cemento Holcim tipo GU 50 kg', CAT_PRECIO: '8.50', CAT_IVA: '4' };

/** Signs a company user in through the API: its token. */
const companyToken = async (server: RunningServer, login: CompanyCredentials) =>
  (await apiCall<{ usuario: { token: string } }>(server, '/login', { method: 'POST', body: login })).usuario.token;

/** A company's client and product (the demo data has none), and a draft invoice when asked: the id of the client. */
async function clientAndProduct(server: RunningServer, token: string) {
  await apiCall(server, '/api/catalogo', { method: 'POST', token, body: PRODUCTO });
  const cliente = await apiCall<{ CLI_CODIGO: number }>(server, '/api/clientes', {
    method: 'POST',
    token,
    body: { CLI_TIPO_IDENTIFICACION: '05', CLI_IDENTIFICACION: COMPRADOR.cedula, CLI_RAZON_SOCIAL: COMPRADOR.nombre, CLI_CORREOS: [] },
  });
  return cliente.CLI_CODIGO;
}

/**
 * A carrier, a guía de remisión draft carrying goods to another establishment (it needs no authorized invoice) and a
 * quote to the company's client: the logistics screens' records to open.
 */
async function logisticaToOpen(server: RunningServer, token: string, punto: number, cliente: number) {
  const { TRA_CODIGO } = await apiCall<{ TRA_CODIGO: number }>(server, '/api/transportistas', {
    method: 'POST',
    token,
    body: {
      TRA_TIPO_IDENTIFICACION: '05',
      TRA_IDENTIFICACION: cedulaValida(4343),
      TRA_RAZON_SOCIAL: 'LUIS ALBERTO QUISHPE TIPAN',
      TRA_PLACA: 'PBC-1234',
      TRA_CORREOS: [],
      TRA_TELEFONOS: [],
    },
  });
  const hoy = hoyEcuador();
  await apiCall(server, '/api/guiasRemision', {
    method: 'POST',
    token,
    body: {
      PEM_CODIGO: punto,
      TRA_CODIGO,
      FAC_FECHA: hoy,
      GUI_DIR_PARTIDA: 'Av. Amazonas N34-120, Quito',
      GUI_FECHA_INICIO: hoy,
      GUI_FECHA_FIN: hoy,
      GUI_PLACA: 'PBC-1234',
      destinatarios: [
        {
          GDE_IDENTIFICACION: DEMO.empresa.ruc,
          GDE_RAZON_SOCIAL: 'COMERCIAL ANDINA S.A., BODEGA SUR',
          GDE_DIRECCION: 'Av. Maldonado S12-45, Quito',
          GDE_MOTIVO: 'Traslado entre establecimientos',
          GDE_ESTAB_DESTINO: '002',
          detalles: [{ GDT_CODIGO_INTERNO: PRODUCTO.CAT_PRINCIPAL, GDT_DESCRIPCION: PRODUCTO.CAT_DESCRIPCION, GDT_CANTIDAD: '10' }],
        },
      ],
    },
  });
  // One line of 2 at 8.50 and 15 % IVA: 17.00 + 2.55 = 19.55.
  await apiCall(server, '/api/ofertas', {
    method: 'POST',
    token,
    body: {
      CLI_CODIGO: cliente,
      OFE_FECHA: hoy,
      OFE_VALIDEZ: sumarDias(hoy, 15),
      OFE_NOTAS: 'Entrega en 48 horas.',
      lineas: [
        { FDE_DESCRIPCION: PRODUCTO.CAT_DESCRIPCION, FDE_CANTIDAD: '2', FDE_PRECIO: PRODUCTO.CAT_PRECIO, FDE_IVA: PRODUCTO.CAT_IVA },
      ],
      totalSinImpuestos: '17.00',
      totalDescuento: '0.00',
      totalIva: '2.55',
      importeTotal: '19.55',
    },
  });
}

/**
 * What the demo data lacks for every screen to have a record to open: a ticket, an audited change, and the company's
 * client, product, draft invoice, carrier, guía, quote, API key and webhook; and the hardware store's client and product for the invoice
 * made with the keys.
 */
async function recordsToOpen(server: RunningServer) {
  await apiCall(server, '/soporte', {
    method: 'POST',
    body: {
      SPT_PRODUCTOS: 1,
      SPT_RUC: DEMO.empresa.ruc,
      SPT_CLIENTENOMBRE: 'Ana Morales',
      SPT_CLIENTECORREO: 'ana@eltornillo.ec',
      SPT_CLIENTETELEFONO: '022345678',
      SPT_ASUNTO: 'stec',
      SPT_MENSAJE: '<p>No puedo emitir</p>',
    },
  });
  await apiCall(server, '/empresas/bancos', {
    method: 'POST',
    token: await adminToken(server, DEMO.admin),
    body: { BAN_NOMBRE: 'Banco de Accesibilidad', BAN_TIPO_CUENTA: 'AHORROS', BAN_NUMERO: '2200334455' },
  });
  const token = await companyToken(server, DEMO.empresa);
  const cliente = await clientAndProduct(server, token);
  const [punto] = await apiCall<Array<{ PEM_CODIGO: number }>>(server, '/api/facturas/puntos', { token });
  await apiCall(server, '/api/facturas', { method: 'POST', token, body: borrador(punto.PEM_CODIGO, cliente) });
  await logisticaToOpen(server, token, punto.PEM_CODIGO, cliente);
  // An API key and a webhook endpoint (their pages show the key's activity and the endpoint's empty delivery log).
  await apiCall(server, '/api/clavesApi', { method: 'POST', token, body: { CLA_NOMBRE: 'Caja 1', CLA_ALCANCES: ['leer', 'emitir'] } });
  await apiCall(server, '/api/webhooks', {
    method: 'POST',
    token,
    body: { WEB_URL: 'https://erp.example.com/amelia/webhooks', WEB_EVENTOS: ['comprobante.autorizado'] },
  });
  await clientAndProduct(server, await companyToken(server, TORNILLO));
  await venderPlan(server);
}

/** What the focused element is called: its aria-label, its label, or its text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const labelledBy = el.getAttribute('aria-labelledby');
    const labels = (el as HTMLInputElement).labels;
    // textContent: as written, not as shown (buttons are shown in capitals).
    const text = (node?: Node | null) => (node?.textContent ?? '').replace(/\s+/g, ' ');
    return (
      el.getAttribute('aria-label') ??
      (labelledBy ? text(document.getElementById(labelledBy.split(' ')[0])) : undefined) ??
      text(labels?.[0] ?? el)
    ).trim();
  });

/** Whether the focused element shows it: an outline, a focus ring (MUI's focus-visible ripple) or a focused field's border. */
const focusShows = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return (
      (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') ||
      style.boxShadow !== 'none' ||
      el.classList.contains('Mui-focusVisible') ||
      Boolean(el.closest('.Mui-focused, .Mui-focusVisible'))
    );
  });

/**
 * Presses Tab (or Shift+Tab) until the focused element's name matches, as a keyboard user moves through the page,
 * and checks that the focus can be seen there.
 */
async function tabTo(page: Page, name: RegExp, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  const seen: string[] = [];
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press(key);
    const current = await focusedName(page);
    if (name.test(current)) {
      expect(await focusShows(page), `el foco en «${current}» no se ve`).toBe(true);
      return;
    }
    seen.push(current);
  }
  throw new Error(`Con ${key} no se llega a ${name}; el foco pasó por: ${seen.join(' | ')}`);
}

describe.skipIf(!e2eAvailable)('accesibilidad: axe-core sin violaciones graves ni críticas en cada página', () => {
  const suite = e2eSuite();
  // After the suite's own beforeAll (the server), in the order registered.
  beforeAll(() => recordsToOpen(suite.server));

  it('las páginas públicas', async () => {
    const page = await suite.freshPage();
    await checkScreens(page, suite.server, PUBLIC);
  });

  it('la aplicación de la empresa: inicio, cada recurso (lista, crear, editar, ver) y sus páginas', async () => {
    const page = await suite.freshPage();
    // The first demo company: its menu has every entry of the company application.
    await loginCompany(page, suite.server, DEMO.empresa);
    await checkNotice(page);
    await sidebarEntries(page);
    const token = await companyToken(suite.server, DEMO.empresa);
    // A supplier to open: the suppliers' book starts empty (received documents fill it).
    await apiCall(suite.server, '/api/proveedores', {
      method: 'POST',
      token,
      body: {
        PRV_TIPO_IDENTIFICACION: '04',
        PRV_IDENTIFICACION: '1790016919001',
        PRV_RAZON_SOCIAL: 'CORPORACION FAVORITA C.A.',
        PRV_CORREOS: [],
        PRV_TELEFONOS: [],
      },
    });
    await checkScreens(page, suite.server, [...COMPANY_PAGES, ...(await resourceScreens(suite.server, 'empresa', token))]);

    // A form dialog: a new client from the invoice's buyer field.
    await open(page, suite.server, '/facturas/create');
    await settled(page);
    await page.getByLabel(/^Comprador/).fill(cedulaValida(4242));
    await page.getByRole('option', { name: /Nuevo cliente/ }).click();
    await page.getByRole('dialog', { name: 'Nuevo cliente' }).waitFor();
    await settled(page);
    await expectAccessible(page, 'dialogo-nuevo-cliente');
    await page.keyboard.press('Escape');
  });

  it('la administración como administrador: inicio, cada recurso y cada pestaña de la ficha de una empresa', async () => {
    const page = await suite.freshPage();
    const token = await adminToken(suite.server, DEMO.admin);
    await loginAdmin(page, suite.server, DEMO.admin);
    await sidebarEntries(page);
    await checkScreens(page, suite.server, [...ADMIN_PAGES, ...(await resourceScreens(suite.server, 'admin', token))]);

    const empresas = areaResources('admin').find((r) => r.name === 'empresas')!;
    await open(page, suite.server, `/administrador/empresas/${await firstId(suite.server, empresas, token)}`);
    const tabs = page.getByRole('tab');
    await tabs.first().waitFor();
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      await settled(page);
      await expectAccessible(page, `empresa-pestana-${(await tabs.nth(i).innerText()).trim()}`);
    }

    // A confirm dialog: removing a product.
    const productos = areaResources('admin').find((r) => r.name === 'productos')!;
    await open(page, suite.server, `/administrador/productos/${await firstId(suite.server, productos, token)}`);
    await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar', exact: true }).waitFor();
    await settled(page);
    await expectAccessible(page, 'dialogo-confirmar-eliminar');
    await page.keyboard.press('Escape');
  });

  it('la administración como distribuidor: su elección de área y su inicio', async () => {
    const page = await suite.freshPage();
    await open(page, suite.server, '/administrador/login');
    await fillAdminLogin(page, DEMO.distribuidor);
    await page.getByRole('button', { name: 'Continuar al área de administración' }).waitFor();
    await expectAccessible(page, 'distribuidor-eleccion');
    await page.getByRole('button', { name: 'Continuar al área de administración' }).click();
    await waitForRoute(page, '/administrador');
    await sidebarEntries(page);
    await settled(page);
    await expectAccessible(page, 'distribuidor-inicio');
    // The picker of its own companies (the same one the sign-in offers), with a search typed and its options open.
    await page.getByRole('button', { name: 'Ingresar a una empresa' }).first().click();
    await page.getByRole('dialog').getByRole('combobox').fill('a');
    await page.getByRole('dialog').getByRole('option').first().waitFor();
    await expectAccessible(page, 'distribuidor-selector');
    await page.keyboard.press('Escape');
  });
  it('con el teclado solo: ingresa, abre una factura nueva, elige el comprador y un producto, guarda, emite y la ve en la lista', async () => {
    const page = await suite.freshPage();
    page.setDefaultTimeout(15_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await open(page, suite.server, '/login');
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    // From here on, only keys.
    await tabTo(page, /^RUC/);
    await page.keyboard.type(TORNILLO.ruc);
    await tabTo(page, /^Usuario/);
    await page.keyboard.type(TORNILLO.usuario);
    await tabTo(page, /^Clave/);
    await page.keyboard.type(TORNILLO.clave);
    await page.keyboard.press('Enter');
    await waitForRoute(page, '/');

    await tabTo(page, /^Facturas$/);
    await page.keyboard.press('Enter');
    await waitForRoute(page, '/facturas');
    await tabTo(page, /^Crear$/);
    await page.keyboard.press('Enter');
    await waitForRoute(page, '/facturas/create');
    await page.getByLabel(/^Comprador/).waitFor();

    // The buyer: typed, chosen among the suggestions with the arrows.
    await tabTo(page, /^Comprador/);
    await page.keyboard.type('MARIA FERNANDA');
    await page.getByRole('option', { name: new RegExp(COMPRADOR.cedula) }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel(/^Comprador/).inputValue()).toContain(COMPRADOR.nombre);

    // A line with the catalogue's product: its code, price and IVA come with it; then the quantity.
    await tabTo(page, /^Descripción, Línea 1$/);
    await page.keyboard.type('Cemento');
    await page.getByRole('option', { name: new RegExp(PRODUCTO.CAT_DESCRIPCION) }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel('Código, Línea 1', { exact: true }).inputValue()).toBe(PRODUCTO.CAT_PRINCIPAL);
    await tabTo(page, /^Cantidad, Línea 1$/);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('3');
    // 3 × 8.50 = 25.50, IVA 15 % 3.83.
    await expect.poll(() => page.locator('[data-total="Total"]').innerText()).toBe('29.33');

    await tabTo(page, /^Guardar borrador$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/facturas\/\d+\/show$/);
    await page.locator('[data-numero]').getByText('Borrador').waitFor();

    await tabTo(page, /^Emitir$/);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog');
    await confirm.waitFor();
    await tabTo(page, /^Emitir$/);
    await page.keyboard.press('Enter');
    await page.getByText('Firmada', { exact: true }).waitFor();
    const numero = (await page.locator('[data-numero]').innerText()).match(/\d{3}-\d{3}-\d{9}/)![0];

    await tabTo(page, /^Facturas$/, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await waitForRoute(page, '/facturas');
    await page.getByText(numero).first().waitFor();
  });
});

/**
 * The credit and debit notes' screens, as Ferretería El Tornillo with a local SRI: an invoice authorized by it with
 * an authorized credit note, a debit note's draft and a credit note's draft (the first of each list, for its edit
 * page); then the lists, the forms (also arriving from the invoice), the notes' pages, the invoice's page with its
 * notes panel, and the "Anular con nota de crédito" dialog.
 */
describe.skipIf(!e2eAvailable)('accesibilidad de las notas de crédito y débito', () => {
  let sri: SriLocal;
  // Before the suite's server starts: its URL goes into the server's environment.
  beforeAll(async () => {
    sri = await iniciarSriLocal({ demoraAutorizacionMs: 200 });
  });
  const suite = e2eSuite(() => ({ SRI_COLA: 'true', SRI_PRUEBAS_URL: sri.url, SRI_INTERVALO_MS: '300', SRI_REINTENTO_MS: '300' }));
  afterAll(() => sri?.close());

  it('listas, formularios, páginas de las notas y la factura con su panel de notas', async () => {
    await venderPlan(suite.server);
    const token = await companyToken(suite.server, TORNILLO);
    const estado = async (url: string) => (await apiCall<{ FAC_ESTADO: string }>(suite.server, url, { token })).FAC_ESTADO;
    const cliente = await apiCall<{ CLI_CODIGO: number }>(suite.server, '/api/clientes', {
      method: 'POST',
      token,
      body: {
        CLI_TIPO_IDENTIFICACION: '05',
        CLI_IDENTIFICACION: cedulaValida(4343),
        CLI_RAZON_SOCIAL: 'FERRISARIATO DEL NORTE',
        CLI_CORREOS: [],
      },
    });
    const [{ PEM_CODIGO }] = await apiCall<Array<{ PEM_CODIGO: number }>>(suite.server, '/api/facturas/puntos', { token });
    const { FAC_CODIGO: factura } = await apiCall<{ FAC_CODIGO: number }>(suite.server, '/api/facturas', {
      method: 'POST',
      token,
      body: borrador(PEM_CODIGO, cliente.CLI_CODIGO),
    });
    await apiCall(suite.server, `/api/facturas/${factura}/emitir`, { method: 'POST', token });
    await expect.poll(() => estado(`/api/facturas/${factura}`), { timeout: 20_000 }).toBe('AUTORIZADA');
    const linea = {
      FDE_LINEA_FACTURA: 1,
      FDE_DESCRIPCION: 'Tornillo hexagonal 1/4"',
      FDE_CANTIDAD: '10',
      FDE_PRECIO: '0.125',
      FDE_IVA: '4',
    };
    const credito = (motivo: string) =>
      apiCall<{ FAC_CODIGO: number }>(suite.server, '/api/notasCredito', {
        method: 'POST',
        token,
        body: { FAC_MODIFICA: factura, PEM_CODIGO, FAC_MOTIVO: motivo, lineas: [linea] },
      });
    const { FAC_CODIGO: autorizada } = await credito('Devolución de diez tornillos');
    await apiCall(suite.server, `/api/notasCredito/${autorizada}/emitir`, { method: 'POST', token });
    await expect.poll(() => estado(`/api/notasCredito/${autorizada}`), { timeout: 20_000 }).toBe('AUTORIZADA');
    await credito('Otros diez tornillos devueltos');
    await apiCall(suite.server, '/api/notasDebito', {
      method: 'POST',
      token,
      body: {
        FAC_MODIFICA: factura,
        PEM_CODIGO,
        motivos: [{ razon: 'Intereses por mora', valor: '10.00', iva: '4' }],
        pagos: [{ FPA_FORMA: '01', FPA_TOTAL: '11.50' }],
      },
    });

    const page = await suite.freshPage();
    await loginCompany(page, suite.server, TORNILLO);
    await checkNotice(page);
    await sidebarEntries(page);
    await checkScreens(page, suite.server, [
      { name: 'notasCredito-ver-autorizada', route: `/notasCredito/${autorizada}/show`, ready: /Número de autorización/ },
      ...(await resourceScreens(suite.server, 'empresa', token, (name) => NOTAS.has(name))),
      { name: 'notasCredito-crear-desde-factura', route: `/notasCredito/create?factura=${factura}` },
      { name: 'notasDebito-crear-desde-factura', route: `/notasDebito/create?factura=${factura}` },
      { name: 'guiasRemision-crear-desde-factura', route: `/guiasRemision/create?factura=${factura}` },
      { name: 'factura-con-notas', route: `/facturas/${factura}/show`, ready: 'Notas de crédito y débito' },
    ]);

    // A form dialog: annulling the invoice with a credit note asks for the motivo.
    await page.getByRole('button', { name: 'Anular con nota de crédito' }).click();
    await page.getByRole('dialog').waitFor();
    await settled(page);
    await expectAccessible(page, 'dialogo-anular-con-nota');
    await page.keyboard.press('Escape');
  });

  it('los documentos recibidos: lista, página y el diálogo de importación en sus tres pestañas', async () => {
    // Tornillo invoices Andina through the SRI, and Andina records that invoice by its access key.
    await venderPlan(suite.server);
    const tornillo = await companyToken(suite.server, TORNILLO);
    const andina = await apiCall<{ CLI_CODIGO: number }>(suite.server, '/api/clientes', {
      method: 'POST',
      token: tornillo,
      body: {
        CLI_TIPO_IDENTIFICACION: '04',
        CLI_IDENTIFICACION: DEMO.empresa.ruc,
        CLI_RAZON_SOCIAL: 'ANDINA DE SERVICIOS S.A.',
        CLI_CORREOS: [],
      },
    });
    const [{ PEM_CODIGO }] = await apiCall<Array<{ PEM_CODIGO: number }>>(suite.server, '/api/facturas/puntos', { token: tornillo });
    const { FAC_CODIGO: factura } = await apiCall<{ FAC_CODIGO: number }>(suite.server, '/api/facturas', {
      method: 'POST',
      token: tornillo,
      body: borrador(PEM_CODIGO, andina.CLI_CODIGO),
    });
    await apiCall(suite.server, `/api/facturas/${factura}/emitir`, { method: 'POST', token: tornillo });
    const emitida = () =>
      apiCall<{ FAC_ESTADO: string; FAC_CLAVE_ACCESO: string }>(suite.server, `/api/facturas/${factura}`, { token: tornillo });
    await expect.poll(async () => (await emitida()).FAC_ESTADO, { timeout: 20_000 }).toBe('AUTORIZADA');
    const token = await companyToken(suite.server, DEMO.empresa);
    await apiCall(suite.server, '/api/recibidos/claves', { method: 'POST', token, body: { claves: (await emitida()).FAC_CLAVE_ACCESO } });

    const page = await suite.freshPage();
    await loginCompany(page, suite.server, DEMO.empresa);
    await checkScreens(page, suite.server, await resourceScreens(suite.server, 'empresa', token, (name) => RECIBIDOS.has(name)));

    await open(page, suite.server, '/recibidos');
    await settled(page);
    await page.getByRole('button', { name: 'Importar' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Importar documentos recibidos' });
    for (const pestana of ['Archivos XML o ZIP', 'Claves de acceso', 'Reporte del SRI']) {
      await dialogo.getByRole('tab', { name: pestana }).click();
      await settled(page);
      await expectAccessible(page, `dialogo-importar-recibidos-${pestana}`);
    }
    await page.keyboard.press('Escape');
  });
});
