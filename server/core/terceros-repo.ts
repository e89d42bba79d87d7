import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../infra/db/client';

/**
 * The writes the books of a company's parties (suppliers, carriers) do alike on their table: whether an identification
 * is taken, and an edit that stamps the change. `codigo` is the key, `actualizado` the column of the last change.
 */
export function escriturasTercero<T extends PgTable>(libro: {
  tabla: T;
  codigo: AnyPgColumn;
  empresa: AnyPgColumn;
  identificacion: AnyPgColumn;
  actualizado: keyof T['$inferInsert'] & string;
}) {
  const { tabla, codigo, empresa: columnaEmpresa, identificacion: columnaIdentificacion } = libro;
  return {
    /** Whether another row of the company has this identification. */
    async identificationTaken(db: Executor, empresa: number, identificacion: string, except?: number) {
      const [row] = await db
        .select({ id: codigo })
        .from(tabla as PgTable)
        .where(and(eq(columnaEmpresa, empresa), eq(columnaIdentificacion, identificacion)));
      return Boolean(row && row.id !== except);
    },
    /** Updates the company's row; false when it has none with that id. */
    async update(db: Executor, empresa: number, id: number, values: Partial<T['$inferInsert']>) {
      const rows = await db
        .update(tabla)
        .set({ ...values, [libro.actualizado]: new Date() } as PgUpdateSetSource<T>)
        .where(and(eq(codigo, id), eq(columnaEmpresa, empresa)))
        .returning({ id: codigo });
      return rows.length > 0;
    },
  };
}
