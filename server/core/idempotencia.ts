/**
 * Idempotency-Key: a POST to the company API (session or API key) that carries the header runs at most once per
 * company and key; a retry gets the first answer again. The first request claims the key in `idempotencia` before its
 * handler runs (one INSERT … ON CONFLICT), stores its answer as it is sent, and lets it go again when it failed (5xx):
 * the same key with the same request then answers the stored status and body (`Idempotent-Replayed: true`), waits
 * while the first one still runs, and the same key with another request is refused (422).
 *
 * - The fingerprint is the method, the path (its params included; not the query, which on a POST only says how to
 *   answer, e.g. ?esperar) and the body as validated (defaults applied, undeclared fields removed), with the keys of its
 *   objects in order: the same document sent with its fields in another order is the same request. No body counts as
 *   an empty one.
 * - The claim is taken after the guard and the schema: a refused caller (401, 403, 429) or a body the schema refuses
 *   (400) stores nothing, and a retry runs again (nothing ran). Whatever the handler answers below 500, a rule's 400,
 *   a 404 or a 409 included, is the request's result and is replayed.
 * - A file upload (multipart) is refused with the header: its body is read by the handler as a stream, after the claim,
 *   so it could not be told apart from another upload. An answer that cannot be stored as text (a stream, a file, bytes
 *   that are not UTF-8) lets the key go like a 5xx: a retry runs again.
 * - A claim left without an answer for CLAIM_ABANDONED_AFTER is a request whose process died: a retry with the same
 *   request takes it over.
 * - A key is honoured for KEPT_FOR (at least 24 hours, as promised); older rows are deleted at most once a minute per
 *   instance by the request that claims a key, and an expired row is replaced by the claim itself.
 * - PUT and DELETE are idempotent by themselves and GET and HEAD change nothing: the header is ignored there.
 */
import { createHash, type Hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { HttpError } from './errors';

export const REPLAYED_HEADER = 'Idempotent-Replayed';

export const IDEMPOTENCIA_MSG = {
  invalida: 'La cabecera Idempotency-Key debe tener entre 1 y 255 caracteres ASCII imprimibles',
  otraSolicitud: 'Esta Idempotency-Key ya se usó con otra solicitud.',
  enCurso: 'Una solicitud con esta Idempotency-Key todavía está en curso; reintente en unos segundos.',
  archivo: 'La cabecera Idempotency-Key no se admite al subir un archivo (multipart/form-data): envíe la carga sin ella',
};

/** 1 to 255 printable ASCII characters (Node already trims the spaces around a header's value). */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;
const KEPT_FOR = "interval '48 hours'";
const CLAIM_ABANDONED_AFTER = "interval '5 minutes'";
const PURGE_EVERY_MS = 60_000;
const POLL_MS = 100;
const WAIT_MS = 30_000;

/** The claim a request holds: its company, its key and when it claimed it (what tells its claim from a takeover). */
type Claim = { empresa: number; clave: string; creada: string };
const claims = new WeakMap<FastifyRequest, Claim>();

type Row = { ide_huella: string; ide_estado: number | null; ide_tipo: string | null; ide_respuesta: string | null };

const rows = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The key a request brings, undefined when it brings none or its method ignores it; 400 for a malformed one. */
function keyOf(request: FastifyRequest): string | undefined {
  if (request.method !== 'POST' || !request.company) return undefined;
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !VALID_KEY.test(header)) throw new HttpError(400, IDEMPOTENCIA_MSG.invalida);
  if (request.isMultipart()) throw new HttpError(400, IDEMPOTENCIA_MSG.archivo);
  return header;
}

/**
 * Feeds a parsed JSON value to the hash as JSON with its objects' keys sorted, walking with a stack of its own: a
 * deeply nested body (any JSON reaches a route that declares no body) must not overflow the call stack.
 */
function hashJson(hash: Hash, value: unknown) {
  const pending: Array<{ token: string } | { value: unknown }> = [{ value }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if ('token' in next) {
      hash.update(next.token);
      continue;
    }
    const current = next.value;
    if (Array.isArray(current)) {
      pending.push({ token: ']' });
      for (let i = current.length - 1; i >= 0; i--) pending.push({ value: current[i] }, { token: i === 0 ? '' : ',' });
      pending.push({ token: '[' });
    } else if (typeof current === 'object' && current !== null) {
      const keys = Object.keys(current).sort();
      pending.push({ token: '}' });
      for (let i = keys.length - 1; i >= 0; i--) {
        pending.push(
          { value: (current as Record<string, unknown>)[keys[i]] },
          { token: `${i === 0 ? '' : ','}${JSON.stringify(keys[i])}:` },
        );
      }
      pending.push({ token: '{' });
    } else {
      hash.update(JSON.stringify(current) ?? 'null');
    }
  }
}

/** hex SHA-256 of the method, the path and the body as validated. */
function fingerprint(request: FastifyRequest): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url.split('?')[0]}\n`, 'utf8');
  if (request.body !== undefined && request.body !== null) hashJson(hash, request.body);
  return hash.digest('hex');
}

/**
 * Claims the key for this request: a new row, or one that expired or whose request died with the same fingerprint.
 * Undefined when another request holds it (the caller reads that row).
 */
async function claim(db: Db, empresa: number, clave: string, huella: string): Promise<string | undefined> {
  const [row] = await rows<{ creada: string }>(
    db,
    sql`insert into idempotencia (emp_codigo, ide_clave, ide_huella) values (${empresa}, ${clave}, ${huella})
      on conflict (emp_codigo, ide_clave) do update set
        ide_huella = excluded.ide_huella, ide_estado = null, ide_tipo = null, ide_respuesta = null, ide_creada = now()
      where idempotencia.ide_creada < now() - ${sql.raw(KEPT_FOR)}
        or (idempotencia.ide_estado is null and idempotencia.ide_huella = excluded.ide_huella
          and idempotencia.ide_creada < now() - ${sql.raw(CLAIM_ABANDONED_AFTER)})
      returning ide_creada::text as creada`,
  );
  return row?.creada;
}

const readRow = async (db: Db, empresa: number, clave: string) =>
  (
    await rows<Row>(
      db,
      sql`select ide_huella, ide_estado, ide_tipo, ide_respuesta from idempotencia
        where emp_codigo = ${empresa} and ide_clave = ${clave} and ide_creada >= now() - ${sql.raw(KEPT_FOR)}`,
    )
  )[0];

/** Whose claim it still is: a takeover (a new ide_creada) leaves the old request nothing to store or let go. */
const own = (claim: Claim) =>
  sql`emp_codigo = ${claim.empresa} and ide_clave = ${claim.clave} and ide_creada = ${claim.creada}::timestamptz and ide_estado is null`;

async function release(db: Db, request: FastifyRequest, claim: Claim) {
  try {
    await db.execute(sql`delete from idempotencia where ${own(claim)}`);
  } catch (error) {
    request.log.error({ err: error }, 'no se pudo liberar una Idempotency-Key');
  }
}

/** An answer as text, or undefined when it cannot be kept (a stream, bytes that are not UTF-8, a NUL for PostgreSQL). */
function asText(payload: unknown): string | undefined {
  let text: string | undefined;
  if (payload === null || payload === undefined) text = '';
  else if (typeof payload === 'string') text = payload;
  else if (Buffer.isBuffer(payload)) {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(payload);
    } catch {
      return undefined;
    }
  }
  return text !== undefined && !text.includes('\u0000') ? text : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function replay(reply: FastifyReply, row: Row) {
  reply.code(row.ide_estado!).header(REPLAYED_HEADER, 'true');
  if (row.ide_tipo) reply.type(row.ide_tipo);
  return reply.send(row.ide_respuesta ?? '');
}

export function registrarIdempotencia(app: FastifyInstance, db: Db) {
  let lastPurge = 0;
  const purge = async (request: FastifyRequest) => {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    try {
      await db.execute(sql`delete from idempotencia where ide_creada < now() - ${sql.raw(KEPT_FOR)}`);
    } catch (error) {
      request.log.warn({ err: error }, 'no se pudieron borrar las Idempotency-Key vencidas');
    }
  };

  // preHandler: after the guards (onRequest) and the body's validation.
  app.addHook('preHandler', async (request, reply) => {
    const clave = keyOf(request);
    if (clave === undefined) return;
    const empresa = request.company!.empresa;
    const huella = fingerprint(request);
    await purge(request);
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const creada = await claim(db, empresa, clave, huella);
      if (creada !== undefined) {
        claims.set(request, { empresa, clave, creada });
        return;
      }
      // Held by another request; gone again (it failed, or expired) → claim it on the next turn.
      const row = await readRow(db, empresa, clave);
      if (!row) continue;
      if (row.ide_huella !== huella) throw new HttpError(422, IDEMPOTENCIA_MSG.otraSolicitud);
      if (row.ide_estado !== null) return replay(reply, row);
      if (Date.now() >= deadline) {
        reply.header('Retry-After', '5');
        throw new HttpError(409, IDEMPOTENCIA_MSG.enCurso);
      }
      await sleep(POLL_MS);
    }
  });

  // Root onSend: before the compression each route adds, so the stored body is the plain one.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    const text = reply.statusCode < 500 ? asText(payload) : undefined;
    if (text === undefined) {
      await release(db, request, claim);
      return payload;
    }
    const tipo = reply.getHeader('content-type');
    try {
      await db.execute(
        sql`update idempotencia set ide_estado = ${reply.statusCode},
          ide_tipo = ${typeof tipo === 'string' ? tipo.slice(0, 100) : null}, ide_respuesta = ${text}
          where ${own(claim)}`,
      );
    } catch (error) {
      request.log.error({ err: error }, 'no se pudo guardar la respuesta de una Idempotency-Key');
      await release(db, request, claim);
    }
    return payload;
  });
}
