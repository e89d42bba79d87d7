/**
 * Where a signed-in user can end up besides the screens of the menu: an address that is no screen (Spanish "not
 * found"), a record that does not exist, a screen the menu does not grant ("No tiene acceso", the session stays),
 * an expired session (back to the sign-in page, which says why), the browser tab's title, and toasts that do not
 * follow the user to the next screen.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, e2eAvailable, e2eSuite, screenshot, screenshotsAtTwoWidths } from '../helpers/e2e';
import { fillAdminLogin, loginAdmin, loginCompany, open, sidebarEntries, storageItem, waitForRoute } from '../helpers/browser';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';

const SITE = 'Amelia — Facturación electrónica';

/** Makes the stored session of a kind (localStorage key) look past its expiry. */
const expireStoredSession = (page: Page, key: string) =>
  page.evaluate((k) => {
    const user = JSON.parse(localStorage.getItem(k)!);
    localStorage.setItem(k, JSON.stringify({ ...user, expira: new Date(Date.now() - 60_000).toISOString() }));
  }, key);

describe.skipIf(!e2eAvailable)('navegación: no encontrado, sin acceso, sesión expirada, títulos y avisos', () => {
  const suite = e2eSuite();
  const { freshPage } = suite;

  it('una dirección que no es una pantalla del área muestra "Página no encontrada" (administración y empresa)', async () => {
    const page = await freshPage();
    await loginAdmin(page, suite.server, DEMO.admin);
    await sidebarEntries(page);
    for (const route of ['/administrador/asesor', '/administrador/no-existe']) {
      await open(page, suite.server, route);
      await page.getByRole('heading', { name: 'Página no encontrada', level: 1 }).waitFor();
      await expect.poll(() => page.title()).toBe(`Página no encontrada · ${SITE}`);
    }
    await screenshotsAtTwoWidths(page, 'no-encontrado');
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await waitForRoute(page, '/administrador');

    const company = await freshPage();
    await loginCompany(company, suite.server, DEMO.empresa);
    await open(company, suite.server, '/no-existe');
    await company.getByRole('heading', { name: 'Página no encontrada', level: 1 }).waitFor();
    expect(await sidebarEntries(company)).toEqual([
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
  });

  it('un registro que no existe muestra "El elemento no existe" en español y vuelve a la lista', async () => {
    const page = await freshPage();
    await loginAdmin(page, suite.server, DEMO.admin);
    await sidebarEntries(page);
    await open(page, suite.server, '/administrador/productos/999999');
    await page.getByText('El elemento no existe').waitFor();
    await waitForRoute(page, '/administrador/productos');
  });

  it('una pantalla que el menú no concede muestra "No tiene acceso" y la sesión sigue abierta', async () => {
    const page = await freshPage();
    await open(page, suite.server, '/administrador/login');
    await fillAdminLogin(page, DEMO.distribuidor);
    await page.getByRole('button', { name: 'Continuar al área de administración' }).click();
    await waitForRoute(page, '/administrador');
    expect(await sidebarEntries(page)).toEqual(['Inicio', 'Empresas', 'Tickets de soporte', 'Planes vendidos']);

    await open(page, suite.server, '/administrador/configuraciones');
    await page.getByRole('heading', { name: 'No tiene acceso', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe(`No tiene acceso · ${SITE}`);
    await screenshotsAtTwoWidths(page, 'sin-acceso');
    expect(await storageItem(page, 'usuarioAdmin')).not.toBeNull();
    // Still signed in: the screens of the menu keep working.
    await page.getByRole('menuitem', { name: 'Tickets de soporte' }).click();
    await waitForRoute(page, '/administrador/soporte');
    await page.getByLabel('Resumen de tickets').waitFor();
    // A distributor cannot delete tickets: the button is not offered.
    expect(await page.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);
  });

  it('una sesión expirada vuelve a su página de ingreso con "Su sesión expiró, ingrese nuevamente"', async () => {
    const page = await freshPage();
    await loginCompany(page, suite.server, DEMO.empresa);
    await expireStoredSession(page, 'usuario');
    await open(page, suite.server, '/mi-empresa');
    await waitForRoute(page, '/login');
    await page.getByRole('alert').filter({ hasText: MSG.sessionExpiredNotice }).waitFor();
    expect(await storageItem(page, 'usuario')).toBeNull();
    // Said once: a later visit to the sign-in page does not repeat it.
    await page.reload();
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    expect(await page.getByText(MSG.sessionExpiredNotice).count()).toBe(0);

    await loginAdmin(page, suite.server, DEMO.admin);
    await sidebarEntries(page);
    await expireStoredSession(page, 'usuarioAdmin');
    await open(page, suite.server, '/administrador/soporte');
    await waitForRoute(page, '/administrador/login');
    await page.getByRole('alert').filter({ hasText: MSG.sessionExpiredNotice }).waitFor();
    await screenshot(page, 'sesion-expirada');
  });

  it('el título de la pestaña sigue a la página: páginas públicas y las dos áreas', async () => {
    const page = await freshPage();
    const titles: Array<[string, string]> = [
      ['/login', 'Iniciar sesión'],
      ['/registro', 'Crear una cuenta'],
      ['/recuperar-clave', 'Recuperar clave'],
      ['/administrador/login', 'Administración'],
      ['/administrador/soporteTicket', 'Nuevo ticket de soporte'],
      ['/error403', MSG.deactivatedTitle],
    ];
    for (const [route, title] of titles) {
      await open(page, suite.server, route);
      await expect.poll(() => page.title()).toBe(`${title} · ${SITE}`);
    }

    await loginAdmin(page, suite.server, DEMO.admin);
    await sidebarEntries(page);
    await expect.poll(() => page.title()).toBe(`Inicio · ${SITE}`);
    for (const [menu, title] of [
      ['Tickets de soporte', 'Tickets de soporte'],
      ['Productos', 'Productos'],
      ['Accesos a empresas', 'Accesos a empresas'],
      ['Configuraciones', 'Configuraciones'],
    ]) {
      await page.getByRole('menuitem', { name: menu }).click();
      await expect.poll(() => page.title()).toBe(`${title} · ${SITE}`);
    }

    await loginCompany(page, suite.server, DEMO.empresa);
    await page.getByRole('menuitem', { name: 'Mi empresa' }).click();
    await expect.poll(() => page.title()).toBe(`Mi empresa · ${SITE}`);
  });

  it('el aviso de un guardado no sigue al usuario a la pantalla siguiente', async () => {
    const page = await freshPage();
    await loginAdmin(page, suite.server, DEMO.admin);
    await sidebarEntries(page);
    await open(page, suite.server, '/administrador/configuraciones/8');
    const field = page.getByLabel('Facebook', { exact: true });
    await expect.poll(() => field.inputValue()).not.toBe('');
    await field.fill('https://www.facebook.com/amelia.avisos');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await waitForRoute(page, '/administrador/configuraciones');
    const toast = page.getByText('Configuración guardada; las pantallas de ingreso ya la muestran');
    await toast.waitFor();
    await page.waitForTimeout(600); // a person reads the toast before moving on
    await page.getByRole('menuitem', { name: 'Productos' }).click();
    await waitForRoute(page, '/administrador/productos');
    await toast.waitFor({ state: 'detached', timeout: 1_000 });
    // Nor does it come back on the screen after that.
    await page.getByRole('menuitem', { name: 'Configuraciones' }).click();
    await page.getByText('Filas por página').waitFor();
    expect(await toast.count()).toBe(0);
    const rows = await apiCall<Array<{ CON_CODIGO: number; CON_VALOR1: string }>>(suite.server, '/configuraciones');
    expect(rows.find((r) => r.CON_CODIGO === 8)?.CON_VALOR1).toBe('https://www.facebook.com/amelia.avisos');
  });
});
