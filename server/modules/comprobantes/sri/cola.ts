/**
 * The SRI's queue (table sri_cola): one row per document with work left, and the step it is at. Taking work marks the
 * rows with a lease (COL_TOMADA_HASTA) under FOR UPDATE SKIP LOCKED, so that two workers — two API instances on one
 * PostgreSQL — never take the same row, and a worker that dies lets its rows go when the lease passes (the queue
 * resumes after a restart). Every later write names the lease it holds: a worker whose lease was taken over changes
 * nothing (TareaPerdida) — the document is never processed twice at once.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../infra/db/client';
import { facturas, sriCola } from '../../../infra/db/schema';

export const PASOS = ['ENVIAR', 'AUTORIZAR', 'ENTREGAR'] as const;
export type Paso = (typeof PASOS)[number];
/** What the steps need of the document, read with the row that was taken (FAC_XML only for ENVIAR). */
export type DocumentoCola = {
  EMP_CODIGO: number;
  /** Its type's codDoc (01, 04, 05): the registry (server/modules/tipos.ts) gives its name, RIDE and email. */
  FAC_TIPO: string;
  FAC_ESTADO: string;
  FAC_XML: string | null;
  FAC_CLAVE_ACCESO: string | null;
  FAC_AMBIENTE: number | null;
};
export type Tarea = { FAC_CODIGO: number; paso: Paso; intentos: number; tomadaHasta: Date; doc: DocumentoCola };

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

type FilaTomada = {
  fac_codigo: number;
  col_paso: Paso;
  col_intentos: number;
  col_tomada_hasta: Date | string;
  emp_codigo: number;
  fac_tipo: string;
  fac_estado: string;
  fac_xml: string | null;
  fac_clave_acceso: string | null;
  fac_ambiente: number | null;
};

/**
 * Takes up to `cantidad` due rows for `leaseMs`, with their invoices, in one statement: the SRI's steps first (the
 * longest waiting first), the emails after them, so that a burst of invoices is authorized before its PDFs are drawn.
 * A document about to be sent is marked ENVIADA in the same statement: from now on its answer may exist at the SRI.
 */
export async function tomar(db: Executor, cantidad: number, leaseMs: number): Promise<Tarea[]> {
  const result = await db.execute(sql`
    WITH tomadas AS (
      UPDATE ${sriCola} SET col_tomada_hasta = date_trunc('milliseconds', now()) + make_interval(secs => ${leaseMs / 1000})
      WHERE fac_codigo IN (
        SELECT fac_codigo FROM ${sriCola}
        WHERE col_proximo <= now() AND (col_tomada_hasta IS NULL OR col_tomada_hasta < now())
        ORDER BY col_paso = 'ENTREGAR', col_proximo LIMIT ${cantidad}
        FOR UPDATE SKIP LOCKED)
      RETURNING fac_codigo, col_paso, col_intentos, col_tomada_hasta),
    enviadas AS (
      UPDATE ${facturas} SET fac_estado = 'ENVIADA'
      WHERE fac_codigo IN (SELECT fac_codigo FROM tomadas WHERE col_paso = 'ENVIAR') AND fac_estado = 'FIRMADA'
      RETURNING fac_codigo)
    SELECT t.fac_codigo, t.col_paso, t.col_intentos, t.col_tomada_hasta, f.emp_codigo, f.fac_tipo,
      CASE WHEN e.fac_codigo IS NULL THEN f.fac_estado ELSE 'ENVIADA' END AS fac_estado,
      CASE WHEN t.col_paso = 'ENVIAR' THEN f.fac_xml END AS fac_xml, f.fac_clave_acceso, f.fac_ambiente
    FROM tomadas t JOIN ${facturas} f ON f.fac_codigo = t.fac_codigo LEFT JOIN enviadas e ON e.fac_codigo = t.fac_codigo`);
  return (result.rows as FilaTomada[]).map((r) => ({
    FAC_CODIGO: Number(r.fac_codigo),
    paso: r.col_paso,
    intentos: Number(r.col_intentos),
    tomadaHasta: new Date(r.col_tomada_hasta),
    doc: {
      EMP_CODIGO: Number(r.emp_codigo),
      FAC_TIPO: r.fac_tipo,
      FAC_ESTADO: r.fac_estado,
      FAC_XML: r.fac_xml,
      FAC_CLAVE_ACCESO: r.fac_clave_acceso,
      FAC_AMBIENTE: r.fac_ambiente === null ? null : Number(r.fac_ambiente),
    },
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

/**
 * The next step, right away, still under this worker's lease. `intentos`: 0 when the document made progress (the SRI
 * received it), the attempts so far on a detour (a resend on the way to asking again), so that the wait keeps growing.
 */
export async function avanzar(tx: Executor, tarea: Tarea, paso: Paso, intentos = 0) {
  await exigir(
    tx
      .update(sriCola)
      .set({ COL_PASO: paso, COL_INTENTOS: intentos, COL_ERROR: null, COL_PROXIMO: sql`now()` })
      .where(mia(tarea))
      .returning({ id: sriCola.FAC_CODIGO }),
  );
  tarea.paso = paso;
  tarea.intentos = intentos;
}

/** The next step, due now but taken again in its turn (an email waits behind the SRI's steps of other documents). */
export async function soltar(tx: Executor, tarea: Tarea, paso: Paso) {
  await exigir(
    tx
      .update(sriCola)
      .set({ COL_PASO: paso, COL_INTENTOS: 0, COL_ERROR: null, COL_PROXIMO: sql`now()`, COL_TOMADA_HASTA: null })
      .where(mia(tarea))
      .returning({ id: sriCola.FAC_CODIGO }),
  );
}

/** The document's work is done: off the queue. */
export async function terminar(tx: Executor, tarea: Tarea) {
  await exigir(tx.delete(sriCola).where(mia(tarea)).returning({ id: sriCola.FAC_CODIGO }));
}

/**
 * Later: the lease is let go, one more attempt counted, and why (the invoice page shows it). The count goes on when the
 * next attempt is another step (asking ↔ sending again): only progress starts it over (avanzar, soltar, encolar).
 */
export async function reintentar(tx: Executor, tarea: Tarea, demoraMs: number, error: string | null, paso: Paso = tarea.paso) {
  await exigir(
    tx
      .update(sriCola)
      .set({
        COL_PASO: paso,
        COL_INTENTOS: tarea.intentos + 1,
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
