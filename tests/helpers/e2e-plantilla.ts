import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startCompiledServer } from './servidor-compilado';
import { CHROMIUM } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR after the server's first start (migrations and demo seed), stopped cleanly; '' when there is none. */
    plantillaE2e: string;
  }
}

/**
 * The end-to-end project's global setup. A first start on an empty DATA_DIR (PGlite's initdb, every migration, the
 * demo seed) takes about 11 s here, and a start on a DATA_DIR that has them about 3 s: the template is made once per run, with the
 * same environment as every suite's server, and each suite's server starts on a copy of it (tests/helpers/e2e.ts).
 * A suite that tests the first start itself (the living demo, an install with create-admin) still starts empty.
 */
export default async function setup(project: TestProject) {
  // Without a browser every suite is skipped (or fails at once under REQUIRE_E2E): no server is started for them.
  if (!fs.existsSync(CHROMIUM)) return project.provide('plantillaE2e', '');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-e2e-plantilla-'));
  const server = await startCompiledServer(dir, {}, { keepData: true });
  await server.stop();
  project.provide('plantillaE2e', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
