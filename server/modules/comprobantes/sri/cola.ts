/**
 * The SRI's queue (table sri_cola): one row per document with work left, and the step it is at. Taking work marks the
 * rows with a lease (COL_TOMADA_HASTA) under FOR UPDATE SKIP LOCKED, so that two workers — two API instances on one
 * PostgreSQL — never take the same row, and a worker that dies lets its rows go when the lease passes (the queue
 * resumes after a restart). Every later write names the lease it holds: a worker whose lease was taken over changes
 * nothing (TareaPerdida) — the document is never processed twice at once.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../infra/db/client';
import { facturas, sriCola, webhooks } from '../../../infra/db/schema';
import type { EventoWebhook } from '../../../../domain/integraciones';

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
  /** When the SRI first received it under its current key (the 24 hours count from then). */
  FAC_RECIBIDA: Date | null;
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
  fac_recibida: Date | string | null;
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
      CASE WHEN t.col_paso = 'ENVIAR' THEN f.fac_xml END AS fac_xml, f.fac_clave_acceso, f.fac_ambiente, f.fac_recibida
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
      FAC_RECIBIDA: r.fac_recibida === null ? null : new Date(r.fac_recibida),
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

/** What a step does to the queue's row: the same as avanzar, soltar, terminar and reintentar. */
export type CambioCola =
  | { accion: 'avanzar'; paso: Paso; intentos?: number }
  | { accion: 'soltar'; paso: Paso }
  | { accion: 'terminar' }
  | { accion: 'reintentar'; demoraMs: number; error: string | null; paso?: Paso };

export type Escritura = {
  cola: CambioCola;
  /** The document's columns the step sets, when its state is one of `estados` (in any state without them). */
  factura?: { set: PgUpdateSetSource<typeof facturas>; estados?: string[] };
  /** The webhooks' event the document's change raises: a company with an endpoint subscribed to it is left to the caller. */
  evento?: { empresa: number; evento: EventoWebhook };
  /** The plan's consumption (planesEmpresa's consumoSql: an UPDATE … RETURNING given the document's issue date and when it runs). */
  consumo?: (emitida: SQL, si: SQL) => SQL;
  /** Locks the invoice a note modifies first, as a collection does. */
  bloquearModificada?: boolean;
};

/**
 * One step's writes in one statement (one transaction: all or nothing), under the lease (TareaPerdida when it was taken
 * over): the document's row, the plan's document and the queue's row. 'aparte' when nothing was written because the
 * step needs more than a statement — an endpoint subscribed to the event, whose body is built apart, or no plan to
 * pay, which the company's history records —: the caller does it in a transaction instead.
 */
export async function escribir(db: Executor, tarea: Tarea, e: Escritura): Promise<'hecho' | 'aparte'> {
  const listo = sql`EXISTS (SELECT 1 FROM listo)`;
  const suscrito = e.evento
    ? sql`SELECT 1 FROM ${webhooks} WHERE ${webhooks.EMP_CODIGO} = ${e.evento.empresa} AND ${webhooks.WEB_ACTIVO}
        AND ${e.evento.evento}::varchar = ANY(${webhooks.WEB_EVENTOS}) LIMIT 1`
    : sql`SELECT 1 WHERE false`;
  const estados = e.factura?.estados
    ? sql` AND fac_estado IN (${sql.join(
        e.factura.estados.map((x) => sql`${x}`),
        sql`, `,
      )})`
    : sql``;
  const modificada = e.bloquearModificada
    ? sql`modificada AS (SELECT 1 FROM ${facturas} WHERE fac_codigo = (SELECT fac_modifica FROM ${facturas} WHERE fac_codigo = ${tarea.FAC_CODIGO})
        AND EXISTS (SELECT 1 FROM mia) FOR UPDATE),`
    : sql`modificada AS (SELECT 1 WHERE false),`;
  // The lock of the note's invoice is taken before the note's own row: doc counts its rows, which runs it first.
  const consumo = e.consumo
    ? sql`plan AS (${e.consumo(sql`(SELECT fac_fecha FROM doc)`, sql`EXISTS (SELECT 1 FROM doc) AND NOT EXISTS (SELECT 1 FROM suscrito)`)}),
      listo AS (SELECT 1 FROM mia WHERE NOT EXISTS (SELECT 1 FROM suscrito) AND (EXISTS (SELECT 1 FROM plan) OR NOT EXISTS (SELECT 1 FROM doc))),`
    : sql`listo AS (SELECT 1 FROM mia WHERE NOT EXISTS (SELECT 1 FROM suscrito)),`;
  const factura = e.factura
    ? sql`cambiada AS (${db
        .update(facturas)
        .set(e.factura.set)
        .where(sql`${facturas.FAC_CODIGO} IN (SELECT fac_codigo FROM doc) AND ${listo}`)
        .returning({ id: facturas.FAC_CODIGO })
        .getSQL()}),`
    : sql``;
  const result = await db.execute(sql`
    WITH mia AS (SELECT fac_codigo FROM ${sriCola} WHERE fac_codigo = ${tarea.FAC_CODIGO} AND col_tomada_hasta = ${tarea.tomadaHasta.toISOString()}::timestamptz FOR UPDATE),
    ${modificada}
    doc AS (SELECT fac_codigo, fac_fecha FROM ${facturas} WHERE fac_codigo = ${tarea.FAC_CODIGO}${estados}
      AND EXISTS (SELECT 1 FROM mia) AND (SELECT count(*) FROM modificada) >= 0 FOR UPDATE),
    suscrito AS (${suscrito}),
    ${consumo}
    ${factura}
    cola AS (${cambioCola(db, e.cola, tarea, sql`${sriCola.FAC_CODIGO} IN (SELECT fac_codigo FROM mia) AND ${listo}`).getSQL()})
    SELECT (SELECT count(*) FROM mia)::int AS mia, (SELECT count(*) FROM cola)::int AS hecho`);
  const fila = result.rows[0] as { mia: number; hecho: number };
  if (Number(fila.mia) === 0) throw new TareaPerdida();
  if (Number(fila.hecho) === 0) return 'aparte';
  if (e.cola.accion === 'avanzar' || e.cola.accion === 'soltar') {
    tarea.paso = e.cola.paso;
    tarea.intentos = e.cola.accion === 'avanzar' ? (e.cola.intentos ?? 0) : 0;
  }
  return 'hecho';
}

function cambioCola(db: Executor, c: CambioCola, tarea: Tarea, donde: SQL) {
  if (c.accion === 'terminar') return db.delete(sriCola).where(donde).returning({ id: sriCola.FAC_CODIGO });
  const set =
    c.accion === 'reintentar'
      ? {
          COL_PASO: c.paso ?? tarea.paso,
          COL_INTENTOS: tarea.intentos + 1,
          COL_PROXIMO: sql`now() + make_interval(secs => ${c.demoraMs / 1000})`,
          COL_TOMADA_HASTA: null,
          COL_ERROR: c.error?.slice(0, 500) ?? null,
        }
      : {
          COL_PASO: c.paso,
          COL_INTENTOS: c.accion === 'avanzar' ? (c.intentos ?? 0) : 0,
          COL_ERROR: null,
          COL_PROXIMO: sql`now()`,
          ...(c.accion === 'soltar' ? { COL_TOMADA_HASTA: null } : {}),
        };
  return db.update(sriCola).set(set).where(donde).returning({ id: sriCola.FAC_CODIGO });
}

/** base · 2^intentos, at most 5 minutes, ±20 % so that many documents that failed together do not retry together. */
export function espera(baseMs: number, intentos: number): number {
  const sinAzar = Math.min(baseMs * 2 ** Math.min(intentos, 20), 5 * 60_000);
  return Math.round(sinAzar * (0.8 + Math.random() * 0.4));
}
