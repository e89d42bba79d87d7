// Plain JavaScript, run by node itself: it decides whether the TypeScript needs building, so it cannot need building.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist', 'index.html');
const serverDir = path.join(root, 'dist-server');
export const serverEntry = path.join(serverDir, 'main.js');
/** The files the last server build read (esbuild's metafile), relative to the root: only they can make it stale. */
const serverInputs = path.join(serverDir, 'inputs.json');

function newestChange(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((max, name) => Math.max(max, newestChange(path.join(target, name))), stat.mtimeMs);
}

/** Builds the web app when dist/ is missing or older than its sources, so `npm start` is all a newcomer runs. */
export function buildWebIfNeeded() {
  const sources = ['src', 'domain', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']
    .map((p) => path.join(root, p))
    .filter(fs.existsSync);
  const built = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  if (built && sources.every((source) => newestChange(source) <= built)) return;
  console.log('Construyendo la aplicación web (vite build)...');
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // Vite keeps a NODE_ENV it inherits: a server started by the tests (NODE_ENV=test) would build React's development
    // bundles (about 60 kB gzip more on every page) and the suite would test those.
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

function serverIsFresh() {
  if (![serverEntry, serverInputs, path.join(serverDir, 'ride-hilo.js')].every((file) => fs.existsSync(file))) return false;
  const built = fs.statSync(serverEntry).mtimeMs;
  const inputs = [...JSON.parse(fs.readFileSync(serverInputs, 'utf8')), 'package-lock.json', path.relative(root, import.meta.filename)];
  // A deleted input throws: then the build is stale too.
  try {
    return inputs.every((input) => fs.statSync(path.join(root, input)).mtimeMs <= built);
  } catch {
    return false;
  }
}

/**
 * esbuild puts every module in dist-server/main.js, so `import.meta.dirname` would name dist-server/ for all of
 * them (the migrations folder beside the database client, the root beside config.ts): each file keeps its own.
 */
const ownDirname = {
  name: 'own-dirname',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      const fromOutput = path.relative(serverDir, path.dirname(args.path)).split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${fromOutput}`)})`),
        loader: 'ts',
      };
    });
  },
};

/**
 * Compiles the server (server/main.ts and what it imports) into dist-server/main.js when that is missing or
 * older than its inputs: `npm start` then runs plain JavaScript in one process, with no compiler
 * loaded. esbuild comes with tsx and vite; it is loaded only when a build is due.
 */
export async function buildServerIfNeeded() {
  if (serverIsFresh()) return;
  console.log('Compilando el servidor (esbuild)...');
  const started = new Date();
  const esbuild = await import('esbuild');
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      // The RIDE's worker thread is its own entry (server/modules/comprobantes/ride-hilos.ts starts it beside main.js).
      entryPoints: { main: 'server/main.ts', 'ride-hilo': 'server/modules/comprobantes/ride-hilo.ts' },
      outdir: serverDir,
      bundle: true,
      // Loading hundreds of small files from node_modules is most of a start-up, so the packages go into the
      // bundle too, except those that find files beside themselves (PGlite's WebAssembly, swagger-ui's pages), the
      // native ones, and those imported only when first needed: the S3 SDK (a bucket is configured), exceljs (an
      // Excel export; evaluating it at start is slow: docs/performance.md) and libxml2-wasm (the first invoice; its top-level await
      // cannot be imported lazily from inside a bundle). pdfkit finds its standard fonts through its package's
      // `imports` map (#standard-fonts/...), which only resolves from its own directory.
      external: [
        '@electric-sql/pglite',
        '@node-rs/argon2',
        '@fastify/swagger-ui',
        'pg-native',
        '@aws-sdk/*',
        'exceljs',
        'libxml2-wasm',
        'pdfkit',
      ],
      // The bundled CommonJS packages require Node's built-in modules.
      banner: {
        js: "import { createRequire as __amelia_createRequire } from 'node:module'; const require = __amelia_createRequire(import.meta.url);",
      },
      platform: 'node',
      format: 'esm',
      // What is imported with import() (the RIDE drawn on the event loop, PostgreSQL's driver) goes into chunks loaded
      // when first needed: V8 compiles main.js whole at every start (docs/performance.md).
      // Chunks stay beside main.js: import.meta.dirname and import.meta.url must name dist-server/ in every file.
      splitting: true,
      target: 'node20.19',
      metafile: true,
      logLevel: 'warning',
      plugins: [ownDirname],
      write: false,
    });
    fs.mkdirSync(serverDir, { recursive: true });
    // Renamed into place: end-to-end suites start servers in parallel, and one may import while another builds.
    const put = (file, contents) => {
      const temporary = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, contents);
      fs.renameSync(temporary, file);
    };
    // node_modules changes only through npm, which rewrites package-lock.json: that one file stands for them.
    put(serverInputs, JSON.stringify(Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('node_modules/'))));
    for (const output of result.outputFiles) put(output.path, output.contents);
    // Chunks are named <module>-<hash of their content>.js: those of older builds are no longer imported by anything.
    const current = new Set(result.outputFiles.map((output) => path.basename(output.path)));
    for (const name of fs.readdirSync(serverDir)) {
      if (/-[A-Z0-9]{8}\.js$/.test(name) && !current.has(name)) fs.rmSync(path.join(serverDir, name));
    }
    // Dated when the build started: a source saved while esbuild ran stays newer than the build.
    fs.utimesSync(serverEntry, started, started);
  } finally {
    await esbuild.stop();
  }
}
