/**
 * The worker that empties the SRI's queue in the background of each API instance: it takes due documents (up to
 * `concurrencia` in flight), takes each as far as it goes (proceso.ts), and sleeps until the next one falls due or
 * until issuing wakes it. Stopping cuts the SRI calls in flight — each document goes back on the queue at once, with
 * the reason — and waits for those writes before the database closes: a restart never waits for a slow SRI.
 */
import type { SriConfig } from '../../../config';
import { proximoVencimiento, tomar, type Tarea } from './cola';
import { procesar, type DependenciasSri } from './proceso';

export type TrabajadorSri = { iniciar(): void; despertar(): void; detener(): Promise<void> };

export function crearTrabajadorSri(
  deps: DependenciasSri,
  config: Pick<SriConfig, 'concurrencia' | 'intervaloMs' | 'timeoutMs'>,
): TrabajadorSri {
  // Two SRI calls and an email per document, with room: a lease shorter than the work would let a second worker in.
  const leaseMs = config.timeoutMs * 3 + 30_000;
  const enCurso = new Set<Promise<void>>();
  const parar = new AbortController();
  const conParada = { ...deps, parar: parar.signal };
  let activo = false;
  let ciclo: Promise<void> | undefined;
  let alDespertar: (() => void) | undefined;
  let pendienteDespertar = false;

  const despertar = () => {
    pendienteDespertar = true;
    alDespertar?.();
  };

  async function dormir() {
    if (pendienteDespertar) return;
    let ms = config.intervaloMs;
    if (enCurso.size < config.concurrencia) {
      const proximo = await proximoVencimiento(deps.db).catch(() => null);
      if (proximo) ms = Math.min(ms, Math.max(0, proximo.getTime() - Date.now()) + 5);
    }
    if (pendienteDespertar || ms <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      alDespertar = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    alDespertar = undefined;
  }

  function lanzar(tarea: Tarea) {
    const trabajo = procesar(conParada, tarea)
      .catch((error: Error) =>
        deps.log.error({ factura: tarea.FAC_CODIGO, err: { message: error.message } }, 'cola del SRI: falló un documento'),
      )
      .finally(() => {
        enCurso.delete(trabajo);
        despertar();
      });
    enCurso.add(trabajo);
  }

  async function bucle() {
    while (activo) {
      pendienteDespertar = false;
      const libres = config.concurrencia - enCurso.size;
      if (libres > 0) {
        try {
          for (const tarea of await tomar(deps.db, libres, leaseMs)) lanzar(tarea);
        } catch (error) {
          if (!activo) break;
          deps.log.error({ err: { message: (error as Error).message } }, 'cola del SRI: no se pudo leer');
        }
      }
      if (!activo) break;
      await dormir();
    }
  }

  return {
    iniciar() {
      if (activo) return;
      activo = true;
      ciclo = bucle();
    },
    despertar,
    async detener() {
      activo = false;
      // The SRI's answers are not waited for: each document in flight is put back on the queue with its reason.
      parar.abort();
      alDespertar?.();
      await ciclo;
      await Promise.allSettled([...enCurso]);
    },
  };
}
