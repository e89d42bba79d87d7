import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { keyedWrites } from '../../infra/db/keyed';
import { bancos, pagos } from '../../infra/db/schema';
import {
  embed,
  escapeLike,
  paged,
  readPage,
  startsWith,
  type Bind,
  type ListQuery,
  type ListSpec,
  type PageRequest,
} from '../../core/list';
import { BANCO_TIPOS_CUENTA, type BancoTipoCuenta } from '../../../domain/bancos';
import type { BancoAdmin } from './contract';

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

/** The payments recorded on the account (pagos has no index on ban_codigo; the provider's accounts are a handful). */
const payments = sql<number>`(SELECT count(*)::int FROM ${pagos} WHERE ${pagos.BAN_CODIGO} = ${sql.identifier('bancos')}.${sql.identifier('ban_codigo')})`;

const adminColumns = { ...columns, BAN_ACTIVO: bancos.BAN_ACTIVO, pagos: payments };
type AdminRow = Omit<BancoAdmin, 'BAN_TIPO_CUENTA'> & { BAN_TIPO_CUENTA: string };
const toBanco = (row: AdminRow): BancoAdmin => ({
  ...row,
  BAN_TIPO_CUENTA: row.BAN_TIPO_CUENTA as BancoTipoCuenta,
  pagos: Number(row.pagos),
});

/** Digits: the beginning of the account number. Other text: a part of the bank's name, without accents, in any case. */
export function bankSearch(text: string, bind: Bind = embed): SQL {
  const value = text.trim();
  if (/^[0-9]+$/.test(value)) return startsWith(bancos.BAN_NUMERO, value, bind);
  return sql`amelia_busqueda(${bancos.BAN_NOMBRE}) LIKE '%' || amelia_busqueda(${bind(escapeLike(value))}) || '%'`;
}

const SORTS = {
  BAN_NOMBRE: [bancos.BAN_NOMBRE, bancos.BAN_CODIGO],
  BAN_CODIGO: [bancos.BAN_CODIGO],
  BAN_TIPO_CUENTA: [bancos.BAN_TIPO_CUENTA, bancos.BAN_NOMBRE, bancos.BAN_CODIGO],
  BAN_NUMERO: [bancos.BAN_NUMERO, bancos.BAN_CODIGO],
  id: [bancos.BAN_CODIGO],
};

/** The administration's list: every account, active or not; a handful of rows, sent whole without a range. */
const adminList: ListSpec<keyof typeof SORTS> = {
  resource: 'bancos',
  table: bancos,
  sort: SORTS,
  defaultSort: ['BAN_NOMBRE', 'ASC'],
  filters: {
    q: { type: 'search', where: bankSearch },
    BAN_TIPO_CUENTA: { type: 'enum', column: bancos.BAN_TIPO_CUENTA, values: BANCO_TIPOS_CUENTA },
    BAN_ACTIVO: { type: 'boolean', column: bancos.BAN_ACTIVO },
    id: { type: 'ids', column: bancos.BAN_CODIGO },
  },
  defaultRange: 'all',
};

const adminPage = (db: Db, request: PageRequest) => paged(db.select(adminColumns).from(bancos).$dynamic(), request);

export const listBanks = (db: Db, query: ListQuery) => readPage(db, adminList, query, adminPage, toBanco);

export async function findBank(db: Executor, id: number, lock = false): Promise<BancoAdmin | undefined> {
  const query = db.select(adminColumns).from(bancos).where(eq(bancos.BAN_CODIGO, id));
  const [row] = lock ? await query.for('update') : await query;
  return row && toBanco(row);
}

/** Whether another account has this bank name (any case) and number. */
export async function isAccountTaken(db: Executor, name: string, number: string, except?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bancos.BAN_CODIGO })
    .from(bancos)
    .where(
      and(
        eq(sql`lower(${bancos.BAN_NOMBRE})`, name.toLowerCase()),
        eq(bancos.BAN_NUMERO, number),
        except ? ne(bancos.BAN_CODIGO, except) : undefined,
      ),
    );
  return Boolean(row);
}

export type BancoValores = Omit<typeof bancos.$inferInsert, 'BAN_CODIGO'>;

export const { insert: insertBank, update: updateBank, remove: deleteBank } = keyedWrites(bancos, bancos.BAN_CODIGO);
