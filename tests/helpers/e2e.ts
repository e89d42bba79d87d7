import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { simpleParser } from 'mailparser';
import { CHROMIUM, launchChromium } from './chromium';
import { startCompiledServer, type RunningServer } from './servidor-compilado';

export type { RunningServer };

const root = path.resolve(import.meta.dirname, '..', '..');
export const SCREENSHOTS = path.join(root, 'test-results', 'screenshots');

/**
 * End-to-end tests need Debian's Chromium. Without it they are skipped loudly, unless REQUIRE_E2E=1 (CI),
 * where a missing browser is a failure.
 */
export const e2eAvailable = (() => {
  if (fs.existsSync(CHROMIUM)) return true;
  if (process.env.REQUIRE_E2E === '1') throw new Error(`REQUIRE_E2E=1 pero no hay Chromium en ${CHROMIUM}`);
  console.warn(`\n*** PRUEBAS E2E OMITIDAS: no se encontró Chromium en ${CHROMIUM} (apt-get install -y chromium) ***\n`);
  return false;
})();

const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

/** An administrator made by the create-admin command, as an operator does. */
export type NewAdmin = { usuario: string; clave: string };

/**
 * The real server, started as `npm start` starts it (`server/start.mjs`: the compiled build), on a DATA_DIR of its own with PGlite, serving the built app.
 * It starts on a copy of the run's template (tests/helpers/e2e-plantilla.ts: the demo seed, as a first start leaves it).
 * With `admins`, or with the living demo, it starts empty, as an installation does: the create-admin command makes
 * the administrators first, and there is no demo data (the seed only fills an empty database); the living demo is
 * made by the first start itself.
 */
export async function startServer(env: Record<string, string> = {}, { admins = [] }: { admins?: NewAdmin[] } = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-e2e-'));
  const template = admins.length === 0 && env.DEMO_VIVO !== 'true' ? inject('plantillaE2e') : '';
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  for (const admin of admins) {
    // One at a time: each run holds the DATA_DIR lock.
    await promisify(execFile)(tsx, ['server/cli/create-admin.ts', '--usuario', admin.usuario, '--clave', admin.clave], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    });
  }
  return startCompiledServer(dataDir, env);
}

export const launchBrowser = launchChromium;

/** What a scenario provokes on purpose and so does not fail it: an uncaught error whose message matches, or a 5xx. */
export type ExpectedProblem = { pageError: RegExp } | { status: number; url: RegExp };

/** What went wrong in the pages of the current test: uncaught errors and 5xx answers, described for its failure. */
const problems: Array<Promise<string>> = [];
const expectedIn = new WeakMap<BrowserContext, ExpectedProblem[]>();

/**
 * Records every uncaught error of the context's pages (popups included) and every answer with a status of 500 or
 * more that they receive, except those the scenario said it provokes (expectProblem).
 */
function watchProblems(context: BrowserContext) {
  const expected: ExpectedProblem[] = [];
  expectedIn.set(context, expected);
  context.on('weberror', (webError) => {
    const error = webError.error();
    if (expected.some((e) => 'pageError' in e && e.pageError.test(error.message))) return;
    const where = webError.page()?.url() ?? 'una página';
    problems.push(Promise.resolve(`error no capturado en ${where}: ${error.stack ?? error.message}`));
  });
  context.on('response', (response) => {
    const status = response.status();
    if (status < 500) return;
    const url = response.url();
    if (expected.some((e) => 'status' in e && e.status === status && e.url.test(url))) return;
    const line = `${status} en ${response.request().method()} ${url}`;
    problems.push(
      response.text().then(
        (body) => `${line}: ${body.slice(0, 300)}`,
        () => line,
      ),
    );
  });
}

/**
 * Tells the page's context that the scenario provokes this problem on purpose (it stops a service, breaks a file), so
 * it does not fail the test. Name it as narrowly as the scenario allows: the exact status and the URL it comes from.
 */
export function expectProblem(page: Page, problem: ExpectedProblem) {
  const expected = expectedIn.get(page.context());
  if (!expected) throw new Error('expectProblem: la página no se abrió con newPage');
  expected.push(problem);
}

/** Fails with every problem the pages met since the last check, and forgets them. */
async function failOnProblems(when: string) {
  const found = await Promise.all(problems.splice(0));
  if (found.length) throw new Error(`${when}, las páginas tuvieron ${found.length} problema(s):\n- ${found.join('\n- ')}`);
}

// Registered in the test file that imports this module: every test of an end-to-end suite fails on an uncaught page
// error or a 5xx its pages received.
afterEach(() => failOnProblems('Durante la prueba'));

/**
 * A fresh browser context (own localStorage) with a desktop viewport. An uncaught error in its pages or a 5xx they
 * receive fails the running test (expectProblem lets a scenario provoke one on purpose).
 */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-EC' });
  watchProblems(context);
  return context.newPage();
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The page at a laptop's and a phone's width, without horizontal overflow, then back to the suites' usual size. */
export async function screenshotsAtTwoWidths(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.waitForTimeout(400); // the sidebar collapses on a phone
    await screenshot(page, `${name}-${width}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} se desborda a ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The messages the server wrote to DATA_DIR/outbox (no SMTP_URL), parsed. */
export async function outbox(dataDir: string) {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return Promise.all(
    fs
      .readdirSync(dir)
      .sort()
      .map(async (file) => {
        const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
        const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
        return { to, subject: mail.subject ?? '', text: mail.text ?? '', attachments: mail.attachments.map((a) => a.filename ?? '') };
      }),
  );
}

/** Waits for a mail to `address` whose text matches `pattern` (the server sends some without waiting) and returns the match. */
export async function waitForMail(dataDir: string, address: string, pattern: RegExp): Promise<RegExpMatchArray> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    for (const mail of await outbox(dataDir)) {
      const match = mail.to.includes(address) ? mail.text.match(pattern) : null;
      if (match) return match;
    }
    if (Date.now() > deadline) throw new Error(`No llegó un correo a ${address} que diga ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Calls the API of a running server directly (to set up data or flip settings for a test). */
export async function apiCall<T = unknown>(
  server: RunningServer,
  apiPath: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  // The administration's paths are given without their prefix; the company application's as /api/...
  const url = apiPath.startsWith('/api/') ? apiPath.slice(1) : `api/EmpresasAmelia${apiPath}`;
  const response = await fetch(new URL(url, server.url), {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { 'x-token': init.token } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(`${response.status} ${data.msg}`);
  return data as T;
}

/** Uploads a file to a running server's multipart endpoint (field `current`), as the app's upload client does. */
export async function apiUpload<T = { msg: string }>(
  server: RunningServer,
  apiPath: string,
  file: { name: string; content: Buffer },
  token: string,
): Promise<T> {
  const body = new FormData();
  body.append('current', new Blob([new Uint8Array(file.content)]), file.name);
  const response = await fetch(new URL(`api/EmpresasAmelia${apiPath}`, server.url), {
    method: 'POST',
    headers: { 'x-token': token },
    body,
  });
  const data = await response.json();
  if (!response.ok) throw new Error(`${response.status} ${data.msg}`);
  return data as T;
}

export type E2eSuite = {
  server: RunningServer;
  browser: Browser;
  /** A fresh browser context (own localStorage) for one scenario, closed when its test ends. */
  freshPage(): Promise<Page>;
  /** A fresh browser context that the file's scenarios share, one after another; closed when the file ends. */
  sharedPage(): Promise<Page>;
};

const closeContexts = (pages: Page[]) =>
  Promise.all(
    pages.map((p) =>
      p
        .context()
        .close()
        .catch(() => undefined),
    ),
  );

/**
 * One real server and one browser for a test file (registered as its beforeAll/afterAll), and browser contexts for
 * its scenarios. A page left open keeps rendering and polling (the sign-in's carousel, a list waiting for the SRI)
 * and takes the CPU the next scenarios need, so each one is closed as soon as no scenario can use it.
 * `env` is read when the server starts.
 */
export function e2eSuite(env: () => Record<string, string> = () => ({})): E2eSuite {
  const scenarioPages: Page[] = [];
  const sharedPages: Page[] = [];
  const open = async (into: Page[]) => {
    const page = await newPage(suite.browser);
    into.push(page);
    return page;
  };
  const suite = {
    freshPage: () => open(scenarioPages),
    sharedPage: () => open(sharedPages),
  } as E2eSuite;
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startServer(env()), launchBrowser()]);
  });
  afterEach(() => closeContexts(scenarioPages.splice(0)));
  afterAll(async () => {
    await closeContexts([...scenarioPages, ...sharedPages]);
    await suite.browser?.close();
    await suite.server?.stop();
    await failOnProblems('Después de la última prueba');
  });
  return suite;
}
