import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Result, RunOptions } from 'axe-core';

/** axe-core's own build, read once and injected into each page that has not got it yet. */
const source = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A and AA, plus axe's best practices (a dialog without a name, a landmark inside another...). */
const OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  resultTypes: ['violations'],
};

/** What fails the check: axe's serious and critical violations (minor and moderate ones are left to review). */
const BLOCKING = new Set(['serious', 'critical']);

/** Runs axe-core on the page as it is now and returns its serious and critical violations. */
export async function seriousViolations(page: Page): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: source });
  // Colors as they end, not halfway through a transition (a button turning enabled measured 1.6:1 mid-fade).
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const violations = await page.evaluate(async (options) => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: Result[] }> } };
    return (await axe.run(document, options)).violations;
  }, OPTIONS);
  return violations.filter((v) => BLOCKING.has(v.impact ?? ''));
}

/** One line per violation: its rule, impact, help and the first elements it names, enough to find and fix it. */
export function describeViolations(violations: Result[]): string[] {
  return violations.map((v) => {
    const targets = v.nodes
      .slice(0, 3)
      .map((node) => node.target.join(' '))
      .join(' | ');
    const more = v.nodes.length > 3 ? ` (y ${v.nodes.length - 3} más)` : '';
    // The first element's HTML, and what axe measured (a contrast's colors and ratio), to recognize it in the code.
    const [first] = v.nodes;
    const detail = [first?.html.slice(0, 160), first?.any[0]?.message].filter(Boolean).join(' · ');
    return `${v.id} [${v.impact}] ${v.help}: ${targets}${more} — ${detail}`;
  });
}

/**
 * Fails (softly: the test goes on to the next page and fails at its end) when axe-core finds a serious or critical
 * violation on the page, listing each one with its rule, help and elements.
 */
export async function expectAccessible(page: Page, name: string) {
  const found = describeViolations(await seriousViolations(page));
  expect.soft(found, `${name} (${new URL(page.url()).hash}) tiene violaciones de accesibilidad`).toEqual([]);
  return found;
}
