/**
 * Integrations in Chromium, as Ferretería El Tornillo's administrador: «Claves de API» creates a key and shows it once;
 * that key reads the company's clients from outside the browser (fetch with `Authorization: Bearer`), and once revoked
 * on its page the same call is refused. «Webhooks» registers an endpoint on a receiver the test runs (a node:http
 * server on this machine: the server is started with WEBHOOKS_REDES_PRIVADAS=true), shows its secret once, and
 * «Enviar prueba» makes the receiver get a ping signed with that secret, which the log shows ENTREGADA; with the
 * receiver answering 500 the next test shows its failed attempt, and «Reenviar» once it answers 200 again delivers it.
 * Screenshots of every page at 1366 and 390 px in INTEGRACIONES_SHOTS (the temp folder's shots-integraciones/).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eAvailable, e2eSuite } from '../helpers/e2e';
import { loginCompany, open, routeOf, waitForRoute } from '../helpers/browser';
import { fotoDosAnchos, TORNILLO } from '../helpers/facturas-e2e';
import { expectAccessible } from '../helpers/axe';
import { CABECERA_ENTREGA, CABECERA_FIRMA } from '../../domain/integraciones';

const SHOTS = process.env.INTEGRACIONES_SHOTS ?? path.join(os.tmpdir(), 'shots-integraciones');
const foto = (page: Page, nombre: string) => fotoDosAnchos(page, SHOTS, `integraciones-${nombre}`);

type Recibida = { headers: http.IncomingHttpHeaders; cuerpo: string };

/** A webhook receiver as an integrator would run one: it keeps what arrives and answers `estado`. */
function receptor() {
  const recibidas: Recibida[] = [];
  const control = { estado: 200 };
  const server = http.createServer((req, res) => {
    let cuerpo = '';
    req.on('data', (chunk) => (cuerpo += chunk));
    req.on('end', () => {
      recibidas.push({ headers: req.headers, cuerpo });
      res.writeHead(control.estado, { 'content-type': 'text/plain' }).end(control.estado === 200 ? 'ok' : 'fallo');
    });
  });
  return { server, recibidas, control };
}

/** Checks a delivery's signature the way docs/integraciones.md tells a receiver to: HMAC-SHA256 of "<t>.<body>". */
function firmaValida(recibida: Recibida, secreto: string) {
  const firma = String(recibida.headers[CABECERA_FIRMA.toLowerCase()] ?? '');
  const partes = Object.fromEntries(firma.split(',').map((p) => p.split('=') as [string, string]));
  const esperada = crypto.createHmac('sha256', secreto).update(`${partes.t}.${recibida.cuerpo}`).digest('hex');
  return Boolean(partes.t) && partes.v1 === esperada;
}

describe.skipIf(!e2eAvailable)('integraciones: claves de API y webhooks desde sus pantallas', () => {
  const { server: http_, recibidas, control } = receptor();
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => http_.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http_.address() as AddressInfo).port}/amelia/webhooks`;
  });
  afterAll(() => new Promise<void>((resolve) => http_.close(() => resolve())));
  // Deliveries to this machine's receiver, tried every 300 ms; a failed one waits a minute (it is redelivered by hand).
  const suite = e2eSuite(() => ({ WEBHOOKS_REDES_PRIVADAS: 'true', WEBHOOKS_INTERVALO_MS: '300', WEBHOOKS_REINTENTO_MS: '60000' }));

  let page: Page;
  let clave = '';
  const clientes = () => fetch(new URL('api/clientes', suite.server.url), { headers: { authorization: `Bearer ${clave}` } });

  it('el administrador crea una clave: se muestra una sola vez y con ella otro sistema lee los clientes', async () => {
    page = await suite.sharedPage();
    await loginCompany(page, suite.server, TORNILLO);
    await page.getByRole('menuitem', { name: 'Claves de API' }).click();
    await waitForRoute(page, '/clavesApi');
    await page.getByText('Authorization: Bearer amk_…').waitFor();
    await foto(page, 'claves-lista-vacia');

    await page.getByRole('link', { name: 'Crear clave' }).click();
    await waitForRoute(page, '/clavesApi/create');
    // Both scopes come checked.
    expect(await page.getByRole('checkbox', { name: /^Leer/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /^Emitir/ }).isChecked()).toBe(true);
    await page.getByLabel('Nombre').fill('Caja 1');
    await foto(page, 'claves-crear');
    await page.getByRole('button', { name: 'Crear clave' }).click();

    const dialogo = page.getByRole('dialog', { name: 'Clave «Caja 1» creada' });
    await dialogo.getByText('Cópiela ahora: no se volverá a mostrar').waitFor();
    clave = await dialogo.locator('[data-secreto]').inputValue();
    expect(clave).toMatch(/^amk_[\w-]{20,}$/);
    await foto(page, 'claves-creada');
    await expectAccessible(page, 'dialogo-clave-creada');
    await dialogo.getByRole('button', { name: 'Ya la guardé' }).click();
    await page.waitForFunction(() => /^#\/clavesApi\/\d+\/show$/.test(location.hash));
    // The key is not on its page, nor anywhere in the page's text.
    await page.getByRole('heading', { name: 'Caja 1', level: 1 }).waitFor();
    expect(await page.locator('body').innerText()).not.toContain(clave);
    expect(await page.locator('body').innerText()).toContain(`${clave.slice(0, 8)}`);

    const res = await clientes();
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);

    // The list shows it with its scopes, Activa and its last use.
    await page.reload();
    await page
      .getByText(/hace|ahora/)
      .first()
      .waitFor();
    await open(page, suite.server, '/clavesApi');
    const fila = page.getByRole('row', { name: /Caja 1/ });
    await fila.getByText('Activa').waitFor();
    await fila.getByText('Leer').waitFor();
    await fila.getByText('Emitir').waitFor();
    expect(await fila.innerText()).toMatch(/hace|ahora/);
    await foto(page, 'claves-lista');
  });

  it('revocada en su página, la misma clave deja de funcionar de inmediato', async () => {
    await page.getByRole('row', { name: /Caja 1/ }).click();
    await page.getByRole('heading', { name: 'Caja 1', level: 1 }).waitFor();
    await foto(page, 'claves-ver');
    await page.getByRole('button', { name: 'Revocar' }).click();
    const confirmar = page.getByRole('dialog', { name: '¿Revocar la clave «Caja 1»?' });
    await confirmar.getByText(/dejan de funcionar de inmediato/).waitFor();
    await foto(page, 'claves-revocar');
    await confirmar.getByRole('button', { name: 'Revocar' }).click();
    await page.getByText('Clave revocada. Deja de funcionar de inmediato.').waitFor();
    await page.locator('[data-estado-clave="revocada"]').first().waitFor();
    expect(await page.getByRole('button', { name: 'Revocar' }).count()).toBe(0);

    const res = await clientes();
    expect(res.status).toBe(401);
    expect((await res.json()).msg).toBe('La clave de API no es válida o fue revocada.');
    await foto(page, 'claves-revocada');
  });

  let secreto = '';

  it('un webhook se registra, su secreto se muestra una vez, y «Enviar prueba» llega firmada y queda ENTREGADA', async () => {
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await waitForRoute(page, '/webhooks');
    await foto(page, 'webhooks-lista-vacia');
    await page.getByRole('link', { name: 'Registrar webhook' }).click();
    await waitForRoute(page, '/webhooks/create');
    await page.getByLabel(/^URL/).fill(url);
    await page.getByLabel('Descripción').fill('ERP de la bodega');
    expect(await page.getByRole('checkbox', { name: 'Comprobante autorizado por el SRI' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'Correo al receptor no entregado' }).uncheck();
    await foto(page, 'webhooks-crear');
    await page.getByRole('button', { name: 'Guardar' }).click();

    const dialogo = page.getByRole('dialog', { name: 'Webhook registrado' });
    await dialogo.getByText('Guarde el secreto ahora: no se volverá a mostrar').waitFor();
    secreto = await dialogo.locator('[data-secreto]').inputValue();
    expect(secreto.length).toBeGreaterThanOrEqual(16);
    await foto(page, 'webhooks-creado');
    await dialogo.getByRole('button', { name: 'Ya la guardé' }).click();
    await page.waitForFunction(() => /^#\/webhooks\/\d+\/show$/.test(location.hash));
    await page.getByText('ERP de la bodega').waitFor();
    expect(await page.getByText('Correo al receptor no entregado').count()).toBe(0);

    await page.getByRole('button', { name: 'Enviar prueba' }).click();
    await expect.poll(() => recibidas.length, { timeout: 15_000 }).toBe(1);
    const ping = recibidas[0]!;
    expect(firmaValida(ping, secreto)).toBe(true);
    expect(JSON.parse(ping.cuerpo)).toMatchObject({ evento: 'ping', empresa: { ruc: TORNILLO.ruc }, comprobante: null });
    const tabla = page.locator('table[data-entregas]');
    await tabla.locator('[data-estado-entrega="ENTREGADA"]').waitFor({ timeout: 15_000 });
    await expect.poll(() => tabla.locator('tbody tr').first().innerText()).toMatch(/Prueba \(ping\)[\s\S]*Entregada[\s\S]*200/);
    await foto(page, 'webhooks-ver');
    await expectAccessible(page, 'webhook-con-entregas');
  });

  it('con el receptor en 500 la prueba muestra su intento fallido; «Reenviar» cuando responde 200 la entrega', async () => {
    control.estado = 500;
    await page.getByRole('button', { name: 'Enviar prueba' }).click();
    await expect.poll(() => recibidas.length, { timeout: 15_000 }).toBe(2);
    const fallida = page.locator('table[data-entregas] tbody tr').first();
    await expect.poll(() => fallida.innerText(), { timeout: 15_000 }).toMatch(/Pendiente\s+1\s+500/);
    const entrega = await fallida.getAttribute('data-entrega');

    // The delivery's page: its signed JSON and its attempt with the receiver's 500.
    await fallida.getByRole('button', { name: 'Prueba (ping)' }).click();
    const detalle = page.getByRole('dialog', { name: `Entrega ${entrega}` });
    await detalle.locator('table[data-intentos] tbody tr').filter({ hasText: '500' }).waitFor();
    expect(JSON.parse(await detalle.locator('[data-cuerpo]').innerText())).toMatchObject({ evento: 'ping' });
    await foto(page, 'webhooks-entrega');
    await expectAccessible(page, 'dialogo-entrega');
    await detalle.getByRole('button', { name: 'Cerrar' }).click();

    control.estado = 200;
    await fallida.getByRole('button', { name: `Reenviar ${entrega}` }).click();
    await page.getByText('Entrega encolada de nuevo.').waitFor();
    await expect.poll(() => recibidas.length, { timeout: 15_000 }).toBe(3);
    await expect.poll(() => page.locator(`tr[data-entrega="${entrega}"]`).innerText(), { timeout: 15_000 }).toMatch(/Entregada\s+2\s+200/);
    // The same delivery, signed again, under the same id: what a receiver deduplicates by.
    const [, segunda, tercera] = recibidas;
    expect(tercera!.headers[CABECERA_ENTREGA.toLowerCase()]).toBe(segunda!.headers[CABECERA_ENTREGA.toLowerCase()]);
    expect(firmaValida(tercera!, secreto)).toBe(true);
    await foto(page, 'webhooks-reenviada');
  });

  it('la lista de webhooks y su edición', async () => {
    await open(page, suite.server, '/webhooks');
    const fila = page.getByRole('row', { name: /ERP de la bodega/ });
    await fila.getByText('Activo').waitFor();
    await foto(page, 'webhooks-lista');
    await fila.click();
    await page.getByRole('link', { name: 'Editar' }).click();
    await page.getByLabel('Descripción').waitFor();
    expect(routeOf(page)).toMatch(/^\/webhooks\/\d+$/);
    // The secret is not a field of the edit form: it is rotated on the page.
    expect(await page.getByLabel(/Secreto/).count()).toBe(0);
    await foto(page, 'webhooks-editar');
  });
});
