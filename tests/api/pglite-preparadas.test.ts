import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/infra/db/client';
import { databaseFailure, isUniqueViolation } from '../../server/infra/db/errors';
import { preparedSql } from '../../server/infra/db/prepared';

/**
 * PGlite's prepared statements are bound and their answers read by our own code (server/infra/db/pglite-preparada.ts),
 * not by PGlite's writer and parser: what a caller gets must not change, values, types and errors alike.
 */
describe('sentencias preparadas en PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(() => database.close());

  const ph = sql.placeholder;
  const consulta = (texto: unknown, numero: unknown, json: unknown) =>
    sql`SELECT ${texto}::text AS texto, length(${texto}::text) AS largo, ${numero}::numeric AS numero, ${json}::jsonb AS json,
      ARRAY['uno', ${texto}::text, NULL] AS lista, NULL::int AS nada, 42::int8 AS grande, true AS si, 1.5::float8 AS real,
      '2026-11-30 10:00:00+00'::timestamptz AS instante, '2026-11-30'::date AS dia`;

  it('dan los mismos valores que una consulta sin preparar, con tildes, emojis y textos largos', async () => {
    const texto = `Ñandú 😀 «comillas» & <etiquetas> ${'x'.repeat(20_000)}`;
    const json = JSON.stringify({ nombre: 'Pérez 😀', lineas: [1, 2.5, null] });
    const preparada = preparedSql<Record<string, unknown>>(database.db, 'prueba_valores', () =>
      consulta(ph('texto'), ph('numero'), ph('json')),
    );
    const [fila] = await preparada.execute({ texto, numero: '1234.567800', json });
    const [esperada] = (await database.db.execute(consulta(texto, '1234.567800', json))).rows;
    expect(fila).toEqual(esperada);
    expect(fila.largo).toBe(texto.length - 1); // the emoji is one character for PostgreSQL, two UTF-16 units here
    expect(fila.texto).toBe(texto);
    expect(fila.json).toEqual(JSON.parse(json));
    expect(fila.lista).toEqual(['uno', texto, null]);
  });

  it('un error llega como el de PostgreSQL, y la transacción se deshace entera', async () => {
    await database.db.execute(sql`CREATE TABLE prueba_unica (id int PRIMARY KEY, nombre text)`);
    const insertar = () =>
      preparedSql<{ id: number }>(
        database.db,
        'prueba_insertar',
        () => sql`INSERT INTO prueba_unica (id, nombre) VALUES (${ph('id')}, ${ph('nombre')}) RETURNING id`,
      );
    expect(await insertar().execute({ id: 1, nombre: 'uno' })).toEqual([{ id: 1 }]);
    const fallida = database.db.transaction(async (tx) => {
      const enTx = preparedSql<{ id: number }>(tx, 'prueba_insertar', () => sql`unused`);
      await enTx.execute({ id: 2, nombre: 'dos' });
      await enTx.execute({ id: 1, nombre: 'repetido' });
    });
    const error = await fallida.catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(databaseFailure(error)).toEqual({ code: '23505', table: 'prueba_unica', constraint: 'prueba_unica_pkey' });
    const { rows } = await database.db.execute(sql`SELECT id, nombre FROM prueba_unica ORDER BY id`);
    expect(rows).toEqual([{ id: 1, nombre: 'uno' }]);
    expect(await insertar().execute({ id: 3, nombre: 'tres' })).toEqual([{ id: 3 }]);
  });
});
