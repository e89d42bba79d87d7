import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { main } from './main';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist', 'index.html');

function newestChange(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((max, name) => Math.max(max, newestChange(path.join(target, name))), stat.mtimeMs);
}

/** Builds the web app when dist/ is missing or older than its sources, so `npm start` is all a newcomer runs. */
function buildWebIfNeeded() {
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']
    .map((p) => path.join(root, p))
    .filter(fs.existsSync);
  const built = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  if (built && sources.every((source) => newestChange(source) <= built)) return;
  console.log('Construyendo la aplicación web (vite build)...');
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

buildWebIfNeeded();
await main();
