import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { bundleReport, PUBLIC_PAGE_BUDGET_KB } from './bundle-report';
import { benchApiLists } from './api-lists';

const root = path.resolve(import.meta.dirname, '..');
let failed = false;

console.log(`\n== Primera carga de JavaScript de las páginas públicas (gzip, presupuesto ${PUBLIC_PAGE_BUDGET_KB} kB)`);
if (!fs.existsSync(path.join(root, 'dist', '.vite', 'manifest.json'))) {
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}
const pages = bundleReport();
console.table(pages);
if (pages.some((p) => p.kB > PUBLIC_PAGE_BUDGET_KB || p.reactAdmin)) failed = true;

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (url) {
  console.log('\n== Listas y búsquedas de la API frente al mismo SQL por pg (presupuesto 1.5x)');
  const { tickets, results } = await benchApiLists(url);
  console.log(`${tickets} tickets`);
  console.table(results);
  // A fixed cost per request (token check, routing, serialization: about 2 ms) dominates queries that take under a millisecond.
  if (results.some((r) => r['razón'] > 1.5 && r['API ms'] - r['SQL ms'] > 2)) failed = true;
} else {
  console.log('\n(Defina BENCH_DATABASE_URL=postgres://... para medir las listas de la API en PostgreSQL.)');
}
process.exitCode = failed ? 1 : 0;
