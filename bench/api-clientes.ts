/**
 * The clients book at scale: the list, its searches and totalClientes of the company with the most clients,
 * through the API against the same statements sent straight through the driver (as api-lists.ts does for tickets and
 * companies); then the import and the Excel and PDF reports, timed, with the process's memory sampled while they run.
 *
 * npm run bench -- --clientes 200000 (PGlite in data/bench-clientes-200000; BENCH_DATABASE_URL for PostgreSQL).
 * The full scale is --clientes 1000000 (Comercial Andina gets 200 000 of them): seeding it takes about 5 minutes on
 * PGlite, once; later runs reuse the database.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { openDatabase, type Database } from '../server/infra/db/client';
import { seedDemo } from '../server/infra/db/seed';
import { DEMO } from '../server/infra/db/demo-accounts';
import { loadConfig } from '../server/config';
import { buildApp } from '../server/app';
import { clientesEmpresaGrande, clientsSeedScript } from '../server/infra/db/seed-clientes';
import {
  compareCase,
  serverTime,
  warmUp,
  driverOf,
  httpClient,
  openSeededDatabase,
  statementRecorder,
  throwawayPostgres,
  type Driver,
  type OnQuery,
} from './api-lists';

const LOGIN = '/api/EmpresasAmelia/login';
/** Bump when the generated clients change: a database seeded by another version is seeded again. */
const SEED_VERSION = 1;

async function isSeeded(driver: Driver, clients: number) {
  const [{ marker }] = (await driver.query(`SELECT to_regclass('bench_seed_clientes')::text AS marker`)).rows;
  if (!marker) return false;
  const rows = (await driver.query('SELECT clientes, version FROM bench_seed_clientes')).rows;
  return rows.length === 1 && rows[0].clientes === clients && rows[0].version === SEED_VERSION;
}

async function seed(database: Database, clients: number) {
  const driver = driverOf(database);
  console.log(`Sembrando ${clients.toLocaleString('es-EC')} clientes (una sola vez; las próximas corridas los reutilizan)...`);
  const start = Date.now();
  await seedDemo(database.db, loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-bench-seed-')) }));
  await driver.exec(`BEGIN; ${clientsSeedScript(clients)}
    CREATE TABLE bench_seed_clientes (clientes integer NOT NULL, version integer NOT NULL);
    INSERT INTO bench_seed_clientes VALUES (${clients}, ${SEED_VERSION}); COMMIT;`);
  await driver.exec('VACUUM ANALYZE');
  await database.checkpoint();
  console.log(`Sembrado en ${((Date.now() - start) / 1000).toFixed(1)} s`);
}

const openBenchDatabase = (clients: number, databaseUrl: string | undefined, onQuery: OnQuery) =>
  openSeededDatabase(
    { name: `bench-clientes-${clients}`, seeded: (driver) => isSeeded(driver, clients), seed: (database) => seed(database, clients) },
    onQuery,
    databaseUrl,
  );

const listUrl = (filter: Record<string, unknown>, range: [number, number] = [0, 24]) =>
  `/api/clientes?${new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify(range), sort: '["CLI_CODIGO","DESC"]' })}`;

export type ClientesBenchOptions = { clients: number; runs: number; databaseUrl?: string; showSql: boolean; memory: boolean };

/**
 * Samples the process's memory while `task` runs: the peaks above what it used before. With NODE_OPTIONS=--expose-gc
 * each sample follows a full collection, so the heap is what is really held (otherwise it includes garbage not yet
 * collected, which V8 lets grow while memory is plentiful).
 */
const heapColumn = (globalThis as { gc?: unknown }).gc ? 'heap vivo pico +kB' : 'heap pico +kB (con basura)';
const gc = (globalThis as { gc?: () => void }).gc;
async function measured<T>(task: () => Promise<T>) {
  gc?.();
  const before = process.memoryUsage();
  const peak = { rss: before.rss, heapUsed: before.heapUsed };
  const timer = setInterval(
    () => {
      gc?.();
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    },
    gc ? 300 : 50,
  );
  const start = process.hrtime.bigint();
  try {
    const value = await task();
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    return { value, ms, rssKB: (peak.rss - before.rss) / 1024, heapKB: (peak.heapUsed - before.heapUsed) / 1024 };
  } finally {
    clearInterval(timer);
  }
}

/** A valid cédula from a serial number (province 01-24, third digit 0-5, módulo 10), never one the seed makes (serial from 900 000). */
function cedula(serial: number): string {
  const n = 900_000 + (serial % 100_000);
  const base = `${String(1 + (Math.floor(serial / 100_000) % 24)).padStart(2, '0')}${Math.floor(serial / 2_400_000) % 6}${String(n).padStart(6, '0')}`;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let p = Number(base[i]) * (i % 2 === 0 ? 2 : 1);
    if (p > 9) p -= 9;
    sum += p;
  }
  return `${base}${(10 - (sum % 10)) % 10}`;
}

/** A CSV of `rows` clients made while it is sent (nothing of it is held), from serial `first` on. */
function* generatedCsv(rows: number, first: number) {
  yield 'identificacion;razon_social;correos;telefonos;direccion;tipo_cliente;dias_credito;limite_credito\r\n';
  for (let i = 0; i < rows; i += 1_000) {
    let chunk = '';
    for (let j = i; j < Math.min(rows, i + 1_000); j++) {
      const serial = first + j;
      chunk += `${cedula(serial)};CLIENTE IMPORTADO ${serial} PÉREZ;cliente${serial}@correo.ec;0991234567;Av. Amazonas N${j % 90}-12, Quito;Mayorista;30;1.500,50\r\n`;
    }
    yield chunk;
  }
}

/** POST /api/clientes/import with a generated CSV streamed as the request body (chunked, never whole in memory). */
function upload(base: string, token: string, rows: number, first: number): Promise<{ status: number; body: string }> {
  const boundary = '----ameliabench';
  const body = Readable.from(
    (function* () {
      yield `--${boundary}\r\nContent-Disposition: form-data; name="current"; filename="clientes.csv"\r\nContent-Type: text/csv\r\n\r\n`;
      yield* generatedCsv(rows, first);
      yield `\r\n--${boundary}--\r\n`;
    })(),
  );
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL('/api/clientes/import', base),
      { method: 'POST', headers: { 'x-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', reject);
    body.pipe(request);
  });
}

/** Downloads a report, counting its bytes and dropping them. */
function download(base: string, token: string, target: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(target, base), { headers: { 'x-token': token } }, (response) => {
        let bytes = 0;
        response.on('data', (c: Buffer) => (bytes += c.length));
        response.on('end', () => resolve({ status: response.statusCode!, bytes }));
      })
      .on('error', reject);
  });
}

export async function benchClientes({ clients, runs, databaseUrl, showSql, memory }: ClientesBenchOptions) {
  const recorder = statementRecorder();
  const bench = await openBenchDatabase(clients, databaseUrl, recorder.onQuery);
  const { database } = bench;
  const driver = driverOf(database);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-bench-'));
  let closeClient = async () => 0;
  const { app, schemasCompiled } = await buildApp({
    config: { ...loadConfig({ DATA_DIR: dataDir }), jwtSecret: 'clave-de-benchmark-de-al-menos-32-caracteres' },
    database,
    logger: false,
  });
  const rows: Array<Record<string, string | number>> = [];
  const work: Array<Record<string, string | number>> = [];
  try {
    const server = serverTime(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    await schemasCompiled();
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const client = httpClient(base);
    closeClient = client.close;
    const { call } = client;
    const login = await call('POST', LOGIN, { body: DEMO.empresa });
    if (login.status !== 200) throw new Error(`login respondió ${login.status}: ${login.body}`);
    const token: string = JSON.parse(login.body).usuario.token;
    const empresa: number = JSON.parse(login.body).usuario.COM_CODIGO;

    const [{ total: bigTotal }] = (await driver.query('SELECT count(*)::int AS total FROM clientes WHERE emp_codigo = $1', [empresa]))
      .rows as Array<{
      total: number;
    }>;
    const [middle] = (
      await driver.query(
        `SELECT cli_identificacion, cli_razon_social FROM clientes WHERE emp_codigo = $1 ORDER BY cli_codigo OFFSET $2 LIMIT 1`,
        [empresa, Math.floor(bigTotal / 2)],
      )
    ).rows as Array<{ cli_identificacion: string; cli_razon_social: string }>;
    const words = middle.cli_razon_social.toLowerCase().split(' ').slice(0, 2).join(' ');
    const deep = Math.min(50_000, Math.floor(bigTotal / 2));
    const cases: Array<{ caso: string; method: string; url: string; body?: unknown }> = [
      { caso: 'clientes, página 1', method: 'GET', url: listUrl({}) },
      { caso: `clientes, página ${deep / 25 + 1} (offset ${deep})`, method: 'GET', url: listUrl({}, [deep, deep + 24]) },
      { caso: `clientes, nombre "${words}"`, method: 'GET', url: listUrl({ q: words }) },
      {
        caso: `clientes, identificación "${middle.cli_identificacion.slice(0, 10)}"`,
        method: 'GET',
        url: listUrl({ q: middle.cli_identificacion.slice(0, 10) }),
      },
      { caso: 'clientes, filtro activos y grupo', method: 'GET', url: listUrl({ CLI_ACTIVO: true, GCL_CODIGO: 1 }) },
      { caso: 'paginacion, página 1', method: 'GET', url: '/api/clientes/paginacion?page=1' },
      { caso: `POST nombre "${words}"`, method: 'POST', url: '/api/clientes/nombre', body: { nombre: words } },
      { caso: 'totalClientes', method: 'GET', url: '/api/clientes/totalClientes' },
    ];
    await warmUp(call, token, cases);
    for (const { caso, method, url, body } of cases)
      rows.push(await compareCase({ caso, method, url, body, token, call, driver, recorder, server, runs, showSql }));

    if (memory) {
      // Files of the real size: the whole company's list (bigTotal rows) as Excel and PDF, the memory sampled meanwhile.
      for (const formato of ['xlsx', 'pdf']) {
        const run = await measured(() => download(base, token, `/api/clientes/reporte?formato=${formato}`));
        work.push({
          tarea: `reporte ${formato} de ${bigTotal.toLocaleString('es-EC')} clientes`,
          'tiempo ms': run.ms,
          'archivo kB': run.value.bytes / 1024,
          'RSS pico +kB': run.rssKB,
          [heapColumn]: run.heapKB,
          resultado: run.value.status === 200 ? 'OK' : `FALLA (HTTP ${run.value.status})`,
        });
      }
    }
  } finally {
    await closeClient();
    await app.close();
    await bench.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (memory) work.push(...(await benchImport(databaseUrl)));
  return {
    where: bench.where,
    bigTotal: clientesEmpresaGrande(clients),
    rows,
    work,
    failed: [...rows, ...work].some((row) => !String(row.resultado).startsWith('OK')),
  };
}

/**
 * The import on a database of its own (so that the bench's stays as seeded): 20 000 then 100 000 generated rows
 * streamed as a CSV upload, then the same 100 000 again (updates), with the memory the process took meanwhile. Memory
 * that stays the same from 20 000 to 100 000 rows is what "flat" means here.
 */
async function benchImport(databaseUrl: string | undefined) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-bench-import-'));
  let drop = async () => {};
  let url: string | undefined;
  if (databaseUrl) ({ url, drop } = await throwawayPostgres(databaseUrl, 'amelia_bench_import'));
  const database = await openDatabase(url ? { databaseUrl: url } : { pgliteDir: path.join(dir, 'db') });
  const config = { ...loadConfig({ DATA_DIR: dir }), jwtSecret: 'clave-de-benchmark-de-al-menos-32-caracteres' };
  await seedDemo(database.db, config);
  const { app, schemasCompiled } = await buildApp({ config, database, logger: false });
  const work: Array<Record<string, string | number>> = [];
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    await schemasCompiled();
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const login = await app.inject({ method: 'POST', url: LOGIN, payload: DEMO.empresa });
    const token: string = login.json().usuario.token;
    for (const [label, rows, first] of [
      ['importar 20 000 filas nuevas (CSV)', 20_000, 0],
      ['importar 100 000 filas nuevas (CSV)', 100_000, 1_000_000],
      ['importar las mismas 100 000 (actualiza)', 100_000, 1_000_000],
    ] as Array<[string, number, number]>) {
      const run = await measured(() => upload(base, token, rows, first));
      const result =
        run.value.status === 200
          ? (JSON.parse(run.value.body) as { creados: number; actualizados: number; errores: unknown[] })
          : undefined;
      work.push({
        tarea: label,
        'tiempo ms': run.ms,
        'archivo kB': '-',
        'RSS pico +kB': run.rssKB,
        [heapColumn]: run.heapKB,
        resultado:
          result && result.creados + result.actualizados === rows
            ? `OK (${result.creados} creados, ${result.actualizados} actualizados)`
            : `FALLA ${run.value.status} ${run.value.body.slice(0, 200)}`,
      });
    }
  } finally {
    await app.close();
    await database.close();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return work;
}
