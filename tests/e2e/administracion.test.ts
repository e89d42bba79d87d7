/**
 * Who may do what, set from the browser (issue 11): an administrator creates a profile with only the tickets menu,
 * creates an administrator with it, and that person sees only tickets while a typed URL to companies shows "No tiene
 * acceso"; turning white label on from the settings form changes the login page on its next load.
 */
import { describe, expect, it } from 'vitest';
import { apiCall, e2eAvailable, e2eSuite, screenshot } from '../helpers/e2e';
import { adminToken, loginAdmin, open, sidebarEntries, waitForRoute } from '../helpers/browser';
import { DEMO } from '../../server/infra/db/demo-accounts';

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
});
