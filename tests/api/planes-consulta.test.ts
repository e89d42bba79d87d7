import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { countByState, listTickets, searchTickets } from '../../server/modules/soporte/repo';
import { ESTIMATED_TOTAL_HEADER, EXACT_TOTAL } from '../../domain/listas';
import { TICKET_SUBJECTS } from '../../domain/tickets';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { planInspector } from '../helpers/plans';
import { adminToken, API } from '../helpers/soporte-api';

/**
 * The plans of the ticket list, search and summary on a table big enough for the planner to choose as in production.
 *
 * Size: 100 000 tickets. Ten times EXACT_TOTAL, so every unfiltered or broad total goes past the exact count to the
 * estimate; about 3 000 heap pages, so a sequential scan costs the planner far more than walking an index for a page
 * (on a few thousand rows it rightly prefers a sequential scan, and the test would prove nothing); and still generated
 * in a few seconds by one INSERT ... SELECT generate_series on the server. Statistics and the visibility map are then
 * made as production has them: autovacuum's VACUUM ANALYZE on PostgreSQL, the app's own maintenance on PGlite.
 *
 * Each query the repository sends is run again under EXPLAIN (FORMAT JSON). Refused: a sequential scan of soporte
 * (except straight under the count's LIMIT 10001: it stops at that many matching rows), and a walk of
 * soporte's primary key that tests a filter on each row (the plan that made a name search take seconds).
 */
const TICKETS = 100_000;

const FIRST = ['María', 'José', 'Luis', 'Ana', 'Carlos', 'Gabriela', 'Jorge', 'Verónica', 'Diego', 'Paola', 'Fernando', 'Andrea'];
const LAST = [
  'Guerrero',
  'Paredes',
  'Andrade',
  'Zambrano',
  'Mora',
  'Vera',
  'Cedeño',
  'Torres',
  'Villacís',
  'Cevallos',
  'Salazar',
  'Ortega',
];
const list = (words: readonly string[]) => `ARRAY[${words.map((w) => `'${w}'`).join(', ')}]`;

/** Recent tickets open, old ones closed; one in 7 without adviser; one in 1000 from a company of the demo distributor; 20 "Quintanilla". */
const seedSql = `
INSERT INTO soporte (spt_productos, spt_ruc, spt_clientenombre, spt_clientecorreo, spt_asunto, spt_mensaje, spt_estado,
                     spt_fecha, spt_actualizado, ase_codigo, spt_correo_enviado)
SELECT p.ids[1 + g % cardinality(p.ids)],
       CASE WHEN g % 1000 = 0 THEN '1790016919001' ELSE lpad(((g::bigint * 7919) % ${TICKETS / 4})::text, 10, '1') || '001' END,
       CASE WHEN g % 5000 = 0 THEN 'Zoila Quintanilla'
            ELSE (${list(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${list(LAST)})[1 + (g / 7) % ${LAST.length}] || ' ' ||
                 (${list(LAST)})[1 + (g / 91) % ${LAST.length}] END,
       'cliente' || g || '@correo.ec',
       (${list(TICKET_SUBJECTS)})[1 + g % ${TICKET_SUBJECTS.length}],
       '<p>Consulta</p>',
       CASE WHEN g > ${TICKETS * 0.97} THEN (ARRAY['ABIERTO', 'EN_PROCESO', 'REABIERTO'])[1 + g % 3]
            WHEN g % 10 = 0 THEN 'RESUELTO' ELSE 'CERRADO' END,
       now() - (${TICKETS} - g) * interval '1 minute', now() - (${TICKETS} - g) * interval '1 minute',
       CASE WHEN g % 7 = 0 THEN NULL ELSE a.ids[1 + g % cardinality(a.ids)] END,
       true
FROM generate_series(1, ${TICKETS}) AS g,
     (SELECT array_agg(prod_id) AS ids FROM productos) AS p,
     (SELECT array_agg(ase_codigo) AS ids FROM asesores) AS a`;

describe.each(testDatabases)('planes de las listas de soporte con %s tickets (%s)', (kind) => {
  let t: TestApp;
  let plansOf: ReturnType<typeof planInspector>['plansOf'];
  let distributor: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const inspector = planInspector(t, kind, 'soporte');
    ({ plansOf } = inspector);
    const client = inspector.client;
    await t.db.execute(seedSql);
    if (kind === 'pglite') {
      // What the running app's maintenance timer does (server/main.ts): PGlite has no autovacuum.
      expect(await t.ctx.database.maintain()).toContain('soporte');
    } else {
      await t.db.execute('VACUUM ANALYZE soporte');
    }
    const [row] = (
      await (client as pg.Pool).query(`SELECT adm_codigo FROM administradores WHERE prf_codigo <> 1 ORDER BY adm_codigo LIMIT 1`)
    ).rows as Array<{ adm_codigo: number }>;
    distributor = row.adm_codigo;
  }, 240_000);
  afterAll(() => t?.close());

  const q = (query: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)])) as Record<string, string>;

  const lists: Array<[string, Record<string, unknown>]> = [
    ['primera página', {}],
    ['página profunda (offset 50 000)', { range: [50_000, 50_024] }],
    ['por fecha, página profunda', { sort: ['SPT_FECHA', 'ASC'], range: [40_000, 40_024] }],
    ['estado ABIERTO (pocos)', { filter: { SPT_ESTADO: 'ABIERTO' } }],
    ['estado CERRADO (la mayoría), página 100', { filter: { SPT_ESTADO: 'CERRADO' }, range: [2_475, 2_499] }],
    ['varios estados', { filter: { SPT_ESTADO: ['ABIERTO', 'REABIERTO'] } }],
    ['sin asesor', { filter: { sinAsesor: true } }],
    ['por asesor', { filter: { ASE_CODIGO: 1 } }],
    ['por producto', { filter: { SPT_PRODUCTOS: 1 } }],
    ['por asunto', { filter: { SPT_ASUNTO: 'stec' } }],
    ['búsqueda por nombre poco común', { filter: { q: 'Quintanilla' } }],
    ['búsqueda por nombre común', { filter: { q: 'Guerrero' } }],
    ['búsqueda por nombre y estado', { filter: { q: 'Guerrero', SPT_ESTADO: 'ABIERTO' } }],
    ['búsqueda por RUC (prefijo)', { filter: { q: '1790016919' } }],
    ['búsqueda por número', { filter: { q: '4242' } }],
  ];

  it.each(lists)('GET soporte, %s: sin recorrer toda la tabla', async (_, query) => {
    expect(await plansOf((db) => listTickets(db, q(query), undefined))).toEqual([]);
  });

  it.each(lists)('GET soporte de un distribuidor, %s: sin recorrer toda la tabla', async (_, query) => {
    expect(await plansOf((db) => listTickets(db, q(query), distributor))).toEqual([]);
  });

  it.each(['Quintanilla', 'Guerrero', 'María Torres', '1790016919', '4242'])(
    'POST soporte/nombre "%s": los tickets que coinciden, por su índice',
    async (text) => {
      expect(await plansOf((db) => searchTickets(db, text, 50, undefined))).toEqual([]);
      expect(await plansOf((db) => searchTickets(db, text, 50, distributor))).toEqual([]);
    },
  );

  it('GET soporte/resumen: de los contadores (administrador) o de los tickets del distribuidor', async () => {
    expect(await plansOf((db) => countByState(db, undefined))).toEqual([]);
    expect(await plansOf((db) => countByState(db, distributor))).toEqual([]);
  });

  it('el total pasado de EXACT_TOTAL es una estimación, marcada en X-Total-Estimado; por debajo es exacto', async () => {
    const token = await adminToken(t);
    const get = (query: Record<string, unknown>) =>
      t.app.inject({ method: 'GET', url: `${API}/soporte?${new URLSearchParams(q(query))}`, headers: { 'x-token': token } });
    const all = await get({ range: [50_000, 50_024] });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(25);
    expect(all.headers[ESTIMATED_TOTAL_HEADER.toLowerCase()]).toBe('1');
    expect(all.headers['access-control-expose-headers']).toContain(ESTIMATED_TOTAL_HEADER);
    const total = Number(String(all.headers['content-range']).split('/')[1]);
    expect(total).toBeGreaterThan(EXACT_TOTAL);
    expect(Math.abs(total - TICKETS)).toBeLessThan(TICKETS * 0.2);
    // The next page shows the same total: the estimate is kept for the filter, not planned again per page.
    const next = await get({ range: [50_025, 50_049] });
    expect(next.headers['content-range']).toBe(`soporte 50025-50049/${total}`);
    const rare = await get({ filter: { q: 'Quintanilla' } });
    expect(rare.headers['content-range']).toBe(`soporte 0-19/20`);
    expect(rare.headers[ESTIMATED_TOTAL_HEADER.toLowerCase()]).toBeUndefined();
    // The counters agree with a real count.
    const summary = (await t.app.inject({ method: 'GET', url: `${API}/soporte/resumen`, headers: { 'x-token': token } })).json();
    const [{ n }] = (await t.db.execute(`SELECT count(*)::int AS n FROM soporte`)).rows as Array<{ n: number }>;
    expect(summary.total).toBe(n);
  });
});
