/**
 * A distributor enters its companies' invoicing from a searchable picker: after signing in, and from the administration
 * area without signing out of it. Only its own active companies are offered. Screenshots of the picker in both places
 * at 1366 and 390 px. Then what the back office does to a company (a plan sold) reads in the audit log and the
 * company's history with people's words: "Plan vence", never PLANEMPRESA_CADUCA.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiCall, e2eAvailable, e2eSuite, screenshotsAtTwoWidths } from '../helpers/e2e';
import {
  adminToken,
  FERRETERIA,
  fillAdminLogin,
  loginAdmin,
  open,
  registeredCompany,
  sidebarEntries,
  storageItem,
  waitForRoute,
} from '../helpers/browser';
import { DEMO } from '../../server/infra/db/demo-accounts';

describe.skipIf(!e2eAvailable)('distribuidor; auditoría legible', () => {
  const suite = e2eSuite();

  const picker = (scope: Page | Locator) => scope.getByRole('combobox', { name: 'Empresa' });
  const options = (page: Page) => page.getByRole('listbox', { name: 'Sus empresas' }).getByRole('option');
  /** Types into the picker and waits until the offered companies are exactly `names` (razón social). */
  async function search(page: Page, text: string, names: string[]) {
    await picker(page).fill(text);
    await expect.poll(async () => (await options(page).locator('.am-picker__name').allInnerTexts()).map((t) => t.trim())).toEqual(names);
  }
  /** In the company application as the company chosen. */
  async function inCompany(page: Page, ruc: string) {
    await waitForRoute(page, '/');
    await page.getByText(`Distribuidor: ${DEMO.distribuidor.usuario}`).waitFor();
    expect(await storageItem(page, 'ruc')).toBe(ruc);
  }

  it('elige una de sus empresas al ingresar, vuelve a la administración y entra a otra desde allí', async () => {
    const page = await suite.freshPage();
    page.setDefaultTimeout(10_000);
    await open(page, suite.server, '/administrador/login');
    await fillAdminLogin(page, DEMO.distribuidor);
    await page.getByRole('button', { name: 'Ingresar a la facturación de una empresa' }).click();

    // Its own companies, by name; Costa Azul is another's and never appears.
    await picker(page).click();
    await expect.poll(() => options(page).count()).toBeGreaterThanOrEqual(2);
    expect(await options(page).allInnerTexts()).not.toContainEqual(expect.stringMatching(/COSTA AZUL/));
    await search(page, 'costa', []);
    await page.getByText('Ninguna de sus empresas activas coincide con lo que escribió.').waitFor();
    await search(page, '17900', ['COMERCIAL ANDINA S.A.']);
    await search(page, 'andina', ['COMERCIAL ANDINA S.A.']);
    await expect(options(page).first().innerText()).resolves.toContain(`RUC ${DEMO.empresa.ruc}`);
    await screenshotsAtTwoWidths(page, 'distribuidor-selector-ingreso');

    // The keyboard chooses; the user and clave wait behind their explanation.
    await picker(page).press('ArrowDown');
    await expect(picker(page).getAttribute('aria-activedescendant')).resolves.toBeTruthy();
    await picker(page).press('Enter');
    await expect(picker(page).inputValue()).resolves.toBe('COMERCIAL ANDINA S.A.');
    await expect(picker(page).getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.getByLabel('Usuario de la empresa').isVisible()).resolves.toBe(false);
    await page.getByText('Entrar como un usuario específico').click();
    await page.getByText('Si no elige un usuario, entrará como el primer usuario activo de la empresa.').waitFor();
    await page.getByRole('button', { name: 'Ingresar a la facturación', exact: true }).click();
    await inCompany(page, DEMO.empresa.ruc);

    // The administration session is still open.
    await open(page, suite.server, '/administrador');
    await waitForRoute(page, '/administrador');
    expect(await sidebarEntries(page)).toContain('Empresas');

    // From the administration area: the home page's entry and the app bar's open the same picker.
    await page.getByRole('main').getByRole('button', { name: 'Ingresar a una empresa' }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Ingresar a una empresa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ingresar a una empresa' });
    await picker(dialog).click();
    await search(page, 'tornillo', ['FERRETERIA EL TORNILLO CIA. LTDA.']);
    await screenshotsAtTwoWidths(page, 'distribuidor-selector-administracion');
    await search(page, 'costa azul', []);
    await search(page, 'ferre', ['FERRETERIA EL TORNILLO CIA. LTDA.']);
    await options(page).first().click();
    await dialog.getByRole('button', { name: 'Ingresar a la facturación', exact: true }).click();
    await inCompany(page, FERRETERIA.ruc);

    await open(page, suite.server, '/administrador');
    await waitForRoute(page, '/administrador');
    expect(await sidebarEntries(page)).toContain('Empresas');
    expect(await storageItem(page, 'usuarioAdmin')).toContain(DEMO.distribuidor.usuario);
  });

  it('sin elegir una empresa de la lista no ingresa; un administrador no ve la entrada', async () => {
    const page = await suite.freshPage();
    page.setDefaultTimeout(10_000);
    await open(page, suite.server, '/administrador/login');
    await fillAdminLogin(page, DEMO.distribuidor);
    await page.getByRole('button', { name: 'Ingresar a la facturación de una empresa' }).click();
    await picker(page).fill('andina');
    await page.getByRole('button', { name: 'Ingresar a la facturación', exact: true }).click();
    await page.getByText('Elija una empresa de la lista.').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Aceptar' }).click();
    await page.getByRole('button', { name: 'Volver' }).click();
    await page.getByRole('button', { name: 'Continuar al área de administración' }).click();
    await waitForRoute(page, '/administrador');

    const admin = await suite.freshPage();
    await open(admin, suite.server, '/administrador/login');
    await fillAdminLogin(admin, DEMO.admin);
    await waitForRoute(admin, '/administrador');
    await sidebarEntries(admin);
    expect(await admin.getByRole('button', { name: 'Ingresar a una empresa' }).count()).toBe(0);
  });

  it('la venta de un plan se lee en la auditoría y en el historial de la empresa, sin nombres de columnas', async () => {
    const token = await adminToken(suite.server, DEMO.admin);
    const { id } = await registeredCompany(suite.server);
    const [plan] = await apiCall<Array<{ PLAN_ID: number; PLAN_NOMBRE: string; PLAN_CLASE: string }>>(suite.server, '/empresas/planes', {
      token,
    });
    const sale = await apiCall<{ PLANEMPRESA_ID: number; PLANEMPRESA_CADUCA: string }>(suite.server, '/empresas/planes', {
      method: 'POST',
      token,
      body: { EMP_CODIGO: id, PLAN_ID: plan.PLAN_ID, PLANEMPRESA_PRECIO: '25.5' },
    });

    const page = await suite.freshPage();
    page.setDefaultTimeout(10_000);
    await loginAdmin(page, suite.server, DEMO.admin);
    await sidebarEntries(page);
    await open(page, suite.server, '/administrador/auditoria');
    const row = page.locator('.RaDataTable-table tbody tr').filter({ hasText: 'Venta de plan' }).first();
    // The fields, by their labels (the entry keeps them in the database's order).
    await expect.poll(() => row.innerText()).toContain('Plan vence');
    for (const label of ['Plan vendido', 'Plan inicia', 'Comprobantes', 'Precio (sin IVA)', 'Pago'])
      expect(await row.innerText()).toContain(label);
    await expect(page.locator('main').innerText()).resolves.not.toMatch(/PLANEMPRESA_|PAG_CODIGO/);
    await row.click();
    const table = page.getByRole('table', { name: /^Cambio N° \d+$/ });
    await table.getByRole('rowheader', { name: 'Plan vence' }).waitFor();
    const text = await table.innerText();
    expect(text).toContain(`${plan.PLAN_NOMBRE} (N° ${sale.PLANEMPRESA_ID})`);
    expect(text).toContain(sale.PLANEMPRESA_CADUCA);
    expect(text).toContain('25.50');
    expect(text).not.toMatch(/PLANEMPRESA_|PAG_CODIGO|PLAN_NOMBRE/);
    await screenshotsAtTwoWidths(page, 'auditoria-venta-plan');

    await open(page, suite.server, `/administrador/empresas/${id}`);
    await page.getByRole('tab', { name: 'Historial', exact: true }).click();
    const history = page.getByRole('list', { name: 'Historial' });
    await history.getByText('Plan vence', { exact: true }).first().waitFor();
    await expect(history.innerText()).resolves.not.toMatch(/PLANEMPRESA_|PAG_CODIGO|EMP_[A-Z]/);
    await screenshotsAtTwoWidths(page, 'empresa-historial-legible');
  });
});
