/**
 * Every list and form of the back office's own sections at 1366 and 390 px: each opens with its data, in
 * Spanish, without sideways scrolling. Screenshots under test-results/screenshots/admin-<section>-<width>.png.
 */
import { describe, expect, it } from 'vitest';
import { e2eAvailable, e2eSuite, screenshotsAtTwoWidths } from '../helpers/e2e';
import { loginAdmin, open, sidebarEntries } from '../helpers/browser';
import { DEMO } from '../../server/infra/db/demo-accounts';

/** A form is ready once its Guardar button shows. */
const FORM = 'Guardar';

/** Each screen, and a text that shows once its data has arrived. */
const SCREENS: Array<{ name: string; route: string; shows: string | RegExp }> = [
  { name: 'asesores', route: '/administrador/asesores', shows: /Filas por página/ },
  { name: 'asesores-crear', route: '/administrador/asesores/create', shows: FORM },
  { name: 'bancos', route: '/administrador/bancos', shows: 'Banco Pichincha' },
  { name: 'bancos-crear', route: '/administrador/bancos/create', shows: FORM },
  { name: 'perfiles', route: '/administrador/perfiles', shows: 'Distribuidor' },
  { name: 'perfiles-editar', route: '/administrador/perfiles/4', shows: /Tickets de soporte/ },
  { name: 'menus', route: '/administrador/menus', shows: 'Planes vendidos' },
  { name: 'menus-crear', route: '/administrador/menus/create', shows: FORM },
  { name: 'administradores', route: '/administrador/administradores', shows: DEMO.distribuidor.usuario },
  { name: 'administradores-crear', route: '/administrador/administradores/create', shows: FORM },
  { name: 'auditoria', route: '/administrador/auditoria', shows: /Filas por página|Aún no hay|No se encontraron/ },
  { name: 'configuraciones', route: '/administrador/configuraciones', shows: /Marca blanca/ },
  { name: 'configuraciones-marca-blanca', route: '/administrador/configuraciones/9', shows: FORM },
  { name: 'configuraciones-imagenes', route: '/administrador/configuraciones/5', shows: /Favicon/ },
];

describe.skipIf(!e2eAvailable)('administración: cada lista y formulario a 1366 y 390 px', () => {
  const suite = e2eSuite();

  it('abren con sus datos, en español y sin desbordarse', async () => {
    const page = await suite.freshPage();
    page.setDefaultTimeout(15_000);
    await loginAdmin(page, suite.server, DEMO.admin);
    await sidebarEntries(page);
    for (const { name, route, shows } of SCREENS) {
      await open(page, suite.server, route);
      await (shows === FORM ? page.getByRole('button', { name: FORM }) : page.getByText(shows).first()).waitFor();
      expect(await page.locator('body').innerText(), name).not.toMatch(/Rows per page|\bSave\b|\bDelete\b|\bCreate\b|ra\.[a-z]+\./);
      await screenshotsAtTwoWidths(page, `admin-${name}`);
    }
  });
});
