import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { simpleParser } from 'mailparser';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase } from '../../server/infra/db/client';
import { seedDemo } from '../../server/infra/db/seed';
import { buildApp } from '../../server/app';
import { createStorage } from '../../server/infra/storage';
import { startS3 } from './s3';
import { databaseUrl, onServer } from './api-plantilla';

export type TestDbKind = 'pglite' | 'postgres';

/** The databases the API suites run on: always PGlite, and PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabases: TestDbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Where the files go: DATA_DIR/files, or a bucket on a local S3-compatible server the test starts. */
export type TestStorage = 'disk' | 's3';

/**
 * The suites that store and serve files run on every database with the disk, and once with S3 (on the last database:
 * the storage does not depend on it).
 */
export const testSetups: Array<[TestDbKind, TestStorage]> = [
  ...testDatabases.map((kind) => [kind, 'disk'] as [TestDbKind, TestStorage]),
  [testDatabases.at(-1)!, 's3'],
];

/**
 * A fresh database on the TEST_DATABASE_URL server, and a function that drops it: empty, or a copy of `template` (the
 * migrated one of tests/helpers/api-plantilla.ts).
 */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `amelia_test_${randomBytes(6).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return { url: databaseUrl(name), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * What the API project's global setup provided (tests/helpers/api-plantilla.ts); '' where there is none: another
 * project, or a process of its own that a test starts for its API (there inject() throws).
 */
function provided(key: 'plantillaPglite' | 'plantillaPostgres'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

/** The migrated PGlite the test apps start from, read once; undefined where there is none (an empty PGlite is migrated). */
let pgliteTemplate: Blob | undefined;
const migratedPglite = () => {
  const dump = provided('plantillaPglite');
  return dump ? (pgliteTemplate ??= new Blob([fs.readFileSync(dump)])) : undefined;
};

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * A real app on a real database (in-memory PGlite or a fresh PostgreSQL database), seeded with the demo
 * data, with its own temporary DATA_DIR (files, outbox). Requests go through app.inject.
 * Logging is off unless options.logStream is given (then the app logs there at config.logLevel).
 */
export async function startTestApp(
  kind: TestDbKind,
  overrides: Partial<Config> = {},
  options: {
    logStream?: NodeJS.WritableStream;
    storage?: TestStorage;
    /** Told of every statement the app sends (as the bench records them). */
    onQuery?: (query: string, params: unknown[]) => void;
  } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-api-'));
  const pgDb = kind === 'postgres' ? await createPostgresDatabase(provided('plantillaPostgres') || undefined) : undefined;
  const s3 = options.storage === 's3' ? await startS3() : undefined;
  const base = loadConfig({ DATA_DIR: dataDir });
  const config: Config = {
    ...base,
    // The SRI's queue works only in the suites that give it a local SRI (tests/helpers/sri.ts): elsewhere an issued
    // invoice stays FIRMADA instead of being sent to the real SRI.
    sri: { ...base.sri, cola: false },
    // Webhooks are delivered only in the suites that start a receiver (tests/api/webhooks.test.ts), which turn the
    // worker on; receivers listen on 127.0.0.1, so private addresses are allowed.
    integraciones: { ...base.integraciones, webhooks: { ...base.integraciones.webhooks, cola: false, redesPrivadas: true } },
    jwtSecret: 'clave-de-pruebas-de-al-menos-32-caracteres!!',
    rateLimit: { windowMs: 15 * 60_000, maxPerIp: 10_000, maxPerAccount: 100, freePerPair: 5 },
    ...(s3 ? { files: s3.files } : {}),
    ...overrides,
  };
  const database = await openDatabase({
    databaseUrl: pgDb?.url,
    pgliteLoadDataDir: pgDb ? undefined : migratedPglite(),
    onQuery: options.onQuery,
  });
  await seedDemo(database.db, config);
  const { app, ctx } = await buildApp({ config, database, logger: Boolean(options.logStream), logStream: options.logStream });
  await app.ready();

  const outbox = path.join(dataDir, 'outbox');
  const others: Array<{ close(): Promise<unknown> }> = [];
  return {
    app,
    ctx,
    db: database.db,
    dataDir,
    config,
    /** The storage the app's files are in, read directly: what is really there, whatever the app says. */
    storage: createStorage(config.files),
    /** Every message the app "sent", parsed from the .eml files it wrote to DATA_DIR/outbox. */
    async mails() {
      if (!fs.existsSync(outbox)) return [];
      const files = fs.readdirSync(outbox).sort();
      return Promise.all(
        files.map(async (file) => {
          const parsed = await simpleParser(fs.readFileSync(path.join(outbox, file)));
          const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
          return {
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            replyTo: parsed.replyTo?.text ?? '',
            attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
          };
        }),
      );
    },
    /**
     * Another API instance on the same database, as behind a load balancer: for state that must not live in one process.
     * On PostgreSQL it has connections of its own; `overrides` change its configuration (e.g. a DATA_DIR of its own).
     */
    async otherInstance(overrides: Partial<Config> = {}) {
      const otherDatabase = pgDb ? await openDatabase({ databaseUrl: pgDb.url }) : database;
      const other = await buildApp({ config: { ...config, ...overrides }, database: otherDatabase, logger: false });
      await other.app.ready();
      others.push(other.app);
      if (otherDatabase !== database) others.push(otherDatabase);
      return other.app;
    },
    async close() {
      for (const other of others) await other.close();
      await app.close();
      await database.close();
      await pgDb?.drop();
      await s3?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Multipart body with one file part named `field`, for app.inject. */
export function multipart(field: string, fileName: string, content: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----amelia${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
