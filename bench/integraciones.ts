/**
 * npm run bench -- --integraciones [--peticiones 500] [--facturas-emision 200] [--facturas-sri 1000]: what issue 31's
 * integrations cost, over real HTTP on 127.0.0.1 to the app as buildApp makes it (PGlite in a temporary directory, or a
 * fresh database on the PostgreSQL server of BENCH_DATABASE_URL), on Ferretería El Tornillo (the demo company with a
 * signature), with a local SRI in a child process that authorizes at once:
 *
 * 1. The guard: GET /api/catalogo with a session token (x-token) and with an API key (Authorization: Bearer),
 *    interleaved, `peticiones` of each; and the key's one statement (find, count, mark used, read) alone.
 * 2. Idempotency: POST /api/clientes (a new client each time) without and with an Idempotency-Key, then each keyed
 *    request again (a replay).
 * 3. One-call issuing: POST /api/facturas/emision (key and Idempotency-Key) against the draft and its emitir (two calls,
 *    same key), `facturas-emision` invoices of 20 lines each at concurrency 1 and 8, the SRI's worker running.
 * 4. Webhooks: `facturas-sri` invoices authorized by the SRI's worker (SRI_CONCURRENCIA=8) without and then with an
 *    endpoint subscribed to comprobante.autorizado (what the event adds to each authorization); then the webhooks'
 *    worker delivers those events to a receiver that answers 200 at once.
 *
 * API_CLAVE_LIMITE is lifted for the run: a key's 600 requests a minute would refuse the bench itself.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { driverOf, statementRecorder, throwawayPostgres } from './api-lists';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/infra/db/client';
import { seedDemo } from '../server/infra/db/seed';
import { DEMO } from '../server/infra/db/demo-accounts';
import { facturas, sriCola, webhooksEntregas } from '../server/infra/db/schema';
import { secretBoxFor } from '../server/infra/secret-box';
import { crearTrabajadorSri, emitirComprobante } from '../server/modules/comprobantes';
import { crearTrabajadorWebhooks } from '../server/modules/webhooks';
import { tipoFactura } from '../server/modules/facturas/tipo';
import { iniciarSriLocal } from '../server/sri-local';
import { median, percentil } from './report';
import { borradorBench, insertarBorradores, lineasBench, pagosBench, prepararFerreteria } from './factura-bench';

const HIJO = 'AMELIA_BENCH_INTEGRACIONES_SRI';
const CALENTAR = 50;
const CALENTAR_EMISION = 5;
const CONCURRENCIAS = [1, 8];

type Fila = Record<string, string | number>;
type Respuesta = { status: number; headers: http.IncomingHttpHeaders; body: string; ms: number };

// The local SRI in a child process: its schema and signature checks stay off the server's event loop, as the real SRI's.
if (process.env[HIJO] === '1' && process.send) {
  const sri = await iniciarSriLocal({ demoraAutorizacionMs: 0 });
  process.on('message', () => void sri.close().then(() => process.exit(0)));
  process.send({ url: sri.url });
}

async function sriEnHijo() {
  const hijo = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, [HIJO]: '1' }, stdio: 'inherit' });
  const { url } = await new Promise<{ url: string }>((resolve, reject) => {
    hijo.once('exit', (code) => reject(new Error(`El SRI local terminó (código ${code})`)));
    hijo.once('message', (m) => resolve(m as { url: string }));
  });
  return {
    url,
    cerrar: () =>
      new Promise((resolve) => {
        hijo.removeAllListeners('exit');
        hijo.once('exit', resolve);
        hijo.send('cerrar');
      }),
  };
}

/** A keep-alive client of node:http in this process, up to `conexiones` requests in flight. */
function clienteHttp(base: string, conexiones: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: conexiones });
  const llamar = (method: string, ruta: string, headers: Record<string, string> = {}, cuerpo?: unknown) =>
    new Promise<Respuesta>((resolve, reject) => {
      const payload = cuerpo === undefined ? undefined : Buffer.from(JSON.stringify(cuerpo));
      const inicio = performance.now();
      const req = http.request(
        new URL(ruta, base),
        {
          method,
          agent,
          headers: { accept: 'application/json', ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
        },
        (res) => {
          const partes: Buffer[] = [];
          res.on('data', (parte: Buffer) => partes.push(parte));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(partes).toString('utf8'),
              ms: performance.now() - inicio,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { llamar, cerrar: () => agent.destroy() };
}
type Llamar = ReturnType<typeof clienteHttp>['llamar'];

function esperado(r: Respuesta, status: number, que: string) {
  if (r.status !== status) throw new Error(`${que} respondió ${r.status}: ${r.body.slice(0, 300)}`);
  return r;
}

/** A receiver that answers 200 at once and counts the deliveries (by Amelia-Delivery). */
async function receptor() {
  const entregas = new Set<string>();
  const servidor = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      entregas.add(String(req.headers['amelia-delivery']));
      res.writeHead(200).end();
    });
  });
  servidor.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(servidor.address() as AddressInfo).port}/amelia`,
    entregas,
    cerrar: () => new Promise((resolve) => servidor.close(resolve)),
  };
}

const latencia = (valores: number[]) => ({ 'mediana ms': median(valores), 'p95 ms': percentil(valores, 95) });
const porSegundo = (n: number, ms: number) => Math.round((n / ms) * 10_000) / 10;
const cpuMs = (desde: NodeJS.CpuUsage) => {
  const uso = process.cpuUsage(desde);
  return (uso.user + uso.system) / 1000;
};

/** Polls `condicion` (one statement) every 20 ms until it holds; returns how many times it asked. */
async function hasta(condicion: () => Promise<boolean>) {
  let veces = 1;
  for (; !(await condicion()); veces++) await new Promise((resolve) => setTimeout(resolve, 20));
  return veces;
}

/** The body of one-call issuing: the bench's 20-line invoice, its buyer by identification. */
const cuerpoEmision = {
  serie: '001-001',
  comprador: { tipoIdentificacion: '04', identificacion: '1790016919001' },
  items: lineasBench.map((l) => ({
    descripcion: l.descripcion,
    cantidad: l.cantidad,
    precioUnitario: l.precioUnitario,
    descuento: l.descuento,
    iva: l.codigoPorcentaje,
  })),
  pagos: pagosBench.map((p) => ({ formaPago: p.formaPago, total: p.total })),
};

export async function benchIntegraciones({
  peticiones,
  facturasEmision,
  facturasSri,
  databaseUrl,
}: {
  peticiones: number;
  facturasEmision: number;
  facturasSri: number;
  databaseUrl?: string;
}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-bench-integraciones-'));
  let url: string | undefined;
  let drop = async () => {};
  if (databaseUrl) ({ url, drop } = await throwawayPostgres(databaseUrl, 'amelia_bench_integraciones'));
  const grabadora = statementRecorder();
  const consultas = { n: 0 };
  const onQuery = (sentencia: string, params: unknown[]) => {
    consultas.n++;
    grabadora.onQuery(sentencia, params);
  };
  const database = await openDatabase(url ? { databaseUrl: url, onQuery } : { pgliteDir: path.join(dir, 'db'), onQuery });
  const sri = await sriEnHijo();
  const recibe = await receptor();
  // Both workers are built here, as app.ts builds them, so that each part starts and stops them.
  const config = {
    ...loadConfig({
      DATA_DIR: dir,
      SRI_PRUEBAS_URL: sri.url,
      SRI_PRODUCCION_URL: sri.url,
      SRI_COLA: 'false',
      WEBHOOKS_COLA: 'false',
      WEBHOOKS_REDES_PRIVADAS: 'true',
      API_CLAVE_LIMITE: '100000000',
    }),
    jwtSecret: 'clave-de-benchmark-de-al-menos-32-caracteres',
  };
  await seedDemo(database.db, config);
  const { destino } = await prepararFerreteria(
    database.db,
    'Plan del benchmark de integraciones',
    2 * (facturasEmision + CALENTAR_EMISION) * CONCURRENCIAS.length + 3 * facturasSri + 100,
  );
  const { app, ctx, schemasCompiled } = await buildApp({ config, database, logger: false });
  const silencio = { info() {}, warn() {}, error() {} };
  const nuevoTrabajadorSri = () => {
    const t = crearTrabajadorSri({ ...ctx, sri: ctx.sri.cliente, config: config.sri, log: silencio }, config.sri);
    ctx.sri.despertar = t.despertar;
    return t;
  };
  let servidor = 0;
  app.addHook('onResponse', (_request, reply, done) => {
    servidor = reply.elapsedTime;
    done();
  });
  let cerrarCliente = () => {};
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    await schemasCompiled();
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const cliente = clienteHttp(base, Math.max(...CONCURRENCIAS));
    cerrarCliente = cliente.cerrar;
    const { llamar } = cliente;
    const login = esperado(await llamar('POST', '/api/EmpresasAmelia/login', {}, DEMO.ferreteria), 200, 'login');
    const token: string = JSON.parse(login.body).usuario.token;
    const sesion = { 'x-token': token };
    const creada = await llamar('POST', '/api/clavesApi', sesion, { CLA_NOMBRE: 'Benchmark', CLA_ALCANCES: ['leer', 'emitir'] });
    const clave = { authorization: `Bearer ${JSON.parse(esperado(creada, 201, 'POST /api/clavesApi').body).clave}` };

    const guardia = await partGuardia(llamar, { sesion, clave }, peticiones, () => servidor, grabadora, driverOf(database));
    const idempotencia = await partIdempotencia(llamar, sesion, peticiones, () => servidor);

    let trabajador = nuevoTrabajadorSri();
    trabajador.iniciar();
    const colaVacia = async () => {
      const [fila] = await database.db.select({ n: sql<number>`count(*)::int` }).from(sriCola);
      return !fila?.n;
    };
    const emision: Fila[] = [];
    for (const concurrencia of CONCURRENCIAS) {
      for (const camino of ['una', 'dos'] as const) {
        emision.push(await partEmision(llamar, clave, destino, camino, concurrencia, facturasEmision));
        await hasta(colaVacia);
      }
    }
    await trabajador.detener();

    // 4. The SRI's worker on `facturasSri` issued invoices, without and with a subscribed endpoint.
    const deps = { db: database.db, files: ctx.files, box: secretBoxFor(config) };
    const autorizar = async (conEvento: boolean, cantidad = facturasSri): Promise<Fila> => {
      const ids = await insertarBorradores(database.db, destino, cantidad);
      for (const id of ids) await emitirComprobante(deps, destino.empresa, id, tipoFactura);
      trabajador = nuevoTrabajadorSri();
      const antes = consultas.n;
      const cpu = process.cpuUsage();
      const inicio = performance.now();
      trabajador.iniciar();
      const autorizadas = async () => {
        const [f] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(facturas)
          .where(and(inArray(facturas.FAC_CODIGO, ids), eq(facturas.FAC_ESTADO, 'AUTORIZADA')));
        return f!.n === ids.length;
      };
      let sondeos = await hasta(autorizadas);
      const finAutorizadas = performance.now();
      sondeos += await hasta(colaVacia);
      const fin = performance.now();
      const cpuPor = cpuMs(cpu) / ids.length;
      const sentencias = (consultas.n - antes - sondeos) / ids.length;
      await trabajador.detener();
      return {
        endpoint: conEvento ? 'suscrito a comprobante.autorizado (worker de webhooks detenido)' : 'ninguno',
        facturas: ids.length,
        'autorizadas/s': porSegundo(ids.length, finAutorizadas - inicio),
        'con correo/s': porSegundo(ids.length, fin - inicio),
        'CPU aquí ms/fact.': cpuPor,
        'SQL/fact.': sentencias.toFixed(1),
      };
    };
    // A first batch, not shown, warms the worker, its RIDE threads and the mailer.
    await autorizar(false, Math.min(50, facturasSri));
    const autorizacion = [await autorizar(false)];
    const webhook = await llamar('POST', '/api/webhooks', sesion, { WEB_URL: recibe.url, WEB_EVENTOS: ['comprobante.autorizado'] });
    esperado(webhook, 201, 'POST /api/webhooks');
    autorizacion.push(await autorizar(true));

    const entregas = await partEntregas(database.db, config, recibe.entregas, facturasSri, consultas);
    return {
      where: databaseUrl ? 'PostgreSQL' : 'PGlite en un directorio temporal',
      guardia,
      idempotencia,
      emision,
      autorizacion,
      entregas,
    };
  } finally {
    cerrarCliente();
    await app.close();
    await sri.cerrar();
    await recibe.cerrar();
    await database.close();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ─── 1. The guard ──────────────────────────────────────────────────────────────────────────────────────────────────

async function partGuardia(
  llamar: Llamar,
  { sesion, clave }: { sesion: Record<string, string>; clave: Record<string, string> },
  n: number,
  servidor: () => number,
  grabadora: ReturnType<typeof statementRecorder>,
  driver: ReturnType<typeof driverOf>,
): Promise<Fila[]> {
  const ruta = `/api/catalogo?${new URLSearchParams({ range: '[0,24]' })}`;
  const casos = { sesion, clave };
  const tiempos = {
    sesion: { cliente: [] as number[], servidor: [] as number[] },
    clave: { cliente: [] as number[], servidor: [] as number[] },
  };
  for (let i = 0; i < CALENTAR + n; i++) {
    // Alternating which goes first, so that neither always finds the caches the other just warmed.
    for (const caso of i % 2 ? (['clave', 'sesion'] as const) : (['sesion', 'clave'] as const)) {
      const r = esperado(await llamar('GET', ruta, casos[caso]), 200, `GET /api/catalogo (${caso})`);
      if (i < CALENTAR) continue;
      tiempos[caso].cliente.push(r.ms);
      tiempos[caso].servidor.push(servidor());
    }
  }
  // What each identity's request sends to the database, and the key's statement alone through the driver.
  const sentencias = {
    sesion: (await grabadora.during(() => llamar('GET', ruta, sesion))).statements,
    clave: (await grabadora.during(() => llamar('GET', ruta, clave))).statements,
  };
  const deLaClave = sentencias.clave.find((s) => s.sql.includes('claves_api'));
  if (!deLaClave) throw new Error('La petición con clave no leyó claves_api');
  const sola: number[] = [];
  for (let i = 0; i < CALENTAR + n; i++) {
    const t0 = performance.now();
    await driver.query(deLaClave.sql, deLaClave.params);
    if (i >= CALENTAR) sola.push(performance.now() - t0);
  }
  const fila = (caso: 'sesion' | 'clave', nombre: string): Fila => ({
    caso: nombre,
    'cliente mediana ms': median(tiempos[caso].cliente),
    'cliente p95 ms': percentil(tiempos[caso].cliente, 95),
    'servidor mediana ms': median(tiempos[caso].servidor),
    'servidor p95 ms': percentil(tiempos[caso].servidor, 95),
    'SQL/petición': sentencias[caso].length,
  });
  return [
    fila('sesion', 'GET /api/catalogo?range=[0,24] con x-token (sesión)'),
    fila('clave', 'el mismo con Authorization: Bearer amk_… (clave de API)'),
    {
      caso: 'la sentencia de la clave sola por el driver (buscar, contar, marcar uso, leer creador, empresa y menú)',
      'cliente mediana ms': median(sola),
      'cliente p95 ms': percentil(sola, 95),
      'servidor mediana ms': '',
      'servidor p95 ms': '',
      'SQL/petición': 1,
    },
  ];
}

// ─── 2. Idempotency ────────────────────────────────────────────────────────────────────────────────────────────────

async function partIdempotencia(llamar: Llamar, sesion: Record<string, string>, n: number, servidor: () => number): Promise<Fila[]> {
  let serie = 0;
  const nuevo = () => ({
    CLI_TIPO_IDENTIFICACION: '06',
    CLI_IDENTIFICACION: `BENCH${String(++serie).padStart(7, '0')}`,
    CLI_RAZON_SOCIAL: `Cliente del benchmark ${serie}`,
    CLI_CORREOS: [],
    CLI_TELEFONOS: [],
  });
  const tiempos = {
    sin: { cliente: [] as number[], servidor: [] as number[] },
    con: { cliente: [] as number[], servidor: [] as number[] },
    repeticion: { cliente: [] as number[], servidor: [] as number[] },
  };
  const enviadas: Array<{ key: string; cuerpo: object; respuesta: string }> = [];
  for (let i = 0; i < CALENTAR + n; i++) {
    for (const caso of i % 2 ? (['con', 'sin'] as const) : (['sin', 'con'] as const)) {
      const cuerpo = nuevo();
      const key = `bench-${serie}`;
      const r = esperado(
        await llamar('POST', '/api/clientes', caso === 'con' ? { ...sesion, 'idempotency-key': key } : sesion, cuerpo),
        201,
        'POST /api/clientes',
      );
      if (caso === 'con') enviadas.push({ key, cuerpo, respuesta: r.body });
      if (i < CALENTAR) continue;
      tiempos[caso].cliente.push(r.ms);
      tiempos[caso].servidor.push(servidor());
    }
  }
  for (const [i, { key, cuerpo, respuesta }] of enviadas.entries()) {
    const r = esperado(await llamar('POST', '/api/clientes', { ...sesion, 'idempotency-key': key }, cuerpo), 201, 'la repetición');
    if (r.headers['idempotent-replayed'] !== 'true' || r.body !== respuesta)
      throw new Error(`La repetición de ${key} no devolvió la primera respuesta`);
    if (i < CALENTAR) continue;
    tiempos.repeticion.cliente.push(r.ms);
    tiempos.repeticion.servidor.push(servidor());
  }
  const nombres = {
    sin: 'POST /api/clientes (un cliente nuevo), sin Idempotency-Key',
    con: 'el mismo con una Idempotency-Key nueva',
    repeticion: 'la misma clave y el mismo cuerpo otra vez (respuesta repetida)',
  };
  return (Object.keys(nombres) as Array<keyof typeof nombres>).map((caso) => ({
    caso: nombres[caso],
    'cliente mediana ms': median(tiempos[caso].cliente),
    'cliente p95 ms': percentil(tiempos[caso].cliente, 95),
    'servidor mediana ms': median(tiempos[caso].servidor),
    'servidor p95 ms': percentil(tiempos[caso].servidor, 95),
  }));
}

// ─── 3. One-call issuing against the draft and its emitir ──────────────────────────────────────────────────────────

async function partEmision(
  llamar: Llamar,
  clave: Record<string, string>,
  destino: { punto: number; cliente: number; hoy: string },
  camino: 'una' | 'dos',
  concurrencia: number,
  total: number,
): Promise<Fila> {
  const borrador = borradorBench(destino);
  const una = async () => {
    // One key per document, as an integration sends it.
    const headers = { ...clave, 'idempotency-key': randomUUID() };
    const r = esperado(await llamar('POST', '/api/facturas/emision', headers, cuerpoEmision), 201, 'POST /api/facturas/emision');
    return r.ms;
  };
  const dos = async () => {
    const r = esperado(await llamar('POST', '/api/facturas', clave, borrador), 201, 'POST /api/facturas');
    const e = esperado(await llamar('POST', `/api/facturas/${JSON.parse(r.body).FAC_CODIGO}/emitir`, clave), 200, 'emitir');
    return r.ms + e.ms;
  };
  // The first calls of a route compile its schemas and warm V8: not timed.
  for (let i = 0; i < CALENTAR_EMISION; i++) await (camino === 'una' ? una() : dos());
  const latencias: number[] = [];
  let siguiente = 0;
  const inicio = performance.now();
  await Promise.all(
    Array.from({ length: concurrencia }, async () => {
      while (siguiente < total) {
        siguiente++;
        latencias.push(camino === 'una' ? await una() : await dos());
      }
    }),
  );
  const segundos = (performance.now() - inicio) / 1000;
  return {
    camino:
      camino === 'una'
        ? 'POST /api/facturas/emision (clave + Idempotency-Key)'
        : 'POST /api/facturas + POST /api/facturas/:id/emitir (clave)',
    concurrencia,
    facturas: total,
    'facturas/s': Math.round((total / segundos) * 10) / 10,
    ...latencia(latencias),
  };
}

// ─── 4. Deliveries ─────────────────────────────────────────────────────────────────────────────────────────────────

async function partEntregas(
  db: Parameters<typeof emitirComprobante>[0]['db'],
  config: ReturnType<typeof loadConfig>,
  recibidas: Set<string>,
  esperadas: number,
  consultas: { n: number },
): Promise<Fila[]> {
  const pendientes = async () => {
    const [f] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhooksEntregas)
      .where(eq(webhooksEntregas.ENT_ESTADO, 'PENDIENTE'));
    return f!.n;
  };
  const debidas = await pendientes();
  if (debidas !== esperadas) throw new Error(`Se esperaban ${esperadas} entregas pendientes y hay ${debidas}`);
  const trabajador = crearTrabajadorWebhooks(
    { db, box: secretBoxFor(config), log: { warn() {}, error() {} } },
    { ...config.integraciones.webhooks, redesPrivadas: true },
  );
  const antes = consultas.n;
  const cpu = process.cpuUsage();
  const inicio = performance.now();
  trabajador.iniciar();
  const sondeos = await hasta(async () => (await pendientes()) === 0);
  const segundos = (performance.now() - inicio) / 1000;
  const cpuPor = cpuMs(cpu) / debidas;
  const sentencias = (consultas.n - antes - sondeos) / debidas;
  await trabajador.detener();
  const [entregadas] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhooksEntregas)
    .where(eq(webhooksEntregas.ENT_ESTADO, 'ENTREGADA'));
  return [
    {
      medida: `${debidas.toLocaleString('es-EC')} entregas debidas, un endpoint en 127.0.0.1 que responde 200 al instante`,
      s: segundos.toFixed(1),
      'entregas/s': Math.round((debidas / segundos) * 10) / 10,
      'CPU aquí ms/entrega': cpuPor,
      'SQL/entrega': sentencias.toFixed(1),
      resultado: `${entregadas!.n} ENTREGADA, ${recibidas.size} recibidas por el receptor`,
    },
  ];
}
