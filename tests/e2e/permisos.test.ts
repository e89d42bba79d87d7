/**
 * A section the menu does not grant is locked on the server, and the web app says so inside the area: Ferretería has
 * no "Mi empresa" entry, so its home does not offer it, the typed address shows "No tiene acceso a esta sección" (the
 * server's 403 SIN_ACCESO), and the session stays.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eAvailable, e2eSuite } from '../helpers/e2e';
import { COSTA_AZUL_RUC, FERRETERIA, loginCompany, open, sidebarEntries, storageItem, waitForRoute } from '../helpers/browser';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';

const SHOTS = '/tmp/shots-permisos';

async function shots(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe.skipIf(!e2eAvailable)('permisos de los menús en la aplicación web', () => {
  const suite = e2eSuite();

  it('Ferretería sin "Mi empresa": su inicio no la ofrece y #/mi-empresa muestra "No tiene acceso a esta sección" sin cerrar la sesión', async () => {
    const page = await suite.freshPage();
    const miEmpresa: number[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.endsWith('/api/EmpresasAmelia/miEmpresa')) miEmpresa.push(res.status());
    });
    await loginCompany(page, suite.server, { ...FERRETERIA, clave: DEMO.empresa.clave });
    expect(await sidebarEntries(page)).toEqual([
      'Inicio',
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
      'Claves de API',
      'Webhooks',
      'Ayuda y soporte',
    ]);
    await page.getByText('Ferretería El Tornillo').first().waitFor();
    expect(await page.getByRole('link', { name: 'Ver datos de la empresa' }).count()).toBe(0);
    await shots(page, 'inicio-sin-mi-empresa');
    expect(miEmpresa).toEqual([]);

    await open(page, suite.server, '/mi-empresa');
    await page.getByRole('heading', { name: 'No tiene acceso', level: 1 }).waitFor();
    await page.getByText(MSG.noAccess).waitFor();
    expect(miEmpresa).toEqual([403]);
    await shots(page, 'sin-acceso-empresa');
    expect(await storageItem(page, 'usuario')).not.toBeNull();

    // Still signed in: the way back home and the granted pages work.
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await waitForRoute(page, '/');
    await page.getByRole('menuitem', { name: 'Firma electrónica' }).click();
    await waitForRoute(page, '/firma');
    expect(await storageItem(page, 'usuario')).not.toBeNull();
  });

  it('Costa Azul sin "Firma electrónica": #/firma escrita a mano muestra "No tiene acceso" sin errores en la página', async () => {
    const page = await suite.freshPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await loginCompany(page, suite.server, { ruc: COSTA_AZUL_RUC, usuario: 'costa', clave: DEMO.empresa.clave });
    await open(page, suite.server, '/firma');
    await page.getByRole('heading', { name: 'No tiene acceso', level: 1 }).waitFor();
    await page.getByText(MSG.noAccess).waitFor();
    expect(errors).toEqual([]);
  });
});
