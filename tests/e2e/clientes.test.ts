/**
 * The clients book in Chromium, as a company's user works with it: the sidebar, a client created by typing
 * its RUC (the form fills itself from a stand-in RUC service over real HTTP), the "not found" dialog, a document
 * uploaded with its progress bar, 1 000 clients imported from a CSV while the progress shows, one of them found by
 * name, the list exported to Excel and read back here with exceljs, and an email that reaches the outbox. Screenshots
 * of the list, the client's page, the import and the home at 1366 and 390 px wide.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { e2eAvailable, e2eSuite, screenshotsAtTwoWidths, waitForMail } from '../helpers/e2e';
import { loginCompany, open, sidebarEntries, waitForRoute } from '../helpers/browser';
import { sriTaxpayer, startConsultasStubs } from '../helpers/consultas-stub';
import { cedulaValida, csvImportacion, limitarSubida, pdfDeTamano, verProgreso, type FilaImportacion } from '../helpers/clientes-e2e';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { BANDERAS, CLIENTE_MSG } from '../../domain/clientes';

const RUC = '1791251237001';
const TAXPAYER = sriTaxpayer(RUC, {
  razonSocial: 'IMPORTADORA DEL PACIFICO IMPAC S.A.',
  nombreComercial: 'IMPAC',
  email: 'compras@impac.ec',
  telefono: '042345678',
});
/** A valid RUC no stand-in knows: "not found". */
const RUC_DESCONOCIDO = '0992397535001';
const DOCUMENTO = 'contrato-impac-2026.pdf';
/** The imported client the search must find (accents and case differ from what is typed). */
const BUSCADO = { identificacion: cedulaValida(777_777), razonSocial: 'FERRETERÍA LOS ÁNDES CÍA. LTDA.' };
const FILAS = 1_000;
const ERRONEAS = 2;

describe.skipIf(!e2eAvailable)('clientes: crear por RUC, documentos, importación, búsqueda, exportación y correo', () => {
  let stubs: Awaited<ReturnType<typeof startConsultasStubs>>;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-clientes-e2e-'));
  beforeAll(async () => {
    stubs = await startConsultasStubs({ timeoutMs: 2_000 });
    stubs.ruc1.answer(RUC, [TAXPAYER]);
  });
  afterAll(async () => {
    await stubs?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  const suite = e2eSuite(() => ({
    CONSULTA_RUC_URLS: stubs.config.rucUrls.join(','),
    CONSULTA_CEDULA_URL: stubs.config.cedulaUrl,
    CONSULTA_FANTASMA_URL: stubs.config.banderas.fantasma,
    CONSULTA_ESPECIAL_URL: stubs.config.banderas.especial,
    CONSULTA_AGENTE_RETENCION_URL: stubs.config.banderas.agenteRetencion,
    CONSULTA_RIMPE_URL: stubs.config.banderas.rimpe,
    CONSULTA_CATASTRO_URL: stubs.config.banderas.catastro,
    CONSULTAS_TIMEOUT_MS: '2000',
  }));

  /** One signed-in page for the whole scenario: each step starts where the previous one left the book. */
  let page: Page;
  let clientePath = '';

  it('el menú de la empresa ofrece Clientes y Usuarios', async () => {
    page = await suite.sharedPage();
    page.setDefaultTimeout(15_000);
    await page.setViewportSize({ width: 1366, height: 800 });
    await loginCompany(page, suite.server, DEMO.empresa);
    const entries = await sidebarEntries(page);
    expect(entries).toContain('Clientes');
    expect(entries).toContain('Usuarios');
    // Each with its own icon, not the neutral one of a route the app does not know.
    for (const name of ['Clientes', 'Usuarios']) {
      const icon = page.locator('.RaSidebar-fixed').getByRole('menuitem', { name }).locator('svg');
      expect(await icon.getAttribute('data-testid')).not.toBe('CircleOutlinedIcon');
    }
  });

  it('un RUC desconocido muestra «Atencion / Cliente no encontrado, Llenar los datos»', async () => {
    await open(page, suite.server, '/clientes/create');
    await page.getByLabel(/^Identificación/).fill(RUC_DESCONOCIDO);
    const dialog = page.getByRole('dialog', { name: CLIENTE_MSG.noEncontradoTitulo });
    await dialog.getByText(CLIENTE_MSG.noEncontrado, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('crea un cliente escribiendo su RUC: el formulario se llena con el servicio del SRI', async () => {
    await open(page, suite.server, '/clientes/create');
    await page.getByLabel(/^Identificación/).fill(RUC);
    await expect.poll(() => page.getByLabel(/^Razón social/).inputValue(), { timeout: 10_000 }).toBe(TAXPAYER.razonSocial);
    expect(await page.getByLabel(/^Nombre comercial/).inputValue()).toBe('IMPAC');
    await page.getByRole('button', { name: 'compras@impac.ec' }).or(page.getByText('compras@impac.ec')).first().waitFor();
    expect(stubs.ruc1.asked(RUC)).toBe(1);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/#\/clientes\/\d+\/show$/);
    clientePath = new URL(page.url()).hash.slice(1);
    await page.getByRole('heading', { name: TAXPAYER.razonSocial, level: 1 }).waitFor();
  });

  it('edita el cliente: su plazo de crédito y su vendedor', async () => {
    await page.getByRole('link', { name: 'Editar' }).click();
    await page.waitForURL(/#\/clientes\/\d+$/);
    await page.getByLabel(/^Días de crédito/).fill('30');
    await page.getByLabel(/^Límite de crédito/).fill('2500');
    await page.getByRole('combobox', { name: /^Vendedor/ }).click();
    await page.getByRole('option').filter({ hasText: /\S/ }).last().click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL((url) => url.hash === `#${clientePath}`);
    await page.getByText('30 días de plazo · límite USD 2 500.00').waitFor();
  });

  it('«Consultar en el SRI» muestra sus marcas: una empresa fantasma en rojo, con su consecuencia', async () => {
    stubs.banderas.fantasma.answer(RUC, { identificacion: RUC, fantasma: true });
    stubs.banderas.especial.answer(RUC, { numeroRuc: RUC, contribuyenteEspecial: 'SI' });
    stubs.banderas.catastro.answer(RUC, { estado: 'ACTIVO', actividad: 'VENTA AL POR MAYOR', inicioActividades: '2012-05-14' });
    const panel = page.getByRole('region', { name: 'Situación en el SRI' });
    await panel.getByRole('button', { name: 'Consultar en el SRI' }).click();
    await panel.getByText(BANDERAS.fantasma.detalle).waitFor();
    const chip = panel.locator('.MuiChip-root', { hasText: BANDERAS.fantasma.etiqueta });
    expect(await chip.getAttribute('class')).toContain('MuiChip-colorError');
    await panel.locator('.MuiChip-root', { hasText: BANDERAS.especial.etiqueta }).waitFor();
  });

  it('sube un documento al cliente con su barra de progreso', async () => {
    const pdf = path.join(tmp, DOCUMENTO);
    fs.writeFileSync(pdf, pdfDeTamano(600 * 1024));
    await limitarSubida(page, 200 * 1024);
    await page.getByLabel('Documento del cliente').setInputFiles(pdf);
    const seen = await verProgreso(page, 'Progreso de la subida');
    expect(seen.some((v) => v > 0 && v < 100)).toBe(true);
    await limitarSubida(page, null);
    await page.getByRole('button', { name: `Descargar ${DOCUMENTO}` }).waitFor();
    await page.getByRole('progressbar', { name: 'Progreso de la subida' }).waitFor({ state: 'detached' });
    await screenshotsAtTwoWidths(page, 'clientes-ficha');
  });

  it(`importa un CSV de ${FILAS} filas viendo el avance, con las filas erróneas y su línea`, async () => {
    const filas: FilaImportacion[] = Array.from({ length: FILAS - 1 }, (_, i) => ({
      identificacion: cedulaValida(i + 1),
      razonSocial: `CLIENTE IMPORTADO ${String(i + 1).padStart(4, '0')}`,
      correo: `cliente${i + 1}@correo.ec`,
      telefono: '0991234567',
    }));
    filas.splice(500, 0, BUSCADO);
    // Lines 11 and 21 of the file (the header is line 1): a RUC with a letter and a row without its name.
    filas[9] = { tipo: '04', identificacion: '17912512A7001', razonSocial: 'RUC CON LETRA' };
    filas[19] = { ...filas[19], razonSocial: '' };
    const csv = path.join(tmp, 'clientes.csv');
    fs.writeFileSync(csv, csvImportacion(filas));

    await open(page, suite.server, '/clientes');
    await page.getByRole('button', { name: 'Importar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar clientes' });
    await dialog.getByLabel('Archivo de clientes (.csv o .xlsx)').setInputFiles(csv);
    await dialog.getByText(/^clientes\.csv · /).waitFor();
    await limitarSubida(page, 40 * 1024);
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
    await verProgreso(page, 'Progreso de la importación');
    await limitarSubida(page, null);
    const resumen = dialog.getByRole('region', { name: 'Resultado de la importación' });
    await resumen.waitFor({ timeout: 60_000 });
    expect(await resumen.getByRole('alert').innerText()).toBe(
      `${FILAS} filas leídas: ${FILAS - ERRONEAS} creados, 0 actualizados, ${ERRONEAS} con errores`,
    );
    const lineas = await resumen.locator('tbody tr td:first-child').allInnerTexts();
    expect(lineas).toEqual(['11', '21']);
    const [errores] = await Promise.all([
      page.waitForEvent('download'),
      resumen.getByRole('button', { name: 'Descargar errores' }).click(),
    ]);
    const texto = fs.readFileSync(await errores.path(), 'utf8');
    expect(texto.split('\r\n').filter(Boolean)).toHaveLength(1 + ERRONEAS);
    expect(texto).toContain('17912512A7001');
    await screenshotsAtTwoWidths(page, 'clientes-importacion');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('encuentra un cliente por su nombre, sin importar tildes ni mayúsculas', async () => {
    await open(page, suite.server, '/clientes');
    await page.getByPlaceholder('Nombre, nombre comercial o identificación').fill('ferreteria los andes');
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    await rows.first().getByText(BUSCADO.razonSocial).waitFor();
    await rows.first().getByText(BUSCADO.identificacion).waitFor();
    await screenshotsAtTwoWidths(page, 'clientes-lista');
  });

  it('exporta la lista filtrada a Excel y el archivo tiene sus filas', async () => {
    await page.getByRole('button', { name: 'Exportar', exact: true }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = path.join(tmp, download.suggestedFilename());
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1).map((v) => (v instanceof Date ? v : String(v ?? '')));
    const cabecera = Array.from({ length: sheet.rowCount }, (_, i) => i + 1).find((n) => values(n).includes('Identificación'))!;
    expect(cabecera).toBeGreaterThan(1);
    // The company's name and the date on top, then the headers.
    expect(String(values(1)[0])).toMatch(/ANDINA/i);
    const filas = Array.from({ length: sheet.rowCount - cabecera }, (_, i) => values(cabecera + 1 + i)).filter((row) => row.some(Boolean));
    expect(filas).toHaveLength(1);
    const columna = (name: string) => values(cabecera).indexOf(name);
    expect(filas[0]![columna('Identificación')]).toBe(BUSCADO.identificacion);
    expect(filas[0]![columna('Razón social')]).toBe(BUSCADO.razonSocial);
  });

  it('envía un correo con el documento adjunto, llega a la bandeja y queda en el historial', async () => {
    await open(page, suite.server, clientePath);
    await page.getByRole('button', { name: 'Enviar correo' }).click();
    const dialog = page.getByRole('dialog', { name: `Enviar correo a ${TAXPAYER.razonSocial}` });
    await dialog.getByLabel('compras@impac.ec').check();
    await dialog.getByLabel(/^Asunto/).fill('Su contrato de servicios');
    await dialog.getByLabel(/^Mensaje/).fill('Estimado cliente: le enviamos el contrato firmado. Saludos.');
    await dialog.getByLabel(DOCUMENTO).check();
    await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const [match] = await waitForMail(suite.server.dataDir, 'compras@impac.ec', /le enviamos el contrato firmado/);
    expect(match).toBeTruthy();
    const historial = page.getByRole('list', { name: 'Historial de envíos' });
    await historial.getByText(/Su contrato de servicios · compras@impac\.ec/).waitFor();
  });

  it('el inicio de la empresa muestra sus clientes: cuántos y los últimos registrados', async () => {
    await open(page, suite.server, '/');
    await waitForRoute(page, '/');
    const card = page.getByRole('region', { name: 'Clientes' });
    // The client created by RUC and the imported ones (and the consumidor final, once something has created it).
    await card
      .getByText(/^(999|1 000)$/)
      .first()
      .waitFor();
    await page.getByRole('list', { name: 'Clientes registrados recientemente' }).getByRole('link').first().waitFor();
    await screenshotsAtTwoWidths(page, 'clientes-inicio');
  });
});
