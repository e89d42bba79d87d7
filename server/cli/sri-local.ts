/**
 * `npm run sri-local`: the local SRI for development. SRI_LOCAL_PORT (default 8089), SRI_LOCAL_HOST (default
 * 127.0.0.1), SRI_LOCAL_DEMORA_MS (how long a received document stays EN PROCESO, default 1500), SRI_LOCAL_LATENCIA_MS
 * (how long every answer takes, as a remote SRI's round trip, default 0).
 */
import { iniciarServidor } from '../sri-local/servidor';

function entero(nombre: string, porDefecto: number, maximo: number): number {
  const valor = process.env[nombre];
  if (valor === undefined || valor === '') return porDefecto;
  const n = Number(valor);
  if (!Number.isInteger(n) || n < 0 || n > maximo) {
    console.error(`${nombre} debe ser un número entero entre 0 y ${maximo} (recibido: ${valor}).`);
    process.exit(1);
  }
  return n;
}

const port = entero('SRI_LOCAL_PORT', 8089, 65_535);
const demora = entero('SRI_LOCAL_DEMORA_MS', 1500, 3_600_000);
const latencia = entero('SRI_LOCAL_LATENCIA_MS', 0, 600_000);
const host = process.env.SRI_LOCAL_HOST || '127.0.0.1';
const hora = () => new Date().toLocaleTimeString('es-EC', { hourCycle: 'h23', timeZone: 'America/Guayaquil' });

let sri;
try {
  sri = await iniciarServidor({ port, host, demoraAutorizacionMs: demora, latenciaMs: latencia }, (linea) =>
    console.log(`[${hora()}] ${linea}`),
  );
} catch (error) {
  const codigo = (error as NodeJS.ErrnoException).code;
  console.error(
    codigo === 'EADDRINUSE'
      ? `El puerto ${port} ya está en uso: cierre el otro proceso o use SRI_LOCAL_PORT=<otro puerto>.`
      : `No se pudo iniciar el SRI local: ${(error as Error).message}`,
  );
  process.exit(1);
}

console.log(`SRI local escuchando en ${sri.url}`);
console.log(`  Recepción:    ${sri.url}/RecepcionComprobantesOffline?wsdl`);
console.log(`  Autorización: ${sri.url}/AutorizacionComprobantesOffline?wsdl`);
console.log(`  Los comprobantes recibidos quedan EN PROCESO ${demora} ms y luego se autorizan (SRI_LOCAL_DEMORA_MS).`);
if (latencia) console.log(`  Cada respuesta sale ${latencia} ms después de su pedido (SRI_LOCAL_LATENCIA_MS).`);
console.log('Para que Amelia lo use como el SRI de pruebas, iníciela en otra terminal con:');
console.log(`  SRI_PRUEBAS_URL=${sri.url} npm start`);
console.log('Ctrl+C para detenerlo.');

const detener = () => {
  void sri.close().then(() => process.exit(0));
};
process.once('SIGINT', detener);
process.once('SIGTERM', detener);
