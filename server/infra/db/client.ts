import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction, or the database itself: what a query that may run inside a transaction takes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Flushes PGlite's WAL into the data files; a no-op on PostgreSQL, which does it itself. */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export type DatabaseOptions = {
  databaseUrl?: string;
  pgliteDir?: string;
  /** PostgreSQL: how long to wait for a connection (from the pool, or a new one) before the query fails; 0 waits forever. */
  connectTimeoutMs?: number;
};

/** Opens PGlite (in pgliteDir, or in memory) or PostgreSQL and applies the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // While PostgreSQL is unreachable a request fails in this time (and gets a 503) instead of hanging.
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      // A connection whose server vanished without closing it (a crashed host, a dropped network) is noticed.
      keepAlive: true,
    });
    // When PostgreSQL ends a connection (a restart terminates them all with 57P01, a crash drops them), its client emits
    // 'error'; unheard, that event kills the process. pg-pool listens only while a client is idle in the pool, so every
    // client gets a listener of its own for the time it is checked out (a transaction between statements): the failure
    // reaches the request through its next query, and pg-pool discards the client when it is released.
    pool.on('connect', (client) => client.on('error', () => {}));
    pool.on('error', () => {
      /* an idle client lost its connection; the pool has already discarded it */
    });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db, kind: 'postgres', checkpoint: async () => {}, close: () => pool.end() };
  }
  if (options.pgliteDir) fs.mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.pgliteDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  let closed = false;
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    checkpoint: async () => {
      if (!closed) await client.exec('CHECKPOINT');
    },
    close: async () => {
      if (closed) return;
      await client.exec('CHECKPOINT');
      closed = true;
      await client.close();
    },
  };
}
