/**
 * The loop of a queue worker in the background of each API instance (the SRI's documents, the webhooks' deliveries):
 * it takes due rows under a lease (up to `concurrencia` in flight), launches each, and sleeps until the next one falls
 * due, `intervaloMs` at most, or until something wakes it (a finished item, a new row in this process). Stopping aborts
 * the signal every item receives and waits for the loop and the items in flight, so their writes land before the
 * database closes.
 */

export type TrabajadorCola = { iniciar(): void; despertar(): void; detener(): Promise<void> };

type Log = { error(obj: object, msg: string): void };

export type OpcionesTrabajadorCola<T> = {
  concurrencia: number;
  /**
   * The fewest free places worth a take while others are in flight (1 by default): under load the places free up one
   * by one, and taking them a few at a time takes as many rows in fewer statements. With nothing in flight it takes at once.
   */
  lote?: number;
  intervaloMs: number;
  /** Takes up to `libres` due rows under the worker's lease. */
  tomar(libres: number): Promise<T[]>;
  /** When the next row falls due, or null when none waits. */
  proximo(): Promise<Date | null>;
  procesar(item: T, parar: AbortSignal): Promise<void>;
  /** What the log says about an item whose processing failed. */
  describir(item: T): object;
  /** Registers `despertar` where rows are enqueued in this process; returns how to stop listening. */
  escuchar?(despertar: () => void): () => void;
  mensajes: { fallo: string; lectura: string };
  log: Log;
};

export function crearTrabajadorCola<T>(opciones: OpcionesTrabajadorCola<T>): TrabajadorCola {
  const { concurrencia, intervaloMs, log, mensajes } = opciones;
  const lote = Math.min(concurrencia, Math.max(1, opciones.lote ?? 1));
  const enCurso = new Set<Promise<void>>();
  const parar = new AbortController();
  let activo = false;
  let ciclo: Promise<void> | undefined;
  let alDespertar: (() => void) | undefined;
  let pendienteDespertar = false;
  let dejarDeEscuchar: (() => void) | undefined;
  /** The last take found every row it asked for: more may be due, and a finished item wakes the loop anyway. */
  let colmado = false;

  const despertar = () => {
    pendienteDespertar = true;
    alDespertar?.();
  };

  async function dormir() {
    if (pendienteDespertar) return;
    let ms = intervaloMs;
    if (enCurso.size < concurrencia && !colmado) {
      const proximo = await opciones.proximo().catch(() => null);
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

  function lanzar(item: T) {
    const trabajo = opciones
      .procesar(item, parar.signal)
      .catch((error: Error) => log.error({ ...opciones.describir(item), err: { message: error.message } }, mensajes.fallo))
      .finally(() => {
        enCurso.delete(trabajo);
        despertar();
      });
    enCurso.add(trabajo);
  }

  async function bucle() {
    while (activo) {
      pendienteDespertar = false;
      const libres = concurrencia - enCurso.size;
      colmado = libres > 0 && libres < lote && enCurso.size > 0;
      if (libres > 0 && !colmado) {
        try {
          const items = await opciones.tomar(libres);
          for (const item of items) lanzar(item);
          colmado = items.length === libres;
        } catch (error) {
          if (!activo) break;
          log.error({ err: { message: (error as Error).message } }, mensajes.lectura);
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
      dejarDeEscuchar = opciones.escuchar?.(despertar);
      ciclo = bucle();
    },
    despertar,
    async detener() {
      activo = false;
      dejarDeEscuchar?.();
      parar.abort();
      alDespertar?.();
      await ciclo;
      await Promise.allSettled([...enCurso]);
    },
  };
}
