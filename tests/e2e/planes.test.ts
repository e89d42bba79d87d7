/**
 * Plans in Chromium: an administrator sells a plan to a company that registered itself (README's flow), and that
 * company, signing in again, no longer reads "Sin plan contratado" but its plan and its consumption; a printing-house
 * plan offers its download exactly when it has a document (activarDescargaPlan). Screenshots of the catalogue, a
 * company's plans tab and the company home, at 1366 and 390 px wide.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, e2eAvailable, e2eSuite, screenshot } from '../helpers/e2e';
import { loginAdmin, loginCompany, open, PDF_PROOF, registeredCompany, expectPlanBanner } from '../helpers/browser';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { PLAN_MSG } from '../../domain/planes';
import type { Plan } from '../../server/modules/planes/contract';

const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

describe.skipIf(!e2eAvailable)('planes: catálogo, venta a una empresa, consumo y autorización de imprenta', () => {
  const suite = e2eSuite();

  const adminToken = async () =>
    (await apiCall<{ usuario: { token: string } }>(suite.server, '/loginAdmin', { method: 'POST', body: DEMO.admin })).usuario.token;

  async function plansTab(id: number): Promise<Page> {
    const page = await suite.freshPage();
    page.setDefaultTimeout(15_000);
    await page.setViewportSize(WIDE);
    await loginAdmin(page, suite.server, DEMO.admin);
    await page.locator('.RaSidebar-fixed').getByRole('menuitem', { name: 'Empresas', exact: true }).waitFor();
    await open(page, suite.server, `/administrador/empresas/${id}`);
    await page.getByRole('tab', { name: 'Planes', exact: true }).click();
    return page;
  }

  const actionsOf = (page: Page, nombre: string) => page.getByRole('group', { name: new RegExp(`^Acciones del plan ${nombre} `) });
  const atPhoneWidth = async (page: Page) => {
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(400); // the sidebar collapses on a phone
  };
  /** The confirmation the tab shows after a change: its text, then Cerrar. */
  async function closeNotice(page: Page, text: string) {
    const notice = page.getByRole('dialog').filter({ hasText: text });
    await notice.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await notice.waitFor({ state: 'detached' });
  }
  const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('el catálogo muestra precio, IVA y total, y filtra por tipo (Todos = T)', async () => {
    const page = await suite.freshPage();
    await page.setViewportSize(WIDE);
    await loginAdmin(page, suite.server, DEMO.admin);
    await page.locator('.RaSidebar-fixed').getByRole('menuitem', { name: 'Planes', exact: true }).click();
    // Sales plans by default: "Compras" (type C) shows only once the type filter says Todos.
    const row = (name: string) => page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
    await row('Empresarial').waitFor();
    await expect.poll(() => row('Empresarial').innerText()).toMatch(/USD 150\.00\s+USD 22\.50\s+USD 172\.50/);
    expect(await row('Compras').count()).toBe(0);
    await page.getByLabel('Tipo').click();
    await page.getByRole('option', { name: 'Todos' }).click();
    await row('Compras').waitFor();
    await screenshot(page, 'planes-catalogo-1366');
    await atPhoneWidth(page);
    await screenshot(page, 'planes-catalogo-390');
    expect(await fitsWidth(page)).toBe(true);
  });

  it('vende un plan a la empresa registrada: al volver a entrar ya no ve "Sin plan contratado" sino su consumo', async () => {
    const company = await registeredCompany(suite.server);

    // Before: the sign-in warning is the server's "no plan" and the home says so.
    const before = await suite.freshPage();
    await loginCompany(before, suite.server, company.login);
    await expectPlanBanner(before, PLAN_MSG.noPlan);
    await before.getByText('Sin plan contratado').waitFor();
    await before.context().close();

    const page = await plansTab(company.id);
    await page.getByText('La empresa no tiene planes. Véndale uno con «Vender plan».').waitFor();
    await page.getByRole('button', { name: 'Vender plan' }).click();
    const form = page.getByRole('dialog', { name: 'Vender un plan' });
    await form.getByLabel(/^Plan/).click();
    await page.getByRole('option', { name: /^Emprendedor/ }).click();
    // The catalogue's price, with its IVA and total, is proposed; the registration's proof is a payment to link.
    await expect.poll(() => form.getByLabel(/^Precio/).inputValue()).toBe('25.00');
    await form.getByText('IVA 15 %: USD 3.75 · Total con IVA: USD 28.75').waitFor();
    await form.getByRole('button', { name: 'Vender plan' }).click();
    await form.waitFor({ state: 'detached' });
    await closeNotice(page, PLAN_MSG.saved);
    await actionsOf(page, 'Emprendedor').waitFor();
    await page.getByText('0 de 100 comprobantes usados').waitFor();
    await page.getByRole('row').filter({ hasText: 'Emprendedor' }).getByText('Vigente', { exact: true }).waitFor();
    await screenshot(page, 'planes-pestana-1366');
    await atPhoneWidth(page);
    await screenshot(page, 'planes-pestana-390');

    // After: signed in again, no plan warning (the company has no signature yet: that is what it is told now).
    const after = await suite.freshPage();
    await after.setViewportSize(WIDE);
    await loginCompany(after, suite.server, company.login);
    await expectPlanBanner(after, /firma electrónica/);
    await after.getByText('0 de 100 comprobantes usados').waitFor();
    expect(await after.getByText('Sin plan contratado').count()).toBe(0);
    await screenshot(after, 'planes-empresa-inicio-1366');
    await atPhoneWidth(after);
    await screenshot(after, 'planes-empresa-inicio-390');
    expect(await fitsWidth(after)).toBe(true);
  });

  it('la descarga de la autorización de imprenta aparece solo cuando el plan tiene documento', async () => {
    const company = await registeredCompany(suite.server);
    const token = await adminToken();
    const catalogue = await apiCall<Plan[]>(suite.server, `/empresas/planes?${new URLSearchParams({ PLAN_TIPO: 'T' })}`, { token });
    const imprenta = catalogue.find((p) => p.PLAN_CLASE === 'I' && p.PLAN_ACTIVO)!;
    await apiCall(suite.server, '/empresas/planes', { method: 'POST', token, body: { EMP_CODIGO: company.id, PLAN_ID: imprenta.PLAN_ID } });

    const page = await plansTab(company.id);
    const actions = actionsOf(page, imprenta.PLAN_NOMBRE);
    await actions.getByRole('button', { name: 'Subir autorización' }).waitFor();
    expect(await actions.getByRole('button', { name: 'Descargar autorización' }).count()).toBe(0);

    await actions.getByRole('button', { name: 'Subir autorización' }).click();
    const upload = page.getByRole('dialog', { name: `Autorización de imprenta del plan ${imprenta.PLAN_NOMBRE}` });
    await upload
      .locator('#plan-documento')
      .setInputFiles({ name: 'autorizacion-imprenta.pdf', mimeType: 'application/pdf', buffer: PDF_PROOF });
    await upload.getByRole('button', { name: 'Subir autorización' }).click();
    await upload.waitFor({ state: 'detached' });
    await closeNotice(page, PLAN_MSG.documentSaved);
    await actions.getByRole('button', { name: 'Descargar autorización' }).waitFor();
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      actions.getByRole('button', { name: 'Descargar autorización' }).click(),
    ]);
    expect(saved.suggestedFilename()).toBe('autorizacion-imprenta.pdf');
  });
});
