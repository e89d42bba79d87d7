/**
 * What the signed-in screens show is what the server says: the sidebars are exactly menuEmpresa / menuAdmin, the
 * plan warning is exactly comprobarfirmaPlan's mensaje, a distributor's menu is shorter than an administrator's,
 * and a setting edited in the administration area survives a reload. (The journeys themselves: sesiones.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { apiCall, e2eAvailable, e2eSuite, screenshotsAtTwoWidths, type RunningServer } from '../helpers/e2e';
import {
  adminMenuFromApi,
  chooseUserMenu,
  companyMenuFromApi,
  expectPlanBanner,
  fillAdminLogin,
  fillCompanyLogin,
  FERRETERIA,
  loginAdmin,
  loginCompany,
  open,
  sidebarEntries,
  storageItem,
  waitForRoute,
  type CompanyCredentials,
} from '../helpers/browser';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';

type Setting = { CON_CODIGO: number; CON_VALOR1: string | null };

/** The plan/signature warning the server gives this user right after signing in (GET comprobarfirmaPlan). */
async function planNoticeFromApi(server: RunningServer, credentials: CompanyCredentials) {
  const { usuario } = await apiCall<{ usuario: { token: string; COM_CODIGO: number; eid: number } }>(server, '/login', {
    method: 'POST',
    body: credentials,
  });
  return apiCall<{ activar: boolean; mensaje: string }>(server, `/comprobarfirmaPlan/${usuario.COM_CODIGO}/${usuario.eid}`, {
    token: usuario.token,
  });
}

describe.skipIf(!e2eAvailable)('menús y avisos del servidor', () => {
  const suite = e2eSuite();
  const { freshPage } = suite;

  it.each([
    { empresa: 'Comercial Andina', credentials: DEMO.empresa as CompanyCredentials, aviso: /firma electrónica/ },
    {
      empresa: 'Ferretería El Tornillo',
      credentials: { ...FERRETERIA, clave: DEMO.empresa.clave },
      aviso: /^Su plan caducó el \d{4}-\d{2}-\d{2}\./,
    },
  ])('$empresa: el aviso es el mensaje de comprobarfirmaPlan y el menú es el de menuEmpresa', async ({ empresa, credentials, aviso }) => {
    const notice = await planNoticeFromApi(suite.server, credentials);
    expect(notice.activar).toBe(true);
    expect(notice.mensaje).toMatch(aviso);
    const menu = await companyMenuFromApi(suite.server, credentials);

    const page = await freshPage();
    await loginCompany(page, suite.server, credentials);
    // A banner above the screens, not a dialog that blocks them: the menu works while it is shown.
    const banner = await expectPlanBanner(page, notice.mensaje);
    expect(await banner.innerText()).toContain(MSG.warningTitle);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await sidebarEntries(page)).toEqual(menu);
    await page.getByText(`${empresa} · RUC ${credentials.ruc}`).waitFor();
    expect(await storageItem(page, 'ruc')).toBe(credentials.ruc);
    expect(JSON.parse((await storageItem(page, 'usuario'))!)).toMatchObject({
      USU_USUARIO: credentials.usuario,
      EMP_RUC: credentials.ruc,
      USU_ACTIVO: true,
    });

    // Once per browser session: not again after #/login sends the signed-in user back to the root, nor after a reload.
    await open(page, suite.server, '/login');
    await waitForRoute(page, '/');
    await sidebarEntries(page);
    expect(await page.locator('[data-aviso-plan]').count()).toBe(0);
    await page.reload();
    await sidebarEntries(page);
    await page.waitForTimeout(1000); // the warning would have been asked by now
    expect(await page.locator('[data-aviso-plan]').count()).toBe(0);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
  });

  it('el aviso de firma o plan es un banner una vez por sesión del navegador, con el enlace para resolverlo', async () => {
    const page = await freshPage();
    await loginCompany(page, suite.server, DEMO.empresa);
    const banner = await expectPlanBanner(page, /firma electrónica/);
    await screenshotsAtTwoWidths(page, 'aviso-plan-banner');
    // A new tab is a new browser session (its own sessionStorage): the signed-in user is warned there too.
    const tab = await page.context().newPage();
    await open(tab, suite.server, '/');
    await expectPlanBanner(tab, /firma electrónica/);
    await tab.close();
    // Its link goes where the warning is solved; closing it hides it, and a reload does not bring it back.
    await banner.getByRole('link', { name: 'Ir a la firma electrónica' }).click();
    await waitForRoute(page, '/firma');
    await banner.getByRole('button', { name: 'Cerrar aviso' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await waitForRoute(page, '/firma');
    await page.waitForTimeout(1000);
    expect(await page.locator('[data-aviso-plan]').count()).toBe(0);
    // Signing out and in again is a new session: warned again.
    await chooseUserMenu(page, 'Cerrar sesión');
    await waitForRoute(page, '/login');
    await fillCompanyLogin(page, DEMO.empresa as CompanyCredentials);
    await waitForRoute(page, '/');
    await expectPlanBanner(page, /firma electrónica/);
  });

  it('el menú del administrador es el de menuAdmin; el del distribuidor es más corto', async () => {
    const adminMenu = await adminMenuFromApi(suite.server, DEMO.admin);
    const distributorMenu = await adminMenuFromApi(suite.server, DEMO.distribuidor);
    expect(adminMenu).toEqual(expect.arrayContaining(['Inicio', 'Configuraciones', 'Accesos a empresas']));
    expect(distributorMenu.length).toBeLessThan(adminMenu.length);

    const admin = await freshPage();
    await loginAdmin(admin, suite.server, DEMO.admin);
    expect(await sidebarEntries(admin)).toEqual(adminMenu);

    const distributor = await freshPage();
    await open(distributor, suite.server, '/administrador/login');
    await fillAdminLogin(distributor, DEMO.distribuidor);
    await distributor
      .getByRole('dialog', { name: /¿Cómo desea continuar\?/ })
      .getByRole('button', { name: 'Continuar al área de administración' })
      .click();
    await waitForRoute(distributor, '/administrador');
    expect(await sidebarEntries(distributor)).toEqual(distributorMenu);
    expect(await distributor.getByRole('menuitem', { name: 'Configuraciones' }).count()).toBe(0);
  });

  it('una configuración editada en Configuraciones se guarda: la lista, una recarga y GET /configuraciones la muestran', async () => {
    const VALUE = 'https://www.instagram.com/amelia.facturacion';
    const page = await freshPage();
    await loginAdmin(page, suite.server, DEMO.admin);
    await page.getByRole('menuitem', { name: 'Configuraciones' }).click();
    await waitForRoute(page, '/administrador/configuraciones');
    await page.getByText('Filas por página').waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(/Rows per page|\bof\b \d|ra\.(action|navigation|page)\./);

    await page.getByRole('cell', { name: 'Redes sociales (Facebook, Instagram)' }).click();
    await waitForRoute(page, '/administrador/configuraciones/8');
    const field = page.getByLabel('Facebook', { exact: true });
    await expect.poll(() => field.inputValue()).toBe('https://www.facebook.com/amelia.ec');
    await field.fill(VALUE);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await waitForRoute(page, '/administrador/configuraciones');
    await page.getByRole('cell', { name: VALUE }).waitFor();

    await page.reload();
    await page.getByRole('cell', { name: VALUE }).waitFor();
    await open(page, suite.server, '/administrador/configuraciones/8');
    await expect.poll(() => page.getByLabel('Facebook', { exact: true }).inputValue()).toBe(VALUE);
    const rows = await apiCall<Setting[]>(suite.server, '/configuraciones');
    expect(rows.find((r) => r.CON_CODIGO === 8)?.CON_VALOR1).toBe(VALUE);
  });
});
