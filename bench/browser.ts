import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { startServerProcess } from '../tests/helpers/processes';
import { DEMO } from '../server/infra/db/demo-accounts';
import { buildWebIfNeeded } from '../server/build.mjs';
import { CHROMIUM, launchChromium } from '../tests/helpers/chromium';

/** A stale dist/ would measure yesterday's code: build it by the rule `npm start` uses. */
export const ensureBuilt = buildWebIfNeeded;

/** The real server (server/main.ts) on a temporary DATA_DIR with the demo data, serving dist/ on 127.0.0.1. */
export async function startWebServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-bench-web-'));
  const { server, base } = await startServerProcess({ DATA_DIR: dataDir });
  // Once listening, the server compiles its remaining route schemas in the background (about 0.5 s of CPU, see
  // server/core/lazy-compile.ts): measured during it, the first cold loads are a server warming up, not a page.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  return {
    base,
    async stop() {
      if (!server.exit()) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium with the flags of the e2e suite. */
export function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`No hay Chromium en ${CHROMIUM} (apt-get install -y chromium)`);
  return launchChromium();
}

/** A fresh context: empty HTTP cache and storage, desktop viewport, optionally with a signed-in session's storage. */
export const newContext = (browser: Browser, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) =>
  browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-EC', storageState });

export type Area = 'admin' | 'empresa';

/**
 * Signs in through the area's login form and returns the storage it leaves (the session in localStorage), so a later
 * context starts as a returning, signed-in user with an empty HTTP cache.
 */
export async function signedInStorage(browser: Browser, base: string, area: Area) {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    const field = (label: string) => page.getByLabel(label, { exact: true });
    if (area === 'admin') {
      await page.goto(`${base}/#/administrador/login`);
      await field('Usuario').fill(DEMO.admin.usuario);
      await field('Clave').fill(DEMO.admin.clave);
    } else {
      await page.goto(`${base}/#/login`);
      await field('RUC').fill(DEMO.empresa.ruc);
      await field('Usuario').fill(DEMO.empresa.usuario);
      await field('Clave').fill(DEMO.empresa.clave);
    }
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    const home = area === 'admin' ? '#/administrador' : '#/';
    await page.waitForURL((url) => url.hash === home, { timeout: 15_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}
