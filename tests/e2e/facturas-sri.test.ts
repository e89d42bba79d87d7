/**
 * The SRI in Chromium, against a local SRI (server/sri-local) the test starts: a user of Ferretería El Tornillo issues
 * an invoice and watches it become AUTORIZADA, the buyer's email arrives with the authorized XML and the RIDE, the
 * user records a partial collection on the client's statement and downloads it; an invoice dated out of the SRI's
 * tolerance comes back DEVUELTA with the SRI's message and what to do. Screenshots of the list with its states, the
 * invoice page and the statement at 1366 and 390 px in /tmp/shots-sri/ (and test-results).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, e2eAvailable, outbox } from '../helpers/e2e';
import { loginCompany, open } from '../helpers/browser';
import { e2eSuiteConSri, fotoDosAnchos, TORNILLO, venderPlan } from '../helpers/facturas-e2e';
import { borrador } from '../helpers/facturas-api';
import { cedulaValida } from '../helpers/identificaciones';
import { fechaCorta, hoyEcuador, sumarDias } from '../../domain/fechas';

const SHOTS = process.env.SRI_SHOTS ?? path.join(os.tmpdir(), 'shots-sri');
const CORREO = 'compras@andes-ferreteros.ec';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-sri-e2e-'));

const foto = (page: Page, nombre: string) => fotoDosAnchos(page, SHOTS, nombre);

describe.skipIf(!e2eAvailable)('facturas y el SRI: autorización, correo, cobro y estado de cuenta', () => {
  const suite = e2eSuiteConSri({ demoraAutorizacionMs: 1_500 }, '500');
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  let page: Page;
  let token = '';
  let cliente = 0;
  let punto = 0;
  let numero = '';

  /** A draft made through the API (the form has its own scenario in facturas.test.ts). */
  async function nuevoBorrador(extra: Parameters<typeof borrador>[3] = {}) {
    const creada = await apiCall<{ FAC_CODIGO: number }>(suite.server, '/api/facturas', {
      method: 'POST',
      token,
      body: borrador(punto, cliente, undefined, extra),
    });
    return creada.FAC_CODIGO;
  }

  async function emitirEnPantalla(id: number) {
    await open(page, suite.server, `/facturas/${id}/show`);
    await page.getByRole('button', { name: 'Emitir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Emitir' }).click();
  }

  it('emite una factura y la ve autorizada por el SRI; el comprador recibe el XML autorizado y el RIDE', async () => {
    await venderPlan(suite.server);
    ({
      usuario: { token },
    } = await apiCall<{ usuario: { token: string } }>(suite.server, '/login', { method: 'POST', body: TORNILLO }));
    cliente = (
      await apiCall<{ CLI_CODIGO: number }>(suite.server, '/api/clientes', {
        method: 'POST',
        token,
        body: {
          CLI_TIPO_IDENTIFICACION: '05',
          CLI_IDENTIFICACION: cedulaValida(71),
          CLI_RAZON_SOCIAL: 'ANDES FERRETEROS',
          CLI_DIRECCION: 'Av. Amazonas N34-12, Quito',
          CLI_CORREOS: [CORREO],
        },
      })
    ).CLI_CODIGO;
    punto = (await apiCall<Array<{ PEM_CODIGO: number }>>(suite.server, '/api/facturas/puntos', { token }))[0]!.PEM_CODIGO;
    const id = await nuevoBorrador();

    page = await suite.sharedPage();
    await loginCompany(page, suite.server, TORNILLO);
    await emitirEnPantalla(id);
    // FIRMADA, ENVIADA, RECIBIDA (the local SRI keeps it EN PROCESO 1.5 s), then AUTORIZADA, without reloading.
    await page.locator('[data-estado="AUTORIZADA"]').first().waitFor({ timeout: 20_000 });
    numero = (await page.locator('[data-numero]').innerText()).match(/\d{3}-\d{3}-\d{9}/)![0];
    const factura = await apiCall<{ FAC_CLAVE_ACCESO: string; FAC_AUTORIZACION: string }>(suite.server, `/api/facturas/${id}`, { token });
    expect(factura.FAC_AUTORIZACION).toBe(factura.FAC_CLAVE_ACCESO);
    await page.getByText('Número de autorización').waitFor();
    await page.getByText(factura.FAC_CLAVE_ACCESO).first().waitFor();
    await page.getByText(new RegExp(`Enviado a ${CORREO}`)).waitFor({ timeout: 10_000 });
    await foto(page, 'factura-autorizada');

    const correos = (await outbox(suite.server.dataDir)).filter((m) => m.to === CORREO);
    expect(correos).toHaveLength(1);
    expect(correos[0]!.subject).toBe(`Factura electrónica ${numero} de Ferretería El Tornillo`);
    expect(correos[0]!.attachments).toEqual([`factura-${numero}.xml`, `factura-${numero}.pdf`]);
  });

  it('registra un cobro parcial y descarga el estado de cuenta del cliente', async () => {
    await open(page, suite.server, `/clientes/${cliente}/show`);
    const cuenta = page.getByRole('region', { name: 'Estado de cuenta' });
    await cuenta.getByText(numero).first().waitFor();
    await cuenta.getByRole('button', { name: 'Registrar cobro' }).click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByLabel('Valor (USD)').fill('10.00');
    await dialogo.getByRole('button', { name: 'Registrar' }).click();
    await page.getByText('Cobro registrado').waitFor();
    await dialogo.waitFor({ state: 'detached' });
    // 37.78 invoiced, 10.00 collected: 27.78 owed.
    await cuenta.getByText('27.78').first().waitFor();
    await foto(page, 'estado-cuenta');

    /** The statement's PDF as the button downloads it, as text (runs of spaces and lines as one space). */
    const pdfDelEstado = async (nombre: string) => {
      const [descarga] = await Promise.all([
        page.waitForEvent('download'),
        cuenta.getByRole('button', { name: 'Descargar el estado de cuenta en PDF' }).click(),
      ]);
      const pdf = path.join(tmp, nombre);
      await descarga.saveAs(pdf);
      return spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    };
    const texto = await pdfDelEstado('estado-cuenta.pdf');
    expect(texto).toContain('ANDES FERRETEROS');
    expect(texto).toContain(numero);
    expect(texto).toMatch(/27\.78/);

    // A period from today: the client brings nothing owed into it, and the statement and its PDF say so.
    const hoy = hoyEcuador();
    await cuenta.getByLabel('Desde').fill(hoy);
    await cuenta.getByText(`Saldo anterior al ${hoy}: USD 0.00 (vencido USD 0.00)`, { exact: false }).waitFor();
    await cuenta.getByText('Saldo total: USD 27.78').waitFor();
    await foto(page, 'estado-cuenta-periodo');
    const textoPeriodo = await pdfDelEstado('estado-cuenta-periodo.pdf');
    expect(textoPeriodo).toContain(`Período: desde ${fechaCorta(hoy)}`);
    expect(textoPeriodo).toContain(`Saldo anterior al ${fechaCorta(hoy)}: USD 0.00`);
    await cuenta.getByRole('button', { name: 'Todo' }).click();
    await cuenta.getByText(/Saldo anterior/).waitFor({ state: 'detached' });
  });

  it('una factura con fecha fuera del plazo del SRI vuelve DEVUELTA con su mensaje y qué hacer', async () => {
    const id = await nuevoBorrador({ FAC_FECHA: sumarDias(hoyEcuador(), -100) });
    await emitirEnPantalla(id);
    await page.locator('[data-estado="DEVUELTA"]').first().waitFor({ timeout: 20_000 });
    await page.getByText('FECHA EMISIÓN EXTEMPORANEA').waitFor();
    await page.getByText(/Corrija la fecha/).waitFor();
    await page.getByRole('link', { name: 'Corregir' }).waitFor();
    await foto(page, 'factura-devuelta');

    await open(page, suite.server, '/facturas');
    await page.locator('[data-estado="DEVUELTA"]').first().waitFor();
    await page.locator('[data-estado="AUTORIZADA"]').first().waitFor();
    await foto(page, 'lista-estados');
  });
});
