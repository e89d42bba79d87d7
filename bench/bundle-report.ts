import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { newContext, signedInStorage, type Area } from './browser';
import { verdict } from './report';

/** The performance budgets (docs/performance.md), in kB (1024 bytes) of gzip. */
export const PUBLIC_PAGE_BUDGET_KB = 110;
export const AREA_FIRST_LOAD_BUDGET_KB = 315;

const PUBLIC_ROUTES = ['/login', '/registro', '/recuperar-clave', '/administrador/login', '/administrador/soporteTicket', '/error403'];
const AREAS: Array<{ route: string; area: Area }> = [
  { route: '/administrador', area: 'admin' },
  { route: '/', area: 'empresa' },
];

/**
 * The JavaScript one route makes a browser download, in a context with an empty cache: every script response until the
 * network has been idle for 500 ms (so the lazy chunks the page loads at once count). Sizes are the gzip (level 9) of
 * each body as received, computed here, so the figure does not depend on whether the server compresses.
 */
async function javascriptOf(browser: Browser, url: string, storageState?: Awaited<ReturnType<typeof signedInStorage>>) {
  const context = await newContext(browser, storageState);
  try {
    const page = await context.newPage();
    const sizes = new Map<string, Promise<{ raw: number; gzip: number }>>();
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() !== 'script' && !type.includes('javascript')) return;
      if (sizes.has(response.url())) return;
      sizes.set(
        response.url(),
        response.body().then((body) => ({ raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length })),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const files = await Promise.all(sizes.values());
    const names = [...sizes.keys()].map((address) => new URL(address).pathname);
    const detail = files
      .map((f, i) => ({ archivo: names[i], 'kB sin comprimir': f.raw / 1024, 'kB gzip': f.gzip / 1024 }))
      .sort((a, b) => b['kB gzip'] - a['kB gzip']);
    return {
      js: {
        archivos: files.length,
        'kB sin comprimir': files.reduce((sum, f) => sum + f.raw, 0) / 1024,
        'kB gzip': files.reduce((sum, f) => sum + f.gzip, 0) / 1024,
      },
      detail,
    };
  } finally {
    await context.close();
  }
}

/**
 * First-load JavaScript of every public page and of each area's first screen after sign-in, against the budgets; with
 * each area's files (for --detalle).
 */
export async function bundleReport(browser: Browser, base: string) {
  const rows: Array<Record<string, string | number>> = [];
  const files = new Map<string, Array<Record<string, string | number>>>();
  for (const route of PUBLIC_ROUTES) {
    const { js } = await javascriptOf(browser, `${base}/#${route}`);
    rows.push({
      ruta: `#${route}`,
      ...js,
      'presupuesto kB': PUBLIC_PAGE_BUDGET_KB,
      resultado: verdict(js['kB gzip'] <= PUBLIC_PAGE_BUDGET_KB),
    });
  }
  for (const { route, area } of AREAS) {
    // A returning user: signed in already (session in localStorage), nothing in the HTTP cache.
    const { js, detail } = await javascriptOf(browser, `${base}/#${route}`, await signedInStorage(browser, base, area));
    files.set(`#${route} (con sesión)`, detail);
    rows.push({
      ruta: `#${route} (con sesión)`,
      ...js,
      'presupuesto kB': AREA_FIRST_LOAD_BUDGET_KB,
      resultado: verdict(js['kB gzip'] <= AREA_FIRST_LOAD_BUDGET_KB),
    });
  }
  return { rows, files, failed: rows.some((row) => row.resultado !== 'OK') };
}
