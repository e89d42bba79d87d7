/**
 * The administration screens' own buttons and labels: the ticket list's "Agregar filtro" menu reads its labels
 * from the Spanish catalogue, a setting is edited but never deleted, a product without tickets is deleted and one
 * with tickets is kept with the server's message; and the public ticket page shows the attachment's upload progress.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, e2eAvailable, e2eSuite, screenshot } from '../helpers/e2e';
import { adminToken, expectMessage, loginAdmin, open, sidebarEntries, waitForRoute } from '../helpers/browser';
import { tempFiles, ticketForm, zipBytes } from '../helpers/soporte';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';

type Product = { PROD_ID: number; PROD_NOMBRE: string };

describe.skipIf(!e2eAvailable)('recursos de la administración y subida de archivos', () => {
  const suite = e2eSuite();
  const files = tempFiles();
  afterAll(() => files.cleanup());

  const adminPage = async () => {
    const page = await suite.freshPage();
    await loginAdmin(page, suite.server, DEMO.admin);
    await sidebarEntries(page);
    return page;
  };

  const createProduct = async (name: string) =>
    apiCall<Product>(suite.server, '/productos', {
      method: 'POST',
      token: await adminToken(suite.server, DEMO.admin),
      body: { PROD_NOMBRE: name, PROD_ACTIVO: true },
    });

  const fileTicket = (productId: number) =>
    apiCall<{ SPT_ID: number }>(suite.server, '/soporte', {
      method: 'POST',
      body: {
        SPT_PRODUCTOS: productId,
        SPT_RUC: DEMO.empresa.ruc,
        SPT_CLIENTENOMBRE: 'Cliente de prueba',
        SPT_CLIENTECORREO: 'cliente@prueba.ec',
        SPT_CLIENTETELEFONO: '022345678',
        SPT_ASUNTO: 'stec',
        SPT_MENSAJE: '<p>Consulta</p>',
      },
    });

  it('"Agregar filtro" de los tickets muestra las etiquetas en español: Producto, Asunto, Asesor', async () => {
    // With no ticket at all the list shows its empty page, without filters.
    await fileTicket(1);
    const page = await adminPage();
    await page.getByRole('menuitem', { name: 'Tickets de soporte' }).click();
    await waitForRoute(page, '/administrador/soporte');
    await page.getByRole('button', { name: 'Agregar filtro' }).click();
    const items = page.getByRole('menuitemcheckbox');
    await items.first().waitFor();
    const labels = (await items.allInnerTexts()).map((t) => t.trim());
    expect(labels).toEqual(['Producto', 'Asunto', 'Asesor']);
    for (const label of labels) expect(label).not.toMatch(/^\S( \S)+$|SPT_|ASE_/);
    await screenshot(page, 'filtros-tickets');
    await page.keyboard.press('Escape');
    // The columns read theirs from the same place.
    const headers = (await page.locator('thead th').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    expect(headers).toEqual(['N°', 'Fecha', 'Cliente', 'RUC / cédula', 'Producto', 'Asunto', 'Estado', 'Asesor']);
  });

  it('una configuración se edita pero no se elimina: la pantalla no ofrece Eliminar', async () => {
    const page = await adminPage();
    await open(page, suite.server, '/administrador/configuraciones/8');
    await page.getByLabel('Facebook', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Guardar' }).waitFor();
    expect(await page.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);
    await expect.poll(() => page.title()).toMatch(/^Editar configuración · /);
  });

  it('Productos: se elimina un producto sin tickets; uno con tickets se conserva con el mensaje del servidor', async () => {
    const unused = await createProduct(`Producto sin uso ${Date.now()}`);
    const used = await createProduct(`Producto con tickets ${Date.now()}`);
    await fileTicket(used.PROD_ID);
    const page = await adminPage();

    await open(page, suite.server, `/administrador/productos/${unused.PROD_ID}`);
    await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar', exact: true }).click();
    await waitForRoute(page, '/administrador/productos');
    await page.getByText('Elemento eliminado').waitFor();
    const token = await adminToken(suite.server, DEMO.admin);
    await expect(apiCall(suite.server, `/productos/${unused.PROD_ID}`, { token })).rejects.toThrow(/^404 /);

    await open(page, suite.server, `/administrador/productos/${used.PROD_ID}`);
    await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar', exact: true }).click();
    const refused = await fetch(new URL(`api/EmpresasAmelia/productos/${used.PROD_ID}`, suite.server.url), {
      method: 'DELETE',
      headers: { 'x-token': token },
    });
    expect(refused.status).toBe(409);
    const { msg } = (await refused.json()) as { msg: string };
    await page.getByText(msg, { exact: true }).waitFor();
    await screenshot(page, 'producto-con-tickets');
    expect((await apiCall<Product>(suite.server, `/productos/${used.PROD_ID}`, { token })).PROD_NOMBRE).toBe(used.PROD_NOMBRE);
  });

  it('el formulario público muestra el progreso de la subida del adjunto', async () => {
    const page = await suite.freshPage();
    // Hold the upload for a moment, as a slow connection would, so its progress can be seen.
    await page.route('**/api/EmpresasAmelia/soporte/docCli/*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await open(page, suite.server, '/administrador/soporteTicket');
    const form = ticketForm(page);
    await page.locator('#SPT_PRODUCTOS option:not([value=""])').first().waitFor({ state: 'attached' });
    await form.product.selectOption({ index: 1 });
    await form.id.fill(DEMO.empresa.ruc);
    await form.name.fill('Cliente de prueba');
    await form.email.fill('cliente@prueba.ec');
    await form.subject.selectOption('stec');
    await form.message.click();
    await page.keyboard.type('Adjunto el respaldo.');
    await form.file.setInputFiles(files.write('respaldo.zip', zipBytes('respaldo')));
    await form.send.click();

    const progress = page.getByRole('progressbar', { name: 'Subiendo respaldo.zip' });
    await progress.waitFor();
    expect(await page.locator('#adjunto-help').innerText()).toMatch(/^Subiendo\.\.\. \d{1,3} %$/);
    await screenshot(page, 'ticket-publico-subiendo');
    await expectMessage(page, MSG.ticketOkTitle, new RegExp(`^${MSG.ticketOk}`));
    expect(await progress.count()).toBe(0);
  });
});
