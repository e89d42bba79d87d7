import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { administradores, archivos, bancos, pagos } from '../../infra/db/schema';
import type { Pago } from './contract';

const ofCompany = (empresa: number, pago: number) => and(eq(pagos.EMP_CODIGO, empresa), eq(pagos.PAG_CODIGO, pago));

/** What every list of a company's payments shows of one: its number, origin, reference, amount and date paid. */
export const paymentColumns = {
  PAG_CODIGO: pagos.PAG_CODIGO,
  PAG_ORIGEN: pagos.PAG_ORIGEN,
  PAG_REFERENCIA: pagos.PAG_REFERENCIA,
  PAG_MONTO: pagos.PAG_MONTO,
  PAG_FECHAPAGO: pagos.PAG_FECHAPAGO,
};

/** A company's payments, newest first, with the bank's name, the file's name and size and who recorded each. */
export async function companyPayments(db: Executor, empresa: number): Promise<Pago[]> {
  const rows = await db
    .select({
      ...paymentColumns,
      BAN_CODIGO: pagos.BAN_CODIGO,
      BAN_NOMBRE: bancos.BAN_NOMBRE,
      ARC_NOMBRE: archivos.ARC_NOMBRE,
      ARC_TAMANO: archivos.ARC_TAMANO,
      PAG_FECHA: pagos.PAG_FECHA,
      ADM_USUARIO: administradores.ADM_USUARIO,
    })
    .from(pagos)
    .leftJoin(bancos, eq(bancos.BAN_CODIGO, pagos.BAN_CODIGO))
    .leftJoin(archivos, eq(archivos.ARC_ID, pagos.ARC_ID))
    .leftJoin(administradores, eq(administradores.ADM_CODIGO, pagos.ADM_CODIGO))
    .where(eq(pagos.EMP_CODIGO, empresa))
    .orderBy(desc(pagos.PAG_FECHA), desc(pagos.PAG_CODIGO));
  return rows.map((row) => ({ ...row, PAG_FECHA: row.PAG_FECHA.toISOString() }));
}

export async function insertPayment(
  tx: Executor,
  values: {
    EMP_CODIGO: number;
    PAG_MONTO: string;
    PAG_FECHAPAGO: string;
    BAN_CODIGO: number;
    PAG_REFERENCIA: string;
    ARC_ID: string;
    ADM_CODIGO: number;
  },
) {
  const [row] = await tx
    .insert(pagos)
    .values({ ...values, PAG_ORIGEN: 'admin' })
    .returning();
  return row;
}

/** The payment (EMP_CODIGO, PAG_CODIGO) of this company, or undefined: a mismatched pair finds nothing. */
export async function findPayment(db: Executor, empresa: number, pago: number) {
  const [row] = await db.select().from(pagos).where(ofCompany(empresa, pago));
  return row;
}

export async function deletePayment(tx: Executor, empresa: number, pago: number) {
  await tx.delete(pagos).where(ofCompany(empresa, pago));
}
