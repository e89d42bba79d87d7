import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/infra/db/client';
import { seedDemo } from '../server/infra/db/seed';
import { buildApp } from '../server/app';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const RUNS = 40;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function time(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    await run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(samples);
}

const ROWS_SQL = `SELECT s.spt_id, s.spt_fecha, s.spt_actualizado, s.spt_productos, p.prod_nombre, s.spt_ruc, s.spt_clientenombre,
  s.spt_clientecorreo, s.spt_clientetelefono, s.spt_asunto, s.spt_estado, s.spt_nombrearchivo, s.ase_codigo, a.ase_nombre
  FROM soporte s JOIN productos p ON p.prod_id = s.spt_productos LEFT JOIN asesores a ON a.ase_codigo = s.ase_codigo`;

/**
 * The ticket desk's list and search endpoints on a large table, through the whole API (routing, validation,
 * auth, serialization), against the same SQL sent straight through `pg`. Budget (DESIGN.md): within 1.5x.
 */
export async function benchApiLists(adminUrl: string) {
  const name = `amelia_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-bench-'));
  const database = await openDatabase({ databaseUrl: url.toString() });
  const direct = new pg.Pool({ connectionString: url.toString(), max: 2 });
  direct.on('error', () => {
    /* connections end when the database is dropped */
  });
  try {
    await seedDemo(database.db);
    await direct.query(`INSERT INTO soporte (spt_productos, spt_ruc, spt_clientenombre, spt_clientecorreo, spt_clientetelefono, spt_asunto, spt_mensaje, spt_estado, spt_fecha)
      SELECT 1 + i % 4, lpad((1700000000 + i)::text, 10, '0') || '001',
        (ARRAY['Comercial','Ferretería','Distribuidora','Farmacia','Panadería','Constructora'])[1 + i % 6] || ' ' ||
        (ARRAY['Andina','Pérez','Guayas','Del Pacífico','San José','Los Ríos','Amazonas'])[1 + (i / 7) % 7] || ' ' || i,
        'cliente' || i || '@correo.ec', '0999' || lpad((i % 1000000)::text, 6, '0'),
        (ARRAY['sdev','stec','cptn','trmt','admi'])[1 + i % 5], '<p>Mensaje ' || i || '</p>',
        (ARRAY['ABIERTO','EN_PROCESO','RESUELTO','CERRADO','REABIERTO'])[1 + i % 5], now() - (i || ' minutes')::interval
      FROM generate_series(1, ${TICKETS}) AS i`);
    await direct.query('ANALYZE');
    const { app, ctx } = await buildApp({
      config: { ...loadConfig({ DATA_DIR: dataDir }), jwtSecret: 'clave-de-benchmark-de-al-menos-32-caracteres' },
      database,
      logger: false,
    });
    await app.ready();
    const { token } = await ctx.tokens.sign({ kind: 'admin', admin: 1, perfil: 1 }, 3600);

    const cases = [
      { caso: 'lista, página 1', filter: {}, where: '', params: [] as unknown[] },
      { caso: 'búsqueda por nombre', filter: { q: 'Pérez 12' }, where: 'WHERE s.spt_clientenombre ILIKE $1', params: ['%Pérez 12%'] },
      { caso: 'filtro por estado', filter: { SPT_ESTADO: 'REABIERTO' }, where: 'WHERE s.spt_estado = ANY($1)', params: [['REABIERTO']] },
      {
        caso: 'número de ticket',
        filter: { q: String(Math.floor(TICKETS / 2)) },
        where: 'WHERE s.spt_id = $1',
        params: [Math.floor(TICKETS / 2)],
      },
    ];
    const results = [];
    for (const c of cases) {
      const query = new URLSearchParams({ range: '[0,24]', sort: '["SPT_ID","DESC"]', filter: JSON.stringify(c.filter) });
      const api = await time(async () => {
        const res = await app.inject({ method: 'GET', url: `/api/EmpresasAmelia/soporte?${query}`, headers: { 'x-token': token } });
        if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      });
      const sql = await time(async () => {
        await direct.query(`SELECT count(*) FROM soporte s ${c.where}`, c.params);
        await direct.query(`${ROWS_SQL} ${c.where} ORDER BY s.spt_id DESC LIMIT 25`, c.params);
      });
      results.push({ caso: c.caso, 'API ms': +api.toFixed(2), 'SQL ms': +sql.toFixed(2), razón: +(api / sql).toFixed(2) });
    }
    await app.close();
    return { tickets: TICKETS, results };
  } finally {
    await direct.end();
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
