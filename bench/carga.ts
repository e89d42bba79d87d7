/**
 * npm run bench -- --carga [--carga-segundos 60] [--carga-por-segundo 50] [--latencia-sri 300]: latency under load.
 * One server process (server/main.ts, its SRI worker at the default SRI_CONCURRENCIA), the local SRI in a child
 * process answering every call in `latencia-sri` ms; drafts of the bench's 20-line invoice prepared beforehand, then
 * issued over HTTP at `carga-por-segundo` a second for `carga-segundos` s, open loop (each request leaves at its time
 * whatever the previous ones took). Issue → AUTORIZADA of each invoice: from the HTTP answer of its issue to its
 * FAC_ACTUALIZADO when the worker wrote AUTORIZADA. Budget: p95 ≤ 2 s, and every invoice authorized. PGlite in the
 * server's DATA_DIR, or a fresh database on BENCH_DATABASE_URL's PostgreSQL.
 */
import os from 'node:os';
import { setTimeout as esperar } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { inArray } from 'drizzle-orm';
import { facturas } from '../server/infra/db/schema';
import { clienteHttp, emitir, prepararDatos, servidor, sesionFerreteria, sriEnHijo } from './servidores';
import { median, percentil, verdict } from './report';

const PRESUPUESTO_P95_MS = 2_000;
const CALENTAR = 20;

const ahora = () => performance.timeOrigin + performance.now();

export async function benchCarga({
  segundos,
  porSegundo,
  latenciaMs,
  databaseUrl,
}: {
  segundos: number;
  porSegundo: number;
  latenciaMs: number;
  databaseUrl?: string;
}) {
  const total = segundos * porSegundo;
  const datos = await prepararDatos(databaseUrl, 'carga', total + CALENTAR);
  const sri = await sriEnHijo(latenciaMs);
  const emitidas = new Map<number, number>();
  const respuestas: number[] = [];
  let atraso = 0;
  try {
    const app = await servidor({ ...datos.env, SRI_PRUEBAS_URL: sri.url, SRI_PRODUCCION_URL: sri.url });
    try {
      const { llamar, cerrar } = clienteHttp(app.base, 512);
      const sesion = await sesionFerreteria(llamar);
      // A few issued and authorized first, so that the measured ones do not pay for the first schema or RIDE.
      for (const id of datos.ids.slice(0, CALENTAR)) await emitir(llamar, sesion, id);
      await esperar(2_000);

      const medidas = datos.ids.slice(CALENTAR);
      const intervalo = 1000 / porSegundo;
      const inicio = ahora();
      const vuelo: Array<Promise<void>> = [];
      for (const [i, id] of medidas.entries()) {
        const cuando = inicio + i * intervalo;
        const falta = cuando - ahora();
        if (falta > 0) await esperar(falta);
        atraso = Math.max(atraso, ahora() - cuando);
        const salida = ahora();
        vuelo.push(
          emitir(llamar, sesion, id).then((fin) => {
            emitidas.set(id, fin);
            respuestas.push(fin - salida);
          }),
        );
      }
      await Promise.all(vuelo);
      // Then until the last one is AUTORIZADA (each asked in turn; those already seen are not asked again).
      for (const id of medidas) {
        for (const limite = Date.now() + 120_000; ;) {
          const r = await llamar('GET', `/api/facturas/${id}`, sesion);
          if ((JSON.parse(r.body) as { FAC_ESTADO?: string }).FAC_ESTADO === 'AUTORIZADA') break;
          if (Date.now() > limite) throw new Error(`La factura ${id} no quedó AUTORIZADA en 2 minutos`);
          await esperar(100);
        }
      }
      cerrar();
    } finally {
      await app.detener();
    }
    const database = await datos.abrir();
    const filas = await database.db
      .select({ id: facturas.FAC_CODIGO, estado: facturas.FAC_ESTADO, actualizado: facturas.FAC_ACTUALIZADO })
      .from(facturas)
      .where(inArray(facturas.FAC_CODIGO, [...emitidas.keys()]));
    await database.close();
    const latencias = filas.map((f) => new Date(f.actualizado).getTime() - emitidas.get(f.id)!);
    const p95 = percentil(latencias, 95);
    const todas = filas.length === total && filas.every((f) => f.estado === 'AUTORIZADA');
    const failed = !todas || p95 > PRESUPUESTO_P95_MS;
    return {
      where: databaseUrl ? 'PostgreSQL' : 'PGlite en el DATA_DIR del servidor',
      carga: os.loadavg()[0]!,
      atrasoMaxMs: atraso,
      filas: [
        {
          medida: 'emitir (POST /api/facturas/:id/emitir), respuesta',
          n: respuestas.length,
          'mediana ms': median(respuestas),
          'p95 ms': percentil(respuestas, 95),
          'máx ms': Math.max(...respuestas),
          veredicto: '',
        },
        {
          medida: 'emitida → AUTORIZADA',
          n: latencias.length,
          'mediana ms': median(latencias),
          'p95 ms': p95,
          'máx ms': Math.max(...latencias),
          veredicto: `${verdict(!failed)} (p95 ≤ ${PRESUPUESTO_P95_MS} ms${todas ? '' : '; no todas AUTORIZADAS'})`,
        },
      ],
      failed,
    };
  } finally {
    await sri.cerrar();
    await datos.borrar();
  }
}
