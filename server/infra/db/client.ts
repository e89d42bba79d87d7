import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { registrarPglite } from './pglite-preparada';
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
  /**
   * PGlite only: the bytes of WAL written since the last checkpoint, which the next open replays after a crash (PGlite
   * runs no checkpointer of its own). Asks the database only when a statement may have written since the last answer.
   */
  walSinceCheckpoint?: () => Promise<number>;
  /**
   * PGlite has no autovacuum: ANALYZEs the tables changed by more than a tenth since their last ANALYZE and VACUUMs
   * those with more than a fifth of dead or newly inserted rows (autovacuum's rules), one table at a time, so that the planner's
   * statistics (which the list helper's estimated totals and every plan depend on) follow the data. The first call of a
   * process does every table: PGlite's counters start at zero on each open. The names of the tables it touched. A no-op
   * on PostgreSQL, whose autovacuum does it.
   */
  maintain(): Promise<string[]>;
  /**
   * PGlite only, where this process is the only writer (the DATA_DIR lock): a number that changes before every
   * statement that writes to a table a session check reads (the session, the account, its menu's permissions). Guards reuse a check while it stays the same
   * (core/session-cache.ts). Undefined on PostgreSQL, where other API instances write too.
   */
  accountsVersion?: () => number;
  close(): Promise<void>;
};

/** Statements that only read: anything else (INSERT, UPDATE, DELETE, WITH ... UPDATE, DDL) may change rows. */
const READ_ONLY = /^\s*(?:select|explain)\b/i;
/**
 * Bookkeeping no list counts: an API key's use (its last use and rate-limit window, core/claves-api.ts, one write per
 * request of an integration), the Idempotency-Key claims and the rate limits' counters. Counting them as writes would
 * make every list count again after each request a key makes.
 */
const BOOKKEEPING =
  /^\s*(?:with usada as \(\s*update\s+claves_api\b|(?:insert\s+into|update|delete\s+from)\s+"?(?:idempotencia|intentos)"?\s)/i;
const writeVersions = new WeakMap<Db, () => number>();

/**
 * PGlite only (this process is its only writer): a number that changes before every statement Drizzle sends that may
 * change rows, for what may be reused while it stays the same (a list's count, core/list/cache.ts). Undefined for PostgreSQL,
 * where other instances write too, and for a transaction's handle.
 */
export const writesVersion = (db: Executor): (() => number) | undefined => writeVersions.get(db as Db);

/**
 * The tables a guard's session check reads: a write to any of them may end or change a session, or change what its
 * menu grants (menus, menus_roles, menus_empresa, perfiles: core/menu-access.ts).
 */
const ACCOUNT_WRITE =
  /^\s*(?:insert\s+into|update|delete\s+from)\s+"(?:sesiones|usuarios|administradores|empresas|menus|menus_roles|menus_empresa|perfiles)"/i;

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export type DatabaseOptions = {
  databaseUrl?: string;
  pgliteDir?: string;
  /** PostgreSQL: how long to wait for a connection (from the pool, or a new one) before the query fails; 0 waits forever. */
  connectTimeoutMs?: number;
  /** Called with each statement Drizzle sends, as it sends it (the bench records what a request ran). */
  onQuery?: (query: string, params: unknown[]) => void;
  /** PGlite's WebAssembly compiled beforehand (server/start.mjs); otherwise PGlite compiles it as it opens. */
  pgliteWasmModule?: WebAssembly.Module;
  /**
   * PGlite: a data dir as PGlite's dumpDataDir() wrote it, to start from instead of an empty cluster; its migrations
   * count as applied. The API suites start every app from one migrated dump (tests/helpers/api-plantilla.ts).
   */
  pgliteLoadDataDir?: Blob;
};

/** Opens PGlite (in pgliteDir, or in memory) or PostgreSQL and applies the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  // PostgreSQL's driver is loaded only for PostgreSQL (a chunk of its own in the built server, kept out of a PGlite start).
  if (options.databaseUrl) return (await import('./postgres')).openPostgres(options.databaseUrl, options, migrationsFolder);
  if (options.pgliteDir) fs.mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.pgliteDir,
    extensions: { pg_trgm },
    parsers: DRIZZLE_PARSERS,
    pgliteWasmModule: options.pgliteWasmModule,
    loadDataDir: options.pgliteLoadDataDir,
  });
  let accountsVersion = 0;
  let writes = 0;
  // Every statement that may write, bookkeeping included: what may have added to the WAL.
  let logged = 0;
  // Drizzle hands every statement to its logger just before running it, inside transactions too.
  const logger = {
    logQuery: (query: string, params: unknown[]) => {
      if (!READ_ONLY.test(query)) {
        logged++;
        if (!BOOKKEEPING.test(query)) writes++;
      }
      if (ACCOUNT_WRITE.test(query)) accountsVersion++;
      options.onQuery?.(query, params);
    },
  };
  const db = drizzlePglite(withoutQueryParsers(client, client), { schema, logger });
  const before = await appliedMigrations(client);
  // Drizzle applies the migrations newer than the newest it recorded: when there are none, reading and hashing every
  // migration file (and its transaction) would only delay the start.
  if (before.newest < newestMigration()) await migratePglite(db, { migrationsFolder });
  // A migration may have rewritten whole tables (a new column's default, a backfill): their dead rows and cleared
  // visibility map would slow every index-only scan until the next maintenance (docs/performance.md).
  if ((await appliedMigrations(client)).applied > before.applied) await client.exec('VACUUM (ANALYZE)');
  else await analyzeNeverAnalyzed(client);
  let closed = false;
  // PGlite loses its table statistics' counters when it closes, so writes of earlier processes are invisible to
  // maintainPglite's thresholds: the first pass of each process looks at every table.
  let firstPass = true;
  const walAsked = { logged: -1, bytes: 0 };
  writeVersions.set(db as unknown as Db, () => writes);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    checkpoint: async () => {
      if (closed) return;
      await client.exec('CHECKPOINT');
      walAsked.logged = -1;
    },
    walSinceCheckpoint: async () => {
      if (closed || logged === walAsked.logged) return walAsked.bytes;
      walAsked.logged = logged;
      const { rows } = await client.query<{ bytes: number }>(
        'SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 AS bytes FROM pg_control_checkpoint()',
      );
      return (walAsked.bytes = rows[0].bytes);
    },
    maintain: async () => {
      if (closed) return [];
      const everything = firstPass;
      firstPass = false;
      return maintainPglite(client, everything);
    },
    accountsVersion: () => accountsVersion,
    close: async () => {
      if (closed) return;
      await client.exec('CHECKPOINT');
      closed = true;
      await client.close();
    },
  };
}

/**
 * The type parsers Drizzle gives PGlite with every query: dates, timestamps and intervals stay text (Drizzle maps them;
 * it also passes their array types, which our schema has none of).
 * PGlite merges a query's parsers into its own table, which holds one entry per array type of the catalogue, on every
 * query, which costs more CPU than a lookup by id (docs/performance.md). They are set once on the instance instead, and
 * withoutQueryParsers() drops the per-query copy.
 */
const keepText = (value: string) => value;
const DRIZZLE_PARSERS = Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE].map((oid) => [oid, keepText]));

type QueryOptions = Parameters<PGlite['query']>[2];
const rowModeOnly = (options: QueryOptions) => (options?.rowMode ? { rowMode: options.rowMode } : undefined);

/**
 * The client Drizzle gets: PGlite itself, with each query's options (and its transactions' ones) reduced to rowMode,
 * known to pglite-preparada.ts (which runs prepared statements on `pglite` itself, inside `transaction` if any).
 */
function withoutQueryParsers<T extends Pick<PGlite, 'query'> & Partial<Pick<PGlite, 'transaction'>>>(
  client: T,
  pglite: PGlite,
  transaction?: Transaction,
): T {
  const proxy = new Proxy(client, {
    get(target, property) {
      if (property === 'query')
        return (query: string, params?: unknown[], options?: QueryOptions) => target.query(query, params, rowModeOnly(options));
      if (property === 'transaction' && target.transaction)
        return <R>(callback: (tx: Transaction) => Promise<R>) => target.transaction!((tx) => callback(withoutQueryParsers(tx, pglite, tx)));
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  registrarPglite(proxy, pglite, transaction);
  return proxy;
}

/**
 * PGlite never gathers statistics by itself: tables a migration just created (or that were never analyzed:
 * pg_class.reltuples is -1) get an ANALYZE at start-up. Statistics persist in the data dir, so an existing
 * database starts without it. ANALYZE reads a sample of at most 30 000 rows per table (docs/performance.md).
 */
async function analyzeNeverAnalyzed(client: PGlite) {
  const { rows } = await client.query<{ name: string }>(
    `SELECT quote_ident(relname) AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND reltuples < 0`,
  );
  if (rows.length) await client.exec(`ANALYZE ${rows.map((r) => r.name).join(', ')}`);
}

/** Autovacuum's thresholds: a number of rows plus this share of the table. */
const ANALYZE_SHARE = 0.1;
const VACUUM_SHARE = 0.2;

/** How many migrations are recorded as applied and the newest one's timestamp (0 and 0 before the first). */
async function appliedMigrations(client: PGlite): Promise<{ applied: number; newest: number }> {
  const [{ table }] = (await client.query<{ table: string | null }>(`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS table`))
    .rows;
  if (!table) return { applied: 0, newest: 0 };
  return (
    await client.query<{ applied: number; newest: number }>(
      `SELECT count(*)::int AS applied, coalesce(max(created_at), 0)::float8 AS newest FROM ${table}`,
    )
  ).rows[0];
}

/** The newest migration's timestamp in Drizzle's journal (its folderMillis). */
function newestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/** `everything`: VACUUM (ANALYZE) every table, whatever the counters say (a process's first pass). */
async function maintainPglite(client: PGlite, everything = false): Promise<string[]> {
  // PGlite's backend flushes its pending table statistics only when asked (it is never idle between client messages).
  await client.query('SELECT pg_stat_force_next_flush()');
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ name: string; analyze: boolean; vacuum: boolean }>(
    `SELECT quote_ident(s.relname) AS name,
            s.n_mod_since_analyze > 50 + ${ANALYZE_SHARE} * greatest(c.reltuples, 0) AS analyze,
            s.n_dead_tup > 50 + ${VACUUM_SHARE} * greatest(c.reltuples, 0)
              OR s.n_ins_since_vacuum > 1000 + ${VACUUM_SHARE} * greatest(c.reltuples, 0) AS vacuum
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.schemaname = 'public'`,
  );
  if (everything) for (const row of rows) row.analyze = row.vacuum = true;
  const touched: string[] = [];
  // One statement per table: between them other queries get PGlite's one connection. VACUUM also sets the visibility
  // map, which lets index-only scans (the list helper's keys, counts) skip the table's pages.
  for (const { name, analyze, vacuum } of rows) {
    if (!analyze && !vacuum) continue;
    await client.exec(vacuum ? `VACUUM (ANALYZE) ${name}` : `ANALYZE ${name}`);
    touched.push(name);
  }
  return touched;
}
