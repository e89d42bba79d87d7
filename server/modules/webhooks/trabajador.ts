/**
 * The worker that delivers webhooks in the background of each API instance (WEBHOOKS_COLA): it takes due deliveries
 * (up to EN_VUELO at once), POSTs each, records the attempt, and sleeps until the next one falls due, intervaloMs at
 * most, or until an event enqueued in this process wakes it. Stopping aborts the calls in flight: their rows are let
 * go without an attempt and stay PENDIENTE, delivered again by the next worker (at least once).
 */
import type { IntegracionesConfig } from '../../config';
import type { Db } from '../../infra/db/client';
import type { SecretBox } from '../../infra/secret-box';
import { proximoVencimiento, registrarIntento, soltar, tomar, type Tomada } from './cola';
import { entregar } from './entrega';
import { alEncolar } from './eventos';

export type TrabajadorWebhooks = { iniciar(): void; despertar(): void; detener(): Promise<void> };

/** Deliveries in flight at once in one instance. */
const EN_VUELO = 8;

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export function crearTrabajadorWebhooks(
  deps: { db: Db; box: SecretBox; log: Log },
  config: IntegracionesConfig['webhooks'],
): TrabajadorWebhooks {
  // The call (its timer covers the name's lookup too) and its write, with room: a lease shorter than the work would
  // let a second worker in; a longer one delays the deliveries of a worker that died.
  const leaseMs = config.timeoutMs + 10_000;
  const enCurso = new Set<Promise<void>>();
  const parar = new AbortController();
  let activo = false;
  let ciclo: Promise<void> | undefined;
  let alDespertar: (() => void) | undefined;
  let pendienteDespertar = false;
  let dejarDeEscuchar: (() => void) | undefined;

  const despertar = () => {
    pendienteDespertar = true;
    alDespertar?.();
  };

  async function dormir() {
    if (pendienteDespertar) return;
    let ms = config.intervaloMs;
    if (enCurso.size < EN_VUELO) {
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

  async function una(tomada: Tomada) {
    let secreto: string;
    try {
      secreto = deps.box.decryptText(tomada.secretoSellado);
    } catch (error) {
      const intento = { ok: false, fecha: new Date().toISOString(), codigo: null, error: (error as Error).message, ms: 0 };
      await registrarIntento(deps.db, tomada, intento, config.reintentoMs);
      return;
    }
    const intento = await entregar(
      { url: tomada.url, secreto, cuerpo: tomada.cuerpo, evento: tomada.ENT_EVENTO, entrega: tomada.ENT_CODIGO },
      { timeoutMs: config.timeoutMs, redesPrivadas: config.redesPrivadas, parar: parar.signal },
    );
    if (parar.signal.aborted && !intento.ok) {
      await soltar(deps.db, tomada);
      return;
    }
    if (!(await registrarIntento(deps.db, tomada, intento, config.reintentoMs)))
      deps.log.warn({ entrega: tomada.ENT_CODIGO }, 'webhooks: la entrega pasó a otro trabajador');
  }

  function lanzar(tomada: Tomada) {
    const trabajo = una(tomada)
      .catch((error: Error) =>
        deps.log.error({ entrega: tomada.ENT_CODIGO, err: { message: error.message } }, 'webhooks: falló una entrega'),
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
      const libres = EN_VUELO - enCurso.size;
      if (libres > 0) {
        try {
          for (const tomada of await tomar(deps.db, libres, leaseMs)) lanzar(tomada);
        } catch (error) {
          if (!activo) break;
          deps.log.error({ err: { message: (error as Error).message } }, 'webhooks: no se pudo leer la cola');
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
      dejarDeEscuchar = alEncolar(despertar);
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
