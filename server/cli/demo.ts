/**
 * `npm run demo`: Amelia and the local SRI together, so that an invoice goes from issued to AUTORIZADA and to the
 * buyer's email (DATA_DIR/outbox) with nothing else to set up. The data lives in its own directory (DATA_DIR,
 * data/demo by default) and Ferretería El Tornillo, the demo company with a signature, gets a plan of electronic
 * documents from the administrator when it has none in force (its seeded plan has expired on purpose: tests rely on it).
 * PORT (3000) and SRI_LOCAL_PORT (8089) as for `npm start` and `npm run sri-local`.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { iniciarServidor } from '../sri-local/servidor';
import { DEMO } from '../infra/db/demo-accounts';
import { hoyEcuador } from '../../domain/fechas';

const raiz = path.resolve(import.meta.dirname, '../..');
const puerto = Number(process.env.PORT || 3000);
const dataDir = path.resolve(process.env.DATA_DIR || path.join(raiz, 'data', 'demo'));
const base = `http://127.0.0.1:${puerto}/api/EmpresasAmelia`;
const hora = () => new Date().toLocaleTimeString('es-EC', { hourCycle: 'h23', timeZone: 'America/Guayaquil' });

async function llamar<T>(ruta: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const respuesta = await fetch(`${base}${ruta}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { 'x-token': init.token } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const datos = await respuesta.json();
  if (!respuesta.ok) throw new Error(`${ruta}: ${respuesta.status} ${datos.msg}`);
  return datos as T;
}

async function listo(hasta: number) {
  while (Date.now() < hasta) {
    const respuesta = await fetch(`http://127.0.0.1:${puerto}/api/ready`).catch(() => undefined);
    if (respuesta?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Amelia no respondió en el puerto ${puerto}`);
}

/** The administrator sells the hardware store a plan of electronic documents, as the back office does, unless it has one. */
async function planParaLaFerreteria(): Promise<string> {
  const { usuario } = await llamar<{ usuario: { token: string } }>('/loginAdmin', { method: 'POST', body: DEMO.admin });
  const filtro = new URLSearchParams({ filter: JSON.stringify({ q: DEMO.ferreteria.ruc }) });
  const [empresa] = await llamar<Array<{ EMP_CODIGO: number; EMP_PLAN_CADUCA: string | null }>>(`/empresas?${filtro}`, {
    token: usuario.token,
  });
  if (!empresa) throw new Error('La base de datos no tiene a Ferretería El Tornillo: use un DATA_DIR nuevo');
  if (empresa.EMP_PLAN_CADUCA && empresa.EMP_PLAN_CADUCA >= hoyEcuador()) return `con plan hasta ${empresa.EMP_PLAN_CADUCA}`;
  const planes = await llamar<Array<{ PLAN_ID: number; PLAN_CLASE: string; PLAN_ACTIVO: boolean }>>(
    `/empresas/planes?${new URLSearchParams({ PLAN_TIPO: 'T' })}`,
    { token: usuario.token },
  );
  const plan = planes.find((p) => p.PLAN_CLASE === 'E' && p.PLAN_ACTIVO);
  if (!plan) throw new Error('No hay un plan de comprobantes electrónicos activo para vender');
  await llamar('/empresas/planes', {
    method: 'POST',
    token: usuario.token,
    body: { EMP_CODIGO: empresa.EMP_CODIGO, PLAN_ID: plan.PLAN_ID },
  });
  return 'se le vendió un plan de comprobantes electrónicos';
}

const sri = await iniciarServidor(
  { port: Number(process.env.SRI_LOCAL_PORT || 8089), host: '127.0.0.1', demoraAutorizacionMs: 1500 },
  (linea) => console.log(`[${hora()}] SRI local: ${linea}`),
).catch((error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? 'El puerto del SRI local ya está en uso: cierre el otro proceso o use SRI_LOCAL_PORT=<otro puerto>.'
      : `No se pudo iniciar el SRI local: ${error.message}`,
  );
  process.exit(1);
});

const amelia = spawn(process.execPath, [path.join(raiz, 'server', 'start.mjs')], {
  // Webhooks may reach a receiver on this machine (npm run ejemplo-integracion, docs/integraciones.md).
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(puerto),
    SRI_PRUEBAS_URL: sri.url,
    WEBHOOKS_REDES_PRIVADAS: process.env.WEBHOOKS_REDES_PRIVADAS || 'true',
  },
  stdio: 'inherit',
});
const terminar = (codigo: number) => void sri.close().then(() => process.exit(codigo));
amelia.on('exit', (codigo) => terminar(codigo ?? 0));
for (const senal of ['SIGINT', 'SIGTERM'] as const) process.once(senal, () => amelia.kill(senal));

try {
  // The first start builds the web app and the server (about a minute) and seeds the data.
  await listo(Date.now() + 300_000);
  const plan = await planParaLaFerreteria();
  console.log(`
Demostración lista: http://localhost:${puerto}/
  Ferretería El Tornillo (${plan}): #/login  RUC ${DEMO.ferreteria.ruc}  usuario ${DEMO.ferreteria.usuario}  clave ${DEMO.ferreteria.clave}
  Sus facturas van al SRI local (${sri.url}), quedan EN PROCESO 1,5 s y se autorizan;
  el correo al comprador, con el XML autorizado y el RIDE, se escribe en ${path.join(dataDir, 'outbox')}.
  Integraciones (claves de API, emisión en una llamada, webhooks a 127.0.0.1): docs/integraciones.md y npm run ejemplo-integracion.
  Los datos de la demostración están en ${dataDir}. Ctrl+C para detener.`);
} catch (error) {
  console.error(`No se pudo preparar la demostración: ${(error as Error).message}`);
  amelia.kill('SIGTERM');
}
