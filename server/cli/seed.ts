import { withDatabase } from './database';
import { isEmpty, seedDemo } from '../infra/db/seed';
import { DEMO_ACCOUNTS } from '../infra/db/demo-accounts';

await withDatabase(async (database) => {
  const empty = await isEmpty(database.db);
  await seedDemo(database.db);
  console.log(empty ? 'Datos de demostración creados. Cuentas:' : 'Los datos de demostración ya existían. Cuentas:');
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.rol.padEnd(15)} ${account.acceso}`);
});
