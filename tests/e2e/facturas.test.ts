/**
 * Invoicing in Chromium, as a user of Ferretería El Tornillo (the demo company with a stored signature) works: a new
 * invoice whose buyer is created inline, three lines at two IVA rates with the totals checked as typed, saved as a
 * draft, issued (number 001-001-00000000N), its XML downloaded and checked with Debian's xmllint against the SRI's
 * schema and with xmlsec1, its RIDE downloaded and read with pdftotext; then the list with the filtered totals.
 * Screenshots of the form, the invoice and the list at 1366 and 390 px in /tmp/shots-facturas/ (and test-results).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, e2eAvailable, e2eSuite, screenshot } from '../helpers/e2e';
import { loginCompany, open, waitForRoute } from '../helpers/browser';
import { TORNILLO, venderPlan } from '../helpers/facturas-e2e';

const ESQUEMA = path.resolve(import.meta.dirname, '../../server/modules/comprobantes/esquemas/factura_V1.1.0.xsd');
const SHOTS = process.env.FACTURAS_SHOTS ?? path.join(os.tmpdir(), 'shots-facturas');
/** A valid cédula the demo data does not have. */
const CEDULA = '1710034065';
const COMPRADOR = 'MARIA FERNANDA ALMEIDA ROSERO';

type Punto = { PEM_CODIGO: number; serie: string; siguiente: number };

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-facturas-e2e-'));
const guardar = (nombre: string, contenido: string | Buffer) => {
  const file = path.join(tmp, nombre);
  fs.writeFileSync(file, contenido);
  return file;
};

async function foto(page: Page, nombre: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${nombre}.png`), fullPage: true });
  await screenshot(page, nombre);
}

/** A phone's width, once the sidebar has collapsed. */
async function aTelefono(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
}

/** Nothing wider than the window: the page does not scroll sideways. */
const cabe = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The amount a row of the form's totals panel shows. */
const totalDe = (page: Page, etiqueta: string) => page.locator(`[data-total="${etiqueta}"]`).innerText();

describe.skipIf(!e2eAvailable)('facturas: crear, emitir y descargar XML y RIDE', () => {
  const suite = e2eSuite();
  let page: Page;
  let siguiente = 0;
  let numero = '';
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('la ferretería factura desde su punto 001-001', async () => {
    const { usuario } = await apiCall<{ usuario: { token: string } }>(suite.server, '/login', { method: 'POST', body: TORNILLO });
    const respuesta = await fetch(new URL('api/facturas/puntos', suite.server.url), { headers: { 'x-token': usuario.token } });
    const puntos = (await respuesta.json()) as Punto[];
    expect(puntos.map((p) => p.serie)).toEqual(['001-001']);
    siguiente = puntos[0].siguiente;
  });

  it('crea el comprador desde la factura y escribe tres líneas con IVA 15 % y 0 %: los totales cambian al escribir', async () => {
    page = await suite.sharedPage();
    page.setDefaultTimeout(15_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginCompany(page, suite.server, TORNILLO);
    await open(page, suite.server, '/facturas/create');
    await page.getByText(`Próximo número al emitir: 001-001-${String(siguiente).padStart(9, '0')}`).waitFor();
    // Its only emission point is already chosen.
    expect(await page.getByRole('combobox', { name: /^Punto de emisión/ }).innerText()).toMatch(/^001-001/);

    // The buyer: not among the clients, created in a dialog without leaving the invoice.
    await page.getByLabel(/^Comprador/).fill(CEDULA);
    await page.getByRole('option', { name: /Nuevo cliente/ }).click();
    const dialogo = page.getByRole('dialog', { name: 'Nuevo cliente' });
    await expect.poll(() => dialogo.getByLabel(/^Identificación/).inputValue()).toBe(CEDULA);
    // Ten digits typed: the dialog offers them as a cédula.
    expect(await dialogo.getByLabel('Tipo de identificación').innerText()).toBe('Cédula');
    await dialogo.getByLabel(/^Razón social/).fill(COMPRADOR);
    await dialogo.getByLabel(/^Correos/).fill('mfalmeida@correo.ec');
    await dialogo.getByRole('button', { name: 'Crear cliente' }).click();
    await dialogo.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByLabel(/^Comprador/).inputValue()).toContain(COMPRADOR);
    await page.getByText('mfalmeida@correo.ec').waitFor();

    const linea = (n: number, campo: string) => page.getByLabel(`${campo}, Línea ${n}`, { exact: true });
    const escribirLinea = async (
      n: number,
      datos: { descripcion: string; cantidad: string; precio: string; descuento?: string; iva?: string },
    ) => {
      await linea(n, 'Descripción').fill(datos.descripcion);
      await linea(n, 'Código').fill(`T-${n}`);
      await linea(n, 'Cantidad').fill(datos.cantidad);
      await linea(n, 'Precio unitario').fill(datos.precio);
      if (datos.descuento) await linea(n, 'Descuento').fill(datos.descuento);
      if (datos.iva) {
        await page.locator(`[data-linea="${n}"] [role="combobox"][aria-haspopup="listbox"]`).click();
        await page.getByRole('option', { name: datos.iva, exact: true }).click();
      }
    };
    // A decimal comma is a price too; leaving the field writes it with 2 decimals, as the invoice's page does.
    await escribirLinea(1, { descripcion: 'Cemento Holcim tipo GU 50 kg', cantidad: '3', precio: '8,5' });
    await linea(1, 'Precio unitario').blur();
    await expect.poll(() => linea(1, 'Precio unitario').inputValue()).toBe('8.50');
    // 25.50 at 15 %: 3.825 rounds up to 3.83 while the user is still on the first line.
    await expect.poll(() => totalDe(page, 'IVA 15 %')).toBe('3.83');
    await expect.poll(() => totalDe(page, 'Total')).toBe('29.33');
    await page.getByRole('button', { name: 'Agregar línea' }).click();
    await escribirLinea(2, { descripcion: 'Varilla corrugada 12 mm x 12 m', cantidad: '10', precio: '7.35', descuento: '2' });
    await page.getByRole('button', { name: 'Agregar línea' }).click();
    await escribirLinea(3, { descripcion: 'Manual técnico de construcción (libro)', cantidad: '1', precio: '20', iva: 'IVA 0 %' });
    expect(await linea(3, 'Precio unitario').inputValue()).toBe('20.00');

    // 25.50 + (73.50 − 2.00) = 97.00 at 15 % → 14.55; 20.00 at 0 %; total 131.55.
    await expect.poll(() => totalDe(page, 'Total')).toBe('131.55');
    expect(await totalDe(page, 'Subtotal IVA 15 %')).toBe('97.00');
    expect(await totalDe(page, 'Subtotal IVA 0 %')).toBe('20.00');
    expect(await totalDe(page, 'Subtotal sin impuestos')).toBe('117.00');
    expect(await totalDe(page, 'Descuentos')).toBe('2.00');
    expect(await totalDe(page, 'IVA 15 %')).toBe('14.55');
    expect(await totalDe(page, 'Por pagar')).toBe('0.00');
    expect(await page.locator('[data-subtotal-linea="2"]').innerText()).toBe('71.50');

    await foto(page, 'facturas-formulario-1366');
    expect(await cabe(page)).toBe(true);
    await aTelefono(page);
    await page.locator('[data-linea="3"]').waitFor();
    await foto(page, 'facturas-formulario-390');
    expect(await cabe(page)).toBe(true);
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('guarda el borrador; sin plan vigente la emisión se rechaza con el motivo; con plan recibe el número 001-001-00000000N', async () => {
    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await page.waitForURL(/#\/facturas\/\d+\/show$/);
    await page.locator('[data-numero]').getByText('Borrador').waitFor();
    expect(await page.getByRole('button', { name: 'XML firmado' }).count()).toBe(0);

    // The demo plan expired: issuing is refused with the server's reason, and the draft stays a draft.
    await page.getByRole('button', { name: 'Emitir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Emitir' }).click();
    const rechazo = page.getByRole('dialog', { name: 'No se pudo emitir la factura' });
    expect(await rechazo.innerText()).toMatch(/plan/i);
    await rechazo.getByRole('button', { name: 'Cerrar' }).click();
    await rechazo.waitFor({ state: 'detached' });
    await page.locator('[data-numero]').getByText('Borrador').waitFor();

    await venderPlan(suite.server);
    await page.getByRole('button', { name: 'Emitir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Emitir' }).click();
    numero = `001-001-${String(siguiente).padStart(9, '0')}`;
    await page.locator('[data-numero]').getByText(numero).waitFor();
    await page.getByText('Firmada', { exact: true }).waitFor();
    expect(await page.locator('[data-clave]').innerText()).toMatch(/^\d{49}$/);
    // Issued: no longer edited nor deleted.
    expect(await page.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);
    await foto(page, 'facturas-factura-1366');
    await aTelefono(page);
    await foto(page, 'facturas-factura-390');
    expect(await cabe(page)).toBe(true);
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('el XML descargado cumple el esquema del SRI y su firma se verifica', async () => {
    const [xmlDescarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'XML firmado' }).click()]);
    const xmlFile = guardar('factura.xml', '');
    await xmlDescarga.saveAs(xmlFile);
    const xml = fs.readFileSync(xmlFile, 'utf8');
    expect(xml).toContain(`<secuencial>${String(siguiente).padStart(9, '0')}</secuencial>`);
    expect(xml).toContain('<importeTotal>131.55</importeTotal>');
    expect(xml).toContain(`<identificacionComprador>${CEDULA}</identificacionComprador>`);

    const sinFirma = xml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '');
    expect(sinFirma).not.toBe(xml);
    const esquema = spawnSync('xmllint', ['--noout', '--nonet', '--schema', ESQUEMA, guardar('sin-firma.xml', sinFirma)], {
      encoding: 'utf8',
    });
    expect(esquema.stderr).toContain('validates');
    expect(esquema.status).toBe(0);
    // The demo certificate chains to a CA made in memory: --insecure skips the chain, not the signature.
    const firma = spawnSync('xmlsec1', ['--verify', '--insecure', '--id-attr:id', 'factura', '--enabled-key-data', 'x509', xmlFile], {
      encoding: 'utf8',
    });
    expect(firma.status, firma.stderr).toBe(0);
  });

  it('el RIDE descargado lleva el número y el total', async () => {
    const [rideDescarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'RIDE (PDF)' }).click()]);
    expect(rideDescarga.suggestedFilename()).toMatch(/\.pdf$/);
    const rideFile = guardar('ride.pdf', '');
    await rideDescarga.saveAs(rideFile);
    const texto = spawnSync('pdftotext', ['-layout', rideFile, '-'], { encoding: 'utf8' }).stdout;
    expect(texto).toContain(numero);
    expect(texto).toContain('131.55');
  });

  it('la lista muestra la factura firmada y, debajo, los totales de lo filtrado', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await open(page, suite.server, '/facturas');
    await waitForRoute(page, '/facturas');
    const fila = page.getByRole('row').filter({ hasText: numero });
    await fila.waitFor();
    expect(await fila.innerText()).toMatch(/Firmada/);
    const resumen = page.getByRole('region', { name: 'Totales de las facturas filtradas' });
    await expect.poll(() => resumen.innerText()).toMatch(/131\.55/);
    await foto(page, 'facturas-lista-1366');
    await aTelefono(page);
    await page.getByText(COMPRADOR).first().waitFor();
    await foto(page, 'facturas-lista-390');
    expect(await cabe(page)).toBe(true);
  });
});
