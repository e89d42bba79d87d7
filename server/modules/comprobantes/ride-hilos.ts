/**
 * RIDEs drawn in worker threads. Drawing one takes milliseconds of CPU (pdfkit lays out every text), and on the event
 * loop a burst of authorized invoices holds every other request behind it (the SRI bench's figures are in
 * docs/performance.md). In threads the RIDEs use the other cores, and the event loop only sends the data (the
 * document's infoTributaria and infoAdicional, the body its type computed on this thread, the title) and receives the
 * PDF: a thread never loads a document type's module.
 *
 * Threads start when the first RIDE is asked for, do not keep the process alive, and a thread that dies is replaced on
 * the next RIDE (the RIDEs it was drawing fail, and their callers retry or answer as for any error). RIDE_HILOS=0 draws
 * on the event loop.
 */
import { Worker } from 'node:worker_threads';
import type { DatosRide, OpcionesRide } from './ride';

export type PedidoRide = {
  id: number;
  datos: Omit<DatosRide, 'opciones'> & { opciones: Omit<OpcionesRide, 'logo'> & { logo?: Uint8Array } };
};
export type RespuestaRide = { id: number; pdf: ArrayBuffer } | { id: number; error: string };

/** Draws RIDEs; `cerrar` ends its threads (the app's onClose). */
export type DibujanteRide = {
  dibujar(datos: DatosRide): Promise<Buffer>;
  cerrar(): Promise<void>;
};

type Hilo = { worker: Worker; pendientes: Map<number, { resolve(pdf: Buffer): void; reject(error: Error): void }> };

/**
 * The thread's entry: the build's ride-hilo.js beside the compiled server, or the TypeScript source loaded through
 * tsx's loader (tests and the benches run the sources; a worker does not inherit its parent's loader).
 */
function iniciarWorker(): Worker {
  if (import.meta.url.endsWith('.js')) return new Worker(new URL('./ride-hilo.js', import.meta.url));
  const fuente = new URL('./ride-hilo.ts', import.meta.url).href;
  const arranque = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(fuente)}); })`;
  return new Worker(arranque, { eval: true });
}

export function crearDibujanteRide(hilos: number): DibujanteRide {
  // Drawn on the event loop: ride.ts (pdfkit) is loaded with the first RIDE, not with the server.
  if (hilos <= 0)
    return {
      dibujar: async (datos) => (await import('./ride')).dibujarRide(datos),
      cerrar: async () => {},
    };
  const activos: Hilo[] = [];
  let siguiente = 0;

  function iniciar(): Hilo {
    const hilo: Hilo = { worker: iniciarWorker(), pendientes: new Map() };
    hilo.worker.unref();
    const retirar = (error: Error) => {
      const posicion = activos.indexOf(hilo);
      if (posicion >= 0) activos.splice(posicion, 1);
      for (const { reject } of hilo.pendientes.values()) reject(error);
      hilo.pendientes.clear();
    };
    hilo.worker.on('message', (respuesta: RespuestaRide) => {
      const pendiente = hilo.pendientes.get(respuesta.id);
      if (!pendiente) return;
      hilo.pendientes.delete(respuesta.id);
      if ('error' in respuesta) pendiente.reject(new Error(respuesta.error));
      else pendiente.resolve(Buffer.from(respuesta.pdf));
    });
    hilo.worker.on('error', retirar);
    hilo.worker.on('exit', (codigo) => retirar(new Error(`El hilo que dibuja los RIDE terminó (código ${codigo})`)));
    activos.push(hilo);
    return hilo;
  }

  /** An idle thread; else a new one while there are fewer than `hilos`; else the one with the fewest RIDEs waiting. */
  function elegir(): Hilo {
    const libre = activos.find((hilo) => hilo.pendientes.size === 0);
    if (libre) return libre;
    if (activos.length < hilos) return iniciar();
    return activos.reduce((menos, hilo) => (hilo.pendientes.size < menos.pendientes.size ? hilo : menos));
  }

  return {
    dibujar(datos) {
      const hilo = elegir();
      const id = siguiente++;
      return new Promise<Buffer>((resolve, reject) => {
        hilo.pendientes.set(id, { resolve, reject });
        // Busy threads keep the process alive; idle ones do not.
        hilo.worker.ref();
        // Only what the frame reads crosses: a whole document would be cloned for nothing.
        const { infoTributaria, infoAdicional } = datos.comprobante;
        const pedido: PedidoRide = {
          id,
          datos: { ...datos, comprobante: { infoTributaria, infoAdicional }, opciones: datos.opciones ?? {} },
        };
        try {
          hilo.worker.postMessage(pedido);
        } catch (error) {
          // Something that cannot cross to a thread: this RIDE fails, and the thread is not left waiting for it.
          hilo.pendientes.delete(id);
          throw error;
        }
      }).finally(() => {
        if (hilo.pendientes.size === 0) hilo.worker.unref();
      });
    },
    async cerrar() {
      await Promise.all(activos.splice(0).map((hilo) => hilo.worker.terminate()));
    },
  };
}
