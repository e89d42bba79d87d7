/**
 * A worker thread that draws RIDEs (ride-hilos.ts sends the work). Its own entry in the server's build
 * (dist-server/ride-hilo.js); run from the TypeScript sources through tsx in development and tests.
 */
import { parentPort } from 'node:worker_threads';
import { dibujarRide } from './ride';
import type { PedidoRide, RespuestaRide } from './ride-hilos';

const puerto = parentPort!;

puerto.on('message', async ({ id, datos }: PedidoRide) => {
  let respuesta: RespuestaRide;
  const transferir: ArrayBuffer[] = [];
  try {
    // A Buffer arrives as a plain Uint8Array, which pdfkit would take for a file name.
    const { opciones } = datos;
    const logo = opciones.logo && Buffer.from(opciones.logo.buffer, opciones.logo.byteOffset, opciones.logo.byteLength);
    const pdf = await dibujarRide({ ...datos, opciones: { ...opciones, logo } });
    const bytes = new Uint8Array(pdf).buffer;
    transferir.push(bytes);
    respuesta = { id, pdf: bytes };
  } catch (error) {
    respuesta = { id, error: error instanceof Error ? error.message : String(error) };
  }
  puerto.postMessage(respuesta, transferir);
});
