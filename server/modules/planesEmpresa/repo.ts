import { and, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { keyedWrites } from '../../infra/db/keyed';
import { administradores, empresas, planesEmpresa } from '../../infra/db/schema';
import { found } from '../../core/errors';
import { hoyEcuador } from '../../../domain/fechas';
import { activarDescargaPlan, activarEditarPlan, estadoPlan, PLAN_CLASE, type PlanClase, type PlanTipo } from '../../../domain/planes';
import { companyScope, type Viewer } from '../../core/companies';
import type { PlanEmpresa, PlanOrel } from './contract';

/** The columns of a sold plan as every plan route shows it: the sale, its company and who sold it. */
export const saleColumns = {
  PLANEMPRESA_ID: planesEmpresa.PLANEMPRESA_ID,
  EMP_CODIGO: planesEmpresa.EMP_CODIGO,
  EMP_RUC: empresas.EMP_RUC,
  EMP_NOMBRE: empresas.EMP_NOMBRE,
  PLAN_ID: planesEmpresa.PLAN_ID,
  PLAN_NOMBRE: planesEmpresa.PLANEMPRESA_NOMBRE,
  PLANEMPRESA_CLASE: planesEmpresa.PLANEMPRESA_CLASE,
  PLANEMPRESA_TIPO: planesEmpresa.PLANEMPRESA_TIPO,
  PLANEMPRESA_INICIO: planesEmpresa.PLANEMPRESA_INICIO,
  PLANEMPRESA_CADUCA: planesEmpresa.PLANEMPRESA_CADUCA,
  PLANEMPRESA_COMPROBANTES: planesEmpresa.PLANEMPRESA_COMPROBANTES,
  PLANEMPRESA_USADOS: planesEmpresa.PLANEMPRESA_USADOS,
  PLANEMPRESA_PRECIO: planesEmpresa.PLANEMPRESA_PRECIO,
  PLANEMPRESA_EXTENSION: planesEmpresa.PLANEMPRESA_EXTENSION,
  PLANEMPRESA_OBSERVACION: planesEmpresa.PLANEMPRESA_OBSERVACION,
  PLANEMPRESA_FECHA: planesEmpresa.PLANEMPRESA_FECHA,
  PAG_CODIGO: planesEmpresa.PAG_CODIGO,
  ADM_CODIGO: planesEmpresa.ADM_CODIGO,
  VENDEDOR: administradores.ADM_NOMBRE,
  ARC_ID: planesEmpresa.ARC_ID,
};

export const selectSales = (db: Executor) =>
  db
    .select(saleColumns)
    .from(planesEmpresa)
    .innerJoin(empresas, eq(empresas.EMP_CODIGO, planesEmpresa.EMP_CODIGO))
    .leftJoin(administradores, eq(administradores.ADM_CODIGO, planesEmpresa.ADM_CODIGO));

export type SaleRow = Awaited<ReturnType<ReturnType<typeof selectSales>['execute']>>[number];

/** A sale as the API sends it, with its state chip and its two flags (activarDescargaPlan, activarEditarPlan) on Ecuador's `hoy`. */
export function toPlanEmpresa(row: SaleRow, hoy = hoyEcuador()): PlanEmpresa {
  const { ARC_ID: _file, ...sale } = row;
  const clase = row.PLANEMPRESA_CLASE as PlanClase;
  return {
    ...sale,
    PLANEMPRESA_CLASE: clase,
    PLANEMPRESA_TIPO: row.PLANEMPRESA_TIPO as PlanTipo,
    PLANEMPRESA_FECHA: row.PLANEMPRESA_FECHA.toISOString(),
    estado: estadoPlan(
      {
        inicio: row.PLANEMPRESA_INICIO,
        caduca: row.PLANEMPRESA_CADUCA,
        comprobantes: row.PLANEMPRESA_COMPROBANTES,
        usados: row.PLANEMPRESA_USADOS,
        clase,
      },
      hoy,
    ),
    activarDescargaPlan: activarDescargaPlan(row.PLANEMPRESA_EXTENSION),
    activarEditarPlan: activarEditarPlan(row.PLANEMPRESA_CADUCA, hoy),
  };
}

/** The same sale under the names the /planesOrel routes use. */
export function toPlanOrel(plan: PlanEmpresa): PlanOrel {
  return {
    PLANOREL_ID: plan.PLANEMPRESA_ID,
    EMP_CODIGO: plan.EMP_CODIGO,
    PLAN_ID: plan.PLAN_ID,
    PLAN_NOMBRE: plan.PLAN_NOMBRE,
    PLANOREL_INICIO: plan.PLANEMPRESA_INICIO,
    PLANOREL_CADUCA: plan.PLANEMPRESA_CADUCA,
    PLANOREL_COMPROBANTES: plan.PLANEMPRESA_COMPROBANTES,
    PLANOREL_USADOS: plan.PLANEMPRESA_USADOS,
    PLANOREL_PRECIO: plan.PLANEMPRESA_PRECIO,
    PLANOREL_EXTENSION: plan.PLANEMPRESA_EXTENSION,
    PLANOREL_OBSERVACION: plan.PLANEMPRESA_OBSERVACION,
    estado: plan.estado,
    activarDescargaPlan: plan.activarDescargaPlan,
    activarEditarPlan: plan.activarEditarPlan,
  };
}

/**
 * A company's sales of some classes, newest first (start, then id). The company's own rows only, through the
 * (emp_codigo, clase, tipo, caduca) index.
 */
export async function companySales(db: Executor, empresa: number, clases: readonly PlanClase[]): Promise<PlanEmpresa[]> {
  const rows = await selectSales(db)
    .where(and(eq(planesEmpresa.EMP_CODIGO, empresa), inArray(planesEmpresa.PLANEMPRESA_CLASE, [...clases])))
    .orderBy(desc(planesEmpresa.PLANEMPRESA_INICIO), desc(planesEmpresa.PLANEMPRESA_ID));
  const hoy = hoyEcuador();
  return rows.map((row) => toPlanEmpresa(row, hoy));
}

/** One sale if the caller may see its company (another distributor's company's sale is not found); optionally of one class. */
export async function findVisibleSale(db: Executor, viewer: Viewer, id: number, clase?: PlanClase) {
  const [row] = await selectSales(db).where(
    and(eq(planesEmpresa.PLANEMPRESA_ID, id), clase ? eq(planesEmpresa.PLANEMPRESA_CLASE, clase) : undefined, companyScope(viewer)),
  );
  return found(row);
}

/** The sale read again inside the transaction that changes it (after its company's row is locked). */
export async function saleById(tx: Executor, id: number) {
  const [row] = await selectSales(tx).where(eq(planesEmpresa.PLANEMPRESA_ID, id));
  return row;
}

/** The same company, class and type: the plans whose dates may not cross. */
const sameLine = (empresa: number, clase: string, tipo: string) =>
  and(eq(planesEmpresa.EMP_CODIGO, empresa), eq(planesEmpresa.PLANEMPRESA_CLASE, clase), eq(planesEmpresa.PLANEMPRESA_TIPO, tipo));

/** The last day of the company's plans of this class and type (where a renewal starts from), or null. */
export async function lastExpiry(tx: Executor, empresa: number, clase: string, tipo: string) {
  const [row] = await tx
    .select({ caduca: sql<string | null>`max(${planesEmpresa.PLANEMPRESA_CADUCA})` })
    .from(planesEmpresa)
    .where(sameLine(empresa, clase, tipo));
  return row?.caduca ?? null;
}

/** A plan of the same company, class and type whose dates cross [inicio, caduca] (other than `except`), or undefined. */
export async function overlappingPlan(
  tx: Executor,
  line: { empresa: number; clase: string; tipo: string },
  range: { inicio: string; caduca: string },
  except?: number,
) {
  const [row] = await tx
    .select({ inicio: planesEmpresa.PLANEMPRESA_INICIO, caduca: planesEmpresa.PLANEMPRESA_CADUCA })
    .from(planesEmpresa)
    .where(
      and(
        sameLine(line.empresa, line.clase, line.tipo),
        gte(planesEmpresa.PLANEMPRESA_CADUCA, range.inicio),
        lte(planesEmpresa.PLANEMPRESA_INICIO, range.caduca),
        except === undefined ? undefined : ne(planesEmpresa.PLANEMPRESA_ID, except),
      ),
    )
    .orderBy(planesEmpresa.PLANEMPRESA_INICIO)
    .limit(1);
  return row;
}

export const { insert: insertSale, update: updateSale, remove: deleteSale } = keyedWrites(planesEmpresa, planesEmpresa.PLANEMPRESA_ID);

/**
 * The company's electronic-document plan that ends last, of any type (the company page's and "Mi empresa"'s plan; the
 * same date as EMP_PLAN_CADUCA), or undefined.
 */
export async function latestPlan(db: Executor, empresa: number) {
  const [plan] = await db
    .select({
      PLAN_NOMBRE: planesEmpresa.PLANEMPRESA_NOMBRE,
      PLAN_COMPROBANTES: planesEmpresa.PLANEMPRESA_COMPROBANTES,
      PLANEMPRESA_INICIO: planesEmpresa.PLANEMPRESA_INICIO,
      PLANEMPRESA_CADUCA: planesEmpresa.PLANEMPRESA_CADUCA,
    })
    .from(planesEmpresa)
    .where(and(eq(planesEmpresa.EMP_CODIGO, empresa), eq(planesEmpresa.PLANEMPRESA_CLASE, PLAN_CLASE.electronico)))
    .orderBy(desc(planesEmpresa.PLANEMPRESA_CADUCA), desc(planesEmpresa.PLANEMPRESA_ID))
    .limit(1);
  return plan;
}
