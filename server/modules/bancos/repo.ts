import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { bancos } from '../../infra/db/schema';

const columns = {
  BAN_CODIGO: bancos.BAN_CODIGO,
  BAN_NOMBRE: bancos.BAN_NOMBRE,
  BAN_TIPO_CUENTA: bancos.BAN_TIPO_CUENTA,
  BAN_NUMERO: bancos.BAN_NUMERO,
};

/** The active banks, by name. */
export const activeBanks = (db: Executor) =>
  db.select(columns).from(bancos).where(eq(bancos.BAN_ACTIVO, true)).orderBy(asc(bancos.BAN_NOMBRE), asc(bancos.BAN_CODIGO));

/** An active bank by its code, or undefined. */
export async function findActiveBank(db: Executor, id: number) {
  const [row] = await db
    .select(columns)
    .from(bancos)
    .where(and(eq(bancos.BAN_CODIGO, id), eq(bancos.BAN_ACTIVO, true)));
  return row;
}
