import { and, desc, eq, gte, like, lte, or } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { empresas, planes, planesEmpresa } from '../../infra/db/schema';

export async function findCompany(db: Db, empresa: number) {
  const [company] = await db.select().from(empresas).where(eq(empresas.EMP_CODIGO, empresa));
  return company;
}

/** The company's plan that expires last (its current or most recent one). */
export async function latestPlan(db: Db, empresa: number) {
  const [plan] = await db
    .select({
      PLAN_NOMBRE: planes.PLAN_NOMBRE,
      PLAN_COMPROBANTES: planes.PLAN_COMPROBANTES,
      PLANEMPRESA_INICIO: planesEmpresa.PLANEMPRESA_INICIO,
      PLANEMPRESA_CADUCA: planesEmpresa.PLANEMPRESA_CADUCA,
    })
    .from(planesEmpresa)
    .innerJoin(planes, eq(planes.PLAN_ID, planesEmpresa.PLAN_ID))
    .where(eq(planesEmpresa.EMP_CODIGO, empresa))
    .orderBy(desc(planesEmpresa.PLANEMPRESA_CADUCA))
    .limit(1);
  return plan;
}

/** Name, address and phone of the company with this RUC, or of the first whose RUC starts with this cédula. */
export async function findCompanyContact(db: Db, identification: string) {
  const byPrefix =
    identification.length === 10
      ? // A natural person's RUC is the cédula plus a 3-digit establishment; the range lets the unique index serve it.
        and(
          gte(empresas.EMP_RUC, `${identification}000`),
          lte(empresas.EMP_RUC, `${identification}999`),
          like(empresas.EMP_RUC, `${identification}%`),
        )
      : undefined;
  const [company] = await db
    .select({ nombre: empresas.EMP_NOMBRE, correo: empresas.EMP_CORREO, telefono: empresas.EMP_TELEFONO })
    .from(empresas)
    .where(or(eq(empresas.EMP_RUC, identification), byPrefix))
    .orderBy(empresas.EMP_RUC)
    .limit(1);
  return company;
}
