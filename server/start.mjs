// `npm start`: builds what is stale, then runs the compiled server in this same process.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServerIfNeeded, buildWebIfNeeded, serverEntry } from './build.mjs';

/**
 * PGlite's WebAssembly (9 MB), compiled on V8's background threads. Started before the server's code is loaded (a long
 * job on the main thread: docs/performance.md), the compilation runs beside it instead of after it, when the database opens. Undefined if
 * the file is not where this PGlite keeps it: PGlite then compiles it itself.
 */
async function compilePglite() {
  try {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    return await WebAssembly.compile(await readFile(path.join(dist, 'pglite.wasm')));
  } catch {
    return undefined;
  }
}

// A web app served from elsewhere (WEB_DIR) is built by whoever put it there.
if (!process.env.WEB_DIR) buildWebIfNeeded();
await buildServerIfNeeded();
const pgliteWasm = process.env.DATABASE_URL ? undefined : compilePglite();
const { main } = await import(pathToFileURL(serverEntry).href);
await main({ pgliteWasm });
