/**
 * From a quote to the goods on the road, in Chromium, against a local SRI the test starts: the administrator of
 * Ferretería El Tornillo writes a quote of two lines for a client, emails it (the client gets its PDF), marks it
 * accepted and clicks Facturar; the invoice draft it became is issued and the SRI authorizes it; from the invoice's page
 * «Guía de remisión» opens the guía prepared from it, the administrator picks the carrier, saves and issues it, and the
 * SRI authorizes it too. The client gets the guía's authorized XML and its RIDE, whose text names the document, the
 * carrier, the plate, the destinatario and the goods. Screenshots at 1366 and 390 px in /tmp/shots-logistica/ (and
 * test-results).
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { simpleParser, type ParsedMail } from 'mailparser';
import { apiCall, e2eAvailable, type RunningServer } from '../helpers/e2e';
import { loginCompany, open, waitForRoute } from '../helpers/browser';
import { e2eSuiteConSri, fotoDosAnchos, TORNILLO, venderPlan } from '../helpers/facturas-e2e';
import { carpetaTemporal } from '../helpers/archivos';
import type { OfertaDetalle } from '../../domain/contratos/ofertas';
import type { FacturaDetalle } from '../../domain/contratos/facturas';
import type { GuiaRemisionDetalle } from '../../domain/contratos/guiasRemision';

const SHOTS = process.env.LOGISTICA_SHOTS ?? path.join(os.tmpdir(), 'shots-logistica');
const foto = (page: Page, nombre: string) => fotoDosAnchos(page, SHOTS, nombre);
const { pdfTexto } = carpetaTemporal('logistica-');

const CLIENTE = 'CONSTRUCCIONES DEL NORTE CIA. LTDA.';
const CORREO_CLIENTE = 'bodega@construccionesdelnorte.ec';
const CHOFER = 'Wilson Ramiro Caiza Pilatasig';
const PLACA = 'PBX-0937';
/** 10 bags at 7.90 and 20 bars at 8.50, both at 15 %: 249.00 + 37.35 IVA = 286.35. */
const LINEAS = [
  { descripcion: 'Cemento gris 50 kg', codigo: 'CEM-50', cantidad: '10', precio: '7.90' },
  { descripcion: 'Varilla corrugada 12 mm', codigo: 'VAR-12', cantidad: '20', precio: '8.50' },
];
const TOTAL = '286.35';

/** The mails in the server's outbox to `para`, parsed with their attachments. */
async function correosA(server: RunningServer, para: string): Promise<ParsedMail[]> {
  const dir = path.join(server.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const correos = await Promise.all(fs.readdirSync(dir).map((archivo) => simpleParser(fs.readFileSync(path.join(dir, archivo)))));
  return correos.filter((c) => [c.to ?? []].flat().some((a) => a.text.includes(para)));
}
/** The one mail to `para` with an attachment that `adjunto` recognizes, once it arrives. */
async function correoCon(server: RunningServer, para: string, adjunto: (nombre: string, contenido: Buffer) => boolean) {
  const buscar = async () => (await correosA(server, para)).filter((c) => c.attachments.some((a) => adjunto(a.filename ?? '', a.content)));
  await expect.poll(async () => (await buscar()).length, { timeout: 15_000 }).toBe(1);
  return (await buscar())[0]!;
}

describe.skipIf(!e2eAvailable)('logística: una oferta aceptada se factura, se emite, y su guía de remisión se autoriza', () => {
  const suite = e2eSuiteConSri({ demoraAutorizacionMs: 300 });

  let page: Page;
  let token = '';
  let oferta = 0;
  let factura = 0;
  let guia = 0;

  it('El Tornillo tiene un plan, un cliente con correo y un transportista', async () => {
    await venderPlan(suite.server);
    ({
      usuario: { token },
    } = await apiCall<{ usuario: { token: string } }>(suite.server, '/login', { method: 'POST', body: TORNILLO }));
    await apiCall(suite.server, '/api/clientes', {
      method: 'POST',
      token,
      body: {
        CLI_TIPO_IDENTIFICACION: '04',
        CLI_IDENTIFICACION: '1791256115001',
        CLI_RAZON_SOCIAL: CLIENTE,
        CLI_DIRECCION: 'Av. Eloy Alfaro N45-20, Quito',
        CLI_CORREOS: [CORREO_CLIENTE],
      },
    });
    await apiCall(suite.server, '/api/transportistas', {
      method: 'POST',
      token,
      body: {
        TRA_TIPO_IDENTIFICACION: '05',
        TRA_IDENTIFICACION: '1710034065',
        TRA_RAZON_SOCIAL: CHOFER,
        TRA_PLACA: PLACA,
        TRA_CORREOS: [],
        TRA_TELEFONOS: [],
      },
    });
    page = await suite.sharedPage();
    page.setDefaultTimeout(15_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginCompany(page, suite.server, TORNILLO);
  });

  it('escribe una oferta de dos líneas para el cliente y la guarda: sus totales son los de una factura', async () => {
    await open(page, suite.server, '/ofertas/create');
    await page.getByRole('combobox', { name: /^Cliente/ }).fill('CONSTRUCCIONES');
    await page.getByRole('option', { name: new RegExp(CLIENTE) }).click();
    const linea = (n: number, campo: string) => page.getByLabel(`${campo}, Línea ${n}`, { exact: true });
    for (const [i, datos] of LINEAS.entries()) {
      if (i > 0) await page.getByRole('button', { name: 'Agregar línea' }).click();
      await linea(i + 1, 'Descripción').fill(datos.descripcion);
      await linea(i + 1, 'Código').fill(datos.codigo);
      await linea(i + 1, 'Cantidad').fill(datos.cantidad);
      await linea(i + 1, 'Precio unitario').fill(datos.precio);
    }
    await expect.poll(() => page.locator('[data-total="Total"]').innerText()).toBe(TOTAL);
    await page.getByLabel('Notas', { exact: true }).fill('Entrega en obra dentro de Quito.');
    await foto(page, 'oferta-formulario');
    await page.getByRole('button', { name: 'Guardar oferta' }).click();
    await page.waitForURL(/#\/ofertas\/\d+\/show$/);
    oferta = Number(page.url().match(/ofertas\/(\d+)\/show/)![1]);
    await page.locator('[data-numero]').getByText('Oferta 000001').waitFor();
    await page.locator('[data-estado="BORRADOR"]').first().waitFor();
    const guardada = await apiCall<OfertaDetalle>(suite.server, `/api/ofertas/${oferta}`, { token });
    expect([guardada.OFE_TOTAL, guardada.lineas.length, guardada.CLI_RAZON_SOCIAL]).toEqual([TOTAL, 2, CLIENTE]);
  });

  it('la envía por correo: el cliente recibe su PDF con las líneas y el total, y la oferta queda enviada', async () => {
    await page.getByRole('button', { name: 'Enviar por correo' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Enviar la oferta por correo' });
    await expect.poll(() => dialogo.getByLabel('Para').inputValue()).toBe(CORREO_CLIENTE);
    await dialogo.getByRole('button', { name: 'Enviar', exact: true }).click();
    await dialogo.waitFor({ state: 'detached' });
    await page.locator('[data-estado="ENVIADA"]').first().waitFor();
    const correo = await correoCon(suite.server, CORREO_CLIENTE, (nombre) => /^oferta-.*\.pdf$/.test(nombre));
    const pdf = correo.attachments.find((a) => a.filename!.endsWith('.pdf'))!.content;
    const texto = pdfTexto(pdf, 'oferta.pdf');
    for (const l of LINEAS) expect(texto).toContain(l.descripcion);
    expect(texto).toContain(TOTAL);
    expect(texto).toContain(CLIENTE);
    await foto(page, 'oferta-enviada');
  });

  it('la marca aceptada y la factura: se abre el borrador de la factura con su cliente y sus líneas', async () => {
    await page.getByRole('button', { name: 'Marcar aceptada' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Marcar aceptada' }).click();
    await page.locator('[data-estado="ACEPTADA"]').first().waitFor();
    await page.getByRole('button', { name: 'Facturar' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Facturar la oferta' });
    await dialogo.getByRole('button', { name: 'Crear factura' }).click();
    await page.waitForURL(/#\/facturas\/\d+$/);
    factura = Number(page.url().match(/facturas\/(\d+)$/)![1]);
    expect((await apiCall<OfertaDetalle>(suite.server, `/api/ofertas/${oferta}`, { token })).FAC_CODIGO).toBe(factura);
    await expect.poll(() => page.getByLabel('Descripción, Línea 2', { exact: true }).inputValue()).toBe(LINEAS[1]!.descripcion);
    await expect.poll(() => page.locator('[data-total="Total"]').innerText()).toBe(TOTAL);
    await foto(page, 'factura-desde-oferta');
  });

  it('abre la factura y la emite: el SRI la autoriza y la oferta muestra su número', async () => {
    // Its payment is the whole total already: nothing to change, the user goes to its page.
    await page.getByRole('link', { name: 'Ver', exact: true }).click();
    await page.waitForURL(/#\/facturas\/\d+\/show$/);
    await page.getByRole('button', { name: 'Emitir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Emitir' }).click();
    await page.getByText('Autorizada por el SRI').first().waitFor({ timeout: 20_000 });
    const emitida = await apiCall<FacturaDetalle>(suite.server, `/api/facturas/${factura}`, { token });
    expect([emitida.FAC_ESTADO, emitida.FAC_TOTAL]).toEqual(['AUTORIZADA', TOTAL]);
    await open(page, suite.server, `/ofertas/${oferta}/show`);
    await page.locator('[data-factura]').getByText(`Factura ${emitida.FAC_NUMERO}`).waitFor();
    await open(page, suite.server, `/facturas/${factura}/show`);
    await page.getByText('Autorizada por el SRI').first().waitFor();
  });

  it('«Guía de remisión» en la factura: elige el transportista (su placa llega sola), guarda y emite: AUTORIZADA', async () => {
    await page.getByRole('link', { name: 'Guía de remisión' }).click();
    await waitForRoute(page, `/guiasRemision/create?factura=${factura}`);
    const destinatario = page.locator('[data-destinatario="1"]');
    await expect.poll(() => destinatario.getByLabel('Nombre o razón social', { exact: true }).inputValue()).toBe(CLIENTE);
    await page.getByLabel('Transportista', { exact: true }).fill('Caiza');
    await page.getByRole('option', { name: new RegExp(CHOFER) }).click();
    await expect.poll(() => page.getByLabel('Placa', { exact: true }).inputValue()).toBe(PLACA);
    await foto(page, 'guia-formulario');
    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await page.waitForURL(/#\/guiasRemision\/\d+\/show/);
    guia = Number(page.url().match(/guiasRemision\/(\d+)\/show/)![1]);
    await page.getByRole('button', { name: 'Emitir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Emitir' }).click();
    await page.getByText('Autorizada por el SRI').first().waitFor({ timeout: 20_000 });
    const emitida = await apiCall<GuiaRemisionDetalle>(suite.server, `/api/guiasRemision/${guia}`, { token });
    expect(emitida).toMatchObject({ FAC_ESTADO: 'AUTORIZADA', GUI_PLACA: PLACA, TRA_RAZON_SOCIAL: CHOFER });
    expect(emitida.destinatarios[0]).toMatchObject({ GDE_RAZON_SOCIAL: CLIENTE, GDE_SUSTENTO: factura });
    await foto(page, 'guia-autorizada');
  });

  it('el destinatario recibe el XML autorizado y el RIDE de la guía: el RIDE nombra el transportista, la placa, el destinatario y los bienes', async () => {
    // The invoice's mail came before, with its own XML: the guía's is the one whose XML is a guiaRemision.
    const correo = await correoCon(
      suite.server,
      CORREO_CLIENTE,
      (nombre, contenido) => nombre.endsWith('.xml') && contenido.toString('utf8').includes('<guiaRemision'),
    );
    const xml = correo.attachments.find((a) => a.filename!.endsWith('.xml'))!;
    const autorizado = await fetch(new URL(`api/guiasRemision/${guia}/autorizado`, suite.server.url), { headers: { 'x-token': token } });
    expect(xml.content.toString('utf8')).toBe(await autorizado.text());
    expect(xml.content.toString('utf8')).toContain('<estado>AUTORIZADO</estado>');
    const ride = correo.attachments.find((a) => a.filename!.endsWith('.pdf'))!;
    const texto = pdfTexto(ride.content, 'guia.pdf');
    expect(texto).toMatch(/GU[ÍI]A DE REMISI[ÓO]N/);
    for (const esperado of [CHOFER.toUpperCase(), PLACA, CLIENTE, ...LINEAS.map((l) => l.descripcion)]) {
      expect(texto.toUpperCase()).toContain(esperado.toUpperCase());
    }
  });
});
