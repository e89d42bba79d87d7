/**
 * The worker that empties the SRI's queue in the background of each API instance: it takes due documents (up to
 * `concurrencia` in flight), takes each as far as it goes (proceso.ts), and sleeps until the next one falls due or
 * until issuing wakes it. Stopping cuts the SRI calls in flight — each document goes back on the queue at once, with
 * the reason — and waits for those writes before the database closes: a restart never waits for a slow SRI.
 */
import type { SriConfig } from '../../../config';
import { crearTrabajadorCola, type TrabajadorCola } from '../../../core/trabajador-cola';
import { proximoVencimiento, tomar } from './cola';
import { procesar, type DependenciasSri } from './proceso';

export type TrabajadorSri = TrabajadorCola;

export function crearTrabajadorSri(
  deps: DependenciasSri,
  config: Pick<SriConfig, 'concurrencia' | 'intervaloMs' | 'timeoutMs'>,
): TrabajadorSri {
  // Two SRI calls and an email per document, with room: a lease shorter than the work would let a second worker in.
  const leaseMs = config.timeoutMs * 3 + 30_000;
  return crearTrabajadorCola({
    concurrencia: config.concurrencia,
    // A third of the places at a time: one take for several documents under load, little idle room meanwhile.
    lote: Math.ceil(config.concurrencia / 3),
    intervaloMs: config.intervaloMs,
    tomar: (libres) => tomar(deps.db, libres, leaseMs),
    proximo: () => proximoVencimiento(deps.db),
    // The SRI's answers are not waited for on stopping: each document in flight is put back on the queue with its reason.
    procesar: (tarea, parar) => procesar({ ...deps, parar }, tarea),
    describir: (tarea) => ({ factura: tarea.FAC_CODIGO }),
    mensajes: { fallo: 'cola del SRI: falló un documento', lectura: 'cola del SRI: no se pudo leer' },
    log: deps.log,
  });
}
