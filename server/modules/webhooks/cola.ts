/**
 * The deliveries' queue (table webhooks_entregas, its PENDIENTE rows): taking due rows marks them with a lease
 * (ENT_TOMADA_HASTA) under FOR UPDATE SKIP LOCKED, so that two instances never take the same delivery at once, and a
 * worker that dies lets its rows go when the lease passes. Every later write names the lease: a worker whose lease was
 * taken over changes nothing. Delivery is at least once (a process killed after the receiver's 2xx and before the write
 * sends it again): receivers deduplicate by Amelia-Delivery.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { webhooks, webhooksEntregas } from '../../infra/db/schema';
import type { Intento } from './entrega';

/** How long a delivery is retried after its event: then FALLIDA. */
export const PLAZO_REINTENTOS_HORAS = 24;
/** The longest wait between two tries. */
const ESPERA_MAXIMA_MS = 60 * 60_000;
/** The attempts a delivery's log keeps (the newest). */
const INTENTOS_GUARDADOS = 20;

export type Tomada = {
  ENT_CODIGO: number;
  ENT_EVENTO: string;
  cuerpo: string;
  intentos: number;
  tomadaHasta: Date;
  url: string;
  secretoSellado: string;
};

type Fila = {
  ent_codigo: number;
  ent_evento: string;
  ent_cuerpo: unknown;
  ent_intentos: number;
  ent_tomada_hasta: Date | string;
  web_url: string;
  web_secreto: string;
};

/** Takes up to `cantidad` due deliveries for `leaseMs` (the longest waiting first), with their endpoint's URL and secret. */
export async function tomar(db: Executor, cantidad: number, leaseMs: number): Promise<Tomada[]> {
  const result = await db.execute(sql`
    WITH tomadas AS (
      UPDATE ${webhooksEntregas} SET ent_tomada_hasta = date_trunc('milliseconds', now()) + make_interval(secs => ${leaseMs / 1000})
      WHERE ent_codigo IN (
        SELECT ent_codigo FROM ${webhooksEntregas}
        WHERE ent_estado = 'PENDIENTE' AND ent_proximo <= now() AND (ent_tomada_hasta IS NULL OR ent_tomada_hasta < now())
        ORDER BY ent_proximo LIMIT ${cantidad}
        FOR UPDATE SKIP LOCKED)
      RETURNING ent_codigo, web_codigo, ent_evento, ent_cuerpo, ent_intentos, ent_tomada_hasta)
    SELECT t.ent_codigo, t.ent_evento, t.ent_cuerpo, t.ent_intentos, t.ent_tomada_hasta, w.web_url, w.web_secreto
    FROM tomadas t JOIN ${webhooks} w ON w.web_codigo = t.web_codigo`);
  return (result.rows as Fila[]).map((r) => ({
    ENT_CODIGO: Number(r.ent_codigo),
    ENT_EVENTO: r.ent_evento,
    // The body as stored: what is signed is exactly what is sent.
    cuerpo: typeof r.ent_cuerpo === 'string' ? r.ent_cuerpo : JSON.stringify(r.ent_cuerpo),
    intentos: Number(r.ent_intentos),
    tomadaHasta: new Date(r.ent_tomada_hasta),
    url: r.web_url,
    secretoSellado: r.web_secreto,
  }));
}

/** When the next delivery falls due (for the idle worker's sleep), or null when none is pending. */
export async function proximoVencimiento(db: Executor): Promise<Date | null> {
  const result = await db.execute(
    sql`SELECT min(greatest(ent_proximo, coalesce(ent_tomada_hasta, ent_proximo))) AS proximo FROM ${webhooksEntregas} WHERE ent_estado = 'PENDIENTE'`,
  );
  const value = (result.rows[0] as { proximo: Date | string | null } | undefined)?.proximo;
  return value ? new Date(value) : null;
}

const conIntento = (intento: Intento) =>
  sql`(SELECT coalesce(jsonb_agg(x ORDER BY n), '[]'::jsonb) FROM (
        SELECT x, n FROM jsonb_array_elements(ent_intentos_detalle || ${JSON.stringify([intento])}::jsonb) WITH ORDINALITY AS a(x, n)
        ORDER BY n DESC LIMIT ${INTENTOS_GUARDADOS}) ultimos)`;

/**
 * Records an attempt under this worker's lease: a 2xx → ENTREGADA; anything else → tried again after
 * reintentoMs·2^(n-1) (at most an hour), or FALLIDA once PLAZO_REINTENTOS_HORAS have passed since the event. False
 * when the lease was lost (nothing changed).
 */
export async function registrarIntento(
  db: Executor,
  tomada: Tomada,
  intento: Intento & { ok: boolean },
  reintentoMs: number,
): Promise<boolean> {
  const n = tomada.intentos + 1;
  const esperaMs = Math.min(reintentoMs * 2 ** Math.min(n - 1, 30), ESPERA_MAXIMA_MS);
  const { ok, ...detalle } = intento;
  const result = await db.execute(sql`
    UPDATE ${webhooksEntregas} SET
      ent_intentos = ent_intentos + 1,
      ent_intentos_detalle = ${conIntento(detalle)},
      ent_tomada_hasta = NULL,
      ent_estado = CASE WHEN ${ok} THEN 'ENTREGADA'
        WHEN ent_creada <= now() - make_interval(hours => ${PLAZO_REINTENTOS_HORAS}) THEN 'FALLIDA' ELSE 'PENDIENTE' END,
      ent_entregada = CASE WHEN ${ok} THEN now() ELSE ent_entregada END,
      ent_proximo = CASE WHEN ${ok} THEN ent_proximo ELSE now() + make_interval(secs => ${esperaMs / 1000}) END
    WHERE ent_codigo = ${tomada.ENT_CODIGO} AND ent_tomada_hasta = ${tomada.tomadaHasta.toISOString()}::timestamptz
    RETURNING ent_codigo`);
  return result.rows.length > 0;
}

/** Lets a delivery go without an attempt (the server is stopping): another worker takes it at once. */
export async function soltar(db: Executor, tomada: Tomada) {
  await db.execute(
    sql`UPDATE ${webhooksEntregas} SET ent_tomada_hasta = NULL WHERE ent_codigo = ${tomada.ENT_CODIGO} AND ent_tomada_hasta = ${tomada.tomadaHasta.toISOString()}::timestamptz`,
  );
}
