/**
 * A new version deployed while a tab is open: the page the tab loaded names chunks the server no longer has. The
 * server here serves a copy of the build (WEB_DIR) from which the test takes a chunk away after the page has loaded,
 * as a deployment does. The screen that needs it shows, in Spanish, that there is a new version and a button to reload
 * (never React Router's English error page), and once the files are there again, reloading brings the screen.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eAvailable, e2eSuite, screenshot } from '../helpers/e2e';
import { fillCompanyLogin, loginCompany, open, sidebarEntries, waitForRoute } from '../helpers/browser';
import { DEMO } from '../../server/infra/db/demo-accounts';

const SITE = 'Amelia — Facturación electrónica';
const NEW_VERSION = 'Hay una versión nueva';
/** What React Router and react-admin show by themselves for an error: a user must never see it. */
const DEVELOPER_PAGE = /Unexpected Application Error|Hey developer|Something went wrong|Need help with this error/;

const dist = path.resolve(import.meta.dirname, '..', '..', 'dist');

describe.skipIf(!e2eAvailable)('una versión nueva mientras la pestaña está abierta', () => {
  let web: string;
  beforeAll(() => {
    // A copy of the build: the other suites use dist/ itself.
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-e2e-web-'));
    fs.cpSync(dist, web, { recursive: true });
  });
  afterAll(() => {
    if (web) fs.rmSync(web, { recursive: true, force: true });
  });
  const suite = e2eSuite(() => ({ WEB_DIR: web }));

  /** The built chunk of a source file (the build's manifest names it), with its .br and .gz copies. */
  function chunkOf(source: string) {
    const manifest = JSON.parse(fs.readFileSync(path.join(web, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const file = manifest[source]?.file;
    if (!file) throw new Error(`El manifiesto de la construcción no tiene ${source}`);
    const copies = [file, `${file}.br`, `${file}.gz`].filter((f) => fs.existsSync(path.join(web, f)));
    const away = (f: string) => path.join(web, 'retirados', f);
    return {
      file,
      /** Takes the chunk away, as a deployment that replaced it. */
      remove() {
        for (const f of copies) {
          fs.mkdirSync(path.dirname(away(f)), { recursive: true });
          fs.renameSync(path.join(web, f), away(f));
        }
      },
      /** Puts it back: what the reloaded page asks for is there, as the new version's files are. */
      restore() {
        for (const f of copies) fs.renameSync(away(f), path.join(web, f));
      },
    };
  }

  /** Fails when the page shows a developer's error page in English. */
  const expectNoDeveloperPage = async (page: Page) => expect(await page.locator('body').innerText()).not.toMatch(DEVELOPER_PAGE);

  it('una pantalla del área cuyo archivo ya no está muestra la versión nueva y Recargar la página; el menú sigue y al recargar aparece', async () => {
    const page = await suite.freshPage();
    await loginCompany(page, suite.server, DEMO.empresa);
    await sidebarEntries(page);
    const list = chunkOf('src/resources/clientes/ClienteList.tsx');
    list.remove();

    await page.getByRole('menuitem', { name: 'Clientes' }).click();
    await waitForRoute(page, '/clientes');
    await page.getByRole('heading', { name: NEW_VERSION, exact: true, level: 1 }).waitFor();
    await page.getByText('Recargue la página para usar la versión nueva.').waitFor();
    const reload = page.getByRole('button', { name: 'Recargar la página', exact: true });
    await reload.waitFor();
    await expect.poll(() => page.title()).toBe(`${NEW_VERSION} · ${SITE}`);
    await expectNoDeveloperPage(page);
    // Only the screen failed: the area's menu is still there.
    expect(await sidebarEntries(page)).toContain('Clientes');
    await screenshot(page, 'version-nueva-pantalla');

    list.restore();
    await reload.click();
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe(`Clientes · ${SITE}`);
    expect(await page.getByRole('heading', { name: NEW_VERSION, exact: true }).count()).toBe(0);
  });

  it('el área entera cuyo archivo ya no está, al ingresar desde la página pública, muestra la versión nueva y Recargar la página', async () => {
    const page = await suite.freshPage();
    await open(page, suite.server, '/login');
    await page.getByRole('button', { name: 'Ingresar', exact: true }).waitFor();
    const area = chunkOf('src/company/CompanyApp.tsx');
    area.remove();

    await fillCompanyLogin(page, DEMO.empresa);
    await waitForRoute(page, '/');
    await page.getByRole('heading', { name: NEW_VERSION, exact: true, level: 1 }).waitFor();
    await page.getByText('Recargue la página para usar la versión nueva.').waitFor();
    const reload = page.getByRole('button', { name: 'Recargar la página', exact: true });
    await reload.waitFor();
    await expectNoDeveloperPage(page);
    await screenshot(page, 'version-nueva-area');

    area.restore();
    await reload.click();
    await sidebarEntries(page);
    expect(await page.getByRole('heading', { name: NEW_VERSION, exact: true }).count()).toBe(0);
  });
});
