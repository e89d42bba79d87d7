/**
 * npm run bench -- --instancias [--facturas-instancias 400] [--latencia-sri 300]: do two API instances on one
 * PostgreSQL (BENCH_DATABASE_URL) authorize and email twice what one does, with no document processed twice?
 *
 * Each case on a fresh database: `facturas-instancias` drafts of the bench's 20-line invoice issued over HTTP by a
 * server with its SRI worker off (SRI_COLA=false), stopped; then one or two server processes (server/main.ts, the
 * worker on at SRI_CONCURRENCIA 8, DATA_DIR shared as a bucket would be) until every invoice is AUTORIZADA and
 * emailed. The local SRI runs in a child process and counts the receptions of each access key: each key must be
 * received once, and each invoice emailed once (the .eml files).
 *
 * Throughput is the pipeline's rate in its steady state: the invoices authorized from a second after every instance
 * is up until 90 % of the batch is, over that time (the emails follow the SRI's steps of the documents waiting, so
 * they come last). The whole batch, from the local SRI's first reception to the last email, is printed too; it also
 * counts the second process's later start (both start at once on two CPUs, the first one ready works alone for a
 * second or two) and the tail, where one instance is done and the other finishes its last documents.
 *
 * The budget (≥ 1.8x) is judged with the local SRI answering each call in `latencia-sri` ms: then an instance is
 * bounded by its own documents in flight, as against the real SRI, and a second instance doubles them. Without
 * delay the pipeline is bounded by the CPU, and on a 2-CPU machine the two instances share the CPUs that one already
 * fills: those figures are printed for information (docs/performance.md).
 */
import os from 'node:os';
import { setTimeout as esperar } from 'node:timers/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { facturas } from '../server/infra/db/schema';
import { clienteHttp, correosPorFactura, emitir, prepararDatos, servidor, sesionFerreteria, sriEnHijo } from './servidores';
import { verdict } from './report';

const PRESUPUESTO = 1.8;
/** Each instance's documents in flight: item 2's concurrency, so that one instance is bounded by the SRI's answers. */
const CONCURRENCIA = '8';

type Fila = Record<string, string | number>;
type Corrida = { porSegundo: number; regimen: number; segundos: number; dobles: string[] };

/** One case: `instancias` servers working the queue of `total` invoices issued beforehand. */
async function corrida(databaseUrl: string, total: number, instancias: number, latenciaMs: number): Promise<Corrida> {
  const datos = await prepararDatos(databaseUrl, 'instancias', total);
  const sri = await sriEnHijo(latenciaMs);
  const env = { ...datos.env, SRI_PRUEBAS_URL: sri.url, SRI_PRODUCCION_URL: sri.url, SRI_CONCURRENCIA: CONCURRENCIA };
  try {
    const emisor = await servidor({ ...env, SRI_COLA: 'false' });
    try {
      const { llamar, cerrar } = clienteHttp(emisor.base, 4);
      const sesion = await sesionFerreteria(llamar);
      const pendientes = [...datos.ids];
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let id = pendientes.shift(); id !== undefined; id = pendientes.shift()) await emitir(llamar, sesion, id);
        }),
      );
      cerrar();
    } finally {
      await emisor.detener();
    }

    const database = await datos.abrir();
    const servidores = await Promise.all(Array.from({ length: instancias }, () => servidor(env)));
    // Every instance is up from here: the steady state's window opens a second later.
    const abre = Date.now() + 1000;
    const muestras: Array<{ t: number; autorizadas: number }> = [];
    try {
      const autorizadas = sql<number>`count(*) filter (where ${facturas.FAC_ESTADO} = 'AUTORIZADA')::int`;
      const listas = sql<number>`count(*) filter (where ${facturas.FAC_ESTADO} = 'AUTORIZADA' and ${facturas.FAC_ENTREGA} = 'ENVIADA')::int`;
      for (const limite = Date.now() + 600_000; ;) {
        const [fila] = await database.db.select({ autorizadas, n: listas }).from(facturas).where(inArray(facturas.FAC_CODIGO, datos.ids));
        muestras.push({ t: Date.now(), autorizadas: fila!.autorizadas });
        if (fila!.n === total) break;
        if (Date.now() > limite) throw new Error(`Solo ${fila!.n} de ${total} facturas quedaron AUTORIZADAS y enviadas en 10 minutos`);
        await esperar(50);
      }
    } finally {
      await Promise.all(servidores.map((s) => s.detener()));
    }
    const [fin] = await database.db
      .select({ ultima: sql<string>`max(${facturas.FAC_ENTREGA_FECHA})` })
      .from(facturas)
      .where(and(inArray(facturas.FAC_CODIGO, datos.ids), eq(facturas.FAC_ESTADO, 'AUTORIZADA')));
    await database.close();
    const estado = await sri.estado();
    const ms = new Date(fin!.ultima).getTime() - estado.primera!;
    // Authorized a second from the window's opening until 90 % of the batch: the emails come after the SRI's steps.
    const desde = muestras.find((m) => m.t >= abre) ?? muestras[0]!;
    const hasta = muestras.find((m) => m.autorizadas >= 0.9 * total) ?? muestras.at(-1)!;
    const regimen = (hasta.autorizadas - desde.autorizadas) / ((hasta.t - desde.t) / 1000);
    const claves = Object.entries(estado.claves);
    const correos = correosPorFactura(datos.dir);
    const dobles = [
      ...claves.filter(([, c]) => c.recepciones !== 1).map(([clave, c]) => `clave ${clave} recibida ${c.recepciones} veces`),
      ...[...correos].filter(([, n]) => n !== 1).map(([numero, n]) => `factura ${numero} con ${n} correos`),
      ...(claves.length !== total ? [`${claves.length} claves recibidas de ${total}`] : []),
      ...(correos.size !== total ? [`${correos.size} facturas con correo de ${total}`] : []),
    ];
    return { porSegundo: Math.round((total / ms) * 10_000) / 10, regimen: Math.round(regimen * 10) / 10, segundos: ms / 1000, dobles };
  } finally {
    await sri.cerrar();
    await datos.borrar();
  }
}

export async function benchInstancias({ total, latenciaMs, databaseUrl }: { total: number; latenciaMs: number; databaseUrl?: string }) {
  if (!databaseUrl)
    return { omitido: 'sin BENCH_DATABASE_URL: dos instancias comparten un PostgreSQL, no un PGlite', filas: [], failed: false };
  let failed = false;
  const filas: Fila[] = [];
  for (const latencia of [latenciaMs, 0]) {
    const una = await corrida(databaseUrl, total, 1, latencia);
    const dos = await corrida(databaseUrl, total, 2, latencia);
    const razon = dos.regimen / una.regimen;
    const juzgada = latencia === latenciaMs;
    const ok = razon >= PRESUPUESTO && !dos.dobles.length && !una.dobles.length;
    if (juzgada) failed ||= !ok;
    for (const [n, c] of [
      [1, una],
      [2, dos],
    ] as const) {
      filas.push({
        'SRI local': latencia ? `${latencia} ms por llamada` : 'sin demora',
        instancias: n,
        'autorizadas/s en régimen': c.regimen,
        razón: n === 2 ? Math.round(razon * 100) / 100 : '',
        'lote entero s': c.segundos.toFixed(1),
        'lote entero por s': c.porSegundo,
        'procesadas dos veces': c.dobles.length ? c.dobles.slice(0, 2).join('; ') : 'ninguna',
        veredicto: n === 1 ? '' : juzgada ? `${verdict(ok)} (≥ ${PRESUPUESTO}x, ninguna dos veces)` : '(informativo: CPU compartida)',
      });
    }
  }
  return { omitido: undefined, filas, failed, carga: os.loadavg()[0]! };
}
