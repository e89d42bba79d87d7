import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { empresas, menus, menusEmpresa, pagos, usuarios } from '../../infra/db/schema';

export async function isRucTaken(db: Db, ruc: string): Promise<boolean> {
  const [taken] = await db.select({ id: empresas.EMP_CODIGO }).from(empresas).where(eq(empresas.EMP_RUC, ruc));
  return Boolean(taken);
}

/**
 * Creates the company, its first user and its default menu in one transaction. Undefined when the RUC was
 * registered in the meantime.
 */
export async function createCompany(
  db: Db,
  company: { EMP_RUC: string; EMP_NOMBREC: string; EMP_NOMBRE: string; EMP_CORREO: string },
  user: { USU_USUARIO: string; USU_CLAVE: string },
) {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(empresas).values(company).onConflictDoNothing().returning({ EMP_CODIGO: empresas.EMP_CODIGO });
    if (!created) return undefined;
    await tx
      .insert(usuarios)
      .values({ COM_CODIGO: created.EMP_CODIGO, ...user, USU_CORREO: company.EMP_CORREO, USU_NOMBRE: user.USU_USUARIO });
    const defaults = await tx.select({ MEN_CODIGO: menus.MEN_CODIGO }).from(menus).where(eq(menus.MEN_AREA, 'empresa'));
    if (defaults.length)
      await tx.insert(menusEmpresa).values(defaults.map((m) => ({ EMP_CODIGO: created.EMP_CODIGO, MEN_CODIGO: m.MEN_CODIGO })));
    return created;
  });
}

export async function addPayment(db: Executor, payment: { EMP_CODIGO: number; PAG_REFERENCIA: string; ARC_ID: string }) {
  const [row] = await db
    .insert(pagos)
    .values({ ...payment, PAG_ORIGEN: 'registro' })
    .returning();
  return row;
}
