/**
 * The first invoice, alone: a company registers itself on the public page, the provider's administrator verifies it
 * and sells it a plan, and the company's administrador sets itself up from its home's "Primeros pasos" — establishment
 * 001 and point 001, its signature, a client and a product — and issues an invoice that the local SRI (server/sri-local)
 * authorizes. Only clicks and typing in the browser; at the end the checklist is gone. Screenshots at 1366 and 390 px
 * of the checklist, each "Mi empresa" section and the production warning.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, e2eAvailable, e2eSuite, screenshotsAtTwoWidths } from '../helpers/e2e';
import { acceptMessage, loginAdmin, loginCompany, open, waitForRoute } from '../helpers/browser';
import { SIGNATURE_PASSWORD, signatures } from '../helpers/certificates';
import { cedulaValida } from '../helpers/identificaciones';
import { iniciarSriLocal, type SriLocal } from '../../server/sri-local';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { checkRuc } from '../../domain/identifiers';
import { FIRMA_MSG } from '../../domain/firmas';
import { PLAN_MSG } from '../../domain/planes';

const WIDE = { width: 1366, height: 900 };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-primera-'));

/** A private company's RUC that passes the SRI's check digit (a warning would not stop it, but a real one passes). */
function rucValido(): string {
  for (;;) {
    const ruc = `179${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}001`;
    if (!checkRuc(ruc).warning) return ruc;
  }
}

const RUC = rucValido();
const EMPRESA = { ruc: RUC, usuario: `espiga${RUC.slice(5, 9)}`, clave: 'Espiga.Clave2026' };
const CEDULA = cedulaValida(4242);
const DIRECCION = 'Av. 6 de Diciembre N33-42 y Bossano, Quito';

describe.skipIf(!e2eAvailable)('la primera factura, sin ayuda: registro, plan, configuración y AUTORIZADA', () => {
  let sri: SriLocal;
  beforeAll(async () => {
    sri = await iniciarSriLocal({ demoraAutorizacionMs: 500 });
  });
  const suite = e2eSuite(() => ({ SRI_COLA: 'true', SRI_PRUEBAS_URL: sri.url, SRI_INTERVALO_MS: '500', SRI_REINTENTO_MS: '300' }));
  afterAll(async () => {
    await sri?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  let page: Page;
  const paso = (nombre: string) => page.getByRole('region', { name: 'Primeros pasos' }).locator(`[data-paso="${nombre}"]`);
  const estado = (nombre: string) => paso(nombre).getAttribute('data-estado');
  async function inicio() {
    await page.getByRole('menuitem', { name: 'Inicio' }).click();
    await waitForRoute(page, '/');
  }

  it('la empresa se registra sola en la página pública', async () => {
    const publico = await suite.freshPage();
    await open(publico, suite.server, '/registro');
    await publico.getByLabel('RUC', { exact: true }).fill(RUC);
    await publico.getByLabel('Nombre comercial', { exact: true }).fill('Panadería La Espiga');
    await publico.getByLabel('Razón social', { exact: true }).fill('PANADERIA LA ESPIGA S.A.');
    await publico.getByLabel('Correo electrónico', { exact: true }).fill('info@laespiga.ec');
    await publico.getByLabel('Usuario', { exact: true }).fill(EMPRESA.usuario);
    await publico.getByLabel('Clave', { exact: true }).fill(EMPRESA.clave);
    await publico.getByLabel(/Acepto los/).check();
    await publico.getByRole('button', { name: 'Crear cuenta', exact: true }).click();
    await publico
      .getByRole('alertdialog')
      .getByText(/quedó registrada/)
      .waitFor();
    await acceptMessage(publico);
  });

  it('el administrador la verifica y le vende un plan desde la administración', async () => {
    const admin = await suite.freshPage();
    admin.setDefaultTimeout(15_000);
    await admin.setViewportSize(WIDE);
    await loginAdmin(admin, suite.server, DEMO.admin);
    await admin.locator('.RaSidebar-fixed').getByRole('menuitem', { name: 'Empresas', exact: true }).click();
    await admin.getByRole('row').filter({ hasText: RUC }).getByText('Panadería La Espiga').click();
    await admin.getByRole('heading', { level: 1, name: 'Panadería La Espiga' }).waitFor();

    await admin.getByRole('button', { name: 'Verificar', exact: true }).click();
    await admin
      .getByRole('dialog', { name: /Verificar Panadería La Espiga/ })
      .getByRole('button', { name: 'Verificar', exact: true })
      .click();
    await admin.getByText('Verificada', { exact: true }).waitFor();

    await admin.getByRole('tab', { name: 'Planes', exact: true }).click();
    await admin.getByRole('button', { name: 'Vender plan' }).click();
    const form = admin.getByRole('dialog', { name: 'Vender un plan' });
    await form.getByLabel(/^Plan/).click();
    await admin.getByRole('option', { name: /^Emprendedor/ }).click();
    await form.getByRole('button', { name: 'Vender plan' }).click();
    await form.waitFor({ state: 'detached' });
    const notice = admin.getByRole('dialog').filter({ hasText: PLAN_MSG.saved });
    await notice.getByRole('button', { name: 'Cerrar', exact: true }).click();
  });

  it('su administrador ve los primeros pasos: el plan hecho, lo demás pendiente con su enlace', async () => {
    page = await suite.sharedPage();
    page.setDefaultTimeout(15_000);
    await page.setViewportSize(WIDE);
    await loginCompany(page, suite.server, EMPRESA);
    await paso('plan').waitFor();
    await expect.poll(() => estado('plan')).toBe('hecho');
    for (const pendiente of ['firma', 'punto', 'cliente', 'producto', 'factura'])
      expect(await estado(pendiente), pendiente).toBe('pendiente');
    await screenshotsAtTwoWidths(page, 'primeros-pasos');
  });

  it('crea el establecimiento 001 y su punto de emisión 001 desde Mi empresa', async () => {
    await paso('punto').getByRole('link', { name: 'Crear' }).click();
    await page.getByRole('tab', { name: 'Establecimientos y puntos de emisión', selected: true }).waitFor();
    await page.getByText('Su empresa aún no tiene establecimientos.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Agregar establecimiento' }).click();
    const est = page.getByRole('dialog', { name: 'Agregar establecimiento' });
    expect(await est.getByLabel(/^Número de establecimiento/).inputValue()).toBe('001');
    await est.getByLabel(/^Nombre/).fill('Matriz');
    await est.getByLabel(/^Dirección del establecimiento/).fill(DIRECCION);
    await est.getByRole('button', { name: 'Guardar' }).click();
    await est.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Agregar punto de emisión' }).click();
    const pem = page.getByRole('dialog', { name: 'Agregar punto de emisión al establecimiento 001' });
    expect(await pem.getByLabel(/^Número de punto de emisión/).inputValue()).toBe('001');
    expect(await pem.getByLabel(/^Siguiente secuencial/).inputValue()).toBe('1');
    await pem.getByLabel(/^Nombre/).fill('Caja 1');
    await pem.getByRole('button', { name: 'Guardar' }).click();
    await pem.waitFor({ state: 'detached' });
    await page.getByTestId('punto-001-001').getByText('Próxima factura: 001-001-000000001').waitFor();
    await screenshotsAtTwoWidths(page, 'mi-empresa-establecimientos');

    // A point with the same number is refused with the server's reason, inside the dialog.
    await page.getByRole('button', { name: 'Agregar punto de emisión' }).click();
    const repetido = page.getByRole('dialog', { name: /^Agregar punto de emisión/ });
    await repetido.getByLabel(/^Número de punto de emisión/).fill('001');
    await repetido.getByRole('button', { name: 'Guardar' }).click();
    await repetido.getByText('Ya existe el punto de emisión 001 en el establecimiento 001.').waitFor();
    await repetido.getByRole('button', { name: 'Cancelar' }).click();
  });

  it('sube su firma electrónica y revisa datos, logo y ambiente; la advertencia antes de producción', async () => {
    const file = path.join(tmp, 'firma-espiga.p12');
    fs.writeFileSync(file, signatures.legacy(RUC));
    await page.getByRole('tab', { name: 'Firma electrónica' }).click();
    await page.getByLabel('Archivo de la firma (.p12 o .pfx)').setInputFiles(file);
    await page.getByLabel(/Contraseña de la firma/).fill(SIGNATURE_PASSWORD);
    await page.getByRole('button', { name: 'Guardar firma' }).click();
    await page.getByText(FIRMA_MSG.saved).first().waitFor();
    await page.getByRole('region', { name: 'Firma en uso' }).getByText('Vigente').waitFor();
    await screenshotsAtTwoWidths(page, 'mi-empresa-firma');

    // The head-office address its invoices print came from establishment 001; it can change it here.
    await page.getByRole('tab', { name: 'Datos' }).click();
    await expect.poll(() => page.getByLabel(/^Dirección matriz/).inputValue()).toBe(DIRECCION);
    await page.getByLabel(/^Teléfono/).fill('022345678');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Datos de la empresa guardados').waitFor();
    await screenshotsAtTwoWidths(page, 'mi-empresa-datos');
    await page.getByRole('tab', { name: 'Logo' }).click();
    await page
      .getByText(/PNG o JPG/)
      .first()
      .waitFor();
    await screenshotsAtTwoWidths(page, 'mi-empresa-logo');

    await page.getByRole('tab', { name: 'Ambiente' }).click();
    await page.getByRole('button', { name: 'Pasar a producción' }).click();
    const aviso = page.getByRole('dialog', { name: '¿Pasar a producción?' });
    await aviso.getByText(/En producción cada comprobante autorizado tiene validez tributaria y se descuenta de su plan/).waitFor();
    await page.waitForTimeout(300); // the dialog's fade-in
    await screenshotsAtTwoWidths(page, 'mi-empresa-produccion');
    // It stays in pruebas: its invoices go to the (local) SRI's test service.
    await aviso.getByRole('button', { name: 'Cancelar' }).click();
    await aviso.waitFor({ state: 'detached' });
    await screenshotsAtTwoWidths(page, 'mi-empresa-ambiente');

    await inicio();
    await paso('punto').waitFor();
    await expect.poll(() => estado('punto')).toBe('hecho');
    await expect.poll(() => estado('firma')).toBe('hecho');
  });

  it('agrega su primer cliente y su primer producto desde los enlaces de la lista', async () => {
    await paso('cliente').getByRole('link', { name: 'Agregar cliente' }).click();
    await waitForRoute(page, '/clientes/create');
    await page.getByLabel(/^Tipo de identificación/).click();
    await page.getByRole('option', { name: 'Cédula', exact: true }).click();
    // The name first: a complete identification typed on an empty form asks the SRI's registry.
    await page.getByLabel(/^Razón social/).fill('MARÍA FERNANDA ALMEIDA');
    await page.getByLabel(/^Identificación/).fill(CEDULA);
    await page.getByLabel(/^Dirección/).fill('Calle Larga 7-45, Cuenca');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/#\/clientes\/\d+\/show$/);
    await page.getByText('MARÍA FERNANDA ALMEIDA').first().waitFor();

    await inicio();
    await paso('producto').getByRole('link', { name: 'Agregar producto' }).click();
    await waitForRoute(page, '/catalogo/create');
    await page.getByLabel(/^Código principal/).fill('PAN-001');
    await page.getByLabel(/^Descripción/).fill('Pan de yema (docena)');
    await page.getByLabel(/^Precio unitario/).fill('3.60');
    await page.getByRole('button', { name: 'Guardar' }).click();
    // Back on the list with the product shown: a click on Inicio during the list's loading was lost on a loaded CI.
    await waitForRoute(page, '/catalogo');
    await page.getByText('Pan de yema (docena)').first().waitFor();

    await inicio();
    await paso('producto').waitFor();
    await expect.poll(() => estado('cliente')).toBe('hecho');
    await expect.poll(() => estado('producto')).toBe('hecho');
  });

  it('emite su primera factura, el SRI local la autoriza y los primeros pasos desaparecen', async () => {
    await paso('factura').getByRole('link', { name: 'Emitir factura' }).click();
    await waitForRoute(page, '/facturas/create');
    await page.getByText('Próximo número al emitir: 001-001-000000001').waitFor();
    await page.getByLabel(/^Comprador/).fill(CEDULA);
    await page.getByRole('option', { name: /MARÍA FERNANDA ALMEIDA/ }).click();
    await page.getByLabel('Descripción, Línea 1', { exact: true }).fill('Pan de yema');
    await page.getByRole('option', { name: /Pan de yema \(docena\)/ }).click();
    await page.getByLabel('Cantidad, Línea 1', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await page.waitForURL(/#\/facturas\/\d+\/show$/);
    await page.getByRole('button', { name: 'Emitir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Emitir' }).click();
    await page.locator('[data-estado="AUTORIZADA"]').first().waitFor({ timeout: 30_000 });
    await page.getByText('001-001-000000001').first().waitFor();

    await inicio();
    await page.getByText('Su empresa').first().waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Primeros pasos' }).count(), { timeout: 10_000 }).toBe(0);
    // What the API says: every step done.
    const { usuario } = await apiCall<{ usuario: { token: string } }>(suite.server, '/login', { method: 'POST', body: EMPRESA });
    expect(await apiCall(suite.server, '/miEmpresa/primerosPasos', { token: usuario.token })).toMatchObject({
      plan: true,
      firma: true,
      punto: true,
      cliente: true,
      producto: true,
      factura: true,
    });
  });
});
