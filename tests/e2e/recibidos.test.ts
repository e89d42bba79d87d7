/**
 * Documents received, in Chromium, against a local SRI the test starts: Ferretería El Tornillo invoices Andina (the
 * first demo company) three times through the SRI; an Andina user opens Documentos recibidos, imports the first
 * invoice by pasting its access key (the dialog counts the valid keys as they are pasted), the second and the first
 * again as authorized XML files (one imported, one already there), and sees both in the list with the issuer, the
 * "Retener" button, the totals of the filtered set and by month; the document's page downloads its XML. The third is
 * imported by key from the document's own list in a second paste with a mistyped key beside it. Screenshots at 1366
 * and 390 px in /tmp/shots-recibidos/ (and test-results).
 */
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, e2eAvailable, type RunningServer } from '../helpers/e2e';
import { loginCompany, open } from '../helpers/browser';
import { e2eSuiteConSri, fotoDosAnchos, TORNILLO, venderPlan } from '../helpers/facturas-e2e';
import { borrador } from '../helpers/facturas-api';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { hoyEcuador } from '../../domain/fechas';
import { dinero } from '../../src/ui/numeros';

const SHOTS = process.env.RECIBIDOS_SHOTS ?? path.join(os.tmpdir(), 'shots-recibidos');
const foto = (page: Page, nombre: string) => fotoDosAnchos(page, SHOTS, nombre);

type Emitida = { id: number; clave: string; numero: string; total: string; xml: string };

/** The authorized XML of one of Tornillo's invoices, as its page downloads it. */
async function autorizado(server: RunningServer, token: string, id: number) {
  const respuesta = await fetch(new URL(`api/facturas/${id}/autorizado`, server.url), { headers: { 'x-token': token } });
  expect(respuesta.status).toBe(200);
  return respuesta.text();
}

describe.skipIf(!e2eAvailable)('documentos recibidos: importar por clave y por archivo, la lista y sus totales', () => {
  const suite = e2eSuiteConSri({ demoraAutorizacionMs: 200 });

  let page: Page;
  const facturas: Emitida[] = [];

  /** Tornillo sells to Andina: what it issues arrives at Andina as a supplier's invoice. */
  it('Ferretería El Tornillo emite tres facturas a Andina y el SRI las autoriza', async () => {
    await venderPlan(suite.server);
    const { usuario } = await apiCall<{ usuario: { token: string } }>(suite.server, '/login', { method: 'POST', body: TORNILLO });
    const token = usuario.token;
    const andina = await apiCall<{ CLI_CODIGO: number }>(suite.server, '/api/clientes', {
      method: 'POST',
      token,
      body: {
        CLI_TIPO_IDENTIFICACION: '04',
        CLI_IDENTIFICACION: DEMO.empresa.ruc,
        CLI_RAZON_SOCIAL: 'ANDINA DE SERVICIOS S.A.',
        CLI_DIRECCION: 'Av. Amazonas N34-120, Quito',
        CLI_CORREOS: [],
      },
    });
    const [{ PEM_CODIGO }] = await apiCall<Array<{ PEM_CODIGO: number }>>(suite.server, '/api/facturas/puntos', { token });
    for (let i = 0; i < 3; i++) {
      const { FAC_CODIGO: id } = await apiCall<{ FAC_CODIGO: number }>(suite.server, '/api/facturas', {
        method: 'POST',
        token,
        body: borrador(PEM_CODIGO, andina.CLI_CODIGO),
      });
      await apiCall(suite.server, `/api/facturas/${id}/emitir`, { method: 'POST', token });
      const estado = async () => (await apiCall<{ FAC_ESTADO: string }>(suite.server, `/api/facturas/${id}`, { token })).FAC_ESTADO;
      await expect.poll(estado, { timeout: 20_000 }).toBe('AUTORIZADA');
      const f = await apiCall<{ FAC_CLAVE_ACCESO: string; FAC_NUMERO: string; FAC_TOTAL: string }>(suite.server, `/api/facturas/${id}`, {
        token,
      });
      facturas.push({
        id,
        clave: f.FAC_CLAVE_ACCESO,
        numero: f.FAC_NUMERO,
        total: f.FAC_TOTAL,
        xml: await autorizado(suite.server, token, id),
      });
    }

    page = await suite.sharedPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginCompany(page, suite.server, DEMO.empresa);
  });

  it('pega la clave de acceso de la primera: el diálogo cuenta las claves válidas y el SRI la entrega', async () => {
    const [primera] = facturas;
    await open(page, suite.server, '/recibidos');
    await page.getByRole('button', { name: 'Importar' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Importar documentos recibidos' });
    await dialogo.getByRole('tab', { name: 'Claves de acceso' }).click();
    await dialogo.getByRole('textbox', { name: 'Claves de acceso' }).fill(`Clave de acceso: ${primera!.clave}\n`);
    await dialogo.getByText('1 clave válida').waitFor();
    await dialogo.getByRole('button', { name: 'Importar' }).click();
    const resultado = dialogo.getByRole('region', { name: 'Resultado de la importación' });
    await resultado.getByText('1 importados, 0 ya registrados, 0 rechazados').waitFor({ timeout: 20_000 });
    await expect.poll(() => resultado.locator('[data-estado="importado"]').innerText()).toContain(primera!.clave);
    await foto(page, 'importar-claves');
  });

  it('sube la segunda y otra vez la primera como archivos XML: una importada, la otra ya registrada', async () => {
    const [primera, segunda] = facturas;
    const dialogo = page.getByRole('dialog', { name: 'Importar documentos recibidos' });
    await dialogo.getByRole('tab', { name: 'Archivos XML o ZIP' }).click();
    await dialogo
      .getByLabel('Archivos XML o ZIP de comprobantes autorizados', { exact: true })
      .first()
      .setInputFiles([
        { name: `factura-${segunda!.numero}.xml`, mimeType: 'text/xml', buffer: Buffer.from(segunda!.xml) },
        { name: `factura-${primera!.numero}.xml`, mimeType: 'text/xml', buffer: Buffer.from(primera!.xml) },
      ]);
    await dialogo.getByText(`factura-${segunda!.numero}.xml`, { exact: false }).waitFor();
    await dialogo.getByRole('button', { name: 'Importar' }).click();
    const resultado = dialogo.getByRole('region', { name: 'Resultado de la importación' });
    await resultado.getByText('1 importados, 1 ya registrados, 0 rechazados').waitFor({ timeout: 20_000 });
    expect(await resultado.locator('[data-estado="duplicado"]').innerText()).toContain(`factura-${primera!.numero}.xml`);
    await foto(page, 'importar-archivos');
    await dialogo.getByRole('button', { name: 'Cerrar' }).click();
  });

  it('la lista muestra las dos con su emisor y «Retener», los totales del conjunto y por mes', async () => {
    const [primera, segunda] = facturas;
    const filas = page.locator('.RaDataTable-table tbody tr');
    await expect.poll(() => filas.count()).toBe(2);
    await expect.poll(() => filas.first().innerText()).toMatch(new RegExp(`Factura\\s+${segunda!.numero}[\\s\\S]*${TORNILLO.ruc}`));
    await filas
      .first()
      .getByRole('link', { name: `Retener ${segunda!.numero}` })
      .waitFor();
    expect(await filas.nth(1).innerText()).toContain('Clave de acceso');
    expect(await filas.first().innerText()).toContain('Archivo XML');
    const suma = dinero((Number(primera!.total) + Number(segunda!.total)).toFixed(2));
    const resumen = page.getByRole('region', { name: 'Totales de los documentos filtrados' });
    await resumen.getByText('2 documentos').waitFor();
    expect(await resumen.locator('[data-resumen="total"]').innerText()).toBe(`Total ${suma}`);

    await page.getByRole('button', { name: 'Totales por mes' }).click();
    const mes = page.locator(`[data-mes="${hoyEcuador().slice(0, 7)}"][data-tipo="01"]`);
    await expect.poll(() => mes.innerText()).toMatch(new RegExp(`Factura\\s+2\\s[\\s\\S]*${suma.replace(/ /g, '\\s')}$`));
    await foto(page, 'lista');

    // Pendientes de retener: both are invoices without a retention of Andina's.
    await page.getByRole('button', { name: 'Pendientes de retener' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Pendientes de retener' }).getAttribute('aria-pressed')).toBe('true');
    await resumen.getByText('2 documentos').waitFor();
    await page.getByRole('button', { name: 'Pendientes de retener' }).click();
  });

  it('la página del documento: emisor, impuestos y totales; descarga el XML autorizado', async () => {
    const [, segunda] = facturas;
    await page.getByRole('cell', { name: segunda!.numero, exact: true }).click();
    await page.waitForURL(/#\/recibidos\/\d+\/show$/);
    await page.locator('[data-clave]').getByText(segunda!.clave).waitFor();
    await page.getByRole('region', { name: 'Emisor' }).getByText(TORNILLO.ruc).waitFor();
    expect(await page.locator('[data-total]').innerText()).toBe(dinero(segunda!.total));
    const descarga = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar XML' }).click();
    const archivo = await descarga;
    expect(archivo.suggestedFilename()).toMatch(/\.xml$/);
    await foto(page, 'pagina');
  });

  it('una clave errada junto a una buena: el diálogo lo dice antes de enviar y solo se pide la buena', async () => {
    const tercera = facturas[2]!;
    const errada = `${tercera.clave.slice(0, 48)}${(Number(tercera.clave[48]) + 1) % 10}`;
    await open(page, suite.server, '/recibidos');
    await page.getByRole('button', { name: 'Importar' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Importar documentos recibidos' });
    await dialogo.getByRole('tab', { name: 'Claves de acceso' }).click();
    await dialogo.getByRole('textbox', { name: 'Claves de acceso' }).fill(`${tercera.clave}, ${errada}`);
    await dialogo.getByText('1 clave válida').waitFor();
    await dialogo.getByText('1 número de 49 dígitos con el dígito verificador errado').waitFor();
    await dialogo.getByRole('button', { name: 'Importar' }).click();
    await dialogo
      .getByRole('region', { name: 'Resultado de la importación' })
      .getByText(/^1 importados/)
      .waitFor({ timeout: 20_000 });
    await dialogo.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByRole('region', { name: 'Totales de los documentos filtrados' }).getByText('3 documentos').waitFor();
  });
});
