/**
 * Signed-in journeys: the company application, the administration area, the distributor's choice, sessions
 * closed by a 401 (only the session of that kind), logout, the deactivated user, and password recovery.
 */
import { describe, expect, it } from 'vitest';
import { apiCall, e2eAvailable, e2eSuite, outbox, screenshot } from '../helpers/e2e';
import {
  acceptMessage, expectMessage, fillAdminLogin, fillCompanyLogin, FERRETERIA, COSTA_AZUL_RUC, loginAdmin, loginCompany, open,
  routeOf, sidebarEntries, storageItem, waitForRoute,
} from '../helpers/browser';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../src/domain/messages';

describe.skipIf(!e2eAvailable)('sesiones', () => {
  const suite = e2eSuite();
  const { freshPage } = suite;

  it('una empresa ingresa: menú de menuEmpresa, aviso de firma, Mi empresa; otra empresa ve otro menú y su plan caducado', async () => {
    const page = await freshPage();
    await loginCompany(page, suite.server, DEMO.empresa);
    await expectMessage(page, MSG.warningTitle, /firma electrónica/);
    await screenshot(page, 'empresa-aviso-plan');
    await acceptMessage(page);
    expect(await sidebarEntries(page)).toEqual(['Inicio', 'Mi empresa', 'Ayuda y soporte']);
    expect(await storageItem(page, 'ruc')).toBe(DEMO.empresa.ruc);
    expect(JSON.parse((await storageItem(page, 'usuario'))!).COM_CODIGO).toBeGreaterThan(0);
    await screenshot(page, 'empresa-inicio');
    await page.getByRole('menuitem', { name: 'Mi empresa' }).click();
    await page.getByRole('cell', { name: DEMO.empresa.ruc }).waitFor();
    await screenshot(page, 'empresa-mi-empresa');
    // An existing session sends #/login back to the root.
    await open(page, suite.server, '/login');
    await waitForRoute(page, '/');

    const other = await freshPage();
    await loginCompany(other, suite.server, { ...FERRETERIA, clave: DEMO.empresa.clave });
    await expectMessage(other, MSG.warningTitle, /caducó/);
    await acceptMessage(other);
    expect(await sidebarEntries(other)).toEqual(['Inicio', 'Ayuda y soporte']);
  });

  it('el administrador ingresa al área con su menú, react-admin en español, y edita una configuración', async () => {
    const page = await freshPage();
    await open(page, suite.server, '/administrador/login');
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await expectMessage(page, MSG.warningTitle, MSG.formInvalid);
    await acceptMessage(page);
    await fillAdminLogin(page, { usuario: DEMO.admin.usuario, clave: 'equivocada' });
    await expectMessage(page, MSG.loginErrorTitle, `${MSG.loginErrorPrefix} ${MSG.adminLoginFailed}`);
    await acceptMessage(page);
    await screenshot(page, 'admin-login');
    await page.getByLabel('Clave', { exact: true }).fill(DEMO.admin.clave);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await waitForRoute(page, '/administrador');
    const menu = await sidebarEntries(page);
    expect(menu).toEqual(expect.arrayContaining(['Inicio', 'Tickets de soporte', 'Productos', 'Accesos a empresas', 'Configuraciones']));
    await screenshot(page, 'admin-inicio');

    await page.getByRole('menuitem', { name: 'Configuraciones' }).click();
    await page.getByText('Filas por página').waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(/Rows per page|Export|Search/);
    await screenshot(page, 'admin-configuraciones');
    await page.getByRole('cell', { name: /Redes sociales/ }).click();
    const field = page.getByLabel('Valor 1', { exact: true });
    await field.fill('https://www.facebook.com/amelia.facturacion');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(async () => {
      const rows = await apiCall<Array<{ CON_CODIGO: number; CON_VALOR1: string }>>(suite.server, '/configuraciones');
      return rows.find((r) => r.CON_CODIGO === 8)?.CON_VALOR1;
    }).toBe('https://www.facebook.com/amelia.facturacion');
  });

  it('el distribuidor elige: área de administración, o la facturación de una de sus empresas (queda registrado)', async () => {
    const admin = await freshPage();
    await open(admin, suite.server, '/administrador/login');
    await fillAdminLogin(admin, DEMO.distribuidor);
    await admin.getByText('¿Cómo desea continuar?').waitFor();
    await screenshot(admin, 'distribuidor-eleccion');
    await admin.getByRole('button', { name: 'Continuar al área de administración' }).click();
    await waitForRoute(admin, '/administrador');
    expect(await sidebarEntries(admin)).toEqual(['Inicio', 'Tickets de soporte']);

    const company = await freshPage();
    await open(company, suite.server, '/administrador/login');
    await fillAdminLogin(company, DEMO.distribuidor);
    await company.getByRole('button', { name: 'Ingresar a la facturación de una empresa' }).click();
    await company.getByLabel('RUC de la empresa').fill(COSTA_AZUL_RUC);
    await company.getByRole('button', { name: 'Ingresar a la facturación' }).click();
    await expectMessage(company, MSG.loginErrorTitle, `${MSG.loginErrorPrefix} ${MSG.distributorCompanyNotFound}`);
    await acceptMessage(company);
    await company.getByLabel('RUC de la empresa').fill(DEMO.empresa.ruc);
    await company.getByRole('button', { name: 'Ingresar a la facturación' }).click();
    await waitForRoute(company, '/');
    await company.getByText(`Distribuidor: ${DEMO.distribuidor.usuario}`).waitFor();
    await screenshot(company, 'distribuidor-en-empresa');

    const auditor = await freshPage();
    await loginAdmin(auditor, suite.server, DEMO.admin);
    await open(auditor, suite.server, '/administrador/ingresos');
    await auditor.getByRole('cell', { name: 'Comercial Andina' }).first().waitFor();
    await screenshot(auditor, 'admin-accesos');
  });

  it('un 401 cierra solo la sesión de su tipo; cerrar sesión vuelve a su ingreso', async () => {
    const page = await freshPage();
    await loginAdmin(page, suite.server, DEMO.admin);
    await loginCompany(page, suite.server, DEMO.empresa);
    await acceptMessage(page);
    // The company token goes bad: the next company call logs the company out, the admin session stays.
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('usuario')!);
      localStorage.setItem('usuario', JSON.stringify({ ...user, token: 'x.y.z' }));
    });
    await open(page, suite.server, '/mi-empresa');
    await waitForRoute(page, '/login');
    expect(await storageItem(page, 'usuario')).toBeNull();
    expect(await storageItem(page, 'usuarioAdmin')).not.toBeNull();

    await loginCompany(page, suite.server, DEMO.empresa);
    await acceptMessage(page);
    await page.evaluate(() => {
      const admin = JSON.parse(localStorage.getItem('usuarioAdmin')!);
      localStorage.setItem('usuarioAdmin', JSON.stringify({ ...admin, token: 'x.y.z' }));
    });
    await open(page, suite.server, '/administrador/configuraciones/8');
    await waitForRoute(page, '/administrador/login');
    expect(await storageItem(page, 'usuarioAdmin')).toBeNull();
    expect(await storageItem(page, 'usuario')).not.toBeNull();

    // Logout from the company user menu. (Reload: the admin area may still have a logout redirect pending from its 401s.)
    await open(page, suite.server, '/');
    await page.reload();
    await sidebarEntries(page);
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await waitForRoute(page, '/login');
    expect(await storageItem(page, 'usuario')).toBeNull();

    // Logout from the administration area.
    await loginAdmin(page, suite.server, DEMO.admin);
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await waitForRoute(page, '/administrador/login');
    expect(await storageItem(page, 'usuarioAdmin')).toBeNull();
  });

  it('un usuario desactivado ve error403', async () => {
    const page = await freshPage();
    await open(page, suite.server, '/login');
    await fillCompanyLogin(page, DEMO.desactivado);
    await waitForRoute(page, '/error403');
    await page.getByText(MSG.deactivatedTitle).waitFor();
    await page.getByText(MSG.deactivatedText).waitFor();
    await screenshot(page, 'error403');
  });

  it('recuperar la clave: validación, error, Listo y el correo con la clave nueva que sirve para ingresar', async () => {
    const page = await freshPage();
    await open(page, suite.server, '/recuperar-clave');
    await page.getByRole('button', { name: 'Enviar clave nueva' }).click();
    await expectMessage(page, MSG.warningTitle, MSG.formInvalid);
    await acceptMessage(page);
    await screenshot(page, 'recuperar-clave');
    await page.getByLabel('RUC', { exact: true }).fill(DEMO.empresa.ruc);
    await page.getByLabel('Usuario', { exact: true }).fill('nadie');
    await page.getByRole('button', { name: 'Enviar clave nueva' }).click();
    await expectMessage(page, MSG.loginErrorTitle, `${MSG.recoveryErrorPrefix} ${MSG.recoveryNotFound}`);
    await acceptMessage(page);
    await page.getByLabel('Usuario', { exact: true }).fill(DEMO.empresa.usuario);
    await page.getByRole('button', { name: 'Enviar clave nueva' }).click();
    await expectMessage(page, MSG.recoveryOkTitle, MSG.recoveryOk);
    await screenshot(page, 'recuperar-listo');
    await acceptMessage(page);
    await waitForRoute(page, '/login');

    const mails = await outbox(suite.server.dataDir);
    const mail = mails.find((m) => m.to.includes('lucia.perez@comercialandina.ec'));
    const newPassword = mail?.text.match(/Clave nueva: (\S+)/)?.[1];
    expect(newPassword).toBeTruthy();
    await fillCompanyLogin(page, { ...DEMO.empresa, clave: DEMO.empresa.clave });
    await expectMessage(page, MSG.loginErrorTitle, `${MSG.loginErrorPrefix} ${MSG.companyLoginFailed}`);
    await acceptMessage(page);
    await page.getByLabel('Clave', { exact: true }).fill(newPassword!);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await waitForRoute(page, '/');
    expect(routeOf(page)).toBe('/');
  });
});
