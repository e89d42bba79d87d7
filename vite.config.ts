import { promisify } from 'node:util';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside index.html and each JavaScript or CSS asset. The
 * server sends them as they are (@fastify/static's preCompressed): about 14% fewer bytes than compressing each
 * request at the fast level a server can afford, and no compression work per request.
 */
function precompress(): Plugin {
  return {
    name: 'amelia-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const files = Object.keys(bundle).filter((file) => file === 'index.html' || /^assets\/.*\.(js|css)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const target = path.join(options.dir!, file);
          const content = await fs.readFile(target);
          const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length };
          await fs.writeFile(`${target}.br`, await brotli(content, { params }));
          await fs.writeFile(`${target}.gz`, await gzip(content, { level: 9 }));
        }),
      );
    },
  };
}

/** The bundle being written, for preloadsNotLoaded (Vite hands resolveDependencies file names only). */
let written: Rollup.OutputBundle | undefined;

function keepBundle(): Plugin {
  return {
    name: 'amelia-keep-bundle',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_, bundle) {
        written = bundle;
      },
    },
  };
}

/** The chunks a chunk imports statically, directly or not: loaded before its code runs. */
function staticImports(fileName: string, found = new Set<string>()) {
  const chunk = written?.[fileName];
  if (chunk?.type !== 'chunk') return found;
  for (const imported of chunk.imports) if (!found.has(imported)) staticImports(imported, found.add(imported));
  return found;
}

/**
 * A lazy import's preload list without the files its importer has loaded already: preloading them again does nothing,
 * and the lists of every screen's loader travel in the areas' first chunk (their budget: docs/performance.md).
 */
const preloadsNotLoaded = (_: string, deps: string[], { hostId }: { hostId: string }) => {
  const loaded = staticImports(hostId);
  return deps.filter((dep) => !loaded.has(dep));
};

export default defineConfig({
  plugins: [react(), precompress(), keepBundle()],
  build: {
    outDir: 'dist',
    // react-admin's areas are large by nature; they load only after sign-in, so warn above 2 MB instead of 500 kB.
    chunkSizeWarningLimit: 2048,
    reportCompressedSize: true,
    manifest: true,
    modulePreload: { resolveDependencies: preloadsNotLoaded },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
