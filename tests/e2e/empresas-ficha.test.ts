/**
 * The company page in Chromium: an administrator opens a company, edits its data and menus, saves, and sees the change
 * in the history; a save over someone else's change is refused and keeps what was typed; a registered company is
 * verified after looking at its payment, and the company is told by mail; a logo is uploaded and removed without losing
 * what was typed; a company is created by hand. Screenshots of every tab at 1366 and 390 px.
 */
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, e2eAvailable, e2eSuite, outbox, screenshot, screenshotsAtTwoWidths } from '../helpers/e2e';
import { adminToken, COSTA_AZUL_RUC, loginAdmin, open } from '../helpers/browser';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { EMPRESA_MSG, type EmpresaFicha } from '../../server/modules/empresas/contract';

/** A real PNG the browser draws: `width` x `height` pixels of one colour. */
function png(width: number, height: number, [r, g, b]: [number, number, number]) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const TABS = ['Datos', 'Menús', 'Usuarios', 'Pagos', 'Firma electrónica', 'Planes', 'Accesos de distribuidores', 'Historial'];

describe.skipIf(!e2eAvailable)('ficha de empresa', () => {
  const suite = e2eSuite();

  const companyId = async (ruc: string) => {
    const token = await adminToken(suite.server, DEMO.admin);
    const rows = await apiCall<Array<{ EMP_CODIGO: number }>>(
      suite.server,
      `/empresas?filter=${encodeURIComponent(JSON.stringify({ q: ruc }))}`,
      {
        token,
      },
    );
    return { id: rows[0].EMP_CODIGO, token };
  };

  const openCompany = async (id: number, name: string | RegExp) => {
    const page = await suite.freshPage();
    page.setDefaultTimeout(10_000);
    await loginAdmin(page, suite.server, DEMO.admin);
    await page.locator('.RaSidebar-fixed').getByRole('menuitem', { name: 'Empresas', exact: true }).waitFor();
    await open(page, suite.server, `/administrador/empresas/${id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    return page;
  };
  const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
  const save = (page: Page) => page.getByRole('button', { name: 'Guardar', exact: true }).click();

  it('el administrador edita datos y menús, guarda y ve el cambio en el historial; cada pestaña a 1366 y 390 px', async () => {
    const { id } = await companyId(DEMO.empresa.ruc);
    const page = await openCompany(id, 'Comercial Andina');
    await expect.poll(() => page.getByRole('tab').allInnerTexts()).toEqual(TABS.map((t) => t.toUpperCase()));
    await page
      .getByLabel(/^Dirección del establecimiento/)
      .first()
      .waitFor();
    await screenshotsAtTwoWidths(page, 'empresa-datos');

    await page.getByLabel(/^Nombre comercial/).fill('Comercial Andina Norte');
    await page.getByLabel('Teléfono', { exact: true }).fill('022000111');
    await tab(page, 'Menús').click();
    await page.getByRole('checkbox', { name: 'Ayuda y soporte' }).uncheck();
    await screenshotsAtTwoWidths(page, 'empresa-menus');
    await save(page);
    await page.getByText('Empresa guardada').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Comercial Andina Norte' }).waitFor();

    await tab(page, 'Historial').click();
    const history = page.getByRole('list', { name: 'Historial' });
    await history.getByText(/^Datos de la empresa cambiados/).waitFor();
    await history.getByText('Menús de la empresa cambiados').waitFor();
    await expect.poll(() => history.innerText()).toContain('Comercial Andina → Comercial Andina Norte');
    await expect.poll(() => history.innerText()).toContain('022345678 → 022000111');
    await screenshotsAtTwoWidths(page, 'empresa-historial');

    // The data survives a reload, and the second save of the same page uses the new version.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Comercial Andina Norte' }).waitFor();
    await page.getByLabel('Celular', { exact: true }).fill('0991112233');
    await save(page);
    await page.getByText('Empresa guardada').first().waitFor();
    await tab(page, 'Menús').click();
    await expect(page.getByRole('checkbox', { name: 'Ayuda y soporte' }).isChecked()).resolves.toBe(false);

    for (const [name, file] of [
      ['Usuarios', 'usuarios'],
      ['Pagos', 'pagos'],
      ['Firma electrónica', 'firma'],
      ['Planes', 'planes'],
      ['Accesos de distribuidores', 'accesos'],
    ]) {
      await tab(page, name).click();
      await page.getByRole('tabpanel').waitFor();
      await page.waitForTimeout(300);
      await screenshotsAtTwoWidths(page, `empresa-${file}`);
    }
    await tab(page, 'Planes').click();
    // The seeded plan with its consumption (seed.ts: none of Pyme's 500 documents used, as Andina has no invoice).
    await page.getByRole('group', { name: /^Acciones del plan Pyme / }).waitFor();
    await page.getByText('0 de 500 comprobantes usados').waitFor();
  });

  it('guardar sobre un cambio de otra persona muestra el mensaje y conserva lo escrito', async () => {
    const { id, token } = await companyId(DEMO.empresa.ruc);
    const page = await openCompany(id, /Comercial Andina/);
    await page.getByLabel(/^Razón social/).fill('ANDINA EDITADA EN EL NAVEGADOR S.A.');
    // Someone else saves first.
    const current = await apiCall<EmpresaFicha>(suite.server, `/empresas/${id}`, { token });
    await apiCall(suite.server, `/empresas/${id}`, { method: 'PUT', token, body: { ...current, EMP_DIRECCION: 'Otra dirección' } });
    await save(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByText(EMPRESA_MSG.stale).waitFor();
    await page.waitForTimeout(400); // the dialog's fade-in
    await screenshot(page, 'empresa-409');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page.getByLabel(/^Razón social/).inputValue()).resolves.toBe('ANDINA EDITADA EN EL NAVEGADOR S.A.');
    const after = await apiCall<EmpresaFicha>(suite.server, `/empresas/${id}`, { token });
    expect(after.EMP_NOMBRE).toBe(current.EMP_NOMBRE);
  });

  it('verifica una empresa registrada después de ver su pago, y la empresa recibe el correo', async () => {
    const { id } = await companyId(COSTA_AZUL_RUC);
    const page = await openCompany(id, 'Distribuidora Costa Azul');
    await page.getByText('Por verificar', { exact: true }).waitFor();
    await screenshotsAtTwoWidths(page, 'empresa-por-verificar');
    await page.getByRole('button', { name: /Ver comprobante de pago/ }).click();
    await expect.poll(() => tab(page, 'Pagos').getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tabpanel').getByText('TRF-20260315-0042').first().waitFor();

    await page.getByRole('button', { name: 'Verificar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /Verificar Distribuidora Costa Azul/ });
    await dialog.getByText(/info@costaazul\.ec/).waitFor();
    await dialog.getByRole('button', { name: 'Verificar', exact: true }).click();
    await page.getByText('Verificada', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Verificar', exact: true }).count()).toBe(0);
    await expect
      .poll(async () => (await outbox(suite.server.dataDir)).filter((m) => m.to.includes('info@costaazul.ec')).map((m) => m.subject))
      .toContain('Amelia: su empresa fue verificada');
    await tab(page, 'Historial').click();
    await page.getByRole('list', { name: 'Historial' }).getByText('Verificación: Verificada').waitFor();
  });

  it('sube el logo para documentos impresos sin perder lo escrito, guarda el formulario y quita el logo', async () => {
    const { id } = await companyId('1792060346001');
    const page = await openCompany(id, /Tornillo/);
    await page.getByLabel(/^Razón social/).fill('TORNILLO EDITADO SIN GUARDAR S.A.');
    const block = page.locator('section', { has: page.getByRole('heading', { name: 'Logo para documentos impresos' }) });
    await block.getByText('La empresa no tiene logo.').waitFor();
    await block
      .locator('#empresa-logo-archivo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(160, 60, [20, 90, 160]) });
    await block.getByRole('button', { name: 'Subir logo' }).click();
    await page.getByText('Logo actualizado').waitFor();
    const image = block.getByRole('img', { name: /^Logo actual de/ });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    await expect(page.getByLabel(/^Razón social/).inputValue()).resolves.toBe('TORNILLO EDITADO SIN GUARDAR S.A.');
    await block.scrollIntoViewIfNeeded();
    await screenshotsAtTwoWidths(page, 'empresa-logo');
    // The logo did not change the company's version: the form still saves.
    await save(page);
    await page.getByText('Empresa guardada').waitFor();
    await page.getByRole('heading', { level: 1, name: /Tornillo/ }).waitFor();

    await block.getByRole('button', { name: 'Quitar logo' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Quitar el logo?' });
    await dialog.getByRole('button', { name: 'Quitar logo' }).click();
    await page.getByText('Logo quitado').waitFor();
    await block.getByText('La empresa no tiene logo.').waitFor();
  });

  it('crea una empresa a mano y llega a su ficha', async () => {
    const page = await suite.freshPage();
    page.setDefaultTimeout(10_000);
    await loginAdmin(page, suite.server, DEMO.admin);
    await open(page, suite.server, '/administrador/empresas/create');
    await page.getByLabel(/^RUC/).fill('1791234567001');
    await page.getByLabel(/^Razón social/).fill('NUEVA EMPRESA DE PRUEBA S.A.');
    await page.getByLabel(/^Nombre comercial/).fill('Nueva Empresa');
    await page.getByLabel(/^Correo/).fill('contacto@nuevaempresa.ec');
    await page.getByRole('button', { name: 'Agregar establecimiento' }).click();
    await page.getByLabel(/^Dirección del establecimiento/).fill('Av. Siempre Viva 742');
    await page.getByLabel('Primer usuario (opcional)').fill('gerente');
    await page.getByLabel('Clave del primer usuario').fill('ClaveSegura2026');
    await screenshotsAtTwoWidths(page, 'empresa-crear');
    await save(page);
    await page.getByRole('heading', { level: 1, name: 'Nueva Empresa' }).waitFor();
    expect(new URL(page.url()).hash).toMatch(/^#\/administrador\/empresas\/\d+$/);
    await page.getByText('Verificada', { exact: true }).waitFor();
  });
});
