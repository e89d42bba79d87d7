import pg from 'pg';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../../server/infra/db/unavailable';
import { openDatabase } from '../../server/infra/db/client';
import { buildApp } from '../../server/app';

/** Health checks for load balancers; the PostgreSQL outage itself is in postgres-reinicio.test.ts. */
describe.each(testDatabases)('GET /api/health y /api/ready (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('health y ready responden 200 { estado: "ok" } con la base en marcha', async () => {
    for (const url of ['/api/health', '/api/ready']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ estado: 'ok' });
    }
  });

  it('la documentación OpenAPI describe ambas, con el 503 de ready', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { get?: { summary?: string; responses?: Record<string, unknown> } }>;
    };
    expect(doc.paths['/api/health']?.get?.summary).toEqual(expect.any(String));
    expect(Object.keys(doc.paths['/api/health']?.get?.responses ?? {})).toEqual(['200']);
    expect(Object.keys(doc.paths['/api/ready']?.get?.responses ?? {})).toEqual(['200', '503']);
  });

  // The database's kind does not matter here (a closed one is not reachable); PGlite in memory opens fastest.
  it.runIf(kind === 'pglite')('con la base cerrada, health sigue en 200 y ready responde 503 con msg', async () => {
    const database = await openDatabase({});
    await database.close();
    const { app } = await buildApp({ config: t.config, database, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ estado: 'ok' });
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ msg: DATABASE_UNAVAILABLE });
    } finally {
      await app.close();
    }
  });
});

describe('qué errores son "la base de datos no está disponible" (503) y cuáles no (500)', () => {
  const serverError = (code: string) =>
    Object.assign(new pg.DatabaseError('mensaje del servidor', 0, 'error'), { code, severity: 'FATAL' });
  const wrapped = (cause: Error) => new DrizzleQueryError('insert into "soporte" ... params: secreto', [], cause);

  it.each([
    ['57P01 (reinicio: terminating connection due to administrator command)', wrapped(serverError('57P01'))],
    ['57P03 (the database system is starting up)', serverError('57P03')],
    ['08006 (connection failure)', wrapped(serverError('08006'))],
    ['53300 (too many clients)', serverError('53300')],
    ['ECONNREFUSED', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['conexión cortada', wrapped(new Error('Connection terminated unexpectedly'))],
    ['tiempo de conexión agotado del pool', new Error('timeout exceeded when trying to connect')],
    ['cliente inservible tras un error de conexión', wrapped(new Error('Client has encountered a connection error and is not queryable'))],
  ])('%s: sí', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['23505 (unique violation)', wrapped(serverError('23505'))],
    ['42P01 (undefined table)', serverError('42P01')],
    ['un error cualquiera', new Error('algo falló')],
    ['nada', undefined],
  ])('%s: no', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
