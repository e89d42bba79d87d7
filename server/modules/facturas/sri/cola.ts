/**
 * The SRI's queue (table sri_cola): one row per document with work left, and the step it is at. Taking work marks the
 * rows with a lease (COL_TOMADA_HASTA) under FOR UPDATE SKIP LOCKED, so that two workers — two API instances on one
 * PostgreSQL — never take the same row, and a worker that dies lets its rows go when the lease passes (the queue
 * resumes after a restart). Every later write names the lease it holds: a worker whose lease was taken over changes
 * nothing (TareaPerdida) — the document is never processed twice at once.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../infra/db/client';
import { sriCola } from '../../../infra/db/schema';

export const PASOS = ['ENVIAR', 'AUTORIZAR', 'ENTREGAR'] as const;
export type Paso = (typeof PASOS)[number];
export type Tarea = { FAC_CODIGO: number; paso: Paso; intentos: number; tomadaHasta: Date };

/** The lease was taken over (it passed while this worker was slow): its work is someone else's now. */
export class TareaPerdida extends Error {}

/** Puts the document on the queue at `paso`, due now (in the caller's transaction: issued and queued, or neither). */
export async function encolar(tx: Executor, id: number, paso: Paso = 'ENVIAR') {
  await tx
    .insert(sriCola)
    .values({ FAC_CODIGO: id, COL_PASO: paso })
    .onConflictDoUpdate({
      target: sriCola.FAC_CODIGO,
      set: { COL_PASO: paso, COL_INTENTOS: 0, COL_PROXIMO: sql`now()`, COL_TOMADA_HASTA: null, COL_ERROR: null },
    });
}

type FilaTomada = { fac_codigo: number; col_paso: Paso; col_intentos: number; col_tomada_hasta: Date | string };

/** Takes up to `cantidad` due rows for `leaseMs`, the longest waiting first. */
export async function tomar(db: Executor, cantidad: number, leaseMs: number): Promise<Tarea[]> {
  const result = await db.execute(sql`
    UPDATE ${sriCola} SET col_tomada_hasta = date_trunc('milliseconds', now()) + make_interval(secs => ${leaseMs / 1000})
    WHERE fac_codigo IN (
      SELECT fac_codigo FROM ${sriCola}
      WHERE col_proximo <= now() AND (col_tomada_hasta IS NULL OR col_tomada_hasta < now())
      ORDER BY col_proximo LIMIT ${cantidad}
      FOR UPDATE SKIP LOCKED)
    RETURNING fac_codigo, col_paso, col_intentos, col_tomada_hasta`);
  return (result.rows as FilaTomada[]).map((r) => ({
    FAC_CODIGO: Number(r.fac_codigo),
    paso: r.col_paso,
    intentos: Number(r.col_intentos),
    tomadaHasta: new Date(r.col_tomada_hasta),
  }));
}

/** When the next row falls due (for the idle worker's sleep), or null when the queue is empty. */
export async function proximoVencimiento(db: Executor): Promise<Date | null> {
  const result = await db.execute(
    sql`SELECT min(greatest(col_proximo, coalesce(col_tomada_hasta, col_proximo))) AS proximo FROM ${sriCola}`,
  );
  const value = (result.rows[0] as { proximo: Date | string | null } | undefined)?.proximo;
  return value ? new Date(value) : null;
}

const mia = (tarea: Tarea) => and(eq(sriCola.FAC_CODIGO, tarea.FAC_CODIGO), eq(sriCola.COL_TOMADA_HASTA, tarea.tomadaHasta));

async function exigir(filas: Promise<unknown[]>) {
  if ((await filas).length === 0) throw new TareaPerdida();
}

/** The next step, right away, still under this worker's lease. */
export async function avanzar(tx: Executor, tarea: Tarea, paso: Paso) {
  await exigir(
    tx
      .update(sriCola)
      .set({ COL_PASO: paso, COL_INTENTOS: 0, COL_ERROR: null, COL_PROXIMO: sql`now()` })
      .where(mia(tarea))
      .returning({ id: sriCola.FAC_CODIGO }),
  );
  tarea.paso = paso;
  tarea.intentos = 0;
}

/** The document's work is done: off the queue. */
export async function terminar(tx: Executor, tarea: Tarea) {
  await exigir(tx.delete(sriCola).where(mia(tarea)).returning({ id: sriCola.FAC_CODIGO }));
}

/** Later: the lease is let go, one more attempt counted, and why (the invoice page shows it). */
export async function reintentar(tx: Executor, tarea: Tarea, demoraMs: number, error: string | null, paso: Paso = tarea.paso) {
  await exigir(
    tx
      .update(sriCola)
      .set({
        COL_PASO: paso,
        COL_INTENTOS: paso === tarea.paso ? tarea.intentos + 1 : 0,
        COL_PROXIMO: sql`now() + make_interval(secs => ${demoraMs / 1000})`,
        COL_TOMADA_HASTA: null,
        COL_ERROR: error?.slice(0, 500) ?? null,
      })
      .where(mia(tarea))
      .returning({ id: sriCola.FAC_CODIGO }),
  );
}

/** base · 2^intentos, at most 5 minutes, ±20 % so that many documents that failed together do not retry together. */
export function espera(baseMs: number, intentos: number): number {
  const sinAzar = Math.min(baseMs * 2 ** Math.min(intentos, 20), 5 * 60_000);
  return Math.round(sinAzar * (0.8 + Math.random() * 0.4));
}
