/**
 * Credit terms and the aging of the receivable in Chromium, against a local SRI: a user of Ferretería El Tornillo
 * invoices a client with 30 days of credit (the form puts plazo 30 días on the payment and shows "Vence"), issues it and
 * sees it authorized with its due date; with a cash invoice issued 45 days ago, the "Antigüedad de cartera" screen
 * (from the clients list) shows each balance in its bucket, with the totals, and downloads it as PDF and Excel; the
 * client's page shows its own aging. Screenshots at 1366 and 390 px in test-results/screenshots/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { apiCall, e2eAvailable, e2eSuite, screenshotsAtTwoWidths } from '../helpers/e2e';
import { loginCompany, open, waitForRoute } from '../helpers/browser';
import { TORNILLO, venderPlan } from '../helpers/facturas-e2e';
import { borrador } from '../helpers/facturas-api';
import { cedulaValida } from '../helpers/identificaciones';
import { iniciarSriLocal, type SriLocal } from '../../server/sri-local';
import { hoyEcuador, sumarDias } from '../../domain/fechas';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-cartera-e2e-'));
const CREDITO = 'ALMACÉN A CRÉDITO';
const CONTADO = 'BAZAR DE CONTADO';

describe.skipIf(!e2eAvailable)('plazo de crédito y antigüedad de cartera', () => {
  let sri: SriLocal;
  beforeAll(async () => {
    sri = await iniciarSriLocal({ demoraAutorizacionMs: 300 });
  });
  const suite = e2eSuite(() => ({ SRI_COLA: 'true', SRI_PRUEBAS_URL: sri.url, SRI_INTERVALO_MS: '300', SRI_REINTENTO_MS: '300' }));
  afterAll(async () => {
    await sri?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const hoy = hoyEcuador();
  let page: Page;
  let token = '';
  let punto = 0;
  let credito = 0;
  let contado = 0;
  let numeroContado = '';

  const nuevoCliente = async (serial: number, razon: string, dias: number) =>
    (
      await apiCall<{ CLI_CODIGO: number }>(suite.server, '/api/clientes', {
        method: 'POST',
        token,
        body: {
          CLI_TIPO_IDENTIFICACION: '05',
          CLI_IDENTIFICACION: cedulaValida(serial),
          CLI_RAZON_SOCIAL: razon,
          CLI_DIRECCION: 'Av. Amazonas N34-12, Quito',
          CLI_CORREOS: [],
          CLI_DIAS_CREDITO: dias,
        },
      })
    ).CLI_CODIGO;

  async function autorizada(id: number) {
    await expect
      .poll(async () => (await apiCall<{ FAC_ESTADO: string }>(suite.server, `/api/facturas/${id}`, { token })).FAC_ESTADO, {
        timeout: 20_000,
      })
      .toBe('AUTORIZADA');
  }

  it('con un cliente de 30 días de crédito, la factura pone plazo 30 días y muestra su vencimiento', async () => {
    await venderPlan(suite.server);
    ({
      usuario: { token },
    } = await apiCall<{ usuario: { token: string } }>(suite.server, '/login', { method: 'POST', body: TORNILLO }));
    punto = (await apiCall<Array<{ PEM_CODIGO: number }>>(suite.server, '/api/facturas/puntos', { token }))[0]!.PEM_CODIGO;
    credito = await nuevoCliente(81, CREDITO, 30);
    contado = await nuevoCliente(82, CONTADO, 0);

    // A cash sale issued 45 days ago: due that day, 45 days overdue.
    const vieja = (
      await apiCall<{ FAC_CODIGO: number }>(suite.server, '/api/facturas', {
        method: 'POST',
        token,
        body: borrador(punto, contado, undefined, { FAC_FECHA: sumarDias(hoy, -45) }),
      })
    ).FAC_CODIGO;
    await apiCall(suite.server, `/api/facturas/${vieja}/emitir`, { method: 'POST', token });
    await autorizada(vieja);
    numeroContado = (await apiCall<{ FAC_NUMERO: string }>(suite.server, `/api/facturas/${vieja}`, { token })).FAC_NUMERO;

    page = await suite.sharedPage();
    page.setDefaultTimeout(15_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginCompany(page, suite.server, TORNILLO);
    await open(page, suite.server, '/facturas/create');
    await page.getByLabel(/^Comprador/).fill('ALMACÉN');
    await page.getByRole('option', { name: new RegExp(CREDITO) }).click();
    const plazo = page.getByLabel('Plazo, formas de pago 1', { exact: true });
    await expect.poll(() => plazo.inputValue()).toBe('30');
    expect(await page.locator('[data-pago="1"]').innerText()).toContain('Días');
    const vence = sumarDias(hoy, 30);
    await expect.poll(() => page.locator('[data-vence]').innerText()).toBe(`Vence: ${vence} · Crédito del cliente: 30 días`);

    const linea = (campo: string) => page.getByLabel(`${campo}, Línea 1`, { exact: true });
    await linea('Descripción').fill('Cemento Holcim tipo GU 50 kg');
    await linea('Cantidad').fill('10');
    await linea('Precio unitario').fill('8.50');
    await expect.poll(() => page.locator('[data-total="Total"]').innerText()).toBe('97.75');
    // The term is the user's to change: 45 days moves the due date; back to 30.
    await plazo.fill('45');
    await expect.poll(() => page.locator('[data-vence]').innerText()).toContain(`Vence: ${sumarDias(hoy, 45)}`);
    await plazo.fill('30');
    await expect.poll(() => page.locator('[data-vence]').innerText()).toContain(`Vence: ${vence}`);
    await page.locator('[data-vence]').scrollIntoViewIfNeeded();
    await screenshotsAtTwoWidths(page, 'cartera-factura-credito-form');
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await page.waitForURL(/#\/facturas\/\d+\/show$/);
    await expect.poll(() => page.locator('[data-vence]').innerText()).toBe(vence);
    expect(await page.getByRole('region', { name: 'Formas de pago' }).innerText()).toMatch(/30 días/);
    await page.getByRole('button', { name: 'Emitir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Emitir' }).click();
    await page.locator('[data-estado="AUTORIZADA"]').first().waitFor({ timeout: 20_000 });
    await screenshotsAtTwoWidths(page, 'cartera-factura-credito');
  });

  it('la antigüedad de cartera pone cada saldo en su tramo y se descarga en PDF y Excel', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await open(page, suite.server, '/clientes');
    const boton = page.getByRole('link', { name: 'Antigüedad de cartera' });
    await boton.waitFor();
    await screenshotsAtTwoWidths(page, 'cartera-clientes-lista');
    await page.setViewportSize({ width: 1366, height: 900 });
    await boton.click();
    await waitForRoute(page, '/clientes/cartera');
    const tabla = page.getByRole('table', { name: 'Antigüedad de cartera' });
    const fila = (id: number) => tabla.locator(`[data-cliente="${id}"]`);
    await fila(credito).waitFor();
    const celda = async (id: number, tramo: string) => (await fila(id).locator(`[data-tramo="${tramo}"]`).innerText()).trim();
    expect(await celda(credito, 'porVencer')).toBe('97.75');
    expect(await celda(credito, 'dias31a60')).toBe('0.00');
    const totalContado = await celda(contado, 'saldo');
    expect(Number(totalContado)).toBeGreaterThan(0);
    expect(await celda(contado, 'dias31a60')).toBe(totalContado);
    expect(await celda(contado, 'porVencer')).toBe('0.00');
    const total = tabla.locator('[data-total]');
    expect(await total.innerText()).toMatch(/Total \(2 clientes\)/);
    expect((await total.locator('[data-tramo="porVencer"]').innerText()).trim()).toBe('97.75');
    expect((await total.locator('[data-tramo="dias31a60"]').innerText()).trim()).toBe(totalContado);
    await screenshotsAtTwoWidths(page, 'cartera-antiguedad');
    await page.setViewportSize({ width: 1366, height: 900 });

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar PDF' }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/^antiguedad-cartera-1792060346001-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdfFile = path.join(tmp, 'cartera.pdf');
    await pdf.saveAs(pdfFile);
    const texto = spawnSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' }).stdout;
    expect(texto).toMatch(new RegExp(`${CREDITO}\\s+97\\.75\\s+0\\.00\\s+0\\.00\\s+0\\.00\\s+0\\.00\\s+97\\.75`));
    expect(texto).toMatch(new RegExp(`${CONTADO}\\s+0\\.00\\s+0\\.00\\s+${totalContado.replace('.', '\\.')}`));

    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar Excel' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const xlsxFile = path.join(tmp, 'cartera.xlsx');
    await xlsx.saveAs(xlsxFile);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.readFile(xlsxFile);
    const filas = libro.getWorksheet('Antigüedad')!.getSheetValues().filter(Boolean) as unknown[][];
    expect(filas.find((r) => r[2] === CREDITO)!.slice(3, 9)).toEqual([97.75, 0, 0, 0, 0, 97.75]);
    expect(filas.find((r) => r[2] === CONTADO)![5]).toBe(Number(totalContado));
  });

  it('la página del cliente muestra su antigüedad de cartera, factura por factura', async () => {
    await page.getByRole('link', { name: CONTADO }).first().click();
    await waitForRoute(page, `/clientes/${contado}/show`);
    const panel = page.getByRole('region', { name: 'Antigüedad de cartera' });
    await panel.getByText(numeroContado).first().waitFor();
    expect(await panel.locator('table [data-tramo="dias31a60"]').innerText()).toBe('31-60 días');
    expect(await panel.getByRole('row').filter({ hasText: numeroContado }).innerText()).toMatch(/45/);
    await panel.scrollIntoViewIfNeeded();
    await screenshotsAtTwoWidths(page, 'cartera-cliente');
    await page.setViewportSize({ width: 1366, height: 900 });
    const [pdf] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Descargar PDF' }).click()]);
    const pdfFile = path.join(tmp, 'cliente.pdf');
    await pdf.saveAs(pdfFile);
    const texto = spawnSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' }).stdout;
    expect(texto).toContain(`Antigüedad de cartera de ${CONTADO}`);
    expect(texto).toContain(numeroContado);
  });
});
