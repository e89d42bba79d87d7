import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './processes';

/**
 * The compiled server as `npm start` runs it (`server/start.mjs`), for the end-to-end suites and the template their
 * servers start from (tests/helpers/e2e-plantilla.ts). Free of vitest's hooks: the global setup runs it outside any
 * test file.
 */
const root = path.resolve(import.meta.dirname, '..', '..');

export type RunningServer = { url: string; dataDir: string; process: ChildProcess; output: () => string; stop: () => Promise<void> };

/** The environment every end-to-end server starts with, before a suite's own variables. */
const BASE_ENV = {
  DATABASE_URL: '',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SMTP_URL: '',
  // Issued invoices stay FIRMADA unless a suite gives the server a local SRI (tests/e2e/facturas-sri.test.ts).
  SRI_COLA: 'false',
  // The suites' data is the base seed: the living demo (server/demo/vivo.ts) only where a suite asks for it.
  DEMO_VIVO: 'false',
};

/**
 * Starts the server on `dataDir` and resolves once it says it is ready. `stop()` ends it with SIGTERM (its clean
 * shutdown: a CHECKPOINT, the DATA_DIR lock released) and, unless `keepData`, deletes the DATA_DIR.
 */
export async function startCompiledServer(dataDir: string, env: Record<string, string>, { keepData = false } = {}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(root, 'dist', 'index.html')))
    throw new Error('Falta dist/: ejecute "npm run build" antes de las pruebas e2e');
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['server/start.mjs'], {
    cwd: root,
    env: { ...process.env, ...BASE_ENV, DATA_DIR: dataDir, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`El servidor no arrancó en 60 s:\n${output}`)), 60_000);
    const check = () => {
      if (output.includes('Amelia está lista')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`El servidor terminó con código ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
