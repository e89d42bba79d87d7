/**
 * The worker that delivers webhooks in the background of each API instance (WEBHOOKS_COLA): it takes due deliveries
 * (up to EN_VUELO at once), POSTs each, records the attempt, and sleeps until the next one falls due, intervaloMs at
 * most, or until an event enqueued in this process wakes it. Stopping aborts the calls in flight: their rows are let
 * go without an attempt and stay PENDIENTE, delivered again by the next worker (at least once).
 */
import type { IntegracionesConfig } from '../../config';
import { crearTrabajadorCola, type TrabajadorCola } from '../../core/trabajador-cola';
import type { Db } from '../../infra/db/client';
import type { SecretBox } from '../../infra/secret-box';
import { proximoVencimiento, registrarIntento, soltar, tomar, type Tomada } from './cola';
import { entregar } from './entrega';
import { alEncolar } from './eventos';

export type TrabajadorWebhooks = TrabajadorCola;

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

  async function una(tomada: Tomada, parar: AbortSignal) {
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
      { timeoutMs: config.timeoutMs, redesPrivadas: config.redesPrivadas, parar },
    );
    if (parar.aborted && !intento.ok) {
      await soltar(deps.db, tomada);
      return;
    }
    if (!(await registrarIntento(deps.db, tomada, intento, config.reintentoMs)))
      deps.log.warn({ entrega: tomada.ENT_CODIGO }, 'webhooks: la entrega pasó a otro trabajador');
  }

  return crearTrabajadorCola({
    concurrencia: EN_VUELO,
    intervaloMs: config.intervaloMs,
    tomar: (libres) => tomar(deps.db, libres, leaseMs),
    proximo: () => proximoVencimiento(deps.db),
    procesar: una,
    describir: (tomada) => ({ entrega: tomada.ENT_CODIGO }),
    escuchar: alEncolar,
    mensajes: { fallo: 'webhooks: falló una entrega', lectura: 'webhooks: no se pudo leer la cola' },
    log: deps.log,
  });
}
