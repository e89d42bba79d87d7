import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, e2eSuite, screenshot, type RunningServer } from './e2e';
import { iniciarSriLocal, type OpcionesSriLocal, type SriLocal } from '../../server/sri-local';
import { adminToken, FERRETERIA } from './browser';
import { DEMO } from '../../server/infra/db/demo-accounts';

/** Ferretería El Tornillo: the demo company with a stored signature (its seeded plan has expired). */
export const TORNILLO = { ...FERRETERIA, clave: DEMO.empresa.clave };

type Plan = { PLAN_ID: number; PLAN_CLASE: string; PLAN_TIPO: string; PLAN_ACTIVO: boolean; PLAN_COMPROBANTES: number };

/** An administrator sells the hardware store an electronic-documents plan, as the back office does. */
export async function venderPlan(server: RunningServer) {
  const admin = await adminToken(server, DEMO.admin);
  const { usuario } = await apiCall<{ usuario: { COM_CODIGO: number } }>(server, '/login', { method: 'POST', body: TORNILLO });
  const planes = await apiCall<Plan[]>(server, `/empresas/planes?${new URLSearchParams({ PLAN_TIPO: 'T' })}`, { token: admin });
  const plan = planes.find((p) => p.PLAN_CLASE === 'E' && p.PLAN_ACTIVO)!;
  await apiCall(server, '/empresas/planes', {
    method: 'POST',
    token: admin,
    body: { EMP_CODIGO: usuario.COM_CODIGO, PLAN_ID: plan.PLAN_ID },
  });
}

/**
 * The whole page at 1366 px and at 390 px (where nothing may be wider than the window), in `carpeta` and in
 * test-results; the page is left at 1366 × 900.
 */
export async function fotoDosAnchos(page: Page, carpeta: string, nombre: string) {
  fs.mkdirSync(carpeta, { recursive: true });
  await page.screenshot({ path: path.join(carpeta, `${nombre}-1366.png`), fullPage: true });
  await screenshot(page, `${nombre}-1366`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${nombre} cabe en 390 px`).toBe(true);
  await page.screenshot({ path: path.join(carpeta, `${nombre}-390.png`), fullPage: true });
  await screenshot(page, `${nombre}-390`);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.waitForTimeout(300);
}

/**
 * An e2e suite whose server works its SRI queue (every `intervaloMs`) against a local SRI started before the server
 * (its URL goes into the server's environment) and closed after it.
 */
export function e2eSuiteConSri(opciones: OpcionesSriLocal, intervaloMs = '300') {
  let sri: SriLocal;
  beforeAll(async () => {
    sri = await iniciarSriLocal(opciones);
  });
  const suite = e2eSuite(() => ({ SRI_COLA: 'true', SRI_PRUEBAS_URL: sri.url, SRI_INTERVALO_MS: intervaloMs, SRI_REINTENTO_MS: '300' }));
  afterAll(async () => {
    await sri?.close();
  });
  return suite;
}
