/**
 * The electronic signature in the browser: a company user uploads its .p12 on "Firma electrónica", is told when the
 * password is wrong, then sees the holder and the validity dates without any warning, and the sign-in warning about
 * the missing signature is gone; an administrator replaces a company's signature on its firma tab, the replaced one
 * stays in the history, and the company's user sees the new dates. Screenshots at 1366 and 390 px wide.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, e2eAvailable, e2eSuite, screenshot } from '../helpers/e2e';
import { FERRETERIA, literal, loginAdmin, loginCompany, open, registeredCompany, waitForRoute, expectPlanBanner } from '../helpers/browser';
import { buildSignature, SIGNATURE_PASSWORD, signatures } from '../helpers/certificates';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { readCertificate } from '../../server/infra/certificates';
import { diaEcuador } from '../../domain/fechas';
import { FIRMA_MSG } from '../../domain/firmas';

/** The same screen at a laptop's and a phone's width, then back to the suite's size. */
async function screenshotsAtTwoWidths(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.waitForTimeout(300); // the sidebar collapses on a phone
    // MUI measures some boxes (the scrollable tab bar) a moment after a resize: give the page that moment to fit.
    const fits = await page
      .waitForFunction(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth, null, { timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    await screenshot(page, `${name}-${width}`);
    expect(fits, `la página se desborda a ${width} px`).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe.skipIf(!e2eAvailable)('firma electrónica', () => {
  const suite = e2eSuite();

  it('la empresa sube su firma: contraseña incorrecta rechazada, luego titular y fechas sin advertencias, y ya no hay aviso', async () => {
    const p12 = signatures.legacy(DEMO.empresa.ruc);
    const expected = readCertificate(p12, SIGNATURE_PASSWORD);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-firma-')), 'firma-andina.p12');
    fs.writeFileSync(file, p12);

    const page = await suite.freshPage();
    await loginCompany(page, suite.server, DEMO.empresa);
    await expectPlanBanner(page, FIRMA_MSG.noticeMissing);

    await open(page, suite.server, '/firma');
    await waitForRoute(page, '/firma');
    await page.getByText('La empresa no tiene una firma electrónica registrada.').waitFor();
    await page.getByLabel('Archivo de la firma (.p12 o .pfx)').setInputFiles(file);
    await page.getByText(/firma-andina\.p12/).waitFor();

    await page.getByLabel(/Contraseña de la firma/).fill('no-es-la-clave');
    await page.getByRole('button', { name: 'Guardar firma' }).click();
    await page.getByRole('alert').filter({ hasText: FIRMA_MSG.wrongPassword }).waitFor();

    await page.getByLabel(/Contraseña de la firma/).fill(SIGNATURE_PASSWORD);
    await page.getByRole('button', { name: 'Guardar firma' }).click();
    await page.getByText(FIRMA_MSG.saved).waitFor();
    const current = page.getByRole('region', { name: 'Firma en uso' });
    await current.getByText(expected.titular).waitFor();
    await current.getByText(literal(`Del ${diaEcuador(expected.desde)} al ${diaEcuador(expected.hasta)}`)).waitFor();
    await current.getByText(DEMO.empresa.ruc).waitFor();
    await current.getByText('Vigente').waitFor();
    expect(await page.getByText('Revise antes de usarla').count()).toBe(0);
    expect(await page.getByLabel(/Contraseña de la firma/).inputValue()).toBe('');
    expect(await page.content()).not.toContain(SIGNATURE_PASSWORD);
    await screenshotsAtTwoWidths(page, 'firma-empresa');

    // Signing in again: no warning any more (the plan is valid and so is the signature), and the page shows the dates.
    const again = await suite.freshPage();
    await loginCompany(again, suite.server, DEMO.empresa);
    await again.getByText(`Comercial Andina · RUC ${DEMO.empresa.ruc}`).waitFor();
    await again.waitForTimeout(500);
    expect(await again.locator('[data-aviso-plan]').count()).toBe(0);
    await open(again, suite.server, '/firma');
    await again
      .getByRole('region', { name: 'Firma en uso' })
      .getByText(literal(diaEcuador(expected.hasta)))
      .first()
      .waitFor();
  });

  it('comprobar sin guardar muestra el certificado y advierte si el RUC no es el de la empresa', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-firma-')), 'otra.pfx');
    fs.writeFileSync(file, signatures.modern('1790016919001'));
    // A company that registered itself: its menu has "Firma electrónica" and it has no signature yet.
    const company = await registeredCompany(suite.server);
    const page = await suite.freshPage();
    await loginCompany(page, suite.server, company.login);
    await open(page, suite.server, '/firma');
    await page.getByLabel('Archivo de la firma (.p12 o .pfx)').setInputFiles(file);
    await page.getByLabel(/Contraseña de la firma/).fill(SIGNATURE_PASSWORD);
    await page.getByRole('button', { name: 'Comprobar sin guardar' }).click();
    await page.getByText(FIRMA_MSG.valid).waitFor();
    await page.getByText(FIRMA_MSG.idMismatch('1790016919001', company.login.ruc)).waitFor();
    await page.getByRole('region', { name: 'Firma comprobada (no se guardó)' }).waitFor();
    await page.getByText('La empresa no tiene una firma electrónica registrada.').waitFor();
    await screenshotsAtTwoWidths(page, 'firma-comprobar');
  });

  it('el administrador reemplaza la firma de Ferretería El Tornillo en su pestaña Firma electrónica; la empresa ve las fechas nuevas', async () => {
    const tornillo = { ...FERRETERIA, clave: DEMO.empresa.clave };
    const { usuario } = await apiCall<{ usuario: { COM_CODIGO: number } }>(suite.server, '/login', { method: 'POST', body: tornillo });
    const p12 = buildSignature({ titular: 'ANA LUCIA MORALES VEGA', ruc: tornillo.ruc, hasta: new Date(Date.now() + 700 * 86_400_000) });
    const expected = readCertificate(p12, SIGNATURE_PASSWORD);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-firma-')), 'firma-tornillo-2028.p12');
    fs.writeFileSync(file, p12);

    const page = await suite.freshPage();
    await loginAdmin(page, suite.server, DEMO.admin);
    await page.locator('.RaSidebar-fixed').getByRole('menuitem', { name: 'Empresas', exact: true }).waitFor();
    await open(page, suite.server, `/administrador/empresas/${usuario.COM_CODIGO}`);
    // Typed in Datos and not saved: a new signature re-reads the company, and this must survive it.
    const address = page.getByLabel('Dirección matriz', { exact: true });
    await address.fill('Av. de la Prensa N58-12, Quito (sin guardar)');
    await page.getByRole('tab', { name: 'Firma electrónica', exact: true }).click();
    const current = page.getByRole('region', { name: 'Firma en uso' });
    await current.getByText('firma-el-tornillo.p12').waitFor();
    const validity = /Del \d{4}-\d{2}-\d{2} al \d{4}-\d{2}-\d{2}/;
    const seededValidity = validity.exec(await current.getByText(validity).first().innerText())![0];

    await page.getByLabel('Archivo de la firma (.p12 o .pfx)').setInputFiles(file);
    await page.getByLabel(/Contraseña de la firma/).fill(SIGNATURE_PASSWORD);
    await page.getByRole('button', { name: 'Guardar firma' }).click();
    await page.getByText(FIRMA_MSG.saved).waitFor();
    await current.getByText('firma-tornillo-2028.p12').waitFor();
    await current.getByText(literal(`Del ${diaEcuador(expected.desde)} al ${diaEcuador(expected.hasta)}`)).waitFor();
    await current.getByText('María Fernanda Andrade', { exact: false }).waitFor();
    expect(await page.getByText('Revise antes de usarla').count()).toBe(0);
    // The page's header follows at once: its signature line names the new holder.
    await page.getByText(`Firma de ${expected.titular}, vence el`, { exact: false }).waitFor();
    const history = page.getByRole('region', { name: 'Firmas reemplazadas' });
    await history.getByText(seededValidity).first().waitFor();
    await screenshotsAtTwoWidths(page, 'firma-administrador');
    await page.getByRole('tab', { name: 'Datos', exact: true }).click();
    expect(await address.inputValue()).toBe('Av. de la Prensa N58-12, Quito (sin guardar)');

    const company = await suite.freshPage();
    await loginCompany(company, suite.server, tornillo);
    await open(company, suite.server, '/firma');
    const shown = company.getByRole('region', { name: 'Firma en uso' });
    await shown.getByText(literal(`Del ${diaEcuador(expected.desde)} al ${diaEcuador(expected.hasta)}`)).waitFor();
    await shown.getByText('Vigente').waitFor();
    expect(await company.getByText('Revise antes de usarla').count()).toBe(0);
  });
});
