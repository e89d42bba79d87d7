/**
 * The purchase side end to end, in Chromium, against a local SRI the test starts: Comercial Andina (given its signature
 * by the back office) invoices Ferretería El Tornillo through the SRI; the store's accountant opens Documentos
 * recibidos → Importar → Claves de acceso, pastes the invoice's key and imports it; Andina appears in Proveedores (the
 * accountant adds its email); from the received invoice, Retener: income tax 312 on the subtotal and 30 % of the IVA,
 * saved and issued, AUTORIZADA; the supplier gets an email with the authorized XML and the RIDE, and the supplier's
 * account shows the balance owed fallen by what was withheld. Screenshots at 1366 and 390 px in /tmp/shots-compras/
 * (and test-results).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { simpleParser } from 'mailparser';
import { apiCall, e2eAvailable, type RunningServer } from '../helpers/e2e';
import { adminToken, loginCompany, open } from '../helpers/browser';
import { e2eSuiteConSri, fotoDosAnchos, TORNILLO, venderPlan } from '../helpers/facturas-e2e';
import { borrador } from '../helpers/facturas-api';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { DEMO_SIGNATURE_PASSWORD } from '../../server/infra/db/seed';
import { buildDemoPkcs12 } from '../../server/infra/db/demo-certificate';
import type { LineaBorrador } from '../../server/modules/facturas/contract';
import type { Proveedor } from '../../domain/contratos/proveedores';
import type { RetencionDetalle } from '../../domain/contratos/retenciones';

const SHOTS = process.env.COMPRAS_SHOTS ?? path.join(os.tmpdir(), 'shots-compras');
const foto = (page: Page, nombre: string) => fotoDosAnchos(page, SHOTS, nombre);

const ANDINA = 'COMERCIAL ANDINA S.A.';
const CORREO_ANDINA = 'cobranzas@comercialandina.ec';
/** 20 reams at 5.00 at 15 %: 100.00 + 15.00 IVA = 115.00. */
const LINEAS: LineaBorrador[] = [
  { FDE_PRINCIPAL: 'PAP-A4-75', FDE_DESCRIPCION: 'Resma de papel bond A4 75 g', FDE_CANTIDAD: '20', FDE_PRECIO: '5.00', FDE_IVA: '4' },
];
const TOTAL_FACTURA = '115.00';
/** Income tax 312 (2 % since 2026-03-01 in the SRI's table) of 100.00, and 30 % of the 15.00 IVA. */
const RENTA = '2.00';
const IVA = '4.50';
const RETENIDO = '6.50';
const SALDO_DESPUES = '108.50';

/** The back office uploads Andina's signature (a demonstration certificate), as its screen does. */
async function firmarAndina(server: RunningServer, empresa: number) {
  const desde = new Date(Date.now() - 86_400_000);
  const p12 = buildDemoPkcs12({
    password: DEMO_SIGNATURE_PASSWORD,
    titular: 'LUCIA ELENA PEREZ ALMEIDA',
    ruc: DEMO.empresa.ruc,
    desde,
    hasta: new Date(desde.getTime() + 365 * 86_400_000),
  });
  const body = new FormData();
  body.append('password', DEMO_SIGNATURE_PASSWORD);
  body.append('signfile', new Blob([new Uint8Array(p12)]), 'firma-andina.p12');
  const respuesta = await fetch(new URL(`api/EmpresasAmelia/empresas/firma/${empresa}`, server.url), {
    method: 'POST',
    headers: { 'x-token': await adminToken(server, DEMO.admin) },
    body,
  });
  expect(respuesta.status, await respuesta.clone().text()).toBeLessThan(300);
}

/**
 * A user of the store with the accountant's role, made by its administrator (once the back office gave the store the
 * Usuarios menu), with a clave of its own.
 */
async function contadorDelTornillo(server: RunningServer, admin: string, empresa: number) {
  const backOffice = await adminToken(server, DEMO.admin);
  const menus = await apiCall<Array<{ MEN_CODIGO: number; MEN_RUTA: string; asignado: boolean }>>(
    server,
    `/menus/menuEmpresaAdmin/${empresa}`,
    {
      token: backOffice,
    },
  );
  await apiCall(server, `/menus/menuEmpresaAdmin/${empresa}`, {
    method: 'PUT',
    token: backOffice,
    body: { menus: menus.filter((m) => m.asignado || /usuarios/.test(m.MEN_RUTA)).map((m) => m.MEN_CODIGO) },
  });
  const usuario = 'contadora';
  const { claveTemporal } = await apiCall<{ claveTemporal: string }>(server, '/api/usuarios', {
    method: 'POST',
    token: admin,
    body: { USU_USUARIO: usuario, USU_NOMBRE: 'Rosa Contadora', USU_CORREO: 'contabilidad@eltornillo.ec', USU_ROL: 'contador' },
  });
  const { usuario: primera } = await apiCall<{ usuario: { token: string } }>(server, '/login', {
    method: 'POST',
    body: { ruc: TORNILLO.ruc, usuario, clave: claveTemporal },
  });
  const clave = 'Contadora2026!';
  await apiCall(server, '/clave', { method: 'PUT', token: primera.token, body: { claveNueva: clave } });
  return { ruc: TORNILLO.ruc, usuario, clave };
}

/** The mails in the server's outbox to `para`, with their attachments' names and contents. */
async function correosA(server: RunningServer, para: string) {
  const dir = path.join(server.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const correos = await Promise.all(fs.readdirSync(dir).map((archivo) => simpleParser(fs.readFileSync(path.join(dir, archivo)))));
  return correos.filter((c) => [c.to ?? []].flat().some((a) => a.text.includes(para)));
}

describe.skipIf(!e2eAvailable)('compras: importar la factura de un proveedor por su clave, retener y ver su cuenta', () => {
  const suite = e2eSuiteConSri({ demoraAutorizacionMs: 300 });

  let page: Page;
  let tokenTornillo = '';
  let clave = '';
  let numeroFactura = '';
  let proveedor = 0;
  let retencion = 0;

  it('Comercial Andina factura a Ferretería El Tornillo y el SRI la autoriza', async () => {
    await venderPlan(suite.server);
    const { usuario: andina } = await apiCall<{ usuario: { token: string; COM_CODIGO: number } }>(suite.server, '/login', {
      method: 'POST',
      body: DEMO.empresa,
    });
    await firmarAndina(suite.server, andina.COM_CODIGO);
    const { CLI_CODIGO } = await apiCall<{ CLI_CODIGO: number }>(suite.server, '/api/clientes', {
      method: 'POST',
      token: andina.token,
      body: {
        CLI_TIPO_IDENTIFICACION: '04',
        CLI_IDENTIFICACION: TORNILLO.ruc,
        CLI_RAZON_SOCIAL: 'FERRETERIA EL TORNILLO CIA. LTDA.',
        CLI_DIRECCION: 'Calle Bolívar Oe5-24 y Guayaquil, Quito',
        CLI_CORREOS: ['compras@eltornillo.ec'],
      },
    });
    const [{ PEM_CODIGO }] = await apiCall<Array<{ PEM_CODIGO: number }>>(suite.server, '/api/facturas/puntos', { token: andina.token });
    const { FAC_CODIGO } = await apiCall<{ FAC_CODIGO: number }>(suite.server, '/api/facturas', {
      method: 'POST',
      token: andina.token,
      body: borrador(PEM_CODIGO, CLI_CODIGO, LINEAS),
    });
    await apiCall(suite.server, `/api/facturas/${FAC_CODIGO}/emitir`, { method: 'POST', token: andina.token });
    const factura = () =>
      apiCall<{ FAC_ESTADO: string; FAC_CLAVE_ACCESO: string; FAC_NUMERO: string; FAC_TOTAL: string }>(
        suite.server,
        `/api/facturas/${FAC_CODIGO}`,
        { token: andina.token },
      );
    await expect.poll(async () => (await factura()).FAC_ESTADO, { timeout: 20_000 }).toBe('AUTORIZADA');
    ({ FAC_CLAVE_ACCESO: clave, FAC_NUMERO: numeroFactura } = await factura());
    expect((await factura()).FAC_TOTAL).toBe(TOTAL_FACTURA);

    const { usuario: tornillo } = await apiCall<{ usuario: { token: string; COM_CODIGO: number } }>(suite.server, '/login', {
      method: 'POST',
      body: TORNILLO,
    });
    tokenTornillo = tornillo.token;
    const contadora = await contadorDelTornillo(suite.server, tokenTornillo, tornillo.COM_CODIGO);
    page = await suite.sharedPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginCompany(page, suite.server, contadora);
  });

  it('Documentos recibidos → Importar → Claves de acceso: pega la clave y la factura queda importada', async () => {
    await open(page, suite.server, '/recibidos');
    await page.getByRole('button', { name: 'Importar' }).click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByRole('tab', { name: 'Claves de acceso' }).click();
    await dialogo.getByRole('textbox', { name: 'Claves de acceso' }).fill(`Clave de la factura de Andina: ${clave}`);
    await dialogo.getByText('1 clave válida').waitFor();
    await foto(page, 'importar-claves');
    await dialogo.getByRole('button', { name: 'Importar', exact: true }).click();
    const resultado = dialogo.getByRole('region', { name: 'Resultado de la importación' });
    await resultado.getByText('1 importados, 0 ya registrados, 0 rechazados').waitFor({ timeout: 20_000 });
    await resultado.getByText('1 proveedor nuevo añadido al libro').waitFor();
    await resultado.getByText(clave).first().waitFor();
    await foto(page, 'importar-resultado');
    await dialogo.getByRole('button', { name: 'Cerrar' }).click();
    await dialogo.waitFor({ state: 'detached' });
    // The list shows it with its issuer, its total and the way to withhold on it.
    await page.getByText(numeroFactura).first().waitFor();
    await page
      .getByRole('link', { name: `Retener ${numeroFactura}` })
      .first()
      .waitFor();
    await foto(page, 'recibidos-lista');
  });

  it('Andina aparece en Proveedores, con su cuenta por pagar; la contadora añade su correo', async () => {
    await open(page, suite.server, '/proveedores');
    await page.getByText(ANDINA).first().waitFor();
    await foto(page, 'proveedores-lista');
    const [andina] = await apiCall<Proveedor[]>(suite.server, `/api/proveedores?filter=${encodeURIComponent('{"q":"ANDINA"}')}`, {
      token: tokenTornillo,
    });
    expect(andina).toMatchObject({ PRV_IDENTIFICACION: DEMO.empresa.ruc, PRV_RAZON_SOCIAL: ANDINA, PRV_CORREOS: [] });
    proveedor = andina!.PRV_CODIGO;

    await open(page, suite.server, `/proveedores/${proveedor}/show`);
    const cuenta = page.getByRole('region', { name: 'Cuenta del proveedor' });
    await cuenta.getByText(`USD ${TOTAL_FACTURA}`).first().waitFor();
    expect(await cuenta.getByText('Saldo por pagar').first().locator('..').innerText()).toContain(TOTAL_FACTURA);

    await open(page, suite.server, `/proveedores/${proveedor}`);
    await page.getByLabel(/^Correos/).fill(CORREO_ANDINA);
    await page.getByLabel(/^Correos/).press('Enter');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(async () => (await apiCall<Proveedor>(suite.server, `/api/proveedores/${proveedor}`, { token: tokenTornillo })).PRV_CORREOS)
      .toEqual([CORREO_ANDINA]);
  });

  it('Retener desde la factura recibida: renta 312 y 30 % del IVA, guarda y emite: AUTORIZADA', async () => {
    await open(page, suite.server, '/recibidos');
    await page
      .getByRole('link', { name: `Retener ${numeroFactura}` })
      .locator('visible=true')
      .first()
      .click();
    await page.waitForURL(/#\/retenciones\/create/);
    // The invoice comes as the support document, with a renta line on its subtotal and an IVA line on its IVA.
    await expect.poll(() => page.getByLabel('Base imponible, documento 1, retención 1').inputValue()).toBe('100.00');
    await expect.poll(() => page.getByLabel('Base imponible, documento 1, retención 2').inputValue()).toBe('15.00');
    const elegir = async (retencion: number, escrito: string, opcion: RegExp) => {
      const codigo = page.getByLabel(`Código, documento 1, retención ${retencion}`);
      await codigo.click();
      await codigo.fill(escrito);
      await page.getByRole('option', { name: opcion }).first().click();
    };
    await elegir(1, '312', /^312 — /);
    await elegir(2, 'Retención del 30 %', /^1 — Retención del 30 % del IVA \(bienes\)/);
    await expect.poll(() => page.getByLabel('Valor retenido, documento 1, retención 1').innerText()).toBe(RENTA);
    await expect.poll(() => page.getByLabel('Valor retenido, documento 1, retención 2').innerText()).toBe(IVA);
    await page.getByRole('region', { name: 'Totales' }).getByText(RETENIDO).first().waitFor();
    await foto(page, 'retencion-formulario');

    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await page.waitForURL(/#\/retenciones\/\d+\/show$/);
    retencion = Number(page.url().match(/retenciones\/(\d+)\/show/)![1]);
    await page.getByRole('button', { name: 'Emitir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Emitir' }).click();
    await page.locator('[data-estado="AUTORIZADA"]').first().waitFor({ timeout: 20_000 });
    const emitida = await apiCall<RetencionDetalle>(suite.server, `/api/retenciones/${retencion}`, { token: tokenTornillo });
    expect(emitida).toMatchObject({
      FAC_ESTADO: 'AUTORIZADA',
      FAC_SUBTOTAL: RENTA,
      FAC_IVA: IVA,
      FAC_TOTAL: RETENIDO,
      PRV_CODIGO: proveedor,
    });
    await page.getByText(emitida.FAC_CLAVE_ACCESO!).first().waitFor();
    await foto(page, 'retencion-autorizada');
  });

  it('el proveedor recibe un correo con el XML autorizado y el RIDE de la retención', async () => {
    const { FAC_NUMERO } = await apiCall<RetencionDetalle>(suite.server, `/api/retenciones/${retencion}`, { token: tokenTornillo });
    await expect.poll(async () => (await correosA(suite.server, CORREO_ANDINA)).length, { timeout: 15_000 }).toBe(1);
    const [correo] = await correosA(suite.server, CORREO_ANDINA);
    const adjuntos = correo!.attachments.map((a) => a.filename).sort();
    expect(adjuntos).toEqual([`retencion-${FAC_NUMERO}.pdf`, `retencion-${FAC_NUMERO}.xml`].sort());
    const xml = correo!.attachments.find((a) => a.filename!.endsWith('.xml'))!.content.toString('utf8');
    const autorizado = await fetch(new URL(`api/retenciones/${retencion}/autorizado`, suite.server.url), {
      headers: { 'x-token': tokenTornillo },
    });
    expect(xml).toBe(await autorizado.text());
    expect(xml).toContain('<estado>AUTORIZADO</estado>');
    expect(xml).toContain(`<identificacionSujetoRetenido>${DEMO.empresa.ruc}</identificacionSujetoRetenido>`);
    expect(
      correo!.attachments
        .find((a) => a.filename!.endsWith('.pdf'))!
        .content.subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('la cuenta del proveedor baja en el total retenido', async () => {
    await open(page, suite.server, `/proveedores/${proveedor}/show`);
    const cuenta = page.getByRole('region', { name: 'Cuenta del proveedor' });
    await cuenta.getByText(`USD ${SALDO_DESPUES}`).first().waitFor();
    expect(await cuenta.getByText('Retenido', { exact: true }).first().locator('..').innerText()).toContain(RETENIDO);
    expect(await cuenta.getByText('Saldo por pagar').first().locator('..').innerText()).toContain(SALDO_DESPUES);
    await foto(page, 'proveedor-cuenta');
  });
});
