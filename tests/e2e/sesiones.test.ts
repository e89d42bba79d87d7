/**
 * Signed-in journeys: the company application, the administration area, the distributor's choice, sessions
 * closed by a 401 (only the session of that kind), logout (which closes the token on the server), the deactivated
 * user, password recovery with a temporary clave, and an administrator's clave change.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, e2eAvailable, e2eSuite, newPage, screenshot, startServer, waitForMail } from '../helpers/e2e';
import {
  acceptMessage,
  chooseUserMenu,
  expectMessage,
  fillAdminLogin,
  fillCompanyLogin,
  FERRETERIA,
  COSTA_AZUL_RUC,
  loginAdmin,
  loginCompany,
  newCompany,
  open,
  routeOf,
  sidebarEntries,
  storageItem,
  waitForRoute,
  expectPlanBanner,
} from '../helpers/browser';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';

describe.skipIf(!e2eAvailable)('sesiones', () => {
  const suite = e2eSuite();
  const { freshPage } = suite;

  it('una empresa ingresa: menú de menuEmpresa, aviso de firma, Mi empresa; otra empresa ve otro menú y su plan caducado', async () => {
    const page = await freshPage();
    await loginCompany(page, suite.server, DEMO.empresa);
    await expectPlanBanner(page, /firma electrónica/);
    await screenshot(page, 'empresa-aviso-plan');
    expect(await sidebarEntries(page)).toEqual([
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
    expect(await storageItem(page, 'ruc')).toBe(DEMO.empresa.ruc);
    expect(JSON.parse((await storageItem(page, 'usuario'))!).COM_CODIGO).toBeGreaterThan(0);
    await screenshot(page, 'empresa-inicio');
    await page.getByRole('menuitem', { name: 'Mi empresa' }).click();
    // The company's administrador edits its data here; its RUC is stated above the form.
    await page.getByText(`RUC ${DEMO.empresa.ruc} ·`).waitFor();
    await screenshot(page, 'empresa-mi-empresa');
    // An existing session sends #/login back to the root.
    await open(page, suite.server, '/login');
    await waitForRoute(page, '/');

    const other = await freshPage();
    await loginCompany(other, suite.server, { ...FERRETERIA, clave: DEMO.empresa.clave });
    await expectPlanBanner(other, /caducó/);
    expect(await sidebarEntries(other)).toEqual([
      'Inicio',
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
      'Claves de API',
      'Webhooks',
      'Ayuda y soporte',
    ]);
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
    const field = page.getByLabel('Facebook', { exact: true });
    await field.fill('https://www.facebook.com/amelia.facturacion');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(async () => {
        const rows = await apiCall<Array<{ CON_CODIGO: number; CON_VALOR1: string }>>(suite.server, '/configuraciones');
        return rows.find((r) => r.CON_CODIGO === 8)?.CON_VALOR1;
      })
      .toBe('https://www.facebook.com/amelia.facturacion');
  });

  it('el distribuidor elige: área de administración, o la facturación de una de sus empresas (queda registrado)', async () => {
    const admin = await freshPage();
    await open(admin, suite.server, '/administrador/login');
    await fillAdminLogin(admin, DEMO.distribuidor);
    await admin.getByText('¿Cómo desea continuar?').waitFor();
    await screenshot(admin, 'distribuidor-eleccion');
    await admin.getByRole('button', { name: 'Continuar al área de administración' }).click();
    await waitForRoute(admin, '/administrador');
    expect(await sidebarEntries(admin)).toEqual(['Inicio', 'Empresas', 'Tickets de soporte', 'Planes vendidos']);

    const company = await freshPage();
    await open(company, suite.server, '/administrador/login');
    await fillAdminLogin(company, DEMO.distribuidor);
    await company.getByRole('button', { name: 'Ingresar a la facturación de una empresa' }).click();
    // The picker offers only its own companies (tests/e2e/distribuidor.test.ts): another's is not among them.
    const picker = company.getByRole('combobox', { name: 'Empresa' });
    await picker.fill(COSTA_AZUL_RUC);
    await company.getByText('Ninguna de sus empresas activas coincide con lo que escribió.').waitFor();
    await picker.fill(DEMO.empresa.ruc);
    await company.getByRole('option', { name: /COMERCIAL ANDINA/ }).click();
    await company.getByRole('button', { name: 'Ingresar a la facturación', exact: true }).click();
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
    await page.evaluate(() => {
      const admin = JSON.parse(localStorage.getItem('usuarioAdmin')!);
      localStorage.setItem('usuarioAdmin', JSON.stringify({ ...admin, token: 'x.y.z' }));
    });
    await open(page, suite.server, '/administrador/configuraciones/8');
    await waitForRoute(page, '/administrador/login');
    expect(await storageItem(page, 'usuarioAdmin')).toBeNull();
    expect(await storageItem(page, 'usuario')).not.toBeNull();

    // Logout from the company user menu. Late 401s of the admin area no longer redirect once it has left the screen, but
    // one path still does in about 1 run of 16 (see the closing note of 2026-11-22): its calls are let finish first.
    await page.waitForLoadState('networkidle');
    await open(page, suite.server, '/');
    await page.reload();
    await sidebarEntries(page);
    await chooseUserMenu(page, 'Cerrar sesión');
    await waitForRoute(page, '/login');
    expect(await storageItem(page, 'usuario')).toBeNull();

    // Logout from the administration area.
    await loginAdmin(page, suite.server, DEMO.admin);
    await chooseUserMenu(page, 'Cerrar sesión');
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

  it('recuperar la clave: la temporal del correo lleva a elegir una clave nueva, y solo esa pantalla hasta guardarla', async () => {
    const company = await newCompany(suite.server);
    const page = await freshPage();
    await open(page, suite.server, '/recuperar-clave');
    await page.getByText(/La clave temporal sirve durante 60 minutos y su clave actual sigue funcionando/).waitFor();
    await page.getByRole('button', { name: 'Enviar clave temporal' }).click();
    await expectMessage(page, MSG.warningTitle, MSG.formInvalid);
    await acceptMessage(page);
    await screenshot(page, 'recuperar-clave');
    await page.getByLabel('RUC', { exact: true }).fill(company.ruc);
    await page.getByLabel('Usuario', { exact: true }).fill(company.usuario);
    await page.getByRole('button', { name: 'Enviar clave temporal' }).click();
    await expectMessage(page, MSG.recoveryOkTitle, MSG.recoveryOk);
    await screenshot(page, 'recuperar-listo');
    await acceptMessage(page);
    await waitForRoute(page, '/login');

    const [, temporary] = await waitForMail(suite.server.dataDir, company.correo, /Clave temporal: (\S+)/);
    await fillCompanyLogin(page, { ...company, clave: temporary });
    await waitForRoute(page, '/elegir-clave');
    const form = passwordForm(page);
    await page.getByRole('heading', { name: 'Elija una clave nueva' }).waitFor();
    await page.getByText(MSG.mustChangePassword).waitFor();
    expect(await form.actual.count()).toBe(0);
    expect(await page.title()).toMatch(/^Elija una clave nueva · /);
    await captureBothWidths(page, 'empresa-elegir-clave');

    // The forgotten clave still works: the mail may be ignored.
    const withOld = await apiCall<{ usuario: { cambiarClave: boolean } }>(suite.server, '/login', { method: 'POST', body: company });
    expect(withOld.usuario.cambiarClave).toBe(false);

    // Nothing else of the company app: a typed address, or a session that lost the flag (the server's 403), come back here.
    await open(page, suite.server, '/mi-empresa');
    await waitForRoute(page, '/elegir-clave');
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('usuario')!);
      localStorage.setItem('usuario', JSON.stringify({ ...user, cambiarClave: false }));
    });
    await open(page, suite.server, '/');
    await waitForRoute(page, '/elegir-clave');

    const chosen = 'ElegidaNueva2026';
    await form.nueva.fill('corta');
    await form.confirmacion.fill('otra');
    await form.guardar.click();
    await page.getByText('Debe tener al menos 8 caracteres').waitFor();
    await page.getByText('Las claves no coinciden').waitFor();
    await form.nueva.fill(chosen);
    await form.confirmacion.fill(chosen);
    await form.guardar.click();
    await waitForRoute(page, '/');
    await page.getByText(MSG.passwordChanged).waitFor();
    expect(await sidebarEntries(page)).toContain('Mi empresa');

    await chooseUserMenu(page, 'Cerrar sesión');
    await waitForRoute(page, '/login');
    await fillCompanyLogin(page, { ...company, clave: temporary });
    await expectMessage(page, MSG.loginErrorTitle, `${MSG.loginErrorPrefix} ${MSG.companyLoginFailed}`);
    await acceptMessage(page);
    await page.getByLabel('Clave', { exact: true }).fill(chosen);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await waitForRoute(page, '/');
  });

  it('un administrador cambia su clave desde el menú de usuario: la equivocada no cierra la sesión, la nueva sirve para ingresar', async () => {
    // Its own server, whose only account is an administrator made for this scenario: the demo ones keep their claves.
    const admin = { usuario: 'cambia.clave', clave: 'ClaveInicial2026' };
    const server = await startServer({}, { admins: [admin] });
    const page = await newPage(suite.browser);
    try {
      await loginAdmin(page, server, admin);
      await chooseUserMenu(page, 'Cambiar clave');
      await waitForRoute(page, '/administrador/cambiar-clave');
      const form = passwordForm(page);
      await expect.poll(() => page.title()).toMatch(/^Cambiar clave · /);
      const nueva = 'ClaveCambiada2026';
      await form.actual.fill('NoEsLaClave1');
      await form.nueva.fill(nueva);
      await form.confirmacion.fill(nueva);
      await form.guardar.click();
      await page.getByText(MSG.wrongCurrentPassword).waitFor();
      expect(routeOf(page)).toBe('/administrador/cambiar-clave');
      expect(await storageItem(page, 'usuarioAdmin')).not.toBeNull();
      await captureBothWidths(page, 'admin-cambiar-clave');

      await form.actual.fill(admin.clave);
      await form.guardar.click();
      await waitForRoute(page, '/administrador');
      await page.getByText(MSG.passwordChanged).waitFor();

      await chooseUserMenu(page, 'Cerrar sesión');
      await waitForRoute(page, '/administrador/login');
      await fillAdminLogin(page, admin);
      await expectMessage(page, MSG.loginErrorTitle, `${MSG.loginErrorPrefix} ${MSG.adminLoginFailed}`);
      await acceptMessage(page);
      await page.getByLabel('Clave', { exact: true }).fill(nueva);
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await waitForRoute(page, '/administrador');
    } finally {
      await page.context().close();
      await server.stop();
    }
  });

  it('cerrar sesión anula el token en el servidor; quien lo siga usando vuelve al ingreso con el aviso', async () => {
    const company = await newCompany(suite.server);
    const page = await freshPage();
    await loginCompany(page, suite.server, company);
    const companyToken = JSON.parse((await storageItem(page, 'usuario'))!).token as string;
    await chooseUserMenu(page, 'Cerrar sesión');
    await waitForRoute(page, '/login');
    await expect(
      apiCall(suite.server, '/menuEmpresa', { method: 'POST', body: { ruc: company.ruc }, token: companyToken }),
    ).rejects.toThrow(`401 ${MSG.sessionEnded}`);

    await loginAdmin(page, suite.server, DEMO.admin);
    const stored = (await storageItem(page, 'usuarioAdmin'))!;
    await chooseUserMenu(page, 'Cerrar sesión');
    await waitForRoute(page, '/administrador/login');
    const { ADM_CODIGO, token } = JSON.parse(stored);
    await expect(apiCall(suite.server, '/menus/menuAdmin', { method: 'POST', body: { id: ADM_CODIGO }, token })).rejects.toThrow(
      `401 ${MSG.sessionEnded}`,
    );

    // A copy of the closed session (another tab, say) ends at its next call, and the sign-in page says why.
    await page.evaluate((value) => localStorage.setItem('usuarioAdmin', value), stored);
    await open(page, suite.server, '/administrador/configuraciones');
    await waitForRoute(page, '/administrador/login');
    await page.getByRole('alert').filter({ hasText: MSG.sessionEnded }).waitFor();
    expect(await storageItem(page, 'usuarioAdmin')).toBeNull();
  });
});

/** The clave change form of either area (react-admin marks the required labels with " *"). */
const passwordForm = (page: Page) => ({
  actual: page.getByLabel(/^Clave actual/),
  nueva: page.getByLabel(/^Clave nueva/),
  confirmacion: page.getByLabel(/^Confirmar clave nueva/),
  guardar: page.getByRole('button', { name: 'Guardar clave' }),
});

/** The screen as it is at a desktop width (1366 px) and a phone's (390 px), then back to the suite's size. */
async function captureBothWidths(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
