import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/infra/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A gzipped PGlite data dir with every migration applied (PGlite's dumpDataDir). */
    plantillaPglite: string;
    /** A database on TEST_DATABASE_URL's server with every migration applied, to copy with CREATE DATABASE ... TEMPLATE; '' without one. */
    plantillaPostgres: string;
  }
}

/** The same server as TEST_DATABASE_URL, another database. */
export function databaseUrl(name: string) {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on TEST_DATABASE_URL's own database (CREATE and DROP DATABASE cannot run in the one they name). */
export async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The API project's global setup: the migrated databases every test app starts from (tests/helpers/server.ts).
 * Here an empty PGlite takes 3.4-4.4 s to create (its initdb, in WebAssembly) and the migrations 0.5-1 s more; a PGlite
 * loaded from this dump takes 1.1-1.3 s. On PostgreSQL, a copy of the template replaces 0.6 s of migrations. The
 * migrations themselves are still what made both, in this run: a broken one fails every suite.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-api-plantilla-'));
  const pgdata = path.join(dir, 'db');
  await (await openDatabase({ pgliteDir: pgdata })).close();
  const migrated = await PGlite.create({ dataDir: pgdata, extensions: { pg_trgm } });
  const dump = path.join(dir, 'pglite.tar.gz');
  fs.writeFileSync(dump, Buffer.from(await (await migrated.dumpDataDir('gzip')).arrayBuffer()));
  await migrated.close();
  project.provide('plantillaPglite', dump);

  let template = '';
  if (process.env.TEST_DATABASE_URL) {
    template = `amelia_plantilla_${randomBytes(6).toString('hex')}`;
    await onServer(`CREATE DATABASE ${template}`);
    await (await openDatabase({ databaseUrl: databaseUrl(template) })).close();
  }
  project.provide('plantillaPostgres', template);

  return async () => {
    if (template) await onServer(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
