/**
 * The lists people work in, in Chromium: a user of Ferretería El Tornillo filters the invoices and exports them to CSV
 * (only what the filter shows), selects two authorized invoices and downloads their XML and RIDE in a ZIP, selects the
 * drafts and deletes them, and deactivates two products of the catalogue. Screenshots of both lists with rows selected
 * at 1366 and 390 px (test-results/screenshots/listas-*).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import Papa from 'papaparse';
import { unzipSync, strFromU8 } from 'fflate';
import { apiCall, e2eAvailable, e2eSuite, screenshotsAtTwoWidths } from '../helpers/e2e';
import { loginCompany, open, routeOf } from '../helpers/browser';
import { TORNILLO, venderPlan } from '../helpers/facturas-e2e';
import { borrador } from '../helpers/facturas-api';
import { cedulaValida } from '../helpers/identificaciones';
import { iniciarSriLocal, type SriLocal } from '../../server/sri-local';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-listas-e2e-'));
const COMPRADOR = 'LISTAS EXPORTADORA';

describe.skipIf(!e2eAvailable)('listas: exportar y acciones en lote', () => {
  let sri: SriLocal;
  beforeAll(async () => {
    sri = await iniciarSriLocal();
  });
  const suite = e2eSuite(() => ({ SRI_COLA: 'true', SRI_PRUEBAS_URL: sri.url, SRI_INTERVALO_MS: '300', SRI_REINTENTO_MS: '300' }));
  afterAll(async () => {
    await sri?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  let page: Page;
  let token = '';
  const autorizadas: string[] = [];

  /** A row of the list's table by the text it shows. */
  const fila = (texto: string) => page.getByRole('row').filter({ hasText: texto });
  const seleccionar = (texto: string) => fila(texto).getByRole('checkbox').check();

  async function descargar(boton: () => Promise<void>, nombre: string) {
    const [descarga] = await Promise.all([page.waitForEvent('download'), boton()]);
    const archivo = path.join(tmp, nombre);
    await descarga.saveAs(archivo);
    return { nombre: descarga.suggestedFilename(), contenido: fs.readFileSync(archivo) };
  }

  beforeAll(async () => {
    await venderPlan(suite.server);
    ({
      usuario: { token },
    } = await apiCall<{ usuario: { token: string } }>(suite.server, '/login', { method: 'POST', body: TORNILLO }));
    const cliente = (
      await apiCall<{ CLI_CODIGO: number }>(suite.server, '/api/clientes', {
        method: 'POST',
        token,
        body: {
          CLI_TIPO_IDENTIFICACION: '05',
          CLI_IDENTIFICACION: cedulaValida(91),
          CLI_RAZON_SOCIAL: COMPRADOR,
          CLI_DIRECCION: 'Av. Amazonas N34-12, Quito',
          CLI_CORREOS: ['compras@listas.ec'],
        },
      })
    ).CLI_CODIGO;
    const punto = (await apiCall<Array<{ PEM_CODIGO: number }>>(suite.server, '/api/facturas/puntos', { token }))[0]!.PEM_CODIGO;
    const nuevo = async () =>
      (await apiCall<{ FAC_CODIGO: number }>(suite.server, '/api/facturas', { method: 'POST', token, body: borrador(punto, cliente) }))
        .FAC_CODIGO;
    const emitidas: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await nuevo();
      await apiCall(suite.server, `/api/facturas/${id}/emitir`, { method: 'POST', token });
      emitidas.push(id);
    }
    await nuevo();
    await nuevo();
    // The queue takes them to the local SRI; wait until it authorized them.
    const hasta = Date.now() + 30_000;
    for (const id of emitidas) {
      for (;;) {
        const f = await apiCall<{ FAC_ESTADO: string; FAC_NUMERO: string }>(suite.server, `/api/facturas/${id}`, { token });
        if (f.FAC_ESTADO === 'AUTORIZADA') {
          autorizadas.push(f.FAC_NUMERO);
          break;
        }
        if (Date.now() > hasta) throw new Error(`La factura ${id} sigue ${f.FAC_ESTADO}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    for (const [principal, descripcion] of [
      ['LST-1', 'Listón de pino 2 m'],
      ['LST-2', 'Listón de laurel 3 m'],
    ])
      await apiCall(suite.server, '/api/catalogo', {
        method: 'POST',
        token,
        body: { CAT_PRINCIPAL: principal, CAT_DESCRIPCION: descripcion, CAT_PRECIO: '4.5', CAT_IVA: '4' },
      });
    page = await suite.sharedPage();
    await loginCompany(page, suite.server, TORNILLO);
  });

  it('filtra las facturas y exporta a CSV solo las filtradas', async () => {
    await open(page, suite.server, '/facturas');
    await page.getByPlaceholder('Número, comprador o identificación').fill('LISTAS');
    // The search applies after a pause: the chip is clicked once it is in the list's filter.
    await expect.poll(() => decodeURIComponent(routeOf(page))).toContain('LISTAS');
    await page.locator('[data-grupo="autorizadas"]').click();
    await expect.poll(() => decodeURIComponent(routeOf(page))).toContain('AUTORIZADA');
    await fila(autorizadas[0]!).waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Borrador' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Exportar', exact: true }).click();
    const csv = await descargar(() => page.getByRole('menuitem', { name: 'CSV (.csv)' }).click(), 'facturas.csv');
    expect(csv.nombre).toMatch(/^facturas-\d{4}-\d{2}-\d{2}\.csv$/);
    const [cabecera, ...filas] = Papa.parse<string[]>(csv.contenido.toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(cabecera!.slice(0, 8)).toEqual(['Número', 'Fecha', 'Cliente', 'Identificación', 'Subtotal', 'IVA', 'Total', 'Estado']);
    expect(filas.map((f) => f[0]).sort()).toEqual([...autorizadas].sort());
    expect(filas.every((f) => f[2] === COMPRADOR && f[7] === 'Autorizada' && /^\d+\.\d{2}$/.test(f[6]!))).toBe(true);
  });

  it('selecciona dos facturas autorizadas y descarga su XML y RIDE en un ZIP', async () => {
    await seleccionar(autorizadas[0]!);
    await seleccionar(autorizadas[1]!);
    await page.getByText('2 elementos seleccionados').waitFor();
    await screenshotsAtTwoWidths(page, 'listas-facturas-seleccion');
    // At 390 px the list is a simple list without selection: back at the laptop's width the selection is there.
    await page.getByText('2 elementos seleccionados').waitFor();
    const zip = await descargar(() => page.getByRole('button', { name: 'Descargar XML y RIDE' }).click(), 'facturas.zip');
    expect(zip.nombre).toMatch(/^facturas-\d{4}-\d{2}-\d{2}\.zip$/);
    const archivos = unzipSync(new Uint8Array(zip.contenido));
    const esperados = autorizadas.slice(0, 2).sort();
    expect(Object.keys(archivos).sort()).toEqual(esperados.flatMap((n) => [`${n}.pdf`, `${n}.xml`]).sort());
    expect(strFromU8(archivos[`${esperados[0]}.xml`]!)).toContain('<estado>AUTORIZADO</estado>');
    expect(strFromU8(archivos[`${esperados[0]}.pdf`]!.slice(0, 5))).toBe('%PDF-');
    await page.getByRole('button', { name: 'Quitar selección' }).click();
    await page.getByText('2 elementos seleccionados').waitFor({ state: 'detached' });
  });

  it('selecciona los borradores y los elimina tras confirmar', async () => {
    await open(
      page,
      suite.server,
      `/facturas?${new URLSearchParams({ filter: JSON.stringify({ q: 'LISTAS', FAC_ESTADO: ['BORRADOR'] }) })}`,
    );
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Borrador' }).count()).toBe(2);
    // The pointer left over a state chip shows its tooltip above the table's header.
    await page.mouse.move(1200, 780);
    await page.getByRole('checkbox', { name: 'Seleccionar todo' }).check();
    await page.getByRole('button', { name: 'Eliminar borradores' }).click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByText('¿Eliminar los 2 borradores seleccionados?', { exact: false }).waitFor();
    await dialogo.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('2 borradores eliminados').waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Borrador' }).count()).toBe(0);
  });

  it('desactiva dos productos del catálogo', async () => {
    await open(page, suite.server, '/catalogo');
    await page.getByPlaceholder('Código o descripción').fill('Listón');
    await fila('LST-1').waitFor();
    await fila('LST-2').waitFor();
    await seleccionar('LST-1');
    await seleccionar('LST-2');
    await screenshotsAtTwoWidths(page, 'listas-catalogo-seleccion');
    await page.getByRole('button', { name: 'Desactivar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('2 productos desactivados').waitFor();
    await expect.poll(() => fila('LST-1').getByText('Inactivo').count()).toBe(1);
    const productos = await apiCall<Array<{ CAT_PRINCIPAL: string; CAT_ACTIVO: boolean }>>(
      suite.server,
      `/api/catalogo?${new URLSearchParams({ filter: JSON.stringify({ q: 'LST-' }) })}`,
      { token },
    );
    expect(productos.map((p) => [p.CAT_PRINCIPAL, p.CAT_ACTIVO])).toEqual([
      ['LST-2', false],
      ['LST-1', false],
    ]);
  });
});
