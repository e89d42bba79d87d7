import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, DatabaseOptions } from './client';
import * as schema from './schema';

/** Opens a pool on a PostgreSQL server and applies the committed migrations (openDatabase with a databaseUrl). */
export async function openPostgres(
  databaseUrl: string,
  options: Pick<DatabaseOptions, 'connectTimeoutMs' | 'onQuery'>,
  migrationsFolder: string,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
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
  const db = drizzle(pool, { schema, ...(options.onQuery ? { logger: { logQuery: options.onQuery } } : {}) });
  await migrate(db, { migrationsFolder });
  return { db, kind: 'postgres', checkpoint: async () => {}, maintain: async () => [], close: () => pool.end() };
}
