import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default on 2 cores is one worker. Most of an API test's time is waiting (PostgreSQL, the disk, an HTTP
    // stub), so two workers run the API suite about 1.6x faster here; the e2e project stays one file at a time.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/helpers/setup-dom.ts'],
          // A screen's test clicks through several dialogs: 5 s was too little on a loaded two-core machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // The migrated databases every test app starts from, made once per run.
          globalSetup: ['tests/helpers/api-plantilla.ts'],
          // Each worker loads the server's modules once for all its files instead of once per file. A file's apps
          // already share them (PGlite, PostgreSQL, S3, one after another), so the code keeps no state outside an app.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // The DATA_DIR every suite's server starts from, made once per run.
          globalSetup: ['tests/helpers/e2e-plantilla.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // A browser waits for what it polls (a debounced search, a refetch): 1 s, Vitest's default, is too short on
          // a loaded 2-core machine, where a search in the companies' list once took longer.
          expect: { poll: { timeout: 5_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
