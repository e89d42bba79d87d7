import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * The writes of a table whose rows are named by one generated integer key: insert (answers the new key), update and
 * delete by key. `V` is what a caller may write (the row without its key, or less).
 */
export function keyedWrites<V extends object>(table: PgTable, key: PgColumn) {
  return {
    insert: async (db: Executor, values: V): Promise<number> => {
      const [row] = await db.insert(table).values(values).returning({ id: key });
      return row.id as number;
    },
    update: async (db: Executor, id: number, values: Partial<V>) => {
      await db.update(table).set(values).where(eq(key, id));
    },
    remove: async (db: Executor, id: number) => {
      await db.delete(table).where(eq(key, id));
    },
  };
}
