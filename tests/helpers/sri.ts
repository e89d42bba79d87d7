import { inArray } from 'drizzle-orm';
import type { Config } from '../../server/config';
import { facturas, sriCola } from '../../server/infra/db/schema';
import { crearClienteSri } from '../../server/modules/comprobantes/sri/cliente';
import { crearTrabajadorSri } from '../../server/modules/comprobantes/sri/trabajador';
import type { FacturaDetalle } from '../../server/modules/facturas/contract';
import { iniciarSriLocal, type OpcionesSriLocal, type SriLocal } from '../../server/sri-local';
import type { TestApp } from './server';

/** An app's SRI configuration pointing both environments at a local SRI, with short waits for the tests. */
export const configSri = (url: string, sri: Partial<Config['sri']> = {}): Partial<Config> => ({
  sri: { urls: { '1': url, '2': url }, timeoutMs: 2_000, cola: true, concurrencia: 4, intervaloMs: 200, reintentoMs: 50, ...sri },
});

/** Polls GET /api/facturas/:id until its state is one of `estados` (and, with `sinCola`, nothing is left queued). */
export async function esperarEstado(
  t: TestApp,
  token: string,
  id: number,
  estados: string[],
  { sinCola = true, timeoutMs = 15_000 } = {},
): Promise<FacturaDetalle> {
  const hasta = Date.now() + timeoutMs;
  let ultima: FacturaDetalle | undefined;
  while (Date.now() < hasta) {
    const res = await t.app.inject({ method: 'GET', url: `/api/facturas/${id}`, headers: { 'x-token': token } });
    ultima = res.json() as FacturaDetalle;
    if (estados.includes(ultima.FAC_ESTADO) && (!sinCola || ultima.cola === null)) return ultima;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `La factura ${id} no llegó a ${estados.join('/')}: ${JSON.stringify({ estado: ultima?.FAC_ESTADO, cola: ultima?.cola })}`,
  );
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
  const trabajador = crearTrabajadorSri(
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
