/**
 * Who may do what, set from the browser: an administrator creates a profile with only the tickets menu,
 * creates an administrator with it, and that person sees only tickets while a typed URL to companies shows "No tiene
 * acceso"; turning white label on from the settings form changes the login page on its next load; an administrator
 * resets another's clave, who signs in with the mailed temporary clave and must choose a new one before anything else.
 */
import { describe, expect, it } from 'vitest';
import { apiCall, e2eAvailable, e2eSuite, screenshot, screenshotsAtTwoWidths, waitForMail } from '../helpers/e2e';
import {
  acceptMessage,
  adminToken,
  chooseUserMenu,
  expectMessage,
  fillAdminLogin,
  loginAdmin,
  open,
  sidebarEntries,
  waitForRoute,
} from '../helpers/browser';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';

describe.skipIf(!e2eAvailable)('administración: perfiles, administradores y configuraciones', () => {
  const suite = e2eSuite();

  it('un perfil con solo tickets: su administrador ve solo tickets y una URL de empresas muestra "No tiene acceso"', async () => {
    const page = await suite.freshPage();
    page.setDefaultTimeout(15_000);
    await loginAdmin(page, suite.server, DEMO.admin);
    await sidebarEntries(page);

    // The profile, then its menus as a checklist on its page.
    await open(page, suite.server, '/administrador/perfiles/create');
    await page.getByLabel(/^Nombre/).fill('Soporte');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('checkbox', { name: /^Tickets de soporte/ }).check();
    const inicio = page.getByRole('checkbox', { name: /^Inicio/ });
    if (!(await inicio.isChecked())) await inicio.check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await waitForRoute(page, '/administrador/perfiles');

    // An administrator with that profile.
    await open(page, suite.server, '/administrador/administradores/create');
    await page.getByLabel(/^Usuario/).fill('soporte.uno');
    await page.getByLabel(/^Nombre/).fill('Paola Soporte');
    await page.getByLabel(/^Correo/).fill('paola.soporte@amelia.ec');
    await page.getByRole('combobox', { name: /^Perfil/ }).click();
    await page.getByRole('option', { name: 'Soporte', exact: true }).click();
    await page.getByLabel(/^Clave inicial/).fill('ClaveSoporte2026');
    await page.getByLabel(/^Repita la clave/).fill('ClaveSoporte2026');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Elemento creado').waitFor();

    const person = await suite.freshPage();
    await loginAdmin(person, suite.server, { usuario: 'soporte.uno', clave: 'ClaveSoporte2026' });
    expect(await sidebarEntries(person)).toEqual(['Inicio', 'Tickets de soporte']);
    await open(person, suite.server, '/administrador/empresas');
    await person.getByRole('heading', { name: 'No tiene acceso', level: 1 }).waitFor();
    await screenshot(person, 'perfil-soporte-sin-acceso');
    // The tickets screen still opens: the session was not closed.
    await person.getByRole('menuitem', { name: 'Tickets de soporte' }).click();
    await waitForRoute(person, '/administrador/soporte');
  });

  it('la marca blanca activada desde su formulario cambia la pantalla de ingreso en su siguiente carga', async () => {
    const token = await adminToken(suite.server, DEMO.admin);
    try {
      const login = await suite.freshPage();
      await open(login, suite.server, '/login');
      await login.getByRole('region', { name: 'Novedades de Amelia' }).waitFor();

      const page = await suite.freshPage();
      await loginAdmin(page, suite.server, DEMO.admin);
      await sidebarEntries(page);
      await open(page, suite.server, '/administrador/configuraciones/9');
      const sw = page.getByRole('switch', { name: 'Marca blanca activa' }).or(page.getByLabel('Marca blanca activa'));
      await sw.check();
      await page.getByRole('button', { name: 'Guardar' }).click();
      await waitForRoute(page, '/administrador/configuraciones');

      await login.reload();
      await login.locator('[data-mode="marca-blanca"]').waitFor();
      expect(await login.getByRole('region', { name: 'Novedades de Amelia' }).count()).toBe(0);
      await screenshot(login, 'marca-blanca-desde-formulario');
    } finally {
      await apiCall(suite.server, '/configuraciones/actualizar', { method: 'PUT', token, body: { CON_CODIGO: 9, CON_VALOR1: 'no' } });
    }
  });

  it('restablecer la clave de otro: ingresa con la temporal del correo, debe elegir una clave nueva y luego trabaja normalmente', async () => {
    const token = await adminToken(suite.server, DEMO.admin);
    const person = { usuario: 'restablecida.uno', clave: 'ClaveOlvidada2026', correo: 'restablecida.uno@amelia.ec' };
    const { ADM_CODIGO } = await apiCall<{ ADM_CODIGO: number }>(suite.server, '/administradores', {
      method: 'POST',
      token,
      body: {
        ADM_USUARIO: person.usuario,
        ADM_NOMBRE: 'Marta Restablecida',
        ADM_CORREO: person.correo,
        PRF_CODIGO: 1,
        clave: person.clave,
      },
    });

    // The administrator resets it from the person's page; the dialog says how long the temporary clave lasts.
    const page = await suite.freshPage();
    page.setDefaultTimeout(15_000);
    await loginAdmin(page, suite.server, DEMO.admin);
    await open(page, suite.server, `/administrador/administradores/${ADM_CODIGO}`);
    await page.getByRole('button', { name: 'Restablecer clave' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/vence en 24 horas y sirve para ingresar una sola vez/).waitFor();
    await page.waitForTimeout(400); // the dialog fades in
    await screenshot(page, 'administrador-restablecer-clave');
    await dialog.getByRole('button', { name: 'Restablecer clave' }).click();
    await page.getByText(`Se envió una clave temporal a ${person.correo}; vence en 24 horas`, { exact: false }).waitFor();
    const [, temporary] = await waitForMail(suite.server.dataDir, person.correo, /Clave temporal: (\S+)/);

    // The forgotten clave no longer opens a session.
    const other = await suite.freshPage();
    other.setDefaultTimeout(15_000);
    await open(other, suite.server, '/administrador/login');
    await fillAdminLogin(other, person);
    await expectMessage(other, MSG.loginErrorTitle, `${MSG.loginErrorPrefix} ${MSG.adminLoginFailed}`);
    await acceptMessage(other);

    // The temporary one leads to choosing a new clave, and nothing else: a typed address comes back here.
    await other.getByLabel('Clave', { exact: true }).fill(temporary);
    await other.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await waitForRoute(other, '/administrador/elegir-clave');
    await other.getByRole('heading', { name: 'Elija una clave nueva' }).waitFor();
    await other.getByText(MSG.mustChangePassword).waitFor();
    expect(await other.getByLabel(/^Clave actual/).count()).toBe(0);
    await screenshotsAtTwoWidths(other, 'administrador-elegir-clave');
    await open(other, suite.server, '/administrador/empresas');
    await waitForRoute(other, '/administrador/elegir-clave');
    // A session that lost the flag is sent back by the server's 403 CAMBIAR_CLAVE.
    await other.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('usuarioAdmin')!);
      localStorage.setItem('usuarioAdmin', JSON.stringify({ ...user, cambiarClave: false }));
    });
    await open(other, suite.server, '/administrador/administradores');
    await waitForRoute(other, '/administrador/elegir-clave');

    const chosen = 'ElegidaAdmin2026';
    await other.getByLabel(/^Clave nueva/).fill(chosen);
    await other.getByLabel(/^Confirmar clave nueva/).fill(chosen);
    await other.getByRole('button', { name: 'Guardar clave' }).click();
    await waitForRoute(other, '/administrador');
    await other.getByText(MSG.passwordChanged).waitFor();
    expect(await sidebarEntries(other)).toContain('Administradores');
    await other.getByRole('menuitem', { name: 'Administradores' }).click();
    await waitForRoute(other, '/administrador/administradores');
    await other.getByText('Marta Restablecida').first().waitFor();

    // Used once: after signing out, only the chosen clave opens the area.
    await chooseUserMenu(other, 'Cerrar sesión');
    await waitForRoute(other, '/administrador/login');
    await fillAdminLogin(other, { ...person, clave: temporary });
    await expectMessage(other, MSG.loginErrorTitle, `${MSG.loginErrorPrefix} ${MSG.adminLoginFailed}`);
    await acceptMessage(other);
    await other.getByLabel('Clave', { exact: true }).fill(chosen);
    await other.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await waitForRoute(other, '/administrador');
    await sidebarEntries(other);
  });
});
