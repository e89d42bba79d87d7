import type { Browser, Page } from 'playwright-core';
import { newContext, signedInStorage } from './browser';
import { median, verdict } from './report';

const RUNS = 5;

/** What "content" is on a page: the input a label names, or the first element matching `css` whose text contains `text`. */
type Probe = { label: string } | { css: string; text: string };

/**
 * Milliseconds from the navigation's start (the page's performance.now()) to the first animation frame in which the
 * probe's element is laid out with a size: the browser's own clock, so Playwright's round trips are not counted.
 */
async function contentAt(page: Page, probe: Probe): Promise<number> {
  const handle = await page.waitForFunction(
    (p: Probe) => {
      let element: Element | null | undefined;
      if ('label' in p) {
        const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === p.label);
        element = label?.control;
      } else {
        element = [...document.querySelectorAll(p.css)].find((e) => e.textContent?.includes(p.text));
      }
      const box = element?.getBoundingClientRect();
      return box && box.width > 0 && box.height > 0 ? performance.now() : false;
    },
    probe,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Cold: a new context (empty HTTP cache) per load. Warm: one context, a first load, then reloads. */
async function measure(browser: Browser, url: string, probe: Probe, storage?: Awaited<ReturnType<typeof signedInStorage>>) {
  const cold: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await newContext(browser, storage);
    try {
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'commit' });
      cold.push(await contentAt(page, probe));
    } finally {
      await context.close();
    }
  }
  const warm: number[] = [];
  const context = await newContext(browser, storage);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await contentAt(page, probe);
    for (let i = 0; i < RUNS; i++) {
      await page.reload({ waitUntil: 'commit' });
      warm.push(await contentAt(page, probe));
    }
  } finally {
    await context.close();
  }
  return { cold, warm };
}

type Scenario = { contenido: string; route: string; probe: Probe; budgetMs: number; signedIn?: 'admin' };

/**
 * Time to content in Chromium on localhost, median of 5: cold (a new context each time: empty HTTP cache) and warm (one
 * context, reloads: scripts from the cache, index.html revalidated). Budgets: the cold ones of docs/performance.md, warm half of them.
 * The ticket page's form gets the login form's budget: both are public pages.
 */
export async function timeToContent(browser: Browser, base: string) {
  // A row for the admin list: a ticket opened through the public API, as a customer does.
  const customer = `Cliente de medición ${Date.now()}`;
  const created = await fetch(`${base}/api/EmpresasAmelia/soporte`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      SPT_PRODUCTOS: 1,
      SPT_RUC: '1790016919001',
      SPT_CLIENTENOMBRE: customer,
      SPT_CLIENTECORREO: 'medicion@comercialandina.ec',
      SPT_CLIENTETELEFONO: '0991234567',
      SPT_ASUNTO: 'stec',
      SPT_MENSAJE: '<p>Ticket para medir el tiempo hasta la primera fila.</p>',
    }),
  });
  if (created.status !== 201) throw new Error(`No se pudo crear el ticket: ${created.status} ${await created.text()}`);

  const scenarios: Scenario[] = [
    { contenido: 'formulario de ingreso (#/login, RUC)', route: '/login', probe: { label: 'RUC' }, budgetMs: 600 },
    {
      contenido: 'formulario de ticket (#/administrador/soporteTicket)',
      route: '/administrador/soporteTicket',
      probe: { css: 'button', text: 'Enviar ticket' },
      budgetMs: 600,
    },
    {
      contenido: 'primera fila de tickets (#/administrador/soporte)',
      route: '/administrador/soporte',
      probe: { css: 'tbody tr', text: customer },
      budgetMs: 1000,
      signedIn: 'admin',
    },
  ];

  const rows: Array<Record<string, string | number>> = [];
  for (const scenario of scenarios) {
    const url = `${base}/#${scenario.route}`;
    let samples: { cold: number[]; warm: number[] };
    try {
      const storage = scenario.signedIn ? await signedInStorage(browser, base, scenario.signedIn) : undefined;
      samples = await measure(browser, url, scenario.probe, storage);
    } catch (error) {
      // One scenario that never shows its content must not hide the others' figures.
      rows.push({
        contenido: scenario.contenido,
        caché: '-',
        'mediana ms': '-',
        'mín ms': '-',
        'máx ms': '-',
        'presupuesto ms': scenario.budgetMs,
        resultado: `FALLA (${(error as Error).message.split('\n')[0]})`,
      });
      continue;
    }
    for (const [cache, times, budget] of [
      ['fría', samples.cold, scenario.budgetMs],
      ['tibia', samples.warm, scenario.budgetMs / 2],
    ] as const) {
      const ms = median(times);
      rows.push({
        contenido: scenario.contenido,
        caché: cache,
        'mediana ms': ms,
        'mín ms': Math.min(...times),
        'máx ms': Math.max(...times),
        'presupuesto ms': budget,
        resultado: verdict(ms <= budget),
      });
    }
  }
  return { rows, failed: rows.some((row) => row.resultado !== 'OK') };
}
