/**
 * The usuarios and pagos tabs of a company's page in Chromium: an administrator creates a user, resets its clave
 * (the mail's temporary clave then signs in and asks for a new one), deactivates it while it is signed in (its next
 * call shows error403) and reactivates it; records a payment with its proof and downloads it, beside the proof the
 * company sent when it registered. Screenshots at 1366 and 390 px wide.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eAvailable, e2eSuite, screenshot, waitForMail } from '../helpers/e2e';
import { fillCompanyLogin, loginAdmin, loginCompany, open, PDF_PROOF, registeredCompany, waitForRoute } from '../helpers/browser';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';

const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

describe.skipIf(!e2eAvailable)('empresas: pestañas Usuarios y Pagos', () => {
  const suite = e2eSuite();

  async function companyTab(tab: 'Usuarios' | 'Pagos', id: number): Promise<Page> {
    const page = await suite.freshPage();
    page.setDefaultTimeout(15_000);
    await page.setViewportSize(WIDE);
    await loginAdmin(page, suite.server, DEMO.admin);
    // The login page's own redirects land just after the first one: a deep link opened before the sidebar would be undone.
    await page.locator('.RaSidebar-fixed').getByRole('menuitem', { name: 'Empresas', exact: true }).waitFor();
    await open(page, suite.server, `/administrador/empresas/${id}`);
    await page.getByRole('tab', { name: tab, exact: true }).click();
    return page;
  }

  /**
   * Whether the visible tab's content fits a phone (390 px less the page's margins) without scrolling sideways. The
   * panel is measured alone: the page's header around it is the company page's own.
   */
  const panelFitsPhone = (page: Page) =>
    page.locator('[role="tabpanel"]:visible').evaluate((panel: HTMLElement) => {
      panel.style.width = '358px';
      const fits = panel.scrollWidth <= 358;
      panel.style.width = '';
      return fits;
    });
  const atPhoneWidth = async (page: Page) => {
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(400); // the sidebar collapses on a phone
  };
  const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
  const actionsOf = (page: Page, usuario: string) => page.getByRole('group', { name: `Acciones de ${usuario}` });

  it('crear, restablecer la clave, desactivar (error403 en su siguiente llamada) y reactivar un usuario', async () => {
    const company = await registeredCompany(suite.server);
    const page = await companyTab('Usuarios', company.id);

    await page.getByRole('button', { name: 'Crear usuario' }).click();
    const form = dialog(page, 'Crear usuario');
    await form.getByLabel(/^Usuario/).fill('ana.cajera');
    await form.getByLabel(/^Nombre/).fill('Ana Cajera');
    await form.getByLabel(/^Correo electrónico/).fill('ana.cajera@prueba.ec');
    await form.getByLabel(/^Clave inicial/).fill('corta');
    await form.getByRole('button', { name: 'Crear usuario' }).click();
    await expect.poll(() => form.getByRole('alert').innerText()).toBe('La clave debe tener al menos 8 caracteres');
    await screenshot(page, 'empresa-usuarios-crear-error');
    await form.getByLabel(/^Clave inicial/).fill('ClaveDeAna2026');
    await form.getByRole('button', { name: 'Crear usuario' }).click();
    await form.waitFor({ state: 'detached' });
    await actionsOf(page, 'ana.cajera').waitFor();
    await screenshot(page, 'empresa-usuarios-1366');

    // Reset: the mail's temporary clave signs in and leads to choosing a new one.
    await actionsOf(page, 'ana.cajera').getByRole('button', { name: 'Restablecer clave' }).click();
    const ask = dialog(page, '¿Restablecer la clave de ana.cajera?');
    await ask.getByRole('button', { name: 'Restablecer clave' }).click();
    await page.getByText('Se envió una clave temporal a ana.cajera@prueba.ec').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cerrar', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const [, temporary] = await waitForMail(suite.server.dataDir, 'ana.cajera@prueba.ec', /Clave temporal: (\S+)/);
    const user = await suite.freshPage();
    await open(user, suite.server, '/login');
    await fillCompanyLogin(user, { ruc: company.login.ruc, usuario: 'ana.cajera', clave: temporary });
    await user.getByRole('button', { name: 'Guardar clave' }).waitFor();
    await user.context().close();

    // Signed in with its own clave, the user is deactivated: its next call shows error403.
    const signedIn = await suite.freshPage();
    await loginCompany(signedIn, suite.server, { ruc: company.login.ruc, usuario: 'ana.cajera', clave: 'ClaveDeAna2026' });
    // The home has loaded (its calls answered) before the deactivation: the reload below makes the next call.
    await signedIn.locator('.RaSidebar-fixed').getByRole('menuitem', { name: 'Mi empresa' }).waitFor();
    await actionsOf(page, 'ana.cajera').getByRole('button', { name: 'Desactivar' }).click();
    await dialog(page, '¿Desactivar a ana.cajera?').getByRole('button', { name: 'Desactivar' }).click();
    await actionsOf(page, 'ana.cajera').getByRole('button', { name: 'Activar' }).waitFor();
    await signedIn.reload();
    // The 403 USUARIO_DESACTIVADO of its next call sends it to error403, and it stays there (no sign-out redirect after).
    await waitForRoute(signedIn, '/error403');
    await signedIn.getByText(MSG.deactivatedText).waitFor();
    await signedIn.waitForTimeout(1_500);
    expect(new URL(signedIn.url()).hash).toBe('#/error403');

    // Reactivated, the user signs in again.
    await actionsOf(page, 'ana.cajera').getByRole('button', { name: 'Activar' }).click();
    await actionsOf(page, 'ana.cajera').getByRole('button', { name: 'Desactivar' }).waitFor();
    await loginCompany(signedIn, suite.server, { ruc: company.login.ruc, usuario: 'ana.cajera', clave: 'ClaveDeAna2026' });

    await atPhoneWidth(page);
    await screenshot(page, 'empresa-usuarios-390');
    expect(await panelFitsPhone(page)).toBe(true);
  });

  it('registra un pago con su comprobante y descarga los dos comprobantes con su nombre original', async () => {
    const company = await registeredCompany(suite.server);
    const page = await companyTab('Pagos', company.id);
    await page.getByText('Comprobante del registro').waitFor();
    // The header counts the registration's proof.
    await page.getByRole('button', { name: /\(1 pago registrado\)$/ }).waitFor();

    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const form = dialog(page, 'Registrar pago');
    const monto = form.getByLabel(/^Monto \(USD\)/);
    const montoMal = form.getByText(/El campo monto debe ser un valor en dólares mayor que 0/);
    await monto.fill('60,0,0');
    await form.getByLabel(/^Referencia/).fill('DEP 2026/031');
    await form.getByRole('button', { name: 'Registrar', exact: true }).click();
    await montoMal.waitFor();
    // A decimal comma is an amount: the error goes as soon as the amount is corrected, without sending again.
    await monto.fill('60,00');
    await montoMal.waitFor({ state: 'detached' });
    // The proof is required, and its label says so as the other required fields do.
    expect(await form.locator('label[for="pago-archivo"]').first().innerText()).toBe('Comprobante de pago *');
    await form.getByRole('combobox', { name: /Banco/ }).click();
    await page.getByRole('option', { name: /Produbanco/ }).click();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-pago-'));
    const file = path.join(dir, 'depósito marzo.pdf');
    fs.writeFileSync(file, PDF_PROOF);
    await form.locator('#pago-archivo').setInputFiles(file);
    await form.getByText(/depósito marzo\.pdf/).waitFor();
    await screenshot(page, 'empresa-pago-dialogo-1366');
    await form.getByRole('button', { name: 'Registrar', exact: true }).click();
    await page.getByText('Pago registrado', { exact: true }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cerrar', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const download = async (name: string) => {
      const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Descargar ${name}` }).click()]);
      expect(saved.suggestedFilename()).toBe(name);
      return fs.readFileSync((await saved.path())!);
    };
    expect((await download('depósito marzo.pdf')).equals(PDF_PROOF)).toBe(true);
    expect((await download('transferencia.pdf')).equals(PDF_PROOF)).toBe(true);
    await page.getByText('USD 60.00').waitFor();
    // The header saw the new payment without a reload.
    await page.getByRole('button', { name: /\(2 pagos registrados\)$/ }).waitFor();
    await screenshot(page, 'empresa-pagos-1366');

    await atPhoneWidth(page);
    await screenshot(page, 'empresa-pagos-390');
    expect(await panelFitsPhone(page)).toBe(true);
    await page.setViewportSize(WIDE);
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    await atPhoneWidth(page);
    await screenshot(page, 'empresa-pago-dialogo-390');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
