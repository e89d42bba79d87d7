/**
 * The SRI's queue (table sri_cola): one row per document with work left, and the step it is at. Taking work marks the
 * rows with a lease (COL_TOMADA_HASTA) under FOR UPDATE SKIP LOCKED, so that two workers — two API instances on one
 * PostgreSQL — never take the same row, and a worker that dies lets its rows go when the lease passes (the queue
 * resumes after a restart). Every later write names the lease it holds: a worker whose lease was taken over changes
 * nothing (TareaPerdida) — the document is never processed twice at once.
 */
import { is, SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../infra/db/client';
import { empresas, facturas, sriCola, webhooks } from '../../../infra/db/schema';
import { preparedSql } from '../../../infra/db/prepared';
import type { EventoWebhook } from '../../../../domain/integraciones';
import type { FilaEntrega } from './entrega';
import type { RespuestaRecepcion } from './cliente';

export const PASOS = ['ENVIAR', 'AUTORIZAR', 'ENTREGAR'] as const;
export type Paso = (typeof PASOS)[number];
/** What the steps need of the document, read with the row that was taken (FAC_XML only for ENVIAR and ENTREGAR). */
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
  /** At ENTREGAR: the row the email is made of. */
  entrega?: FilaEntrega;
};
export type Tarea = {
  FAC_CODIGO: number;
  paso: Paso;
  intentos: number;
  tomadaHasta: Date;
  doc: DocumentoCola;
  /** The SRI received it during this take (its reception's messages), not yet written: the take's next write says so. */
  recibida?: RespuestaRecepcion['mensajes'];
};

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
  fac_numero: string | null;
  fac_autorizacion: string | null;
  fac_fecha_autorizacion: Date | string | null;
  emp_correo: string | null;
  emp_logo: string | null;
};

const fecha = (valor: Date | string | null) => (valor === null ? null : new Date(valor));

/**
 * Takes up to `cantidad` due rows for `leaseMs`, with their invoices, in one statement: the SRI's steps first (the
 * longest waiting first), the emails after them, so that a burst of invoices is authorized before its PDFs are drawn.
 * A document about to be sent is marked ENVIADA in the same statement: from now on its answer may exist at the SRI.
 * An email's row comes with what the email needs of the document and its company (entrega.ts reads nothing more).
 */
export async function tomar(db: Executor, cantidad: number, leaseMs: number): Promise<Tarea[]> {
  // The limit is part of the statement, one prepared statement per size of take: with it as a parameter the generic
  // plan sorts every due row, so PostgreSQL plans the statement anew on every take (about 1.5 ms on PGlite).
  const limite = Math.max(1, Math.floor(cantidad));
  const statement = preparedSql<FilaTomada>(
    db,
    `sri_tomar_${limite}`,
    () => sql`
    WITH tomadas AS (
      UPDATE ${sriCola} SET col_tomada_hasta = date_trunc('milliseconds', now()) + make_interval(secs => ${sql.placeholder('segundos')})
      WHERE fac_codigo IN (
        SELECT fac_codigo FROM ${sriCola}
        WHERE col_proximo <= now() AND (col_tomada_hasta IS NULL OR col_tomada_hasta < now())
        ORDER BY col_paso = 'ENTREGAR', col_proximo LIMIT ${sql.raw(String(limite))}
        FOR UPDATE SKIP LOCKED)
      RETURNING fac_codigo, col_paso, col_intentos, col_tomada_hasta),
    enviadas AS (
      UPDATE ${facturas} SET fac_estado = 'ENVIADA'
      WHERE fac_codigo IN (SELECT fac_codigo FROM tomadas WHERE col_paso = 'ENVIAR') AND fac_estado = 'FIRMADA'
      RETURNING fac_codigo)
    SELECT t.fac_codigo, t.col_paso, t.col_intentos, t.col_tomada_hasta, f.emp_codigo, f.fac_tipo,
      CASE WHEN e.fac_codigo IS NULL THEN f.fac_estado ELSE 'ENVIADA' END AS fac_estado,
      CASE WHEN t.col_paso IN ('ENVIAR', 'ENTREGAR') THEN f.fac_xml END AS fac_xml, f.fac_clave_acceso, f.fac_ambiente,
      f.fac_recibida, f.fac_numero, f.fac_autorizacion, f.fac_fecha_autorizacion, m.emp_correo, m.emp_logo
    FROM tomadas t JOIN ${facturas} f ON f.fac_codigo = t.fac_codigo LEFT JOIN enviadas e ON e.fac_codigo = t.fac_codigo
      LEFT JOIN ${empresas} m ON t.col_paso = 'ENTREGAR' AND m.emp_codigo = f.emp_codigo`,
  );
  const filas = await statement.execute({ segundos: leaseMs / 1000 });
  return filas.map((r) => {
    const doc: DocumentoCola = {
      EMP_CODIGO: Number(r.emp_codigo),
      FAC_TIPO: r.fac_tipo,
      FAC_ESTADO: r.fac_estado,
      FAC_XML: r.fac_xml,
      FAC_CLAVE_ACCESO: r.fac_clave_acceso,
      FAC_AMBIENTE: r.fac_ambiente === null ? null : Number(r.fac_ambiente),
      FAC_RECIBIDA: fecha(r.fac_recibida),
    };
    if (r.col_paso === 'ENTREGAR' && r.emp_correo !== null) {
      doc.entrega = {
        EMP_CODIGO: doc.EMP_CODIGO,
        FAC_TIPO: doc.FAC_TIPO,
        FAC_NUMERO: r.fac_numero,
        FAC_XML: doc.FAC_XML,
        FAC_AUTORIZACION: r.fac_autorizacion,
        FAC_FECHA_AUTORIZACION: fecha(r.fac_fecha_autorizacion),
        FAC_AMBIENTE: doc.FAC_AMBIENTE,
        EMP_CORREO: r.emp_correo,
        EMP_LOGO: r.emp_logo,
      };
    }
    return {
      FAC_CODIGO: Number(r.fac_codigo),
      paso: r.col_paso,
      intentos: Number(r.col_intentos),
      tomadaHasta: new Date(r.col_tomada_hasta),
      doc,
    };
  });
}

/**
 * When the next row a take could have falls due (for the idle worker's sleep), or null when there is none: the first
 * row of each group in the take's order, read from sri_cola_turno, the rows leased to a live worker left out. A lease
 * that lapses (its worker died) is found at the next wake, SRI_INTERVALO_MS at most. Reading every row's lease instead
 * cost 10.7 ms with 100 000 waiting (PostgreSQL, against 0.16 ms), on every sleep, and a sleep follows every document
 * while the SRI is down.
 */
export async function proximoVencimiento(db: Executor): Promise<Date | null> {
  const libre = sql`(col_tomada_hasta IS NULL OR col_tomada_hasta < now())`;
  const statement = preparedSql<{ proximo: Date | string | null }>(
    db,
    'sri_proximo',
    () => sql`
    SELECT min(proximo) AS proximo FROM (
      (SELECT col_proximo AS proximo FROM ${sriCola} WHERE NOT (col_paso = 'ENTREGAR') AND ${libre}
        ORDER BY col_paso = 'ENTREGAR', col_proximo LIMIT 1)
      UNION ALL
      (SELECT col_proximo FROM ${sriCola} WHERE col_paso = 'ENTREGAR' AND ${libre}
        ORDER BY col_paso = 'ENTREGAR', col_proximo LIMIT 1)) primeras`,
  );
  const [fila] = await statement.execute({});
  return fila?.proximo ? new Date(fila.proximo) : null;
}

/**
 * The next step, right away, still under this worker's lease. `intentos`: 0 when the document made progress (the SRI
 * received it), the attempts so far on a detour (a resend on the way to asking again), so that the wait keeps growing.
 */
export async function avanzar(tx: Executor, tarea: Tarea, paso: Paso, intentos = 0) {
  await escribir(tx, tarea, { cola: { accion: 'avanzar', paso, intentos } });
}

/** The next step, due now but taken again in its turn (an email waits behind the SRI's steps of other documents). */
export async function soltar(tx: Executor, tarea: Tarea, paso: Paso) {
  await escribir(tx, tarea, { cola: { accion: 'soltar', paso } });
}

/** The document's work is done: off the queue. */
export async function terminar(tx: Executor, tarea: Tarea) {
  await escribir(tx, tarea, { cola: { accion: 'terminar' } });
}

/**
 * Later: the lease is let go, one more attempt counted, and why (the invoice page shows it). The count goes on when the
 * next attempt is another step (asking ↔ sending again): only progress starts it over (avanzar, soltar, encolar).
 */
export async function reintentar(tx: Executor, tarea: Tarea, demoraMs: number, error: string | null, paso: Paso = tarea.paso) {
  await escribir(tx, tarea, { cola: { accion: 'reintentar', demoraMs, error, paso } });
}

/** What a step does to the queue's row: the same as avanzar, soltar, terminar and reintentar. */
export type CambioCola =
  | { accion: 'avanzar'; paso: Paso; intentos?: number }
  | { accion: 'soltar'; paso: Paso }
  | { accion: 'terminar' }
  | { accion: 'reintentar'; demoraMs: number; error: string | null; paso?: Paso };

export type Escritura = {
  cola: CambioCola;
  /**
   * The document's columns the step sets, when its state is one of `estados` (in any state without them). A value
   * written as SQL is part of the statement, the same on every call (coalesce(fac_recibida, now())): the statement is
   * prepared once for each set of columns.
   */
  factura?: { set: PgUpdateSetSource<typeof facturas>; estados?: readonly string[] };
  /** The webhooks' event the document's change raises: a company with an endpoint subscribed to it is left to the caller. */
  evento?: { empresa: number; evento: EventoWebhook };
  /**
   * The plan's consumption (planesEmpresa's consumoSql: an UPDATE … RETURNING given the document's issue date and when
   * it runs), with the values of its placeholders.
   */
  consumo?: { sql: (emitida: SQL, si: SQL) => SQL; valores: Record<string, unknown> };
  /** Locks the invoice a note modifies first, as a collection does. */
  bloquearModificada?: boolean;
};

const ph = sql.placeholder;
/** Each shape of step's writes (escribir's Escritura without its values): the name its prepared statement has. */
const formas = new Map<string, string>();

/**
 * One step's writes in one statement (one transaction: all or nothing), under the lease (TareaPerdida when it was taken
 * over): the document's row, the plan's document and the queue's row. 'aparte' when nothing was written because the
 * step needs more than a statement — an endpoint subscribed to the event, whose body is built apart, or no plan to
 * pay, which the company's history records —: the caller does it in a transaction instead. Each shape of writes is a
 * statement prepared once, executed with the step's values.
 */
export async function escribir(db: Executor, tarea: Tarea, e: Escritura): Promise<'hecho' | 'aparte'> {
  const c = e.cola;
  const paso = c.accion === 'terminar' ? null : c.accion === 'reintentar' ? (c.paso ?? tarea.paso) : c.paso;
  const set = e.factura?.set ?? {};
  const columnas = Object.keys(set).map((k) => (is(set[k as keyof typeof set], SQL) ? `${k}=sql` : k));
  const forma = JSON.stringify([c.accion, paso, columnas, e.factura?.estados, e.evento?.evento, !!e.consumo, !!e.bloquearModificada]);
  let nombre = formas.get(forma);
  if (!nombre) formas.set(forma, (nombre = `sri_escribir_${formas.size + 1}`));
  const statement = preparedSql<{ mia: number; hecho: number }>(db, nombre, () => escritura(db, e, paso));
  const valores: Record<string, unknown> = {
    ...e.consumo?.valores,
    id: tarea.FAC_CODIGO,
    hasta: tarea.tomadaHasta.toISOString(),
    empresa: e.evento?.empresa,
    intentos: c.accion === 'reintentar' ? tarea.intentos + 1 : c.accion === 'avanzar' ? (c.intentos ?? 0) : 0,
    demora: c.accion === 'reintentar' ? c.demoraMs / 1000 : 0,
    error: c.accion === 'reintentar' ? (c.error?.slice(0, 500) ?? null) : null,
  };
  for (const [k, v] of Object.entries(set)) if (!is(v, SQL)) valores[`f_${k}`] = v;
  const [fila] = await statement.execute(valores);
  if (Number(fila!.mia) === 0) throw new TareaPerdida();
  if (Number(fila!.hecho) === 0) return 'aparte';
  if (c.accion === 'avanzar' || c.accion === 'soltar') {
    tarea.paso = c.paso;
    tarea.intentos = c.accion === 'avanzar' ? (c.intentos ?? 0) : 0;
  }
  return 'hecho';
}

/** escribir's statement for the shape of `e`, its values as placeholders. */
function escritura(db: Executor, e: Escritura, paso: Paso | null): SQL {
  const listo = sql`EXISTS (SELECT 1 FROM listo)`;
  const suscrito = e.evento
    ? sql`SELECT 1 FROM ${webhooks} WHERE ${webhooks.EMP_CODIGO} = ${ph('empresa')} AND ${webhooks.WEB_ACTIVO}
        AND ${e.evento.evento}::varchar = ANY(${webhooks.WEB_EVENTOS}) LIMIT 1`
    : sql`SELECT 1 WHERE false`;
  const estados = e.factura?.estados
    ? sql` AND fac_estado IN (${sql.join(
        e.factura.estados.map((x) => sql`${x}`),
        sql`, `,
      )})`
    : sql``;
  const modificada = e.bloquearModificada
    ? sql`modificada AS (SELECT 1 FROM ${facturas} WHERE fac_codigo = (SELECT fac_modifica FROM ${facturas} WHERE fac_codigo = ${ph('id')})
        AND EXISTS (SELECT 1 FROM mia) FOR UPDATE),`
    : sql`modificada AS (SELECT 1 WHERE false),`;
  // The lock of the note's invoice is taken before the note's own row: doc counts its rows, which runs it first.
  const consumo = e.consumo
    ? sql`plan AS (${e.consumo.sql(sql`(SELECT fac_fecha FROM doc)`, sql`EXISTS (SELECT 1 FROM doc) AND NOT EXISTS (SELECT 1 FROM suscrito)`)}),
      listo AS (SELECT 1 FROM mia WHERE NOT EXISTS (SELECT 1 FROM suscrito) AND (EXISTS (SELECT 1 FROM plan) OR NOT EXISTS (SELECT 1 FROM doc))),`
    : sql`listo AS (SELECT 1 FROM mia WHERE NOT EXISTS (SELECT 1 FROM suscrito)),`;
  const set = e.factura?.set ?? {};
  const factura = e.factura
    ? sql`cambiada AS (${db
        .update(facturas)
        .set(Object.fromEntries(Object.entries(set).map(([k, v]) => [k, is(v, SQL) ? v : ph(`f_${k}`)])))
        .where(sql`${facturas.FAC_CODIGO} IN (SELECT fac_codigo FROM doc) AND ${listo}`)
        .returning({ id: facturas.FAC_CODIGO })
        .getSQL()}),`
    : sql``;
  return sql`
    WITH mia AS (SELECT fac_codigo FROM ${sriCola} WHERE fac_codigo = ${ph('id')} AND col_tomada_hasta = ${ph('hasta')}::timestamptz FOR UPDATE),
    ${modificada}
    doc AS (SELECT fac_codigo, fac_fecha FROM ${facturas} WHERE fac_codigo = ${ph('id')}${estados}
      AND EXISTS (SELECT 1 FROM mia) AND (SELECT count(*) FROM modificada) >= 0 FOR UPDATE),
    suscrito AS (${suscrito}),
    ${consumo}
    ${factura}
    cola AS (${cambioCola(db, paso, sql`${sriCola.FAC_CODIGO} IN (SELECT fac_codigo FROM mia) AND ${listo}`, e.cola.accion).getSQL()})
    SELECT (SELECT count(*) FROM mia)::int AS mia, (SELECT count(*) FROM cola)::int AS hecho`;
}

function cambioCola(db: Executor, paso: Paso | null, donde: SQL, accion: CambioCola['accion']) {
  if (accion === 'terminar' || !paso) return db.delete(sriCola).where(donde).returning({ id: sriCola.FAC_CODIGO });
  const set =
    accion === 'reintentar'
      ? {
          COL_PASO: paso,
          COL_INTENTOS: sql`${ph('intentos')}`,
          COL_PROXIMO: sql`now() + make_interval(secs => ${ph('demora')})`,
          COL_TOMADA_HASTA: null,
          COL_ERROR: sql`${ph('error')}`,
        }
      : {
          COL_PASO: paso,
          COL_INTENTOS: sql`${ph('intentos')}`,
          COL_ERROR: null,
          COL_PROXIMO: sql`now()`,
          ...(accion === 'soltar' ? { COL_TOMADA_HASTA: null } : {}),
        };
  return db.update(sriCola).set(set).where(donde).returning({ id: sriCola.FAC_CODIGO });
}

/** base · 2^intentos, at most 5 minutes, ±20 % so that many documents that failed together do not retry together. */
export function espera(baseMs: number, intentos: number): number {
  const sinAzar = Math.min(baseMs * 2 ** Math.min(intentos, 20), 5 * 60_000);
  return Math.round(sinAzar * (0.8 + Math.random() * 0.4));
}
