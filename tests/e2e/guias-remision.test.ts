/**
 * A guía de remisión end to end, in Chromium, against a local SRI the test starts: Ferretería El Tornillo invoices a
 * client (authorized by the SRI); on the invoice's page «Guía de remisión» opens the guía's form prepared from it (the
 * buyer as destinatario with the invoice's lines, the invoice as support); the user picks the carrier (its plate comes
 * along), adds a second destinatario by hand (a transfer to its own warehouse, one good from the catalogue), saves the
 * draft and issues it: AUTORIZADA, its destinatario gets the email, and the support document links to the invoice.
 * Screenshots at 1366 and 390 px in /tmp/shots-guias/ (and test-results).
 */
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, e2eAvailable, waitForMail } from '../helpers/e2e';
import { loginCompany, open, waitForRoute } from '../helpers/browser';
import { e2eSuiteConSri, fotoDosAnchos, TORNILLO, venderPlan } from '../helpers/facturas-e2e';
import { borrador } from '../helpers/facturas-api';
import type { LineaBorrador } from '../../server/modules/facturas/contract';

const SHOTS = process.env.GUIAS_SHOTS ?? path.join(os.tmpdir(), 'shots-guias');
const foto = (page: Page, nombre: string) => fotoDosAnchos(page, SHOTS, nombre);

const CLIENTE = 'CONSTRUCTORA DEL VALLE S.A.';
const CORREO_CLIENTE = 'bodega@constructoradelvalle.ec';
const LINEAS: LineaBorrador[] = [
  { FDE_PRINCIPAL: 'VAR-12', FDE_DESCRIPCION: 'Varilla corrugada 12 mm', FDE_CANTIDAD: '40', FDE_PRECIO: '8.50', FDE_IVA: '4' },
  { FDE_PRINCIPAL: 'CEM-50', FDE_DESCRIPCION: 'Cemento gris 50 kg', FDE_CANTIDAD: '25', FDE_PRECIO: '7.90', FDE_IVA: '4' },
];

describe.skipIf(!e2eAvailable)('guías de remisión: desde una factura autorizada, con dos destinatarios, emitida', () => {
  const suite = e2eSuiteConSri({ demoraAutorizacionMs: 300 });

  let page: Page;
  let token = '';
  let factura = 0;
  let numeroFactura = '';

  it('El Tornillo factura a su cliente y el SRI la autoriza; tiene un transportista', async () => {
    await venderPlan(suite.server);
    ({
      usuario: { token },
    } = await apiCall<{ usuario: { token: string } }>(suite.server, '/login', { method: 'POST', body: TORNILLO }));
    const { CLI_CODIGO } = await apiCall<{ CLI_CODIGO: number }>(suite.server, '/api/clientes', {
      method: 'POST',
      token,
      body: {
        CLI_TIPO_IDENTIFICACION: '04',
        CLI_IDENTIFICACION: '1791256115001',
        CLI_RAZON_SOCIAL: CLIENTE,
        CLI_DIRECCION: 'Av. Interoceánica km 12, Cumbayá',
        CLI_CORREOS: [CORREO_CLIENTE],
      },
    });
    const [{ PEM_CODIGO }] = await apiCall<Array<{ PEM_CODIGO: number }>>(suite.server, '/api/facturas/puntos', { token });
    ({ FAC_CODIGO: factura } = await apiCall<{ FAC_CODIGO: number }>(suite.server, '/api/facturas', {
      method: 'POST',
      token,
      body: borrador(PEM_CODIGO, CLI_CODIGO, LINEAS),
    }));
    await apiCall(suite.server, `/api/facturas/${factura}/emitir`, { method: 'POST', token });
    const leer = () => apiCall<{ FAC_ESTADO: string; FAC_NUMERO: string }>(suite.server, `/api/facturas/${factura}`, { token });
    await expect.poll(async () => (await leer()).FAC_ESTADO, { timeout: 20_000 }).toBe('AUTORIZADA');
    numeroFactura = (await leer()).FAC_NUMERO;
    await apiCall(suite.server, '/api/catalogo', {
      method: 'POST',
      token,
      body: { CAT_PRINCIPAL: 'ALI-UNI-8', CAT_DESCRIPCION: 'Alicate universal 8"', CAT_PRECIO: '7.25', CAT_IVA: '4' },
    });
    await apiCall(suite.server, '/api/transportistas', {
      method: 'POST',
      token,
      body: {
        TRA_TIPO_IDENTIFICACION: '05',
        TRA_IDENTIFICACION: '1710034065',
        TRA_RAZON_SOCIAL: 'Luis Alberto Quishpe Tipán',
        TRA_PLACA: 'PBC-1234',
        TRA_CORREOS: [],
        TRA_TELEFONOS: [],
        TRA_ACTIVO: true,
      },
    });
    page = await suite.sharedPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginCompany(page, suite.server, TORNILLO);
  });

  it('«Guía de remisión» en la factura abre el formulario con su comprador, sus líneas y la factura de sustento', async () => {
    await open(page, suite.server, `/facturas/${factura}/show`);
    await page.getByRole('link', { name: 'Guía de remisión' }).click();
    await waitForRoute(page, `/guiasRemision/create?factura=${factura}`);
    await page.getByText(`Preparada desde la factura ${numeroFactura}`).waitFor();
    const d1 = page.locator('[data-destinatario="1"]');
    await expect.poll(() => d1.getByLabel('Nombre o razón social', { exact: true }).inputValue()).toBe(CLIENTE);
    expect(await d1.getByLabel('Correos', { exact: true }).inputValue()).toBe(CORREO_CLIENTE);
    expect(await d1.getByLabel('Descripción, bien 2 del destinatario 1').inputValue()).toBe('Cemento gris 50 kg');
    expect(await d1.getByLabel('Cantidad, bien 1 del destinatario 1').inputValue()).toBe('40');
    await expect.poll(() => d1.getByLabel('Factura de sustento', { exact: true }).inputValue()).toContain(numeroFactura);
  });

  it('elige el transportista (su placa llega sola), agrega un traslado a su bodega y guarda el borrador', async () => {
    await page.getByLabel('Transportista', { exact: true }).fill('Quishpe');
    await page.getByRole('option', { name: /Luis Alberto Quishpe Tipán/ }).click();
    await expect.poll(() => page.getByLabel('Placa', { exact: true }).inputValue()).toBe('PBC-1234');
    await page.getByRole('button', { name: 'Agregar destinatario' }).click();
    const d2 = page.locator('[data-destinatario="2"]');
    await d2.getByLabel('Identificación', { exact: true }).fill(TORNILLO.ruc);
    await d2.getByLabel('Nombre o razón social', { exact: true }).fill('Ferretería El Tornillo, bodega sur');
    await d2.getByLabel('Dirección de llegada', { exact: true }).fill('Av. Maldonado S12-45, Quito');
    await d2.getByLabel('Motivo del traslado', { exact: true }).fill('Traslado entre establecimientos');
    await d2.getByLabel('Establecimiento de destino', { exact: true }).fill('002');
    await d2.getByLabel('Descripción, bien 1 del destinatario 2').fill('Alicate');
    await page.getByRole('option', { name: /Alicate universal 8"/ }).click();
    expect(await d2.getByLabel('Código, bien 1 del destinatario 2').inputValue()).toBe('ALI-UNI-8');
    await d2.getByLabel('Cantidad, bien 1 del destinatario 2').fill('2,5');
    await expect.poll(() => d2.getByLabel('Cantidad, bien 1 del destinatario 2').inputValue()).toBe('2,5');
    await foto(page, 'formulario');
    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await page.waitForURL(/#\/guiasRemision\/\d+\/show/);
    await page.locator('[data-destinatario="2"]').getByText('Traslado entre establecimientos').waitFor();
    // The goods' rows render with their box; a loaded CI read the count before they were there.
    await page.locator('[data-destinatario="2"]').getByText('2.5', { exact: true }).waitFor();
    await foto(page, 'borrador');
  });

  it('la emite: el SRI la autoriza, el destinatario recibe el correo y el sustento lleva a la factura', async () => {
    await page.getByRole('button', { name: 'Emitir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Emitir' }).click();
    await page.getByText('Autorizada por el SRI').first().waitFor({ timeout: 20_000 });
    await waitForMail(suite.server.dataDir, CORREO_CLIENTE, /gu[ií]a de remisi[oó]n/i);
    await foto(page, 'autorizada');
    await page.locator('[data-sustento]').click();
    await waitForRoute(page, `/facturas/${factura}/show`);
    await open(page, suite.server, '/guiasRemision');
    await page
      .getByRole('row', { name: /Luis Alberto Quishpe Tipán/ })
      .getByText('Autorizada')
      .waitFor();
    await foto(page, 'lista');
  });
});
