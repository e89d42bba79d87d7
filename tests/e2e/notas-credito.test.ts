/**
 * A credit note in Chromium, against a local SRI (server/sri-local) the test starts: a user of Ferretería El Tornillo
 * opens an AUTORIZADA invoice of a client who owes it, clicks "Emitir nota de crédito", returns 1 of the 3 drills of
 * one line with a motivo, saves the draft and issues it; the note becomes AUTORIZADA on its page, the client's
 * statement owes the note's total less, and the note's RIDE (pdftotext) says NOTA DE CRÉDITO, the invoice it
 * modifies, the returned line and the total. Screenshots at 1366 and 390 px in /tmp/shots-notas/ (and test-results).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, e2eAvailable } from '../helpers/e2e';
import { loginCompany, open } from '../helpers/browser';
import { e2eSuiteConSri, fotoDosAnchos, TORNILLO, venderPlan } from '../helpers/facturas-e2e';
import { borrador } from '../helpers/facturas-api';
import { cedulaValida } from '../helpers/identificaciones';
import type { LineaBorrador } from '../../server/modules/facturas/contract';
import type { Nota } from '../../domain/contratos/notasCredito';

const SHOTS = process.env.NOTAS_SHOTS ?? path.join(os.tmpdir(), 'shots-notas');
const CLIENTE = 'CONSTRUCTORA LOS ANDES';
const TALADRO = 'Taladro percutor 1/2" 750 W';
/** 3 drills and 10 bits at 15 %: 135.00 + 20.25 IVA = 155.25. */
const LINEAS: LineaBorrador[] = [
  { FDE_PRINCIPAL: 'TAL-750', FDE_DESCRIPCION: TALADRO, FDE_CANTIDAD: '3', FDE_PRECIO: '40.00', FDE_IVA: '4' },
  { FDE_PRINCIPAL: 'BRO-006', FDE_DESCRIPCION: 'Broca para concreto 6 mm', FDE_CANTIDAD: '10', FDE_PRECIO: '1.50', FDE_IVA: '4' },
];
const TOTAL_FACTURA = '155.25';
/** One drill returned: 40.00 + 6.00 IVA. */
const TOTAL_NOTA = '46.00';
const SALDO_DESPUES = '109.25';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-notas-e2e-'));

const foto = (page: Page, nombre: string) => fotoDosAnchos(page, SHOTS, nombre);

describe.skipIf(!e2eAvailable)('nota de crédito: devolución parcial de una factura autorizada', () => {
  const suite = e2eSuiteConSri({ demoraAutorizacionMs: 500 });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  let page: Page;
  let token = '';
  let cliente = 0;
  let factura = 0;
  let numeroFactura = '';
  let nota = 0;

  const estadoDe = async (url: string) => (await apiCall<{ FAC_ESTADO: string }>(suite.server, url, { token })).FAC_ESTADO;

  /** The client's statement on its page, and the balance it ends with. */
  async function estadoDeCuenta(saldo: string) {
    await open(page, suite.server, `/clientes/${cliente}/show`);
    const cuenta = page.getByRole('region', { name: 'Estado de cuenta' });
    await cuenta.getByText(numeroFactura).first().waitFor();
    await cuenta.getByText(`Saldo total: USD ${saldo}`).waitFor();
    return cuenta;
  }

  it('una factura autorizada de un cliente que la debe', async () => {
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
          CLI_IDENTIFICACION: cedulaValida(91),
          CLI_RAZON_SOCIAL: CLIENTE,
          CLI_DIRECCION: 'Av. de la Prensa N45-20, Quito',
          CLI_CORREOS: [],
        },
      })
    ).CLI_CODIGO;
    const punto = (await apiCall<Array<{ PEM_CODIGO: number }>>(suite.server, '/api/facturas/puntos', { token }))[0]!.PEM_CODIGO;
    factura = (
      await apiCall<{ FAC_CODIGO: number }>(suite.server, '/api/facturas', {
        method: 'POST',
        token,
        body: borrador(punto, cliente, LINEAS),
      })
    ).FAC_CODIGO;
    await apiCall(suite.server, `/api/facturas/${factura}/emitir`, { method: 'POST', token });
    await expect.poll(() => estadoDe(`/api/facturas/${factura}`), { timeout: 20_000 }).toBe('AUTORIZADA');
    const emitida = await apiCall<{ FAC_NUMERO: string; FAC_TOTAL: string }>(suite.server, `/api/facturas/${factura}`, { token });
    expect(emitida.FAC_TOTAL).toBe(TOTAL_FACTURA);
    numeroFactura = emitida.FAC_NUMERO;

    page = await suite.sharedPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginCompany(page, suite.server, TORNILLO);
    // The client owes the whole invoice.
    await estadoDeCuenta(TOTAL_FACTURA);
  });

  it('desde la factura, devuelve 1 de los 3 taladros con un motivo, guarda y emite: la nota queda AUTORIZADA', async () => {
    await open(page, suite.server, `/facturas/${factura}/show`);
    const panel = page.getByRole('region', { name: 'Notas de crédito y débito' });
    await panel.getByText(`Saldo por acreditar: USD ${TOTAL_FACTURA}`).waitFor();
    await foto(page, 'factura-con-panel');
    await panel
      .getByRole('button', { name: 'Emitir nota de crédito' })
      .or(panel.getByRole('link', { name: 'Emitir nota de crédito' }))
      .click();
    await page.waitForURL(/#\/notasCredito\/create/);

    // The invoice comes chosen; the return mode lists its lines with what is left of each.
    await expect.poll(() => page.getByLabel(/^Factura que modifica/).inputValue()).toContain(numeroFactura);
    await page.locator('[data-resumen-factura]').getByText(`Saldo por acreditar: USD ${TOTAL_FACTURA}`).waitFor();
    await page.getByLabel(/^Motivo/).fill('Devolución de un taladro con falla de fábrica');
    await page.getByLabel(/^Cantidad a devolver, línea 1: /).fill('1');
    await expect.poll(() => page.locator('[data-total="Valor total"]').innerText()).toBe(TOTAL_NOTA);
    await foto(page, 'nota-credito-formulario');

    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await page.waitForURL(/#\/notasCredito\/\d+\/show$/);
    nota = Number(page.url().match(/notasCredito\/(\d+)\/show/)![1]);

    await page.getByRole('button', { name: 'Emitir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Emitir' }).click();
    // FIRMADA, ENVIADA, RECIBIDA, then AUTORIZADA, without reloading.
    await page.locator('[data-estado="AUTORIZADA"]').first().waitFor({ timeout: 20_000 });
    const emitida = await apiCall<Nota>(suite.server, `/api/notasCredito/${nota}`, { token });
    expect(emitida).toMatchObject({
      FAC_ESTADO: 'AUTORIZADA',
      FAC_TOTAL: TOTAL_NOTA,
      FAC_MODIFICA: factura,
      FACTURA_NUMERO: numeroFactura,
    });
    await page.getByText(emitida.FAC_NUMERO!).first().waitFor();
    await page.getByText(emitida.FAC_CLAVE_ACCESO!).first().waitFor();
    await foto(page, 'nota-credito-autorizada');
  });

  it('el estado de cuenta del cliente baja en el total de la nota', async () => {
    const cuenta = await estadoDeCuenta(SALDO_DESPUES);
    const { FAC_NUMERO } = await apiCall<Nota>(suite.server, `/api/notasCredito/${nota}`, { token });
    // The note is a movement of the statement, a credit against its invoice.
    await cuenta.getByText(`Nota de crédito ${FAC_NUMERO} (factura ${numeroFactura})`).first().waitFor();
    await foto(page, 'estado-cuenta-con-nota');
  });

  it('el RIDE de la nota dice NOTA DE CRÉDITO, la factura que modifica, la línea devuelta y el total', async () => {
    await open(page, suite.server, `/notasCredito/${nota}/show`);
    const [descarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'RIDE (PDF)' }).click()]);
    expect(descarga.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = path.join(tmp, 'nota.pdf');
    await descarga.saveAs(pdf);
    const texto = spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    expect(texto).toContain('NOTA DE CRÉDITO');
    expect(texto).toContain(numeroFactura);
    expect(texto).toContain(TALADRO);
    expect(texto).toContain(TOTAL_NOTA);
    expect(texto).not.toContain('Broca para concreto');
  });
});
