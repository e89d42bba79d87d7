/**
 * The company list in Chromium: an administrator finds a company by the beginning of its RUC, sees the counts and
 * suspends a company from the row checkboxes; a distributor sees only its own companies. Screenshots of the list at
 * 1366 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, e2eAvailable, e2eSuite, screenshot, screenshotsAtTwoWidths } from '../helpers/e2e';
import { adminToken, COSTA_AZUL_RUC, FERRETERIA, fillAdminLogin, loginAdmin, newCompany, open } from '../helpers/browser';
import { DEMO } from '../../server/infra/db/demo-accounts';
import type { EmpresaFila } from '../../server/modules/empresas/list-contract';

describe.skipIf(!e2eAvailable)('lista de empresas', () => {
  const suite = e2eSuite();

  const listPage = async (credentials: { usuario: string; clave: string }) => {
    const page = await suite.freshPage();
    page.setDefaultTimeout(10_000);
    if (credentials === DEMO.distribuidor) {
      // A distributor that may enter its companies chooses the administration area first.
      await open(page, suite.server, '/administrador/login');
      await fillAdminLogin(page, credentials);
      await page.getByRole('button', { name: 'Continuar al área de administración' }).click();
    } else {
      await loginAdmin(page, suite.server, credentials);
    }
    await page.locator('.RaSidebar-fixed').getByRole('menuitem', { name: 'Empresas', exact: true }).waitFor();
    await open(page, suite.server, '/administrador/empresas');
    await page.getByRole('region', { name: 'Resumen de empresas' }).waitFor();
    return page;
  };
  const rows = (page: Page) => page.locator('.RaDataTable-table tbody tr');
  /** The labels the "Agregar filtro" menu offers. */
  const filterChoices = async (page: Page) => {
    await page.getByRole('button', { name: 'Agregar filtro' }).click();
    const menu = page.locator('.MuiPopover-paper [role=menu]');
    await menu.getByText('Plan', { exact: true }).waitFor();
    const labels = (await menu.innerText()).split('\n');
    await page.keyboard.press('Escape');
    return labels.map((l) => l.trim());
  };
  const rucs = async (page: Page) => (await rows(page).locator('td.column-EMP_RUC').allInnerTexts()).map((t) => t.trim()).sort();

  it('el administrador encuentra una empresa por el inicio del RUC, ve los totales y suspende otra desde la lista', async () => {
    const registered = await newCompany(suite.server);
    const page = await listPage(DEMO.admin);
    await expect.poll(() => rucs(page)).toEqual(expect.arrayContaining([DEMO.empresa.ruc, FERRETERIA.ruc, COSTA_AZUL_RUC, registered.ruc]));
    const summary = page.getByRole('region', { name: 'Resumen de empresas' });
    await expect.poll(() => summary.innerText()).toMatch(/\d+ empresas[\s\S]*Por verificar: \d+[\s\S]*Suspendidas: \d+/);
    expect(await filterChoices(page)).toEqual(expect.arrayContaining(['Activa', 'Plan', 'Firma electrónica', 'Distribuidor']));
    await screenshotsAtTwoWidths(page, 'empresas-lista');

    await page.getByPlaceholder('RUC o nombre').fill(DEMO.empresa.ruc.slice(0, 7));
    await expect.poll(() => rucs(page)).toEqual([DEMO.empresa.ruc]);
    await expect(rows(page).first().innerText()).resolves.toContain('Comercial Andina');
    await screenshot(page, 'empresas-lista-busqueda-ruc');

    await page.getByPlaceholder('RUC o nombre').fill(registered.ruc);
    await expect.poll(() => rucs(page)).toEqual([registered.ruc]);
    await rows(page).first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Suspender', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('1 empresa actualizada').waitFor();
    await expect.poll(() => rows(page).first().innerText()).toContain('Suspendida');
  });

  it('un distribuidor ve solo sus empresas, también en la búsqueda', async () => {
    const token = await adminToken(suite.server, DEMO.admin);
    const extra = await newCompany(suite.server);
    const [own] = await apiCall<EmpresaFila[]>(suite.server, `/empresas?filter=${encodeURIComponent(JSON.stringify({ q: extra.ruc }))}`, {
      token,
    });
    const [distributor] = await apiCall<Array<{ ADM_CODIGO: number }>>(suite.server, '/empresas/distribuidores', { token });
    await apiCall(suite.server, '/empresas/lote', {
      method: 'PUT',
      body: { ids: [own.EMP_CODIGO], accion: 'distribuidor', distribuidor: distributor.ADM_CODIGO },
      token,
    });

    const page = await listPage(DEMO.distribuidor);
    await expect.poll(() => rucs(page)).toEqual([DEMO.empresa.ruc, FERRETERIA.ruc, extra.ruc].sort());
    // Assigning and filtering by distributor are an administrator's.
    expect(await filterChoices(page)).not.toContain('Distribuidor');
    await page.getByPlaceholder('RUC o nombre').fill(COSTA_AZUL_RUC.slice(0, 6));
    await expect.poll(() => rows(page).count()).toBe(0);
    await screenshotsAtTwoWidths(page, 'empresas-lista-distribuidor');
  });
});
