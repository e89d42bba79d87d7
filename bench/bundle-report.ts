import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * First-load JavaScript per public page, from Vite's manifest: the entry chunk, the page's lazy chunk and
 * everything they import statically, gzip-compressed. Budget (DESIGN.md): 130 kB per public page.
 */
export const PUBLIC_PAGE_BUDGET_KB = 130;
const PAGES = ['LoginPage', 'RegistroPage', 'RecuperarClavePage', 'AdminLoginPage', 'SoporteTicketPage', 'Error403Page'];

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

export function bundleReport(distDir = path.resolve(import.meta.dirname, '..', 'dist')) {
  const manifest: Record<string, Chunk> = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  const pageKey = (name: string) => Object.keys(manifest).find((k) => k.endsWith(`/${name}.tsx`));
  return PAGES.flatMap((name) => {
    const key = pageKey(name);
    if (!key) return [];
    const files = [...closure([entryKey, key])].map((k) => manifest[k].file);
    const bytes = files.reduce((sum, file) => sum + gzip(file), 0);
    const text = files.map((file) => fs.readFileSync(path.join(distDir, file), 'utf8')).join('\n');
    return [
      {
        page: name,
        kB: Math.round(bytes / 102.4) / 10,
        chunks: files.length,
        reactAdmin: /RaStore|ra\.page\.dashboard|useListController/.test(text),
      },
    ];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = bundleReport();
  console.table(rows);
  const over = rows.filter((r) => r.kB > PUBLIC_PAGE_BUDGET_KB || r.reactAdmin);
  if (over.length) {
    console.error(`Fuera de presupuesto (${PUBLIC_PAGE_BUDGET_KB} kB gzip, sin react-admin): ${over.map((r) => r.page).join(', ')}`);
    process.exitCode = 1;
  }
}
