/**
 * Public pages as a signed-out visitor sees them: the loading screen, the company login (carousel, contact details,
 * validation and errors), white-label mode on both login screens, and the registration form.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, e2eAvailable, e2eSuite, screenshot, SCREENSHOTS, screenshotsAtTwoWidths } from '../helpers/e2e';
import {
  acceptMessage,
  adminToken,
  expectMessage,
  fillCompanyLogin,
  literal,
  loginCompany,
  open,
  routeOf,
  sidebarEntries,
  waitForRoute,
} from '../helpers/browser';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';

const AMELIA_TITLE = 'Amelia — Facturación electrónica';

describe.skipIf(!e2eAvailable)('páginas públicas', () => {
  const suite = e2eSuite();
  const { freshPage } = suite;
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-e2e-archivos-'));
  afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }));

  describe('raíz', () => {
    it('muestra Cargando... hasta que llegan las configuraciones y luego envía al visitante a #/login', async () => {
      const page = await freshPage();
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let intercepted = false;
      await page.route('**/api/EmpresasAmelia/configuraciones', async (route) => {
        intercepted = true;
        await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        await route.continue();
      });
      await page.goto(suite.server.url);
      const status = page.getByRole('status');
      await status.waitFor();
      expect((await status.innerText()).trim()).toBe(MSG.loading);
      expect(intercepted).toBe(true);
      // Nothing else is rendered while the settings are pending.
      expect(await page.getByRole('button').count()).toBe(0);
      release();
      await waitForRoute(page, '/login');
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      await expect.poll(() => page.getByText(MSG.loading).count()).toBe(0);
    });

    it('una ruta desconocida termina en la raíz de la empresa, que sin sesión lleva a #/login', async () => {
      const page = await freshPage();
      await open(page, suite.server, '/no-existe');
      await waitForRoute(page, '/login');
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    });
  });

  describe('ingreso de empresas (#/login, sin marca blanca)', () => {
    it('muestra el carrusel de dos imágenes que rota, y los datos de contacto', async () => {
      const page = await freshPage();
      await open(page, suite.server, '/login');
      const carousel = page.getByRole('region', { name: 'Novedades de Amelia' });
      await carousel.waitFor();
      await expect.poll(() => carousel.locator('img').count()).toBe(2);
      const active = carousel.locator('img[data-active="true"]');
      expect(await active.count()).toBe(1);
      const first = await active.getAttribute('src');
      const caption = carousel.locator('p');
      const firstCaption = await caption.innerText();
      // The carousel advances every 3 s: within 3.5 s another image, with its own caption, is the visible one.
      await expect.poll(() => active.getAttribute('src'), { timeout: 3_500, interval: 100 }).not.toBe(first);
      expect(await caption.innerText()).not.toBe(firstCaption);
      expect([firstCaption, await caption.innerText()].sort()).toEqual([
        'Contabilidad, tributación y firma electrónica',
        'Facture en segundos, autorizado por el SRI',
      ]);
      expect(await carousel.locator('img[data-active="true"]').count()).toBe(1);

      const contact = page.getByRole('complementary', { name: 'Contacto' });
      await contact.getByText('¿Necesita ayuda?').waitFor();
      await expect.poll(() => contact.innerText()).toContain('soporte@amelia.ec');
      expect(await page.locator('[data-mode="amelia"]').count()).toBe(1);
      expect(await page.title()).toBe(`Iniciar sesión · ${AMELIA_TITLE}`);
      // Wait for every image to be decoded before the screenshot.
      await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0));
      await screenshot(page, 'login');
    });

    it('enviar el formulario vacío muestra la advertencia de campos incorrectos', async () => {
      const page = await freshPage();
      await open(page, suite.server, '/login');
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await expectMessage(page, MSG.warningTitle, MSG.formInvalid);
      await acceptMessage(page);
      expect(routeOf(page)).toBe('/login');
    });

    it('una clave incorrecta muestra el error de inicio de sesión', async () => {
      const page = await freshPage();
      await open(page, suite.server, '/login');
      await fillCompanyLogin(page, { ...DEMO.empresa, clave: 'ClaveEquivocada1' });
      await expectMessage(page, MSG.loginErrorTitle, `${MSG.loginErrorPrefix} ${MSG.companyLoginFailed}`);
      await acceptMessage(page);
      expect(routeOf(page)).toBe('/login');
      expect(await page.evaluate(() => localStorage.getItem('usuario'))).toBeNull();
    });
  });

  describe('marca blanca', () => {
    let token: string;
    const setWhiteLabel = (value: 'si' | 'no') =>
      apiCall(suite.server, '/configuraciones/actualizar', { method: 'PUT', token, body: { CON_CODIGO: 9, CON_VALOR1: value } });

    beforeAll(async () => {
      token = await adminToken(suite.server, DEMO.admin);
    });
    afterAll(async () => {
      await setWhiteLabel('no'); // whatever happened in the tests
    });

    it('cambia título, favicon, logo y las pantallas de ingreso; al volver a "no" vuelve Amelia', async () => {
      const page = await freshPage();
      await open(page, suite.server, '/login');
      await page.getByRole('region', { name: 'Novedades de Amelia' }).waitFor();

      await setWhiteLabel('si');
      await page.reload();
      await page.locator('[data-mode="marca-blanca"]').waitFor();
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      expect(await page.title()).toBe('Iniciar sesión · Facturación Andina');
      expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/\/marca-blanca\/favicon\.svg$/);
      const logo = page.getByRole('img', { name: 'Facturación Andina' });
      expect(await logo.getAttribute('src')).toBe('/marca-blanca/logo.svg');
      // The logo fits its box at both widths: inside the card, its whole name drawn (the screenshots show it).
      await screenshotsAtTwoWidths(page, 'marca-blanca-logo');
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: 800 });
        const dentro = await logo.evaluate((img) => {
          const caja = img.getBoundingClientRect();
          const tarjeta = img.parentElement!.getBoundingClientRect();
          return caja.left >= tarjeta.left && caja.right <= tarjeta.right && caja.height > 0;
        });
        expect(dentro, `logo a ${width} px`).toBe(true);
      }
      await page.setViewportSize({ width: 1280, height: 800 }); // the carousel below is hidden on a phone
      expect(await page.getByRole('region', { name: 'Novedades de Amelia' }).count()).toBe(0);
      expect(await page.getByText('¿Necesita ayuda?').count()).toBe(0);
      await page.getByRole('link', { name: '¿Olvidó su clave?' }).waitFor();
      const support = page.getByRole('navigation', { name: 'Soporte' });
      expect((await support.getByRole('link').allTextContents()).map((t) => t.trim())).toEqual(['Chat', 'Llamar', 'Sitio web']);
      expect(await support.getByRole('link', { name: 'Chat' }).getAttribute('href')).toBe('https://wa.me/593999999999');
      expect(await support.getByRole('link', { name: 'Llamar' }).getAttribute('href')).toBe('tel:+59326001234');
      expect(await support.getByRole('link', { name: 'Sitio web' }).getAttribute('href')).toBe('https://www.amelia.ec');
      await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0));
      await screenshot(page, 'login-marca-blanca');

      await open(page, suite.server, '/administrador/login');
      await page.getByRole('heading', { name: 'Administración' }).waitFor();
      expect(await page.locator('[data-mode="marca-blanca"]').count()).toBe(1);
      expect(await page.getByRole('region', { name: 'Novedades de Amelia' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: '¿Olvidó su clave?' }).getAttribute('href')).toBe('#/recuperar-clave');
      expect(await page.getByRole('link', { name: 'Abrir un ticket de soporte' }).getAttribute('href')).toBe(
        '#/administrador/soporteTicket',
      );
      await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0));
      await screenshot(page, 'admin-login-marca-blanca');

      await setWhiteLabel('no');
      await page.reload();
      await page.getByRole('region', { name: 'Novedades de Amelia' }).waitFor();
      expect(await page.title()).toBe(`Administración · ${AMELIA_TITLE}`);
      expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/\/amelia\/favicon\.svg$/);
      expect(await page.getByRole('link', { name: 'Abrir un ticket de soporte' }).count()).toBe(0);
    });
  });

  describe('registro (#/registro)', () => {
    const NEW_RUC = '1790011674001'; // a valid private-company RUC that the demo data does not use
    const WARNING_RUC = '1790016918001'; // 13 digits, wrong check digit: a warning, not an error

    const fieldHelp = (page: Page, id: string) => ({ innerText: async () => (await page.locator(`#${id}-help`).innerText()).trim() });

    const fillRegistration = async (
      page: Page,
      values: { ruc: string; nombreC: string; nombre: string; email: string; usuario: string; clave: string },
    ) => {
      await page.getByLabel('RUC', { exact: true }).fill(values.ruc);
      await page.getByLabel('Nombre comercial', { exact: true }).fill(values.nombreC);
      await page.getByLabel('Razón social', { exact: true }).fill(values.nombre);
      await page.getByLabel('Correo electrónico', { exact: true }).fill(values.email);
      await page.getByLabel('Usuario', { exact: true }).fill(values.usuario);
      await page.getByLabel('Clave', { exact: true }).fill(values.clave);
    };
    const submit = (page: Page) => page.getByRole('button', { name: 'Crear cuenta', exact: true }).click();

    it('vacío muestra la advertencia; sin aceptar los términos, el aviso de términos', async () => {
      const page = await freshPage();
      await open(page, suite.server, '/registro');
      await page.getByRole('heading', { name: 'Crear una cuenta' }).waitFor();
      await screenshot(page, 'registro');
      await submit(page);
      await expectMessage(page, MSG.warningTitle, MSG.formInvalid);
      await acceptMessage(page);

      await fillRegistration(page, {
        ruc: NEW_RUC,
        nombreC: 'Panadería La Espiga',
        nombre: 'PANADERIA LA ESPIGA S.A.',
        email: 'info@laespiga.ec',
        usuario: 'espiga',
        clave: 'Espiga2026!',
      });
      await submit(page);
      await expectMessage(page, MSG.warningTitle, MSG.termsRequired);
      await acceptMessage(page);
      // Nothing was registered: the RUC is still free.
      expect(routeOf(page)).toBe('/registro');
      expect(await page.getByLabel('RUC', { exact: true }).inputValue()).toBe(NEW_RUC);
    });

    it('valida el RUC (letras: error; dígito verificador: solo advertencia) y el correo', async () => {
      const page = await freshPage();
      await open(page, suite.server, '/registro');
      await page.getByLabel('RUC', { exact: true }).fill('17900A6919001');
      await page.getByLabel('Correo electrónico', { exact: true }).fill('no-es-un-correo');
      await submit(page);
      await expectMessage(page, MSG.warningTitle, MSG.formInvalid);
      await acceptMessage(page);
      await expect.poll(() => fieldHelp(page, 'EMP_RUC').innerText()).toBe('El RUC debe tener 13 dígitos numéricos');
      expect(await page.getByLabel('RUC', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => fieldHelp(page, 'email').innerText()).toBe('Ingrese un correo electrónico válido');
      expect(await page.getByLabel('Correo electrónico', { exact: true }).getAttribute('aria-invalid')).toBe('true');

      // A 13-digit RUC that fails the check digit: a warning under the field, and the company can still register.
      await fillRegistration(page, {
        ruc: WARNING_RUC,
        nombreC: 'Librería Don Quijote',
        nombre: 'LIBRERIA DON QUIJOTE CIA. LTDA.',
        email: 'ventas@donquijote.ec',
        usuario: 'quijote',
        clave: 'Quijote2026!',
      });
      await expect
        .poll(() => fieldHelp(page, 'EMP_RUC').innerText())
        .toBe('El dígito verificador del RUC no es válido; verifique el número antes de continuar');
      expect(await page.getByLabel('RUC', { exact: true }).getAttribute('aria-invalid')).toBeNull();
      expect(await page.locator('.am-field--warning').count()).toBe(1);
      await page.getByLabel(/Acepto los/).check();
      await submit(page);
      await expectMessage(page, MSG.registrationOkTitle, /La empresa Librería Don Quijote quedó registrada/);
      await acceptMessage(page);
    });

    it('un registro completo con comprobante de pago; el formulario queda vacío y la cuenta sirve para ingresar', async () => {
      const page = await freshPage();
      await open(page, suite.server, '/registro');
      await fillRegistration(page, {
        ruc: NEW_RUC,
        nombreC: 'Panadería La Espiga',
        nombre: 'PANADERIA LA ESPIGA S.A.',
        email: 'info@laespiga.ec',
        usuario: 'espiga',
        clave: 'Espiga2026!',
      });
      await expect.poll(() => fieldHelp(page, 'EMP_RUC').innerText()).toBe('');
      const pdf = path.join(tempDir, 'comprobante.pdf');
      fs.writeFileSync(pdf, '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
      await page.getByLabel('Comprobante de pago (opcional)').setInputFiles(pdf);
      await page.getByText(/comprobante\.pdf \(1 kB\)/).waitFor();
      await page.getByLabel('Número de referencia del pago', { exact: true }).fill('TRX-2026-0042');
      await page.getByLabel(/Acepto los/).check();
      await submit(page);

      const dialog = await expectMessage(page, MSG.registrationOkTitle, /La empresa Panadería La Espiga quedó registrada/);
      const text = await dialog.locator('.am-dialog__body').innerText();
      expect(text).toContain('usuario espiga');
      expect(text).toContain('Comprobante de pago recibido');
      expect(text).not.toContain('No se pudo adjuntar');
      // Viewport only: the form is taller than the window, and a full-page capture shifts the modal's backdrop.
      await page.screenshot({ path: path.join(SCREENSHOTS, 'registro-exito.png') });
      await acceptMessage(page);

      expect(routeOf(page)).toBe('/registro');
      for (const label of ['RUC', 'Nombre comercial', 'Razón social', 'Correo electrónico', 'Usuario', 'Clave']) {
        expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe('');
      }
      expect(await page.getByLabel(/Acepto los/).isChecked()).toBe(false);
      expect(await page.getByText('Ningún archivo seleccionado').count()).toBe(1);
      expect(await page.getByLabel('Número de referencia del pago').count()).toBe(0);

      const login = await freshPage();
      await loginCompany(login, suite.server, { ruc: NEW_RUC, usuario: 'espiga', clave: 'Espiga2026!' });
      expect(await sidebarEntries(login)).toEqual([
        'Inicio',
        'Mi empresa',
        'Ofertas',
        'Facturas',
        'Notas de crédito',
        'Notas de débito',
        'Retenciones',
        'Liquidaciones de compra',
        'Guías de remisión',
        'Clientes',
        'Proveedores',
        'Documentos recibidos',
        'Transportistas',
        'Productos',
        'Firma electrónica',
        'Usuarios',
        'Claves de API',
        'Webhooks',
        'Ayuda y soporte',
      ]);
      await login.getByText('Panadería La Espiga · RUC 1790011674001').waitFor();
    });

    it('registrar otra vez el mismo RUC muestra el error del servidor', async () => {
      const page = await freshPage();
      await open(page, suite.server, '/registro');
      await fillRegistration(page, {
        ruc: NEW_RUC,
        nombreC: 'Otra Espiga',
        nombre: 'OTRA ESPIGA S.A.',
        email: 'otra@laespiga.ec',
        usuario: 'otra',
        clave: 'OtraEspiga2026!',
      });
      await page.getByLabel(/Acepto los/).check();
      await submit(page);
      await expectMessage(page, MSG.loginErrorTitle, `${MSG.registrationErrorPrefix} ${MSG.rucTaken(NEW_RUC)}`);
      const text = await page.getByRole('alertdialog').innerText();
      expect(text).toMatch(literal('Ya existe una empresa registrada con el RUC'));
      await acceptMessage(page);
      // The form keeps what the user typed.
      expect(await page.getByLabel('Nombre comercial', { exact: true }).inputValue()).toBe('Otra Espiga');
    });
  });
});
