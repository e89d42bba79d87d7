import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, apiUpload, type RunningServer } from './e2e';
import { registration } from './accounts';

/** Credentials of a company user (RUC, usuario, clave). */
export type CompanyCredentials = { ruc: string; usuario: string; clave: string };
export type AdminCredentials = { usuario: string; clave: string };

/** The other demo companies seeded by server/infra/db/seed.ts (first user of each, same password as DEMO.empresa). */
export const FERRETERIA = { ruc: '1792060346001', usuario: 'ferreteria' } as const;
export const COSTA_AZUL_RUC = '0992397535001';

/** Escapes a literal text for use inside a RegExp. */
export const literal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Opens a hash route of the app (#/login, #/administrador...). */
export async function open(page: Page, server: RunningServer, route: string) {
  await page.goto(`${server.url}#${route}`);
}

/** Waits until the hash route is exactly `route` (e.g. '/login', '/', '/administrador'). */
export async function waitForRoute(page: Page, route: string, timeout = 15_000) {
  await page.waitForURL((url) => url.hash === `#${route}`, { timeout });
}

/** The current hash route, without the '#'. */
export const routeOf = (page: Page) => new URL(page.url()).hash.replace(/^#/, '');

/** The message dialog of the public pages (role alertdialog): waits for it and checks its title and text. */
export async function expectMessage(page: Page, title: string, text: string | RegExp) {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ state: 'visible' });
  await expect.poll(() => dialog.getByRole('heading').innerText()).toBe(title);
  const body = (await dialog.locator('.am-dialog__body').innerText()).trim();
  if (typeof text === 'string') expect(body).toBe(text);
  else expect(body).toMatch(text);
  return dialog;
}

/** Closes the message dialog with Aceptar and waits until it is gone. */
export async function acceptMessage(page: Page) {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Aceptar', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * The company app's plan or signature warning (comprobarfirmaPlan's mensaje): a banner above the screens, shown once
 * per browser session; waits for it and checks its text.
 */
export async function expectPlanBanner(page: Page, text: string | RegExp) {
  const banner = page.locator('[data-aviso-plan]');
  await banner.waitFor({ state: 'visible' });
  const body = await banner.locator('.MuiAlert-message').innerText();
  if (typeof text === 'string') expect(body).toContain(text);
  else expect(body).toMatch(text);
  return banner;
}

/** Fills and sends the company login form (#/login). */
export async function fillCompanyLogin(page: Page, credentials: CompanyCredentials) {
  await page.getByLabel('RUC', { exact: true }).fill(credentials.ruc);
  await page.getByLabel('Usuario', { exact: true }).fill(credentials.usuario);
  await page.getByLabel('Clave', { exact: true }).fill(credentials.clave);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

/** Signs a company user in through #/login and waits for the company root. */
export async function loginCompany(page: Page, server: RunningServer, credentials: CompanyCredentials) {
  await open(page, server, '/login');
  await fillCompanyLogin(page, credentials);
  await waitForRoute(page, '/');
}

/** Fills and sends the admin login form (#/administrador/login). */
export async function fillAdminLogin(page: Page, credentials: AdminCredentials) {
  await page.getByLabel('Usuario', { exact: true }).fill(credentials.usuario);
  await page.getByLabel('Clave', { exact: true }).fill(credentials.clave);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

/** Signs an administrator in through #/administrador/login and waits for #/administrador. */
export async function loginAdmin(page: Page, server: RunningServer, credentials: AdminCredentials) {
  await open(page, server, '/administrador/login');
  await fillAdminLogin(page, credentials);
  await waitForRoute(page, '/administrador');
}

/** The entries of the react-admin sidebar, once the server menu has loaded. */
export async function sidebarEntries(page: Page, expectedFirst = 'Inicio'): Promise<string[]> {
  const items = page.locator('.RaSidebar-fixed [role="menuitem"]');
  try {
    await items.filter({ hasText: expectedFirst }).first().waitFor();
  } catch (error) {
    // Where the page went instead (a login after a late 401?) is what finds the cause of a rare failure.
    throw new Error(`El menú lateral no mostró «${expectedFirst}»; la página está en ${page.url()}`, { cause: error });
  }
  return (await items.allInnerTexts()).map((t) => t.trim());
}

/** Reads a localStorage key of the page's origin (null when absent). */
export const storageItem = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

type MenuEntry = { MEN_NOMBRE: string };

/** What the server says the company menu is (POST /menuEmpresa). */
export async function companyMenuFromApi(server: RunningServer, credentials: CompanyCredentials) {
  const { usuario } = await apiCall<{ usuario: { token: string } }>(server, '/login', { method: 'POST', body: credentials });
  const menu = await apiCall<MenuEntry[]>(server, '/menuEmpresa', { method: 'POST', body: { ruc: credentials.ruc }, token: usuario.token });
  return menu.map((m) => m.MEN_NOMBRE);
}

/** What the server says the admin menu is (POST /menus/menuAdmin). */
export async function adminMenuFromApi(server: RunningServer, credentials: AdminCredentials) {
  const { usuario } = await apiCall<{ usuario: { token: string; ADM_CODIGO: number } }>(server, '/loginAdmin', {
    method: 'POST',
    body: credentials,
  });
  const menu = await apiCall<MenuEntry[]>(server, '/menus/menuAdmin', {
    method: 'POST',
    body: { id: usuario.ADM_CODIGO },
    token: usuario.token,
  });
  return menu.map((m) => m.MEN_NOMBRE);
}

/** An admin token, to change settings through the API. */
export async function adminToken(server: RunningServer, credentials: AdminCredentials) {
  const { usuario } = await apiCall<{ usuario: { token: string } }>(server, '/loginAdmin', { method: 'POST', body: credentials });
  return usuario.token;
}

/** Opens the area's user menu (the "Perfil" button of the app bar) and chooses one of its entries. */
export async function chooseUserMenu(page: Page, entry: string) {
  // Its name is "Perfil", followed by the user's name when the bar shows it (a wide screen).
  await page.getByRole('button', { name: /^Perfil(: |$)/ }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

/** A new company registered through the API, for a scenario that changes its user's data: its sign-in and its address. */
export async function newCompany(server: RunningServer): Promise<CompanyCredentials & { correo: string }> {
  const body = registration();
  await apiCall(server, '/registro', { method: 'POST', body });
  return { ruc: body.EMP_RUC, usuario: body.usuario, clave: body.clave, correo: body.email };
}

/** A small but real PDF, the payment proof or authorization a scenario uploads. */
export const PDF_PROOF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * A company registered through the API as the registration page does it, with the payment proof it sends: its id and
 * its user's sign-in.
 */
export async function registeredCompany(server: RunningServer): Promise<{ id: number; login: CompanyCredentials }> {
  const body = registration();
  const created = await apiCall<{ EMP_CODIGO: number; tokenPago: string }>(server, '/registro', { method: 'POST', body });
  await apiUpload(
    server,
    `/registro/pago/${created.EMP_CODIGO}/${body.EMP_RUC}/TRF-2026`,
    { name: 'transferencia.pdf', content: PDF_PROOF },
    created.tokenPago,
  );
  return { id: created.EMP_CODIGO, login: { ruc: body.EMP_RUC, usuario: body.usuario, clave: body.clave } };
}
