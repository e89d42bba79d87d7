import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { expect } from 'vitest';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import * as schema from '../../server/infra/db/schema';
import type { Db } from '../../server/infra/db/client';
import type { TestApp } from './server';

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

/**
 * What is wrong in a plan for a big table: a sequential scan of it, and a walk of its primary key that tests a filter on
 * each row. Straight under a Limit (a count's LIMIT 10001) a sequential scan stops at that many matching rows, and the
 * planner chose it because it expects them early; anywhere else (under a Sort, a Hash, an Aggregate) it reads the whole
 * table.
 */
function problems(table: string, node: PlanNode, parent?: PlanNode): string[] {
  const found: string[] = [];
  if (node['Relation Name'] === table) {
    const type = String(node['Node Type']);
    if (type === 'Seq Scan' && parent?.['Node Type'] !== 'Limit') {
      found.push(`Seq Scan on ${table}${node.Filter ? ` (Filter: ${node.Filter})` : ''}`);
    }
    if (String(node['Index Name']) === `${table}_pkey` && node.Filter && !node['Index Cond']) {
      found.push(`${type} ${node['Scan Direction']} on ${table}_pkey with Filter: ${node.Filter}`);
    }
  }
  for (const child of node.Plans ?? []) found.push(...problems(table, child, node));
  return found;
}

/**
 * The test app's driver, and `plansOf(fn)`: runs fn on a Drizzle that records every query it sends, then returns the
 * problems of each query's plan (EXPLAIN) for `table` (none expected).
 */
export function planInspector(t: TestApp, kind: 'pglite' | 'postgres', table: string) {
  const client = (t.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const sent: Array<{ text: string; params: unknown[] }> = [];
  const logger = { logQuery: (text: string, params: unknown[]) => sent.push({ text, params }) };
  const capturing = (kind === 'pglite'
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzlePg(client as pg.Pool, { schema, logger })) as unknown as Db;
  /** Both drivers answer query(text, params) with { rows }. */
  const driver = client as pg.Pool;
  async function explain(text: string, params: unknown[]): Promise<PlanNode> {
    const { rows } = await driver.query(`EXPLAIN (FORMAT JSON) ${text}`, params);
    const plan = Object.values(rows[0] as object)[0];
    return (typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan;
  }
  async function plansOf(fn: (db: Db) => Promise<unknown>): Promise<string[]> {
    sent.length = 0;
    await fn(capturing);
    expect(sent.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const { text, params } of sent.filter((q) => !/^\s*explain/i.test(q.text))) {
      for (const problem of problems(table, await explain(text, params))) found.push(`${problem}\n    in: ${text}`);
    }
    return found;
  }
  return { client, driver, sent, plansOf };
}
