/**
 * npm run bench -- --reinicio [--facturas-reinicio 20000] [--reinicios 5]: how soon the server answers again after a kill -9 on PGlite.
 *
 * Only spawned servers over HTTP, as an operator runs them (`node server/start.mjs`, what `npm start` runs once the
 * builds are fresh), so the same file measures any version of the app. A data dir is seeded once (the demo data and
 * `facturas` drafts of 20 lines of the Ferretería's buyer, through POST /api/facturas) in data/bench-reinicio-<n>/ and
 * copied for each run. Then, `veces` times: a burst of drafts written at 8 in flight for RAFAGA_MS, kill -9 while some
 * are still in flight, a new server spawned at once, timed until GET /api/ready answers 200 (the database answers),
 * and every draft the killed server acknowledged read back (a committed document must survive).
 * Budget: median at most 2 s from the spawn to the first 200.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildServerIfNeeded, buildWebIfNeeded } from '../server/build.mjs';
import { DEMO } from '../server/infra/db/demo-accounts';
import { hoyEcuador } from '../domain/fechas';
import { borradorBench } from './factura-bench';
import { median, verdict } from './report';

const ROOT = path.resolve(import.meta.dirname, '..');
const PRESUPUESTO_MS = 2_000;
const RAFAGA_MS = 3_000;
const EN_VUELO = 8;

type Fila = Record<string, string | number>;
type Servidor = { child: ChildProcess; base: string; lista: number; salida: () => string; termino: Promise<unknown> };

/** `node server/start.mjs` on `dataDir` with the app's defaults (checkpoints included), listening on a free port. */
async function arrancar(dataDir: string): Promise<Servidor> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'JWT_SECRET', 'SMTP_URL', 'PORT', 'HOST', 'TRUST_PROXY', 'LOG_LEVEL', 'CHECKPOINT_INTERVAL_MS'])
    delete env[name];
  const inicio = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'server', 'start.mjs')], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', DEMO_VIVO: 'false', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let salida = '';
  let lista = 0;
  child.stdout!.on('data', (chunk: Buffer) => {
    salida += chunk.toString('utf8');
    if (!lista && salida.includes('Amelia está lista')) lista = performance.now() - inicio;
  });
  child.stderr!.on('data', (chunk: Buffer) => (salida += chunk.toString('utf8')));
  let terminado: unknown;
  const termino = new Promise((resolve) => child.on('exit', (code, signal) => resolve((terminado = { code, signal }))));
  const limite = Date.now() + 300_000;
  for (;;) {
    const match = /Amelia está lista en http:\/\/localhost:(\d+)\//.exec(salida);
    if (match) return { child, base: `http://127.0.0.1:${match[1]}`, lista, salida: () => salida, termino };
    if (terminado || Date.now() > limite) {
      child.kill('SIGKILL');
      throw new Error(`el servidor no arrancó (${JSON.stringify(terminado)}):\n${salida}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Spawns the server and polls GET /api/ready from the spawn on: milliseconds until the first 200. The port is known
 * only once the server says it listens; until then no request can reach it.
 */
async function hastaResponder(dataDir: string): Promise<{ servidor: Servidor; ms: number; lista: number }> {
  const inicio = performance.now();
  const servidor = await arrancar(dataDir);
  for (;;) {
    const r = await fetch(`${servidor.base}/api/ready`).catch(() => undefined);
    if (r?.status === 200) {
      await r.arrayBuffer();
      return { servidor, ms: performance.now() - inicio, lista: servidor.lista };
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function llamar(base: string, metodo: string, ruta: string, token?: string, cuerpo?: object) {
  const r = await fetch(`${base}${ruta}`, {
    method: metodo,
    headers: { ...(cuerpo ? { 'content-type': 'application/json' } : {}), ...(token ? { 'x-token': token } : {}) },
    body: cuerpo ? JSON.stringify(cuerpo) : undefined,
  });
  const texto = await r.text();
  return { status: r.status, json: () => JSON.parse(texto) };
}

/** The Ferretería's session, its point 001-001 and a buyer: what a draft needs. */
async function preparar(base: string) {
  const login = await llamar(base, 'POST', '/api/EmpresasAmelia/login', undefined, DEMO.ferreteria);
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  const token: string = login.json().usuario.token;
  const puntos = await llamar(base, 'GET', '/api/facturas/puntos', token);
  const punto: number = puntos.json()[0].PEM_CODIGO;
  const ruc = '1790016919001';
  const clientes = await llamar(base, 'GET', `/api/clientes?${new URLSearchParams({ filter: JSON.stringify({ q: ruc }) })}`, token);
  let cliente: number | undefined = clientes.status === 200 ? clientes.json()[0]?.CLI_CODIGO : undefined;
  if (!cliente) {
    const creado = await llamar(base, 'POST', '/api/clientes', token, {
      CLI_TIPO_IDENTIFICACION: '04',
      CLI_IDENTIFICACION: ruc,
      CLI_RAZON_SOCIAL: 'CONSTRUCTORA DEL PICHINCHA S.A.',
      CLI_CORREOS: ['compras@constructora.ec'],
      CLI_TELEFONOS: [],
    });
    if (creado.status !== 201) throw new Error(`POST /api/clientes: ${creado.status}`);
    cliente = creado.json().CLI_CODIGO as number;
  }
  const borrador = borradorBench({ punto, cliente, hoy: hoyEcuador() });
  return { token, borrador };
}

/** Drafts at EN_VUELO in flight until `hasta()` says stop (or `cantidad` are written): the ids acknowledged with 201. */
async function escribir(
  base: string,
  { token, borrador }: Awaited<ReturnType<typeof preparar>>,
  hasta: () => boolean,
  cantidad = Infinity,
) {
  const ids: number[] = [];
  let pedidas = 0;
  await Promise.all(
    Array.from({ length: EN_VUELO }, async () => {
      while (!hasta() && pedidas < cantidad) {
        pedidas++;
        const r = await llamar(base, 'POST', '/api/facturas', token, borrador).catch(() => undefined);
        if (!r) return;
        if (r.status !== 201) throw new Error(`POST /api/facturas: ${r.status}`);
        ids.push(r.json().FAC_CODIGO as number);
      }
    }),
  );
  return ids;
}

/** data/bench-reinicio-<n>/: the demo data and `facturas` drafts, written once, closed cleanly (SIGTERM). */
async function sembrado(facturas: number): Promise<string> {
  const dir = path.join(ROOT, 'data', `bench-reinicio-${facturas}`);
  if (fs.existsSync(path.join(dir, 'sembrado'))) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  console.log(`Sembrando ${facturas.toLocaleString('es-EC')} borradores de 20 líneas por HTTP en ${dir} (una sola vez)...`);
  const servidor = await arrancar(dir);
  try {
    await escribir(servidor.base, await preparar(servidor.base), () => false, facturas);
  } finally {
    servidor.child.kill('SIGTERM');
    await servidor.termino;
  }
  fs.writeFileSync(path.join(dir, 'sembrado'), String(facturas));
  return dir;
}

export async function benchReinicio({ facturas, veces }: { facturas: number; veces: number }) {
  buildWebIfNeeded();
  await buildServerIfNeeded();
  const semilla = await sembrado(facturas);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-bench-reinicio-'));
  fs.cpSync(semilla, dir, { recursive: true });
  fs.rmSync(path.join(dir, 'sembrado'));
  const tiempos: number[] = [];
  const listas: number[] = [];
  const escritas: number[] = [];
  let perdidas = 0;
  let servidor: Servidor | undefined;
  try {
    const limpio = await hastaResponder(dir);
    servidor = limpio.servidor;
    const preparado = await preparar(servidor.base);
    for (let i = 0; i < veces; i++) {
      const fin = performance.now() + RAFAGA_MS;
      const rafaga = escribir(servidor.base, preparado, () => performance.now() > fin);
      await new Promise((resolve) => setTimeout(resolve, RAFAGA_MS));
      // Some drafts are still in flight: killed mid-write, as a crash would.
      servidor.child.kill('SIGKILL');
      await servidor.termino;
      const ids = await rafaga;
      escritas.push(ids.length);
      const otra = await hastaResponder(dir);
      servidor = otra.servidor;
      tiempos.push(otra.ms);
      listas.push(otra.lista);
      // Sessions survive a restart: the killed server's token reads them back.
      for (const id of ids) if ((await llamar(servidor.base, 'GET', `/api/facturas/${id}`, preparado.token)).status !== 200) perdidas++;
    }
    const mediana = median(tiempos);
    const filas: Fila[] = [
      {
        caso: 'arranque sobre la base cerrada con SIGTERM',
        'ms hasta escuchar': limpio.lista,
        'ms hasta 200 de /api/ready': limpio.ms,
        'mín ms': limpio.ms,
        'máx ms': limpio.ms,
        'borradores confirmados antes': '',
        perdidos: '',
        presupuesto: '',
        '': '',
      },
      {
        caso: `tras kill -9 con ${EN_VUELO} borradores en vuelo (mediana de ${veces})`,
        'ms hasta escuchar': median(listas),
        'ms hasta 200 de /api/ready': mediana,
        'mín ms': Math.min(...tiempos),
        'máx ms': Math.max(...tiempos),
        'borradores confirmados antes': median(escritas),
        perdidos: perdidas,
        presupuesto: `≤ ${PRESUPUESTO_MS} ms, 0 perdidos`,
        '': verdict(mediana <= PRESUPUESTO_MS && perdidas === 0),
      },
    ];
    return { filas, facturas, failed: mediana > PRESUPUESTO_MS || perdidas > 0 };
  } finally {
    if (servidor) {
      servidor.child.kill('SIGTERM');
      await servidor.termino;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
