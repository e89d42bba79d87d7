import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { loadConfig } from '../config';
import { UsageError, withDatabase } from './database';
import { isEmpty, seedDemo } from '../infra/db/seed';
import { DEMO, DEMO_ACCOUNTS } from '../infra/db/demo-accounts';
import { companiesSeedScript } from '../../bench/seed';
import { clientesEmpresaGrande, clientsSeedScript } from '../infra/db/seed-clientes';

/**
 * npm run seed [-- --empresas N] [--clientes M]: the demo data, and optionally N generated companies (the scale of the
 * back office) and clients up to M in all, spread over the companies (Comercial Andina gets min(200 000, M/2)).
 */
const { values } = parseArgs({ options: { empresas: { type: 'string' }, clientes: { type: 'string' } } });
const companies = values.empresas === undefined ? 0 : Number(values.empresas);
const clients = values.clientes === undefined ? 0 : Number(values.clientes);

await withDatabase(async (database) => {
  if (!Number.isInteger(companies) || companies < 0 || companies > 1_000_000)
    throw new UsageError('--empresas debe ser un número entero entre 0 y 1 000 000');
  if (!Number.isInteger(clients) || clients < 0 || clients > 5_000_000)
    throw new UsageError('--clientes debe ser un número entero entre 0 y 5 000 000');
  const empty = await isEmpty(database.db);
  await seedDemo(database.db, loadConfig());
  console.log(empty ? 'Datos de demostración creados. Cuentas:' : 'Los datos de demostración ya existían. Cuentas:');
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.rol.padEnd(15)} ${account.acceso}`);
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const run = (script: string) => (database.kind === 'pglite' ? (client as PGlite).exec(script) : (client as pg.Pool).query(script));
  if (companies) {
    const start = Date.now();
    // One script on the database server (INSERT ... SELECT generate_series) in one transaction: seconds, not hours.
    await run(`BEGIN; ${companiesSeedScript(companies)} COMMIT;`);
    await database.maintain();
    await database.checkpoint();
    console.log(
      `${companies.toLocaleString('es-EC')} empresas generadas en ${((Date.now() - start) / 1000).toFixed(1)} s (los RUC repetidos se omiten).`,
    );
  }
  if (clients) {
    const start = Date.now();
    await run(`BEGIN; ${clientsSeedScript(clients)} COMMIT;`);
    await run('VACUUM ANALYZE clientes');
    await database.checkpoint();
    const count = async (sql: string) => {
      const result = database.kind === 'pglite' ? await (client as PGlite).query(sql) : await (client as pg.Pool).query(sql);
      return Number((result.rows[0] as { n: number | string }).n);
    };
    const total = await count('SELECT count(*) AS n FROM clientes');
    const big = await count(
      `SELECT count(*) AS n FROM clientes c JOIN empresas e USING (emp_codigo) WHERE e.emp_ruc = '${DEMO.empresa.ruc}'`,
    );
    console.log(
      `Clientes: ${total.toLocaleString('es-EC')} en total (${big.toLocaleString('es-EC')} de Comercial Andina, objetivo ${clientesEmpresaGrande(clients).toLocaleString('es-EC')}), en ${((Date.now() - start) / 1000).toFixed(1)} s.`,
    );
  }
});
