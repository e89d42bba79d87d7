/**
 * npm run bench [-- --api | --bundles [--detalle] | --ttc] [--tickets 10000|100000|1000000] [--empresas 100000] [--runs N] [--sql] [--sin-fijar]
 * npm run bench -- --clientes 200000|1000000 [--memoria]: the clients book (bench/api-clientes.ts), alone unless other parts are named
 * npm run bench -- --facturas [--runs N]: issuing invoices of 20 lines (bench/facturas.ts), then notes de crédito and de débito
 *   (bench/notas.ts), then the purchase side (bench/compras.ts), alone unless other parts are named
 * npm run bench -- --compras: the purchase side alone (bench/compras.ts): importing received documents, issuing
 *   retenciones and liquidaciones de compra
 * npm run bench -- --sri [--facturas-sri 1000] [--sri-en-proceso] [--sri-perfil archivo.cpuprofile]: the SRI pipeline against the local SRI (bench/sri.ts),
 *   alone unless other parts are named
 * npm run bench -- --instancias [--facturas-instancias 400] [--latencia-sri 300]: two server processes on one PostgreSQL
 *   (BENCH_DATABASE_URL) against one (bench/instancias.ts), alone unless other parts are named
 * npm run bench -- --carga [--carga-segundos 60] [--carga-por-segundo 50] [--latencia-sri 300]: issue → AUTORIZADA under
 *   a paced load of HTTP issues, the local SRI answering in 300 ms (bench/carga.ts), alone unless other parts are named
 * npm run bench -- --reinicio [--facturas-reinicio 20000] [--reinicios 5]: the server answering again after a kill -9 on
 *   PGlite (bench/reinicio.ts), alone unless other parts are named
 * npm run bench -- --integraciones [--peticiones 500] [--facturas-emision 200] [--facturas-sri 1000]: API keys,
 *   Idempotency-Key, one-call issuing and webhooks (bench/integraciones.ts), alone unless other parts are named
 *
 * The performance budgets (docs/performance.md), measured: the API against the same SQL through the driver (PGlite, or
 * PostgreSQL with BENCH_DATABASE_URL), the JavaScript each route downloads, and the time to content in Chromium.
 * Every table is printed before the exit code says whether something is over budget. Each part's module is loaded
 * when it runs: a part alone starts sooner, and runs in an older tree that lacks the others.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { printTable } from './report';

const SIZES = [10_000, 100_000, 1_000_000];

const { values } = parseArgs({
  options: {
    api: { type: 'boolean', default: false },
    bundles: { type: 'boolean', default: false },
    ttc: { type: 'boolean', default: false },
    // With --bundles: every file an area's first screen downloads, largest first.
    detalle: { type: 'boolean', default: false },
    // 100k seeds in well under a minute on PGlite and is already large enough for a scan to show.
    tickets: { type: 'string', default: '100000' },
    // The company list's cases too, on this many generated companies (kept in the same bench database).
    empresas: { type: 'string', default: '0' },
    runs: { type: 'string', default: '21' },
    sql: { type: 'boolean', default: false },
    // The clients book on this many generated clients (its own bench database); --memoria adds the import and reports.
    clientes: { type: 'string', default: '0' },
    memoria: { type: 'boolean', default: false },
    // Issuing invoices: each step and 1 000 through the service (bench/facturas.ts); then 1 000 notes of each type (bench/notas.ts).
    facturas: { type: 'boolean', default: false },
    // The purchase side: 1 000 received documents imported, 1 000 retenciones and liquidaciones issued (bench/compras.ts).
    compras: { type: 'boolean', default: false },
    // The SRI pipeline: this many invoices issued, then sent, authorized and emailed (bench/sri.ts).
    sri: { type: 'boolean', default: false },
    'facturas-sri': { type: 'string', default: '1000' },
    // The local SRI in this process instead of a child process (to compare).
    'sri-en-proceso': { type: 'boolean', default: false },
    // A CPU profile of this process while the queue runs at SRI_CONCURRENCIA=8, written to this file.
    'sri-perfil': { type: 'string' },
    // Two instances against one (bench/instancias.ts): invoices per case; and the local SRI's answer time there and in --carga.
    instancias: { type: 'boolean', default: false },
    'facturas-instancias': { type: 'string', default: '400' },
    'latencia-sri': { type: 'string', default: '300' },
    // Restart after a kill -9 on PGlite (bench/reinicio.ts): the data dir's seeded drafts, and how many restarts are timed.
    reinicio: { type: 'boolean', default: false },
    'facturas-reinicio': { type: 'string', default: '20000' },
    reinicios: { type: 'string', default: '5' },
    // Latency under load (bench/carga.ts): invoices issued over HTTP a second, for this many seconds.
    carga: { type: 'boolean', default: false },
    'carga-segundos': { type: 'string', default: '60' },
    'carga-por-segundo': { type: 'string', default: '50' },
    // Integrations (bench/integraciones.ts): requests per case of the guard and idempotency, invoices per path and
    // concurrency of one-call issuing; --facturas-sri invoices authorized without and with a webhook endpoint.
    integraciones: { type: 'boolean', default: false },
    peticiones: { type: 'string', default: '500' },
    'facturas-emision': { type: 'string', default: '200' },
    // The API parts with the process's threads free to run on every CPU (see onOneCpu).
    'sin-fijar': { type: 'boolean', default: false },
  },
});
const tickets = Number(values.tickets);
const runs = Number(values.runs);
const companies = Number(values.empresas);
if (![0, ...SIZES].includes(companies)) throw new Error(`--empresas debe ser uno de ${SIZES.join(', ')}`);
if (!SIZES.includes(tickets)) throw new Error(`--tickets debe ser uno de ${SIZES.join(', ')}`);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs debe ser un entero positivo');
const clients = Number(values.clientes);
if (!Number.isInteger(clients) || clients < 0) throw new Error('--clientes debe ser un entero positivo');
const sriTotal = Number(values['facturas-sri']);
if (!Number.isInteger(sriTotal) || sriTotal < 1) throw new Error('--facturas-sri debe ser un entero positivo');
const peticiones = Number(values.peticiones);
if (!Number.isInteger(peticiones) || peticiones < 1) throw new Error('--peticiones debe ser un entero positivo');
const facturasEmision = Number(values['facturas-emision']);
if (!Number.isInteger(facturasEmision) || facturasEmision < 1) throw new Error('--facturas-emision debe ser un entero positivo');
const entero = (nombre: keyof typeof values, minimo: number) => {
  const n = Number(values[nombre]);
  if (!Number.isInteger(n) || n < minimo) throw new Error(`--${nombre} debe ser un entero ≥ ${minimo}`);
  return n;
};
const facturasInstancias = entero('facturas-instancias', 1);
const latenciaSri = entero('latencia-sri', 0);
const cargaSegundos = entero('carga-segundos', 1);
const cargaPorSegundo = entero('carga-por-segundo', 1);
const all =
  !values.api &&
  !values.bundles &&
  !values.ttc &&
  !clients &&
  !values.facturas &&
  !values.compras &&
  !values.sri &&
  !values.integraciones &&
  !values.instancias &&
  !values.carga &&
  !values.reinicio;

let failed = false;

/**
 * Runs `part` with every thread of this process on one CPU (the last), then frees them again. The bench's HTTP client
 * is a thread of this process: on two CPUs each call crosses CPUs twice (request, answer), and the wake-ups are timed
 * as API time though they belong neither to the server nor to the database; on one CPU they all but vanish, and
 * pinning the server's thread alone does not remove them (docs/performance.md). The raw SQL runs in the same
 * process, on the same CPU. --sin-fijar measures without it. Returns what the tables say of it.
 */
async function onOneCpu<T>(part: () => Promise<T>): Promise<{ result: T; cpus: string }> {
  const cpus = os.availableParallelism();
  const taskset = (list: string) => execFileSync('taskset', ['-a', '-p', '-c', list, String(process.pid)], { stdio: 'ignore' });
  if (values['sin-fijar'] || cpus < 2) return { result: await part(), cpus: 'hilos en cualquier CPU' };
  try {
    taskset(String(cpus - 1));
  } catch {
    return { result: await part(), cpus: 'hilos en cualquier CPU (sin taskset)' };
  }
  try {
    return { result: await part(), cpus: `proceso en una CPU (taskset; --sin-fijar para no fijarlo)` };
  } finally {
    taskset(`0-${cpus - 1}`);
  }
}

if (all || values.api) {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const { benchApi } = await import('./api-lists');
  const { result, cpus } = await onOneCpu(() => benchApi({ tickets, companies, runs, databaseUrl, showSql: values.sql }));
  const companiesNote = companies ? ` y ${companies.toLocaleString('es-EC')} empresas` : '';
  printTable(
    `API de la mesa de ayuda${companies ? ' y de empresas' : ''} frente al mismo SQL por el driver: ${tickets.toLocaleString('es-EC')} tickets${companiesNote}, ${result.where}, HTTP en 127.0.0.1 desde otro hilo, ${cpus}, mediana de ${runs} (presupuesto: 1.25x, o +1 ms bajo 4 ms)`,
    result.rows,
  );
  failed ||= result.failed;
}

if (clients) {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const { benchClientes } = await import('./api-clientes');
  const { result, cpus } = await onOneCpu(() => benchClientes({ clients, runs, databaseUrl, showSql: values.sql, memory: values.memoria }));
  printTable(
    `API de clientes frente al mismo SQL por el driver: ${clients.toLocaleString('es-EC')} clientes (${result.bigTotal.toLocaleString('es-EC')} de Comercial Andina, la empresa medida), ${result.where}, ${cpus}, mediana de ${runs} (presupuesto: 1.25x, o +1 ms bajo 4 ms)`,
    result.rows,
  );
  if (result.work.length)
    printTable('Importación y reportes de clientes: tiempo y memoria del proceso (picos sobre lo que usaba antes)', result.work);
  failed ||= result.failed;
}

if (all || values.facturas) {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const { benchFacturas } = await import('./facturas');
  const result = await benchFacturas({ runs: Math.max(runs, 200), databaseUrl });
  printTable(`Factura de ${result.lineas} líneas, cada paso en este proceso (${Math.max(runs, 200)} veces)`, result.pasos);
  printTable(
    `${result.total.toLocaleString('es-EC')} facturas de ${result.lineas} líneas emitidas seguidas por el servicio (bloqueo, plan, secuencial, armar, esquema, firma, guardar), ${result.where}`,
    result.lote,
  );
  failed ||= result.failed;
  const { benchNotas } = await import('./notas');
  const notas = await benchNotas({ databaseUrl });
  printTable(
    `${notas.total.toLocaleString('es-EC')} notas de crédito (cada una devuelve las ${result.lineas} líneas de su factura autorizada) ${notas.total.toLocaleString('es-EC')} notas de débito y ${notas.total.toLocaleString('es-EC')} guías de remisión (1 destinatario, ${result.lineas} bienes) emitidas seguidas por el mismo servicio (bloqueo del documento y de su factura, reglas, plan, secuencial, armar, esquema, firma, guardar), ${notas.where}`,
    notas.filas,
  );
  failed ||= notas.failed;
}

if (all || values.facturas || values.compras) {
  const { benchCompras } = await import('./compras');
  const r = await benchCompras({ databaseUrl: process.env.BENCH_DATABASE_URL || undefined });
  const n = r.total.toLocaleString('es-EC');
  // A shared machine's load makes the wall clock wait for a CPU: the tables say how loaded it was, and CPU ms what the work took.
  console.log(`\nCarga media del último minuto: ${os.loadavg()[0]!.toFixed(1)} en ${os.availableParallelism()} CPU`);
  printTable(
    `Documentos recibidos: ${(2 * r.total).toLocaleString('es-EC')} facturas autorizadas de ${r.proveedores} proveedores (20 líneas, firmadas) importadas por el servicio de la subida (leer, clave, firma, insertar, proveedor), ${r.where}`,
    r.importacion,
  );
  printTable(
    `${n} retenciones (cada una sobre una factura recibida: renta 312 e IVA 30 %) y ${n} liquidaciones de compra de 20 líneas emitidas seguidas por el núcleo (bloqueo, reglas, plan, secuencial, armar, esquema, firma, guardar), ${r.where}`,
    r.filas,
  );
  failed ||= r.failed;
}

if (all || values.sri) {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const { benchSri } = await import('./sri');
  const r = await benchSri({ total: sriTotal, databaseUrl, enProceso: values['sri-en-proceso'], perfil: values['sri-perfil'] });
  const n = r.total.toLocaleString('es-EC');
  printTable(
    `Cola del SRI sola: ${n} facturas de 20 líneas ya emitidas (mediana ${r.emisionMediana.toFixed(1)} ms cada una), el trabajador hasta que todas están AUTORIZADAS y con su correo; latencia desde que se envía al SRI hasta AUTORIZADA; CPU por factura; ${r.where}, ${r.sriLocal} sin demora (presupuesto: ≥ 250/s con SRI_CONCURRENCIA=8)`,
    r.solo,
  );
  printTable(`Presupuestos de la cola con SRI_CONCURRENCIA=8, ${r.where}`, r.presupuestos);
  printTable('Tramos de cada factura en la cola (mediana y p95, ms)', r.segmentos);
  printTable(
    `De la emisión a la autorización: ${n} borradores emitidos uno tras otro mientras el trabajador corre (SRI_CONCURRENCIA=8), ${r.where}`,
    r.conTrabajador,
  );
  printTable('Cada paso solo, una factura a la vez (50 facturas)', r.aislados);
  if (r.avisos.length) console.log(`\n${r.avisos.length} avisos del trabajador, el primero: ${r.avisos[0]}`);
  failed ||= r.failed;
}

if (all || values.instancias) {
  const { benchInstancias } = await import('./instancias');
  const r = await benchInstancias({
    total: facturasInstancias,
    latenciaMs: latenciaSri,
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  });
  if (r.omitido) console.log(`\n== Dos instancias: omitido (${r.omitido})`);
  else
    printTable(
      `Dos instancias de la API en un PostgreSQL frente a una: ${facturasInstancias} facturas de 20 líneas emitidas con el trabajador apagado, luego cada servidor (un proceso, SRI_CONCURRENCIA 8) hasta AUTORIZADAS y con su correo: ritmo en régimen (autorizadas desde un segundo después de que todos los servidores responden hasta el 90 %) y el lote entero desde la primera recepción del SRI local (proceso hijo); carga media ${r.carga!.toFixed(1)} en ${os.availableParallelism()} CPU`,
      r.filas,
    );
  failed ||= r.failed;
}

if (all || values.carga) {
  const { benchCarga } = await import('./carga');
  const r = await benchCarga({
    segundos: cargaSegundos,
    porSegundo: cargaPorSegundo,
    latenciaMs: latenciaSri,
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  });
  printTable(
    `Latencia bajo carga: ${cargaPorSegundo} facturas de 20 líneas por segundo emitidas por HTTP durante ${cargaSegundos} s a un servidor (un proceso, SRI_CONCURRENCIA por defecto), a ritmo fijo (atraso máximo del emisor ${r.atrasoMaxMs.toFixed(0)} ms), el SRI local respondiendo en ${latenciaSri} ms; ${r.where}; carga media ${r.carga.toFixed(1)} en ${os.availableParallelism()} CPU`,
    r.filas,
  );
  failed ||= r.failed;
}

if (all || values.reinicio) {
  const { benchReinicio } = await import('./reinicio');
  const r = await benchReinicio({ facturas: entero('facturas-reinicio', 1), veces: entero('reinicios', 1) });
  printTable(
    `Reinicio sobre PGlite: el servidor compilado (node server/start.mjs, como npm start) sobre ${r.facturas.toLocaleString('es-EC')} borradores de 20 líneas; desde lanzar el proceso hasta el primer 200 de GET /api/ready; carga media ${os.loadavg()[0]!.toFixed(1)} en ${os.availableParallelism()} CPU`,
    r.filas,
  );
  failed ||= r.failed;
}

if (values.integraciones) {
  const { benchIntegraciones } = await import('./integraciones');
  const r = await benchIntegraciones({
    peticiones,
    facturasEmision,
    facturasSri: sriTotal,
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  });
  console.log(`\nCarga media del último minuto: ${os.loadavg()[0]!.toFixed(1)} en ${os.availableParallelism()} CPU`);
  printTable(
    `Guardia: ${peticiones} GET de cada identidad, intercaladas, tras 50 de calentamiento; HTTP en 127.0.0.1 (node:http en el mismo hilo que el servidor), ${r.where}`,
    r.guardia,
  );
  printTable(`Idempotency-Key: ${peticiones} POST de cada caso (sesión x-token), ${r.where}`, r.idempotencia);
  printTable(
    `Emisión en una llamada frente a borrador + emitir: ${facturasEmision} facturas de 20 líneas por fila, con clave de API, el trabajador del SRI en marcha (SRI local en un proceso hijo), ${r.where}`,
    r.emision,
  );
  printTable(
    `Autorización con y sin webhook: ${sriTotal.toLocaleString('es-EC')} facturas emitidas, el trabajador del SRI (SRI_CONCURRENCIA=8) hasta AUTORIZADA y con su correo, ${r.where}`,
    r.autorizacion,
  );
  printTable(
    `Entregas de webhooks: el trabajador de webhooks (8 en vuelo) con las entregas de esas autorizaciones, ${r.where}`,
    r.entregas,
  );
}

if (all || values.bundles || values.ttc) {
  const { ensureBuilt, launchBrowser, startWebServer } = await import('./browser');
  ensureBuilt();
  const [web, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  try {
    if (all || values.bundles) {
      const { bundleReport } = await import('./bundle-report');
      const result = await bundleReport(browser, web.base);
      printTable('JavaScript que descarga Chromium por ruta, caché vacía (gzip nivel 9 de cada respuesta)', result.rows);
      if (values.detalle) for (const [ruta, files] of result.files) printTable(`Archivos de ${ruta}`, files);
      failed ||= result.failed;
    }
    if (all || values.ttc) {
      const { timeToContent } = await import('./ttc');
      const result = await timeToContent(browser, web.base);
      printTable('Tiempo hasta el contenido en Chromium, localhost, mediana de 5 (tibia: mismo contexto, recarga)', result.rows);
      failed ||= result.failed;
    }
  } finally {
    await browser.close();
    await web.stop();
  }
}

console.log(failed ? '\nFALLA: hay mediciones fuera de presupuesto.' : '\nOK: todo dentro de presupuesto.');
process.exitCode = failed ? 1 : 0;
