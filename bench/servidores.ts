/**
 * What the benches of real server processes share (bench/instancias.ts, bench/carga.ts): the local SRI in a child
 * process, Amelia's server as an operator starts it, its data prepared beforehand, and a keep-alive HTTP client. They
 * use only what every version of Amelia has (the server over HTTP, openDatabase, seedDemo, the bench's drafts), so
 * that the same cases measure the code before and after a change.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { throwawayPostgres } from './api-lists';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/infra/db/client';
import { seedDemo } from '../server/infra/db/seed';
import { DEMO } from '../server/infra/db/demo-accounts';
import { iniciarSriLocal } from '../server/sri-local';
import { startServerProcess } from '../tests/helpers/processes';
import { insertarBorradores, prepararFerreteria } from './factura-bench';

const HIJO = 'AMELIA_BENCH_SRI_LATENCIA';

export type EstadoSriHijo = {
  recepcion: number;
  autorizacion: number;
  /** Epoch ms of the first reception (null: none yet). */
  primera: number | null;
  claves: Record<string, { recepciones: number; estado: string }>;
};

// The local SRI in a child process: its schema and signature checks stay off the servers' CPUs' event loops.
if (process.env[HIJO] && process.send) {
  const sri = await iniciarSriLocal({ demoraAutorizacionMs: 0, latenciaMs: Number(process.env[HIJO]) });
  let primera: number | null = null;
  const vigia = setInterval(() => {
    if (primera === null && sri.estadisticas().recepcion > 0) primera = Date.now();
  }, 2);
  process.on('message', (mensaje: string) => {
    if (mensaje === 'estado') {
      const { recepcion, autorizacion, claves } = sri.estadisticas();
      process.send!({ recepcion, autorizacion, primera, claves } satisfies EstadoSriHijo);
    } else {
      clearInterval(vigia);
      void sri.close().then(() => process.exit(0));
    }
  });
  process.send({ url: sri.url });
}

/** The child's next message, or a rejection if it ends first: how the benches talk to the local SRI's process. */
export const mensajesDe =
  (hijo: ChildProcess) =>
  <T>() =>
    new Promise<T>((resolve, reject) => {
      const alSalir = (code: number | null) => reject(new Error(`El SRI local terminó (código ${code})`));
      hijo.once('exit', alSalir);
      hijo.once('message', (m) => {
        hijo.off('exit', alSalir);
        resolve(m as T);
      });
    });

/** The local SRI in a child process, every answer `latenciaMs` after its request; authorizes at once. */
export async function sriEnHijo(latenciaMs: number) {
  const hijo = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, [HIJO]: String(latenciaMs) }, stdio: 'inherit' });
  const siguiente = mensajesDe(hijo);
  const { url } = await siguiente<{ url: string }>();
  return {
    url,
    estado() {
      const respuesta = siguiente<EstadoSriHijo>();
      hijo.send('estado');
      return respuesta;
    },
    async cerrar() {
      const salida = new Promise((resolve) => hijo.once('exit', resolve));
      hijo.send('cerrar');
      await salida;
    },
  };
}

/**
 * A data directory and a database (a fresh PostgreSQL database on BENCH_DATABASE_URL's server, or PGlite in the
 * directory, where the server keeps it) with the demo seeded, Ferretería El Tornillo's plan and `borradores` drafts of
 * the bench's 20-line invoice. The database is closed again: the servers open it.
 */
export async function prepararDatos(databaseUrl: string | undefined, nombre: string, borradores: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `amelia-bench-${nombre}-`));
  let url: string | undefined;
  let drop = async () => {};
  if (databaseUrl) ({ url, drop } = await throwawayPostgres(databaseUrl, `amelia_bench_${nombre}`));
  const database = await openDatabase(url ? { databaseUrl: url } : { pgliteDir: path.join(dir, 'db') });
  const ids = await (async () => {
    try {
      await seedDemo(database.db, loadConfig({ DATA_DIR: dir }));
      const { destino } = await prepararFerreteria(database.db, 'Plan del benchmark', borradores + 10);
      return await insertarBorradores(database.db, destino, borradores);
    } finally {
      await database.close();
    }
  })();
  return {
    dir,
    ids,
    /** What a server process needs to find these data. */
    env: { DATA_DIR: dir, ...(url ? { DATABASE_URL: url } : {}) },
    /** Opens the database again, once the servers are stopped, to read what they did. */
    abrir: () => openDatabase(url ? { databaseUrl: url } : { pgliteDir: path.join(dir, 'db') }),
    async borrar() {
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Amelia's server in a process of its own (server/main.ts), pointed at the local SRI; `detener` waits for its exit. */
export async function servidor(env: Record<string, string>) {
  const { server, base } = await startServerProcess({ ...env, LOG_LEVEL: 'error' });
  return {
    base,
    salida: server.output,
    async detener() {
      if (!server.exit()) server.child.kill('SIGTERM');
      await server.exited;
    },
  };
}

type Respuesta = { status: number; body: string; fin: number };

/** A keep-alive client of node:http, up to `conexiones` requests in flight. */
export function clienteHttp(base: string, conexiones: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: conexiones });
  const llamar = (method: string, ruta: string, headers: Record<string, string> = {}, cuerpo?: unknown) =>
    new Promise<Respuesta>((resolve, reject) => {
      const payload = cuerpo === undefined ? undefined : Buffer.from(JSON.stringify(cuerpo));
      const req = http.request(
        new URL(ruta, base),
        { method, agent, headers: { accept: 'application/json', ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
        (res) => {
          const partes: Buffer[] = [];
          res.on('data', (parte: Buffer) => partes.push(parte));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(partes).toString('utf8'),
              fin: performance.timeOrigin + performance.now(),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { llamar, cerrar: () => agent.destroy() };
}
export type Llamar = ReturnType<typeof clienteHttp>['llamar'];

/** A session of Ferretería El Tornillo's user: the header its requests carry. */
export async function sesionFerreteria(llamar: Llamar) {
  const r = await llamar('POST', '/api/EmpresasAmelia/login', {}, DEMO.ferreteria);
  if (r.status !== 200) throw new Error(`login respondió ${r.status}: ${r.body.slice(0, 300)}`);
  return { 'x-token': (JSON.parse(r.body) as { usuario: { token: string } }).usuario.token };
}

/** Issues the draft over HTTP (POST /api/facturas/:id/emitir); the epoch ms of its answer. */
export async function emitir(llamar: Llamar, sesion: Record<string, string>, id: number) {
  const r = await llamar('POST', `/api/facturas/${id}/emitir`, sesion);
  if (r.status !== 200) throw new Error(`emitir ${id} respondió ${r.status}: ${r.body.slice(0, 300)}`);
  return r.fin;
}

/** Every .eml the servers wrote (DATA_DIR/outbox), by the invoice number it names: how many emails each one got. */
export function correosPorFactura(dir: string): Map<string, number> {
  const outbox = path.join(dir, 'outbox');
  const cuenta = new Map<string, number>();
  if (!fs.existsSync(outbox)) return cuenta;
  for (const archivo of fs.readdirSync(outbox)) {
    const texto = fs.readFileSync(path.join(outbox, archivo), 'latin1');
    const numero = /\d{3}-\d{3}-\d{9}/.exec(texto)?.[0] ?? archivo;
    cuenta.set(numero, (cuenta.get(numero) ?? 0) + 1);
  }
  return cuenta;
}
