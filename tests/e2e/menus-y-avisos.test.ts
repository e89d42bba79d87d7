/**
 * What the signed-in screens show is what the server says: the sidebars are exactly menuEmpresa / menuAdmin, the
 * plan warning is exactly comprobarfirmaPlan's mensaje, a distributor's menu is shorter than an administrator's,
 * and a setting edited in the administration area survives a reload. (The journeys themselves: sesiones.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { apiCall, e2eAvailable, e2eSuite, type RunningServer } from '../helpers/e2e';
import {
  acceptMessage,
  adminMenuFromApi,
  companyMenuFromApi,
  expectMessage,
  fillAdminLogin,
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
    await expectMessage(page, MSG.warningTitle, notice.mensaje);
    await acceptMessage(page);
    expect(await sidebarEntries(page)).toEqual(menu);
    await page.getByText(`${empresa} · RUC ${credentials.ruc}`).waitFor();
    expect(await storageItem(page, 'ruc')).toBe(credentials.ruc);
    expect(JSON.parse((await storageItem(page, 'usuario'))!)).toMatchObject({
      USU_USUARIO: credentials.usuario,
      EMP_RUC: credentials.ruc,
      USU_ACTIVO: true,
    });

    // The warning is shown once per sign-in: not again after #/login sends the signed-in user back to the root.
    await open(page, suite.server, '/login');
    await waitForRoute(page, '/');
    await sidebarEntries(page);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
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
