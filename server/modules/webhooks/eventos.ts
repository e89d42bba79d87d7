/**
 * Enqueuing an event: one delivery row per active endpoint of the company subscribed to it, written in the caller's
 * transaction (the change and its deliveries commit together, so no event is lost), with its body fixed now. The core
 * (comprobantes) calls this and hands in how to read the document's summary: webhooks never import comprobantes.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { empresas, webhooks, webhooksEntregas } from '../../infra/db/schema';
import type { EventoWebhook } from '../../../domain/integraciones';

export type Evento = {
  empresa: number;
  evento: EventoWebhook | 'ping';
  FAC_CODIGO: number | null;
  /** The document's summary as the transaction sees it (resumenComprobante); read only when someone is subscribed. */
  resumen?: (tx: Executor, id: number) => Promise<unknown>;
  /** Only this endpoint (a ping), active or not. */
  webhook?: number;
};

/** The workers of this process, woken when an event is enqueued here (each registers itself while it runs). */
const despertadores = new Set<() => void>();

export function alEncolar(despertar: () => void): () => void {
  despertadores.add(despertar);
  return () => despertadores.delete(despertar);
}

/**
 * Wakes this process's workers now and again a moment later: the rows become visible when the caller's transaction
 * commits, which usually happens within the first wait; polling (intervaloMs) covers a slower commit.
 */
export function despertarTrabajadores() {
  for (const espera of [0, 100]) setTimeout(() => despertadores.forEach((despertar) => despertar()), espera).unref();
}

const suscritos = (e: Evento) =>
  e.webhook === undefined
    ? and(eq(webhooks.EMP_CODIGO, e.empresa), eq(webhooks.WEB_ACTIVO, true), sql`${e.evento} = ANY(${webhooks.WEB_EVENTOS})`)
    : and(eq(webhooks.EMP_CODIGO, e.empresa), eq(webhooks.WEB_CODIGO, e.webhook));

/**
 * The deliveries of `e`, in `tx`: their ids. A company without endpoints costs one query on webhooks' company index
 * (the SRI's queue asks that within its own statement and calls this only when someone is subscribed); with endpoints,
 * the document's summary and one INSERT, which adds the company's RUC and name to each body and gives each body its
 * delivery's id, taken from the sequence in the same statement.
 */
export async function encolarEvento(tx: Executor, e: Evento): Promise<number[]> {
  const [alguno] = await tx
    .select({ uno: sql`1` })
    .from(webhooks)
    .where(suscritos(e))
    .limit(1);
  if (!alguno) return [];
  const comprobante = e.FAC_CODIGO !== null && e.resumen ? ((await e.resumen(tx, e.FAC_CODIGO)) ?? null) : null;
  const cuerpo = { id: '', evento: e.evento, creado: new Date().toISOString(), empresa: null, comprobante };
  const result = await tx.execute(sql`
    INSERT INTO ${webhooksEntregas} (ent_codigo, web_codigo, emp_codigo, ent_evento, fac_codigo, ent_cuerpo)
    SELECT n.id, n.web_codigo, n.emp_codigo, ${e.evento}::varchar, ${e.FAC_CODIGO}::integer,
      jsonb_set(jsonb_set(${JSON.stringify(cuerpo)}::jsonb, '{id}', to_jsonb(n.id::text)), '{empresa}', n.empresa)
    FROM (
      -- nextval in the select list of the endpoints' own rows: one new id per endpoint.
      SELECT nextval(pg_get_serial_sequence('webhooks_entregas', 'ent_codigo')) AS id, w.web_codigo, w.emp_codigo,
        coalesce((SELECT jsonb_build_object('ruc', ${empresas.EMP_RUC}, 'nombre', ${empresas.EMP_NOMBRE}) FROM ${empresas}
          WHERE ${empresas.EMP_CODIGO} = w.emp_codigo), 'null'::jsonb) AS empresa
      FROM ${webhooks} w
      WHERE w.web_codigo IN (SELECT ${webhooks.WEB_CODIGO} FROM ${webhooks} WHERE ${suscritos(e)})
    ) n
    RETURNING ent_codigo`);
  if (result.rows.length > 0) despertarTrabajadores();
  return (result.rows as Array<{ ent_codigo: number }>).map((r) => Number(r.ent_codigo));
}
