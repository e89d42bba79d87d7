import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * The writes of a table whose rows are named by one generated integer key: insert (answers the new key), update and
 * delete by key, typed by the table's own insert type, so a caller can only write its columns.
 */
export function keyedWrites<T extends PgTable>(table: T, key: PgColumn) {
  return {
    insert: async (db: Executor, values: T['$inferInsert']): Promise<number> => {
      const [row] = await db.insert(table).values(values).returning({ id: key });
      return row.id as number;
    },
    update: async (db: Executor, id: number, values: Partial<T['$inferInsert']>) => {
      await db.update(table).set(values).where(eq(key, id));
    },
    remove: async (db: Executor, id: number) => {
      await db.delete(table).where(eq(key, id));
    },
  };
}
