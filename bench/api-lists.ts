import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../server/infra/db/client';
import { acquireDataDirLock } from '../server/infra/db/lock';
import { seedDemo } from '../server/infra/db/seed';
import { DEMO } from '../server/infra/db/demo-accounts';
import { loadConfig } from '../server/config';
import { buildApp } from '../server/app';
import { companiesSeedScript, seedScript, SEED_VERSION } from './seed';
import { median, verdict } from './report';

const ROOT = path.resolve(import.meta.dirname, '..');
const API = '/api/EmpresasAmelia';
/**
 * Calls of each case before the measured ones. V8 optimizes a function only after many calls (its tiers: interpreter,
 * baseline, optimizing), and a server that has been up for minutes runs its handlers optimized; with a few warm-ups
 * the first cases would measure the interpreter (docs/performance.md). Each case warms its own path: 50 calls, after
 * every case has been called WARM_UP_ROUNDS times in turn (warmUp), as a server's mixed traffic would.
 */
const WARM_UP = 50;
/**
 * Rounds of all the cases before any is measured: the code shared by every list (Fastify, Drizzle, the list helper,
 * compression) reaches its optimized tier only after many calls in all, and until then the API's time over its SQL
 * is larger (docs/performance.md).
 */
const WARM_UP_ROUNDS = 40;

/** Every case in turn, WARM_UP_ROUNDS times, none measured: the server as it runs after minutes of mixed traffic. */
export async function warmUp(call: Call, token: string, cases: Array<{ method?: string; url: string; body?: unknown }>) {
  for (let round = 0; round < WARM_UP_ROUNDS; round++)
    for (const { method = 'GET', url, body } of cases) await call(method, url, { token, body });
}

/** The driver under Drizzle, used directly: the "same SQL through the driver" the API is compared with. */
export type Driver = {
  query(text: string, params?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  exec(script: string): Promise<unknown>;
};

/** The client drizzle() was given, which it keeps as $client (Db's type, NodePgDatabase, does not declare it). */
const clientOf = (database: Database) => (database.db as unknown as { $client: PGlite | pg.Pool }).$client;

export function driverOf(database: Database): Driver {
  if (database.kind === 'pglite') {
    const client = clientOf(database) as PGlite;
    return { query: (text, params) => client.query(text, params), exec: (script) => client.exec(script) };
  }
  const pool = clientOf(database) as pg.Pool;
  return { query: (text, params) => pool.query(text, params), exec: (script) => pool.query(script) };
}

async function isSeeded(driver: Driver, tickets: number): Promise<boolean> {
  const [{ marker }] = (await driver.query(`SELECT to_regclass('bench_seed')::text AS marker`)).rows;
  if (!marker) return false;
  const rows = (await driver.query('SELECT tickets, version FROM bench_seed')).rows;
  return rows.length === 1 && rows[0].tickets === tickets && rows[0].version === SEED_VERSION;
}

async function seed(database: Database, tickets: number) {
  const driver = driverOf(database);
  console.log(`Sembrando ${tickets.toLocaleString('es-EC')} tickets (una sola vez; las próximas corridas los reutilizan)...`);
  const start = Date.now();
  // The demo signature's sealed file goes to a directory of its own: the bench never reads it.
  await seedDemo(database.db, loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-bench-seed-')) }));
  await driver.exec(seedScript(tickets));
  // Fresh statistics and visibility map, as autovacuum would leave them on a long-running database (PGlite has none).
  await driver.exec('VACUUM ANALYZE');
  await database.checkpoint();
  console.log(`Sembrado en ${((Date.now() - start) / 1000).toFixed(1)} s`);
}

/** Adds `companies` generated companies once (marker table bench_seed_empresas); later runs reuse them. */
async function seedCompanies(database: Database, companies: number) {
  const driver = driverOf(database);
  const [{ marker }] = (await driver.query(`SELECT to_regclass('bench_seed_empresas')::text AS marker`)).rows;
  if (marker) {
    const rows = (await driver.query('SELECT empresas, version FROM bench_seed_empresas')).rows;
    if (rows.length === 1 && rows[0].empresas === companies && rows[0].version === SEED_VERSION) return;
    throw new Error(`Esta base ya tiene otras empresas generadas: borre data/bench-* o use otra cantidad de tickets`);
  }
  console.log(`Sembrando ${companies.toLocaleString('es-EC')} empresas (una sola vez; las próximas corridas las reutilizan)...`);
  const start = Date.now();
  await driver.exec(`BEGIN; ${companiesSeedScript(companies)}
    CREATE TABLE bench_seed_empresas (empresas integer NOT NULL, version integer NOT NULL);
    INSERT INTO bench_seed_empresas VALUES (${companies}, ${SEED_VERSION}); COMMIT;`);
  await driver.exec('VACUUM ANALYZE');
  await database.checkpoint();
  console.log(`Sembrado en ${((Date.now() - start) / 1000).toFixed(1)} s`);
}

export type OnQuery = (sql: string, params: unknown[]) => void;

export type BenchDatabase = { database: Database; where: string; close(): Promise<void> };

/** How a bench's data is recognised and made: `seeded` tells whether a database already holds this seed. */
export type BenchSeed = {
  /** data/<name>/db for PGlite, amelia_<name with - as _> on PostgreSQL. */
  name: string;
  seeded(driver: Driver): Promise<boolean>;
  seed(database: Database): Promise<void>;
};

/**
 * The bench's database, seeded once and reused: PGlite in data/<name>/db (locked like a server's DATA_DIR while the
 * bench uses it), or with `serverUrl` a database on that PostgreSQL server. Whatever is there that is not this seed
 * (an interrupted or older one, or one the current migrations cannot update) is dropped and seeded again.
 */
export async function openSeededDatabase(bench: BenchSeed, onQuery: OnQuery, serverUrl?: string): Promise<BenchDatabase> {
  const reuse = async (options: { pgliteDir?: string; databaseUrl?: string }) => {
    const database = await openDatabase({ ...options, onQuery }).catch(() => undefined);
    if (database && (await bench.seeded(driverOf(database)))) return database;
    await database?.close();
    return undefined;
  };
  const fresh = async (options: { pgliteDir?: string; databaseUrl?: string }) => {
    const database = await openDatabase({ ...options, onQuery });
    await bench.seed(database);
    return database;
  };
  if (!serverUrl) {
    const dir = path.join(ROOT, 'data', bench.name);
    fs.mkdirSync(dir, { recursive: true });
    const release = acquireDataDirLock(dir);
    const pgliteDir = path.join(dir, 'db');
    let database = await reuse({ pgliteDir });
    if (!database) {
      fs.rmSync(pgliteDir, { recursive: true, force: true });
      database = await fresh({ pgliteDir });
    }
    const opened = database;
    return {
      database: opened,
      where: `PGlite en ${path.relative(ROOT, pgliteDir)}`,
      async close() {
        await opened.close();
        release();
      },
    };
  }
  const name = `amelia_${bench.name.replaceAll('-', '_')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  let database: Database | undefined;
  try {
    if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1) {
      database = await reuse({ databaseUrl });
      if (!database) await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    }
    if (!database) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const opened = database ?? (await fresh({ databaseUrl }));
  return { database: opened, where: `PostgreSQL, base ${name}`, close: () => opened.close() };
}

/** A new database on the server of `serverUrl`, for one bench run, and how to drop it. */
export async function throwawayPostgres(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

type Response = { status: number; headers: Record<string, string | undefined>; body: string; ms: number };

/** The calls of a bench, made by bench/http-client.mjs in a worker thread (see there why it is a bare socket). */
export function httpClient(base: string) {
  const worker = new Worker(path.join(import.meta.dirname, 'http-client.mjs'), { workerData: { base } });
  const pending = new Map<number, { resolve: (r: Response) => void; reject: (e: Error) => void }>();
  let next = 0;
  worker.on('message', (message: Response & { id: number; error?: string }) => {
    const waiting = pending.get(message.id)!;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(message.error));
    else waiting.resolve(message);
  });
  const call = (method: string, target: string, init: { body?: unknown; token?: string } = {}) =>
    new Promise<Response>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, method, target, body: init.body, token: init.token });
    });
  return { call, close: () => worker.terminate() };
}

const listUrl = (filter: Record<string, unknown>, range: [number, number] = [0, 24]) =>
  `${API}/soporte?${new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify(range), sort: '["SPT_ID","DESC"]' })}`;

/** The budget (docs/performance.md): 1.25x the driver's time, or 1 ms more when the driver takes under 4 ms. */
export const budgetFor = (sqlMs: number) => (sqlMs < 4 ? sqlMs + 1 : sqlMs * 1.25);

/** Records the statements the server sends while a call is being recorded (openDatabase's onQuery hook). */
export function statementRecorder() {
  let recording: Array<{ sql: string; params: unknown[] }> | undefined;
  const onQuery: OnQuery = (sql, params) => recording?.push({ sql, params });
  return {
    onQuery,
    async during<T>(work: () => Promise<T>) {
      const statements: Array<{ sql: string; params: unknown[] }> = [];
      recording = statements;
      try {
        return { result: await work(), statements };
      } finally {
        recording = undefined;
      }
    },
  };
}

type Call = ReturnType<typeof httpClient>['call'];

/**
 * The server's own time for the last call: Fastify's elapsed time at onResponse (from routing the request to the
 * response handed to the socket). Set before the app listens. The bench shows it beside the client's time, to tell the
 * server's share from the loopback's and the client's.
 */
export function serverTime(app: Awaited<ReturnType<typeof buildApp>>['app']): () => number {
  let last = 0;
  app.addHook('onResponse', (_request, reply, done) => {
    last = reply.elapsedTime;
    done();
  });
  return () => last;
}

/**
 * One row of a bench table: the API call against the very statements it ran, sent straight through the driver,
 * interleaved in the same run (alternating which goes first, so that neither always finds the caches the other just
 * warmed), WARM_UP calls first, the median of `runs`.
 */
export async function compareCase(options: {
  caso: string;
  method: string;
  url: string;
  body?: unknown;
  token: string;
  call: Call;
  driver: Driver;
  recorder: ReturnType<typeof statementRecorder>;
  server: () => number;
  runs: number;
  showSql: boolean;
}): Promise<Record<string, string | number>> {
  const { caso, method, url, body, token, call, driver, recorder, server, runs, showSql } = options;
  // Recorded on a second call: the first may fill what later ones reuse (the session check, a list's estimate).
  await call(method, url, { token, body });
  const { result: first, statements } = await recorder.during(() => call(method, url, { token, body }));
  if (first.status !== 200) {
    const dash = { 'API ms': '-', 'servidor ms': '-', 'SQL ms': '-', razón: '-', 'presupuesto ms': '-' };
    return { caso, ...dash, sentencias: statements.length, total: '-', resultado: `FALLA (HTTP ${first.status})` };
  }
  if (showSql) {
    console.log(`\n-- ${caso}`);
    for (const s of statements) console.log(`${s.sql};  -- ${JSON.stringify(s.params)}`);
  }
  const serverSamples: number[] = [];
  const api = async () => {
    const response = await call(method, url, { token, body });
    if (response.status !== 200) throw new Error(`${caso}: HTTP ${response.status} ${response.body}`);
    serverSamples.push(server());
    return response.ms;
  };
  const sql = async () => {
    const start = process.hrtime.bigint();
    for (const s of statements) await driver.query(s.sql, s.params);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const apiSamples: number[] = [];
  const sqlSamples: number[] = [];
  for (let i = 0; i < WARM_UP + runs; i++) {
    let apiMs: number, sqlMs: number;
    if (i % 2) {
      apiMs = await api();
      sqlMs = await sql();
    } else {
      sqlMs = await sql();
      apiMs = await api();
    }
    if (i < WARM_UP) {
      serverSamples.length = 0;
      continue;
    }
    apiSamples.push(apiMs);
    sqlSamples.push(sqlMs);
  }
  const apiMs = median(apiSamples);
  const sqlMs = median(sqlSamples);
  const budget = budgetFor(sqlMs);
  const range = first.headers['content-range'];
  return {
    caso,
    'API ms': apiMs,
    'servidor ms': median(serverSamples),
    'SQL ms': sqlMs,
    razón: apiMs / sqlMs,
    'presupuesto ms': budget,
    sentencias: statements.length,
    total: typeof range === 'string' ? range.split('/')[1] : '-',
    resultado: verdict(apiMs <= budget),
  };
}

export type ApiBenchOptions = { tickets: number; companies?: number; runs: number; databaseUrl?: string; showSql: boolean };

const companiesUrl = (filter: Record<string, unknown>, range: [number, number] = [0, 24]) =>
  `${API}/empresas?${new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify(range), sort: '["EMP_CODIGO","DESC"]' })}`;

/** The company list's cases: first page, a page past 2 000, RUC prefix, name, filters and the summary. */
async function companyCases(driver: Driver, companies: number) {
  const [middle] = (
    await driver.query(
      'SELECT emp_ruc, emp_nombre FROM empresas WHERE emp_codigo >= (SELECT max(emp_codigo) / 2 FROM empresas) ORDER BY emp_codigo LIMIT 1',
    )
  ).rows as Array<{ emp_ruc: string; emp_nombre: string }>;
  const words = middle.emp_nombre.toLowerCase().split(' ').slice(1, 3).join(' ');
  const deep = Math.min(50_000, Math.floor(companies / 2));
  return [
    { caso: 'empresas, página 1', url: companiesUrl({}) },
    { caso: `empresas, página ${deep / 25 + 1} (offset ${deep})`, url: companiesUrl({}, [deep, deep + 24]) },
    { caso: `empresas, RUC "${middle.emp_ruc.slice(0, 6)}"`, url: companiesUrl({ q: middle.emp_ruc.slice(0, 6) }) },
    { caso: `empresas, nombre "${words}"`, url: companiesUrl({ q: words }) },
    { caso: 'empresas, filtro PENDIENTE', url: companiesUrl({ EMP_COMPROBACION: 'PENDIENTE' }) },
    { caso: 'empresas, filtro plan por vencer', url: companiesUrl({ plan: 'por_vencer' }) },
    { caso: 'empresas, resumen', url: `${API}/empresas/resumen` },
  ];
}

/**
 * The ticket desk's lists, searches, filters, lookup and summary through the API's real routes, each against the very
 * statements that request ran (recorded by openDatabase's onQuery hook: the guard's session check included)
 * sent straight through the driver, interleaved in the same run so both see the same caches and machine load.
 */
export async function benchApi({ tickets, companies, runs, databaseUrl, showSql }: ApiBenchOptions) {
  // The app runs on the database exactly as the server opens it; the hook only records what each request sent.
  const recorder = statementRecorder();
  const bench = await openSeededDatabase(
    { name: `bench-${tickets}`, seeded: (driver) => isSeeded(driver, tickets), seed: (database) => seed(database, tickets) },
    recorder.onQuery,
    databaseUrl,
  );
  const { database } = bench;
  const driver = driverOf(database);
  if (companies) await seedCompanies(database, companies);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-bench-'));
  let closeClient = async () => 0;
  const { app, schemasCompiled } = await buildApp({
    config: { ...loadConfig({ DATA_DIR: dataDir }), jwtSecret: 'clave-de-benchmark-de-al-menos-32-caracteres' },
    database,
    logger: false,
  });
  try {
    const server = serverTime(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    // Once listening, the server compiles the schemas no request has needed yet, a few ms each: a request that
    // arrives meanwhile waits for the one in progress. That is start-up, not what each request costs.
    await schemasCompiled();
    const client = httpClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    closeClient = client.close;
    const { call } = client;
    const login = await call('POST', `${API}/loginAdmin`, { body: DEMO.admin });
    if (login.status !== 200) throw new Error(`loginAdmin respondió ${login.status}: ${login.body}`);
    const token: string = JSON.parse(login.body).usuario.token;

    // Search values taken from the data itself: a ticket halfway through, its customer's name and RUC, an adviser.
    const [middle] = (
      await driver.query(
        'SELECT spt_id, spt_ruc, spt_clientenombre FROM soporte WHERE spt_id >= (SELECT max(spt_id) / 2 FROM soporte) ORDER BY spt_id LIMIT 1',
      )
    ).rows as Array<{ spt_id: number; spt_ruc: string; spt_clientenombre: string }>;
    const [{ adviser }] = (await driver.query('SELECT min(ase_codigo) AS adviser FROM asesores')).rows as Array<{ adviser: number }>;
    const surnames = middle.spt_clientenombre.split(' ').slice(1, 3).join(' ');
    const deep = Math.floor(tickets / 2);
    const cases: Array<{ caso: string; url: string }> = [
      { caso: 'lista, página 1', url: listUrl({}) },
      { caso: `lista, página ${deep / 25 + 1} (offset ${deep})`, url: listUrl({}, [deep, deep + 24]) },
      { caso: `búsqueda por nombre "${surnames}"`, url: listUrl({ q: surnames }) },
      { caso: `búsqueda por RUC "${middle.spt_ruc.slice(0, 10)}"`, url: listUrl({ q: middle.spt_ruc.slice(0, 10) }) },
      { caso: `búsqueda por número ${middle.spt_id}`, url: listUrl({ q: String(middle.spt_id) }) },
      { caso: 'filtro estado ABIERTO', url: listUrl({ SPT_ESTADO: 'ABIERTO' }) },
      { caso: 'filtro producto 3', url: listUrl({ SPT_PRODUCTOS: 3 }) },
      { caso: `filtro asesor ${adviser}`, url: listUrl({ ASE_CODIGO: adviser }) },
      { caso: `ticket ${middle.spt_id} (GET /soporte/:id)`, url: `${API}/soporte/${middle.spt_id}` },
      { caso: 'resumen (GET /soporte/resumen)', url: `${API}/soporte/resumen` },
      ...(companies ? await companyCases(driver, companies) : []),
    ];

    await warmUp(call, token, cases);
    const rows: Array<Record<string, string | number>> = [];
    for (const { caso, url } of cases)
      rows.push(await compareCase({ caso, method: 'GET', url, token, call, driver, recorder, server, runs, showSql }));
    return { where: bench.where, rows, failed: rows.some((row) => row.resultado !== 'OK') };
  } finally {
    await closeClient();
    await app.close();
    await bench.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
