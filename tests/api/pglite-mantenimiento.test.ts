import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/infra/db/client';

/**
 * PGlite has no autovacuum, and its table statistics' counters do not survive a restart: the writes of a process that
 * closed before its maintenance ran would never be vacuumed, and index-only scans (the lists' keys and counts) would
 * read the heap for every row they skip.
 */
describe('mantenimiento de PGlite entre reinicios', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amelia-mantenimiento-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const heapFetches = async (database: Awaited<ReturnType<typeof openDatabase>>) => {
    const result = await database.db.execute(
      sql.raw('EXPLAIN (ANALYZE, FORMAT JSON) SELECT spt_id FROM soporte ORDER BY spt_id DESC LIMIT 10 OFFSET 2000'),
    );
    const plan = Object.values((result as unknown as { rows: Array<Record<string, unknown>> }).rows[0])[0];
    const text = typeof plan === 'string' ? plan : JSON.stringify(plan);
    return Number(/"Heap Fetches":\s*(\d+)/.exec(text)?.[1] ?? NaN);
  };

  it('la primera pasada de cada proceso limpia lo que escribió el anterior, y las siguientes solo lo que cambió', async () => {
    const first = await openDatabase({ pgliteDir: dir });
    await first.db.execute(
      sql.raw(`INSERT INTO soporte (spt_productos, spt_ruc, spt_clientenombre, spt_clientecorreo, spt_asunto, spt_mensaje)
               SELECT (SELECT min(prod_id) FROM productos), lpad(g::text, 13, '0'), 'Cliente ' || g, 'c' || g || '@correo.ec',
                      'CONS', 'Mensaje'
                 FROM generate_series(1, 5000) g`),
    );
    expect(await first.maintain()).toContain('soporte');
    // Every row rewritten after the maintenance, and the process closes before the next one.
    await first.db.execute(sql.raw(`UPDATE soporte SET spt_mensaje = 'Mensaje editado'`));
    await first.close();

    const second = await openDatabase({ pgliteDir: dir });
    try {
      expect(await heapFetches(second)).toBeGreaterThan(1000);
      expect(await second.maintain()).toContain('soporte');
      expect(await heapFetches(second)).toBe(0);
      // Nothing changed since: the next pass leaves every table alone.
      expect(await second.maintain()).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
