import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Config } from '../../server/config';
import { facturas, sriCola } from '../../server/infra/db/schema';
import { crearClienteSri } from '../../server/modules/comprobantes/sri/cliente';
import { crearTrabajadorSri } from '../../server/modules/comprobantes/sri/trabajador';
import type { FacturaDetalle } from '../../server/modules/facturas/contract';
import { iniciarSriLocal, type OpcionesSriLocal, type SriLocal } from '../../server/sri-local';
import { startTestApp, type TestApp, type TestDbKind } from './server';
import { COMPANIES, loginCompany } from './accounts';
import { darPlan, nuevoCliente, puntoPrincipal } from './facturas-api';

/** An app's SRI configuration pointing both environments at a local SRI, with short waits for the tests. */
export const configSri = (url: string, sri: Partial<Config['sri']> = {}): Partial<Config> => ({
  sri: { urls: { '1': url, '2': url }, timeoutMs: 2_000, cola: true, concurrencia: 4, intervaloMs: 200, reintentoMs: 50, ...sri },
});

/** Polls GET `url` every 50 ms until `listo` holds for what it answers; past `timeoutMs`, throws `error(last answer)`. */
async function sondear<T>(
  t: TestApp,
  token: string,
  url: string,
  timeoutMs: number,
  listo: (doc: T) => boolean | Promise<boolean>,
  error: (ultima: T | undefined) => string,
): Promise<T> {
  const hasta = Date.now() + timeoutMs;
  let ultima: T | undefined;
  while (Date.now() < hasta) {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'x-token': token } });
    ultima = res.json() as T;
    if (await listo(ultima)) return ultima;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(error(ultima));
}

/** Polls GET /api/facturas/:id until its state is one of `estados` (and, with `sinCola`, nothing is left queued). */
export function esperarEstado(
  t: TestApp,
  token: string,
  id: number,
  estados: string[],
  { sinCola = true, timeoutMs = 15_000 } = {},
): Promise<FacturaDetalle> {
  return sondear<FacturaDetalle>(
    t,
    token,
    `/api/facturas/${id}`,
    timeoutMs,
    (f) => estados.includes(f.FAC_ESTADO) && (!sinCola || f.cola === null),
    (f) => `La factura ${id} no llegó a ${estados.join('/')}: ${JSON.stringify({ estado: f?.FAC_ESTADO, cola: f?.cola })}`,
  );
}

/** Issues invoice `id` (POST /api/facturas/:id/emitir answers 200) and waits until the SRI has authorized it. */
export async function emitirAutorizada(t: TestApp, token: string, id: number, opciones: { sinCola?: boolean; timeoutMs?: number } = {}) {
  const res = await t.app.inject({ method: 'POST', url: `/api/facturas/${id}/emitir`, headers: { 'x-token': token } });
  expect(res.statusCode, res.body).toBe(200);
  return esperarEstado(t, token, id, ['AUTORIZADA'], opciones);
}

/**
 * Polls GET /api/<ruta>/:id of a note until its state is one of `estados` (and, with `sinCola`, none of it is left on
 * the SRI's queue: a note's detail does not carry the queue, the table does).
 */
export async function esperarNota<T extends { FAC_ESTADO: string }>(
  t: TestApp,
  token: string,
  ruta: 'notasCredito' | 'notasDebito',
  id: number,
  estados: string[],
  { sinCola = true, timeoutMs = 15_000 } = {},
): Promise<T> {
  const url = `/api/${ruta}/${id}`;
  const fuera = async () => (await t.db.select({ id: sriCola.FAC_CODIGO }).from(sriCola).where(eq(sriCola.FAC_CODIGO, id))).length === 0;
  const leida = await sondear<T>(
    t,
    token,
    url,
    timeoutMs,
    async (n) => estados.includes(n.FAC_ESTADO) && (!sinCola || (await fuera())),
    (n) => `La nota ${id} no llegó a ${estados.join('/')}: ${n?.FAC_ESTADO}`,
  );
  if (!sinCola) return leida;
  // Read once more: the note was read before the queue was seen empty, and its last step (the email) may have ended between.
  return (await t.app.inject({ method: 'GET', url, headers: { 'x-token': token } })).json() as T;
}

/**
 * An app whose SRI queue works against its own local SRI (`app: {}` leaves the queue off, for the tests that run the
 * worker themselves), with Tornillo and Andina logged in, Tornillo's emission point 001-001, a buyer of Tornillo
 * (`cliente`, the serial of its cédula) and a current plan of 500 documents. Close both in afterAll.
 */
export async function tornilloConSri(
  kind: TestDbKind,
  { cliente: serial, sri: opciones, app }: { cliente: number; sri?: OpcionesSriLocal; app?: Partial<Config> },
) {
  const sri = await iniciarSriLocal(opciones);
  try {
    const t = await startTestApp(kind, app ?? configSri(sri.url));
    const b = await loginCompany(t, COMPANIES.tornillo);
    const andina = (await loginCompany(t, COMPANIES.andina)).token;
    const punto = await puntoPrincipal(t, b.COM_CODIGO);
    const cliente = await nuevoCliente(t, b.COM_CODIGO, serial);
    await darPlan(t, b.COM_CODIGO, 500);
    return { sri, t, tornillo: b.token, empresa: b.COM_CODIGO, andina, punto, cliente };
  } catch (e) {
    await sri.close();
    throw e;
  }
}

/**
 * One local SRI per app (the same app's invoices share it; another database's run, with the same numbers, must not:
 * the SRI would answer 45 SECUENCIAL REGISTRADO). cerrarSriCompartido() in afterAll closes them.
 */
const porApp = new Map<TestApp, Promise<SriLocal>>();
const sriDe = (t: TestApp, opciones?: OpcionesSriLocal) => {
  if (!porApp.has(t)) porApp.set(t, iniciarSriLocal(opciones));
  return porApp.get(t)!;
};
export async function cerrarSriCompartido() {
  const abiertos = [...porApp.values()];
  porApp.clear();
  await Promise.all(abiertos.map(async (sri) => (await sri).close()));
}

/**
 * Takes issued invoices through the real pipeline against a local SRI (reception, authorization, the email), for the
 * tests that need authorized invoices from an app whose own queue is off (the default of startTestApp).
 */
export async function autorizar(t: TestApp, ids: number[]): Promise<void> {
  const sri = await sriDe(t);
  const config = configSri(sri.url).sri!;
  const trabajador = trabajadorSri(t, config);
  trabajador.iniciar();
  try {
    const hasta = Date.now() + 20_000;
    for (;;) {
      const quedan = await t.db.select({ id: sriCola.FAC_CODIGO }).from(sriCola).where(inArray(sriCola.FAC_CODIGO, ids));
      if (quedan.length === 0) break;
      if (Date.now() > hasta) throw new Error(`Facturas todavía en la cola del SRI: ${quedan.map((q) => q.id).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    await trabajador.detener();
  }
  const estados = await t.db
    .select({ id: facturas.FAC_CODIGO, estado: facturas.FAC_ESTADO })
    .from(facturas)
    .where(inArray(facturas.FAC_CODIGO, ids));
  const otras = estados.filter((e) => e.estado !== 'AUTORIZADA');
  if (otras.length) throw new Error(`El SRI local no autorizó: ${JSON.stringify(otras)}`);
}

const silencio = { info() {}, warn() {}, error() {} };

/** The real SRI worker on the app's database and files, with `config` (silent). Start it with iniciar(). */
export function trabajadorSri(t: TestApp, config: Config['sri']) {
  return crearTrabajadorSri(
    {
      db: t.db,
      files: t.ctx.files,
      mailer: t.ctx.mailer,
      ride: t.ctx.ride,
      tipos: t.ctx.tipos,
      sri: crearClienteSri(config),
      config,
      log: silencio,
    },
    config,
  );
}
