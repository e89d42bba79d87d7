import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { empresas } from '../../server/infra/db/schema';
import { companyBatches, companyCounts, listCompanies, searchCompanies } from '../../server/modules/empresas/list-repo';
import { companiesSeedScript } from '../../bench/seed';
import { ESTIMATED_TOTAL_HEADER, EXACT_TOTAL } from '../../domain/listas';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { planInspector } from '../helpers/plans';
import { adminToken, API } from '../helpers/soporte-api';

/**
 * The plans of the company list, its searches, summary and export on 100 000 companies (the scale the company list
 * is built for; see planes-consulta.test.ts for why that size and how statistics are made as production has them). Each query the
 * repository sends is run again under EXPLAIN (FORMAT JSON). Refused: a sequential scan of empresas (except straight
 * under the count's LIMIT 10001), and a walk of empresas' primary key that tests a filter on each row.
 */
const COMPANIES = 100_000;

describe.each(testDatabases)('planes de la lista de empresas con 100 000 empresas (%s)', (kind) => {
  let t: TestApp;
  let plansOf: ReturnType<typeof planInspector>['plansOf'];
  let sent: ReturnType<typeof planInspector>['sent'];
  let distributor: number;
  let middle: { ruc: string; nombre: string };

  beforeAll(async () => {
    t = await startTestApp(kind);
    const inspector = planInspector(t, kind, 'empresas');
    ({ plansOf, sent } = inspector);
    const client = inspector.client;
    const script = `BEGIN; ${companiesSeedScript(COMPANIES)} COMMIT;`;
    if (kind === 'pglite') await (client as PGlite).exec(script);
    else await (client as pg.Pool).query(script);
    if (kind === 'pglite') {
      expect(await t.ctx.database.maintain()).toContain('empresas');
    } else {
      await t.db.execute('VACUUM ANALYZE');
    }
    const [row] = (
      await (client as pg.Pool).query(`SELECT adm_codigo FROM administradores WHERE prf_codigo = 2 ORDER BY adm_codigo LIMIT 1`)
    ).rows as Array<{ adm_codigo: number }>;
    distributor = row.adm_codigo;
    const [company] = (
      await (client as pg.Pool).query(
        `SELECT emp_ruc AS ruc, emp_nombre AS nombre FROM empresas WHERE emp_codigo >= (SELECT max(emp_codigo) / 2 FROM empresas) ORDER BY emp_codigo LIMIT 1`,
      )
    ).rows as Array<{ ruc: string; nombre: string }>;
    middle = company;
  }, 600_000);
  afterAll(() => t?.close());

  const q = (query: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)])) as Record<string, string>;

  it('la semilla tiene 100 000 empresas con RUC, nombres con tildes, distribuidores y estados repartidos', async () => {
    const [stats] = (
      await t.db.execute(sql`SELECT count(*)::int AS n,
        count(*) FILTER (WHERE emp_nombre ~ '[ÁÉÍÓÚÑ]')::int AS tildes,
        count(DISTINCT emp_distribuidor)::int AS distribuidores,
        count(*) FILTER (WHERE emp_comprobacion = 'PENDIENTE')::int AS pendientes,
        count(*) FILTER (WHERE NOT emp_activo)::int AS suspendidas,
        count(*) FILTER (WHERE emp_plan_caduca IS NULL)::int AS sin_plan,
        count(*) FILTER (WHERE emp_plan_caduca < current_date)::int AS plan_vencido,
        count(*) FILTER (WHERE emp_firma_caduca BETWEEN current_date AND current_date + 30)::int AS firma_por_vencer
        FROM ${empresas} WHERE emp_ruc ~ '^[0-9]{13}$'`)
    ).rows as Array<Record<string, number>>;
    expect(stats.n).toBeGreaterThan(COMPANIES * 0.99);
    for (const key of ['tildes', 'pendientes', 'suspendidas', 'sin_plan', 'plan_vencido', 'firma_por_vencer']) {
      expect(stats[key], key).toBeGreaterThan(COMPANIES * 0.01);
    }
    expect(stats.distribuidores).toBeGreaterThanOrEqual(5);
  });

  const lists: Array<[string, Record<string, unknown>]> = [
    ['primera página', {}],
    ['página 2 001 (offset 50 000)', { range: [50_000, 50_024] }],
    ['por RUC, página profunda', { sort: ['EMP_RUC', 'ASC'], range: [40_000, 40_024] }],
    ['por razón social', { sort: ['EMP_NOMBRE', 'ASC'] }],
    ['por nombre comercial', { sort: ['EMP_NOMBREC', 'ASC'] }],
    ['por estado (activa)', { sort: ['EMP_ACTIVO', 'ASC'] }],
    ['suspendidas', { filter: { EMP_ACTIVO: false } }],
    ['activas, página 40', { filter: { EMP_ACTIVO: true }, range: [975, 999] }],
    ['por plan', { sort: ['EMP_PLAN_CADUCA', 'DESC'] }],
    ['por firma', { sort: ['EMP_FIRMA_CADUCA', 'ASC'] }],
    ['por verificación', { sort: ['EMP_COMPROBACION', 'ASC'] }],
    ['por registro', { sort: ['EMP_FECHAREGISTRO', 'DESC'], range: [2_000, 2_024] }],
    ['verificación PENDIENTE', { filter: { EMP_COMPROBACION: 'PENDIENTE' } }],
    ['verificación VERIFICADA (la mayoría), página 100', { filter: { EMP_COMPROBACION: 'VERIFICADA' }, range: [2_475, 2_499] }],
    ['varias verificaciones', { filter: { EMP_COMPROBACION: ['PENDIENTE', 'RECHAZADA'] } }],
    ['por distribuidor', { filter: { EMP_DISTRIBUIDOR: 2 } }],
    ['plan vigente', { filter: { plan: 'vigente' } }],
    ['plan por vencer', { filter: { plan: 'por_vencer' } }],
    ['plan vencido', { filter: { plan: 'vencido' } }],
    ['sin plan', { filter: { plan: 'sin' } }],
    ['firma por vencer', { filter: { firma: 'por_vencer' } }],
    ['firma vencida, página 20', { filter: { firma: 'vencido' }, range: [475, 499] }],
    ['sin firma', { filter: { firma: 'sin' } }],
    ['búsqueda por nombre común', { filter: { q: 'comercial' } }],
    ['búsqueda por nombre sin tildes', { filter: { q: 'ferreteria perez' } }],
    ['búsqueda rara', { filter: { q: 'zzzz nadie' } }],
    ['búsqueda por RUC (prefijo)', { filter: { q: '1790' } }],
    ['búsqueda y filtro', { filter: { q: 'andina', EMP_COMPROBACION: 'PENDIENTE', plan: 'vencido' } }],
  ];

  it.each(lists)('GET empresas, %s: sin recorrer toda la tabla', async (_, query) => {
    expect(await plansOf((db) => listCompanies(db, q(query), undefined))).toEqual([]);
  });

  it.each(lists)('GET empresas de un distribuidor, %s: sin recorrer toda la tabla', async (_, query) => {
    expect(await plansOf((db) => listCompanies(db, q(query), sql`${empresas.EMP_DISTRIBUIDOR} = ${distributor}`))).toEqual([]);
  });

  it('búsquedas por nombre y RUC de una empresa del medio: por sus índices', async () => {
    for (const text of [middle.nombre.split(' ').slice(1, 3).join(' '), middle.ruc.slice(0, 10), 'jose', 'NOMBRE QUE NO EXISTE']) {
      expect(await plansOf((db) => searchCompanies(db, text, 20, undefined)), text).toEqual([]);
      expect(await plansOf((db) => searchCompanies(db, text, 20, sql`${empresas.EMP_DISTRIBUIDOR} = ${distributor}`)), text).toEqual([]);
    }
  });

  it('GET empresas/resumen: de los contadores, nunca de la tabla', async () => {
    expect(await plansOf((db) => companyCounts(db, undefined))).toEqual([]);
    expect(await plansOf((db) => companyCounts(db, distributor))).toEqual([]);
    const scanned = sent.map((s) => s.text).join('\n');
    expect(scanned).not.toMatch(/from "empresas"/);
  });

  it('exportación: cada lote continúa por el índice del orden (sin OFFSET ni recorrido de toda la tabla)', async () => {
    for (const sort of [undefined, '["EMP_NOMBRE","ASC"]', '["EMP_PLAN_CADUCA","DESC"]']) {
      const found = await plansOf(async (db) => {
        const batches = await companyBatches(db, { sort, filter: '{"EMP_COMPROBACION":"VERIFICADA"}' }, undefined, 1_000);
        let n = 0;
        for await (const batch of batches) if (++n === 3 || !batch.length) break;
      });
      expect(
        found.filter((p) => !p.includes('count(')),
        sort,
      ).toEqual([]);
    }
  });

  it('el total pasado de EXACT_TOTAL es una estimación marcada en X-Total-Estimado', async () => {
    const token = await adminToken(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/empresas?${new URLSearchParams(q({ range: [50_000, 50_024] }))}`,
      headers: { 'x-token': token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(25);
    expect(res.headers[ESTIMATED_TOTAL_HEADER.toLowerCase()]).toBe('1');
    const total = Number(String(res.headers['content-range']).split('/')[1]);
    expect(total).toBeGreaterThan(EXACT_TOTAL);
    expect(Math.abs(total - COMPANIES)).toBeLessThan(COMPANIES * 0.2);
  });
});
