import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { testDatabases, type TestApp } from '../helpers/server';
import { borrador, crearOk } from '../helpers/facturas-api';
import { configSri, esperarEstado, tornilloConSri, trabajadorSri } from '../helpers/sri';
import { facturas, planesEmpresa } from '../../server/infra/db/schema';
import { FACTURAS_MSG, type FacturaDetalle } from '../../server/modules/facturas/contract';
import type { TrabajadorSri } from '../../server/modules/comprobantes/sri/trabajador';
import { iniciarSriLocal, type SriLocal } from '../../server/sri-local';

/**
 * How often the product asks the SRI about a document the SRI received and then says nothing about, in simulated time.
 * The local SRI (server/sri-local) answers RECIBIDA and then numeroComprobantes 0 for the key; the real worker works the
 * queue with the README's waits (SRI_REINTENTO_MS 2000); the test skips each wait the document has on the queue by
 * moving its times back in the database, so that a day passes in seconds, on PGlite and PostgreSQL alike.
 *
 * The waits between calls: 0.5 s (a quarter of SRI_REINTENTO_MS) doubling up to 5 minutes, each ±20 %. The calls by a
 * moment T are the reception, the first ask at once, and one per wait that ends by T. At the shortest waits (−20 %)
 * the first ten take 409.2 s and each later one 240 s; at the longest (+20 %), 613.8 s and 360 s. So:
 *   the first hour:  at most 2 + 10 + ⌊(3600 − 409.2) / 240⌋ = 25 calls, at least 2 + 10 + ⌊(3600 − 613.8) / 360⌋ = 20;
 *   24 hours:        the call that finds them passed is the first at or after 24 h: at most 2 + 10 +
 *                    ⌈(86400 − 409.2) / 240⌉ = 371 calls, at least 2 + 10 + ⌈(86400 − 613.8) / 360⌉ = 251. Then none.
 */
const HORA = 3_600_000;
const PRIMERA_HORA = { minimo: 20, maximo: 25 };
const UN_DIA = { minimo: 251, maximo: 371 };

describe.each(testDatabases)('facturas: la espera de la autorización del SRI (%s)', (kind) => {
  let sri: SriLocal;
  let t: TestApp;
  let token: string;
  let andina: string;
  let empresa: number;
  let punto: number;
  let cliente: number;
  let trabajador: TrabajadorSri | undefined;
  const otros: SriLocal[] = [];

  const llamadas = (de: SriLocal = sri) => {
    const e = de.estadisticas();
    return e.recepcion + e.autorizacion;
  };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, quien = token, payload?: object) =>
    t.app.inject({ method, url: `/api/facturas${url}`, headers: { 'x-token': quien }, ...(payload ? { payload } : {}) });
  const ver = async (id: number) => (await call('GET', `/${id}`)).json() as FacturaDetalle;
  const dormir = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Issued with the app's own queue off: nothing reaches the SRI until the test starts a worker. */
  const emitir = async () => {
    const id = await crearOk(t, token, borrador(punto, cliente));
    const res = await call('POST', `/${id}/emitir`);
    expect(res.statusCode, res.body).toBe(200);
    return { id, clave: (res.json() as FacturaDetalle).FAC_CLAVE_ACCESO! };
  };

  /** The real worker on the app's database, against `de`, with the README's default waits. */
  const trabajar = (de: SriLocal = sri) => {
    const config = configSri(de.url, { reintentoMs: 2_000, intervaloMs: 1_000 }).sri!;
    trabajador = trabajadorSri(t, config);
    trabajador.iniciar();
  };
  const parar = async () => {
    await trabajador?.detener();
    trabajador = undefined;
  };

  /**
   * Simulated time for one document. Whenever it waits on the queue, the wait is skipped: its next attempt and every
   * moment the database keeps about it move back by the wait, as if that time had passed, and the worker is woken.
   * Ends when the document leaves the queue, or when its next call would come after `hastaMs` of simulated time
   * since `reloj` began (real time counts too). Answers the simulated time reached.
   */
  async function simular(id: number, hastaMs: number, reloj: { inicio: number; saltado: number }) {
    const ahora = () => Date.now() - reloj.inicio + reloj.saltado;
    const limite = Date.now() + 120_000;
    for (;;) {
      if (Date.now() > limite) throw new Error('La simulación no terminó en 2 minutos');
      const { rows } = await t.db.execute(sql`
        SELECT (extract(epoch FROM col_proximo - now()) * 1000)::float8 AS falta, coalesce(col_tomada_hasta > now(), false) AS tomada
        FROM sri_cola WHERE fac_codigo = ${id}`);
      const fila = rows[0] as { falta: number; tomada: boolean } | undefined;
      if (!fila) return ahora();
      if (fila.tomada || fila.falta <= 0) {
        await dormir(2);
        continue;
      }
      if (ahora() + fila.falta > hastaMs) return ahora();
      const segundos = fila.falta / 1000;
      const movida = await t.db
        .transaction(async (tx) => {
          await tx.execute(sql`
            UPDATE facturas SET fac_creado = fac_creado - make_interval(secs => ${segundos}),
              fac_actualizado = fac_actualizado - make_interval(secs => ${segundos}),
              fac_recibida = fac_recibida - make_interval(secs => ${segundos})
            WHERE fac_codigo = ${id}`);
          const { rows: cola } = await tx.execute(sql`
            UPDATE sri_cola SET col_proximo = col_proximo - make_interval(secs => ${segundos}),
              col_creado = col_creado - make_interval(secs => ${segundos})
            WHERE fac_codigo = ${id} AND col_tomada_hasta IS NULL RETURNING fac_codigo`);
          // Taken meanwhile (its real wait ran out): nothing moves, and the next turn looks again.
          if (cola.length === 0) throw new Error('tomada');
        })
        .then(() => true)
        .catch(() => false);
      if (!movida) continue;
      reloj.saltado += fila.falta;
      trabajador!.despertar();
    }
  }

  /** The document RECIBIDA at `sri`, which from then on says nothing about it. */
  const recibidaSinNoticias = async () => {
    const emitida = await emitir();
    sri.programar(emitida.clave, []);
    trabajar();
    await esperarEstado(t, token, emitida.id, ['RECIBIDA'], { sinCola: false });
    return emitida;
  };

  beforeAll(async () => {
    ({ sri, t, tornillo: token, empresa, andina, punto, cliente } = await tornilloConSri(kind, { cliente: 311, app: {} }));
  });
  // Each test's document leaves with it: another test's worker must not ask about it.
  afterEach(async () => {
    await parar();
    await t.db.execute(sql`DELETE FROM sri_cola`);
  });
  afterAll(async () => {
    await t?.close();
    await sri?.close();
    for (const otro of otros) await otro.close();
  });

  it('RECIBIDA, then nothing: 20 to 25 calls in the first hour, the waits growing through its resends; after 24 hours SIN_RESPUESTA, counted and listed, and no more calls', async () => {
    const { id, clave } = await emitir();
    sri.programar(clave, []);
    const antes = llamadas();
    const reloj = { inicio: Date.now(), saltado: 0 };
    trabajar();

    await simular(id, HORA, reloj);
    const enUnaHora = llamadas() - antes;
    expect(enUnaHora).toBeGreaterThanOrEqual(PRIMERA_HORA.minimo);
    expect(enUnaHora).toBeLessThanOrEqual(PRIMERA_HORA.maximo);
    const recibida = await ver(id);
    expect(recibida).toMatchObject({ FAC_ESTADO: 'RECIBIDA', FAC_AUTORIZACION: null });
    // The next call asks, or sends it again.
    expect(['AUTORIZAR', 'ENVIAR']).toContain(recibida.cola!.paso);
    // Every call after the reception counted one attempt, the resends too: the count never started over.
    expect(recibida.cola!.intentos).toBe(enUnaHora - 1);
    // Five minutes apart by now (±20 %).
    expect(Date.parse(recibida.cola!.proximo) - Date.now()).toBeGreaterThan(200_000);
    expect(Date.parse(recibida.cola!.proximo) - Date.now()).toBeLessThanOrEqual(360_000);
    // Sent again every fifth call that found nothing; the SRI said it holds it (70), which changed nothing.
    const recepciones = sri.estadisticas().claves[clave]!.recepciones;
    expect(recepciones).toBeGreaterThan(1);
    expect(recepciones).toBeLessThanOrEqual(1 + Math.ceil(enUnaHora / 5));

    const fin = await simular(id, 25 * HORA, reloj);
    expect(fin).toBeGreaterThanOrEqual(24 * HORA);
    const enUnDia = llamadas() - antes;
    expect(enUnDia).toBeGreaterThanOrEqual(UN_DIA.minimo);
    expect(enUnDia).toBeLessThanOrEqual(UN_DIA.maximo);
    const sinRespuesta = await ver(id);
    expect(sinRespuesta).toMatchObject({ FAC_ESTADO: 'SIN_RESPUESTA', FAC_AUTORIZACION: null, FAC_FECHA_AUTORIZACION: null, cola: null });
    expect(Date.parse(sinRespuesta.FAC_RECIBIDA!)).toBeLessThanOrEqual(Date.now() - 24 * HORA);
    // The queue asks no more.
    trabajador!.despertar();
    await dormir(1_500);
    expect(llamadas() - antes).toBe(enUnDia);

    // Its own count on the list and the home, and its own filter.
    const estados = (await call('GET', '/estados')).json();
    expect(estados.sinRespuesta).toBe(1);
    expect(estados.estados.SIN_RESPUESTA).toBe(1);
    const lista = await call('GET', `?${new URLSearchParams({ filter: JSON.stringify({ FAC_ESTADO: ['SIN_RESPUESTA'] }) })}`);
    expect((lista.json() as FacturaDetalle[]).map((f) => f.FAC_CODIGO)).toEqual([id]);
    const totales = (
      await call('GET', `/totales?${new URLSearchParams({ filter: JSON.stringify({ FAC_ESTADO: 'SIN_RESPUESTA' }) })}`)
    ).json();
    expect(totales.cantidad).toBe(1);
    // It may still be authorized: neither corrected nor issued again.
    const emitir2 = await call('POST', `/${id}/emitir`);
    expect(emitir2.statusCode).toBe(409);
    expect(emitir2.json().msg).toBe(FACTURAS_MSG.enProceso);
    expect((await call('PUT', `/${id}`, token, borrador(punto, cliente))).statusCode).toBe(409);
  }, 180_000);

  it('Consultar de nuevo asks once: nothing yet is SIN_RESPUESTA again; once the SRI authorizes it, AUTORIZADA with its number and one plan document', async () => {
    const { id, clave } = await recibidaSinNoticias();
    // A day passes for it, and its next ask falls due.
    await parar();
    await t.db.execute(sql`UPDATE facturas SET fac_recibida = fac_recibida - interval '24 hours' WHERE fac_codigo = ${id}`);
    await t.db.execute(sql`UPDATE sri_cola SET col_proximo = now() WHERE fac_codigo = ${id}`);
    trabajar();
    await esperarEstado(t, token, id, ['SIN_RESPUESTA']);
    await parar();

    expect((await call('POST', `/${id}/consultar`, andina)).statusCode).toBe(404);
    const antes = llamadas();
    const res = await call('POST', `/${id}/consultar`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ FAC_ESTADO: 'RECIBIDA', cola: { paso: 'AUTORIZAR', intentos: 0 } });
    trabajar();
    await esperarEstado(t, token, id, ['SIN_RESPUESTA']);
    expect(llamadas() - antes).toBe(1);
    await parar();

    const plan = and(eq(planesEmpresa.EMP_CODIGO, empresa), eq(planesEmpresa.PLANEMPRESA_NOMBRE, 'Plan de pruebas'));
    const [{ usados }] = await t.db.select({ usados: planesEmpresa.PLANEMPRESA_USADOS }).from(planesEmpresa).where(plan);
    sri.programar(clave, [{ estado: 'AUTORIZADO' }]);
    expect((await call('POST', `/${id}/consultar`)).statusCode).toBe(200);
    trabajar();
    const autorizada = await esperarEstado(t, token, id, ['AUTORIZADA']);
    expect(autorizada.FAC_AUTORIZACION).toBe(clave);
    const [despues] = await t.db.select({ usados: planesEmpresa.PLANEMPRESA_USADOS }).from(planesEmpresa).where(plan);
    expect(despues!.usados).toBe(usados + 1);
    const otra = await call('POST', `/${id}/consultar`);
    expect(otra.statusCode).toBe(409);
    expect(otra.json().msg).toBe(FACTURAS_MSG.soloSinRespuesta);
  }, 60_000);

  it('a RECIBIDA document the SRI lost: sent again at the fifth ask that finds nothing, received again and authorized', async () => {
    const { id, clave } = await recibidaSinNoticias();
    await parar();
    // The same SRI, having forgotten everything.
    const olvido = await iniciarSriLocal();
    otros.push(olvido);
    trabajar(olvido);
    await simular(id, HORA, { inicio: Date.now(), saltado: 0 });
    const f = await ver(id);
    expect(f).toMatchObject({ FAC_ESTADO: 'AUTORIZADA', FAC_AUTORIZACION: clave });
    const vistas = olvido.estadisticas();
    expect(vistas.claves[clave]).toMatchObject({ recepciones: 1, estado: 'AUTORIZADO' });
    expect(vistas.recepcion).toBe(1);
    // At most four asks before the resend, and the one after it.
    expect(vistas.autorizacion).toBeLessThanOrEqual(5);
  }, 60_000);

  it('a resend the SRI refuses (it lost the document and now finds its date out of range) leaves it RECIBIDA with the messages, and the asks go on', async () => {
    const { id } = await recibidaSinNoticias();
    await parar();
    const olvido = await iniciarSriLocal({ ahora: () => new Date(Date.now() + 200 * 86_400_000) });
    otros.push(olvido);
    trabajar(olvido);
    await simular(id, HORA, { inicio: Date.now(), saltado: 0 });
    const f = await ver(id);
    expect(f).toMatchObject({ FAC_ESTADO: 'RECIBIDA', FAC_AUTORIZACION: null });
    expect(f.cola).not.toBeNull();
    expect(f.FAC_SRI_MENSAJES).toEqual([expect.objectContaining({ identificador: '65', mensaje: 'FECHA EMISIÓN EXTEMPORANEA' })]);
    expect(olvido.estadisticas().recepcion).toBeGreaterThan(1);
    const [fila] = await t.db.select({ estado: facturas.FAC_ESTADO }).from(facturas).where(eq(facturas.FAC_CODIGO, id));
    expect(fila!.estado).toBe('RECIBIDA');
  }, 60_000);
});
