import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { loadConfig } from '../config';
import { UsageError, withDatabase } from './database';
import { isEmpty, seedDemo } from '../infra/db/seed';
import { DEMO_ACCOUNTS } from '../infra/db/demo-accounts';
import { companiesSeedScript } from '../../bench/seed';

/** npm run seed [-- --empresas N]: the demo data, and optionally N generated companies (the scale of the back office). */
const { values } = parseArgs({ options: { empresas: { type: 'string' } } });
const companies = values.empresas === undefined ? 0 : Number(values.empresas);

await withDatabase(async (database) => {
  if (!Number.isInteger(companies) || companies < 0 || companies > 1_000_000)
    throw new UsageError('--empresas debe ser un número entero entre 0 y 1 000 000');
  const empty = await isEmpty(database.db);
  await seedDemo(database.db, loadConfig());
  console.log(empty ? 'Datos de demostración creados. Cuentas:' : 'Los datos de demostración ya existían. Cuentas:');
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.rol.padEnd(15)} ${account.acceso}`);
  if (!companies) return;
  const start = Date.now();
  // One script on the database server (INSERT ... SELECT generate_series) in one transaction: seconds, not hours.
  const script = `BEGIN; ${companiesSeedScript(companies)} COMMIT;`;
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite') await (client as PGlite).exec(script);
  else await (client as pg.Pool).query(script);
  await database.maintain();
  await database.checkpoint();
  console.log(
    `${companies.toLocaleString('es-EC')} empresas generadas en ${((Date.now() - start) / 1000).toFixed(1)} s (los RUC repetidos se omiten).`,
  );
});
