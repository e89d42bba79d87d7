import { and, asc, count, eq, gt, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../infra/db/client';
import { empresas, planesEmpresa } from '../../infra/db/schema';
import { DIAS_AVISO_VENCIMIENTO } from '../../../domain/empresas';
import { diasEntre, hoyEcuador, sumarDias } from '../../../domain/fechas';
import { PLAN_CLASE } from '../../../domain/planes';
import { companyScope, type Viewer } from '../../core/companies';
import { salesScope } from './list-repo';
import type { ResumenPlanes } from './contract';

const pe = planesEmpresa;
const later = alias(planesEmpresa, 'posterior');
const RENOVACIONES_MAX = 50;

/**
 * The sales team's morning figures over the companies the caller sees. Each figure reads an index range: sales by
 * date (planes_empresa_fecha), plans by expiry (planes_empresa_caduca), companies by plan expiry (empresas_plan_caduca,
 * which follows their electronic plans).
 */
export async function plansSummary(db: Db, viewer: Viewer): Promise<ResumenPlanes> {
  const hoy = hoyEcuador();
  const limite = sumarDias(hoy, DIAS_AVISO_VENCIMIENTO);
  // Day 1 of this month at midnight in Ecuador (UTC-5 all year).
  const inicioMes = new Date(`${hoy.slice(0, 8)}01T00:00:00-05:00`);
  const activeVisible = and(eq(empresas.EMP_ACTIVO, true), companyScope(viewer));
  const [[month], [expiring], [withoutPlan], renewals] = await Promise.all([
    db
      .select({ n: count(), importe: sql<string>`coalesce(sum(${pe.PLANEMPRESA_PRECIO}), 0)::numeric(12, 2)::text` })
      .from(pe)
      .where(and(gte(pe.PLANEMPRESA_FECHA, inicioMes), salesScope(viewer))),
    db
      .select({ n: count() })
      .from(empresas)
      .where(and(gte(empresas.EMP_PLAN_CADUCA, hoy), lte(empresas.EMP_PLAN_CADUCA, limite), activeVisible)),
    // EMP_PLAN_CADUCA is the last day of the company's electronic plans: empty or past, nothing covers today.
    db
      .select({ n: count() })
      .from(empresas)
      .where(and(or(isNull(empresas.EMP_PLAN_CADUCA), lt(empresas.EMP_PLAN_CADUCA, hoy)), activeVisible)),
    db
      .select({
        EMP_CODIGO: empresas.EMP_CODIGO,
        EMP_RUC: empresas.EMP_RUC,
        EMP_NOMBRE: empresas.EMP_NOMBRE,
        PLANEMPRESA_ID: pe.PLANEMPRESA_ID,
        PLAN_NOMBRE: pe.PLANEMPRESA_NOMBRE,
        PLANEMPRESA_CADUCA: pe.PLANEMPRESA_CADUCA,
      })
      .from(pe)
      .innerJoin(empresas, eq(empresas.EMP_CODIGO, pe.EMP_CODIGO))
      .where(
        and(
          eq(pe.PLANEMPRESA_CLASE, PLAN_CLASE.electronico),
          gte(pe.PLANEMPRESA_CADUCA, hoy),
          lte(pe.PLANEMPRESA_CADUCA, limite),
          activeVisible,
          // Not yet renewed: no electronic plan of the same type ends after it (the company's own rows, by index).
          sql`NOT EXISTS (SELECT 1 FROM ${pe} ${sql.identifier('posterior')} WHERE ${later.EMP_CODIGO} = ${pe.EMP_CODIGO}
            AND ${later.PLANEMPRESA_CLASE} = ${PLAN_CLASE.electronico} AND ${later.PLANEMPRESA_TIPO} = ${pe.PLANEMPRESA_TIPO}
            AND ${gt(later.PLANEMPRESA_CADUCA, pe.PLANEMPRESA_CADUCA)})`,
        ),
      )
      .orderBy(asc(pe.PLANEMPRESA_CADUCA), asc(pe.PLANEMPRESA_ID))
      .limit(RENOVACIONES_MAX),
  ]);
  return {
    vendidosMes: month.n,
    importeMes: month.importe,
    porVencer: expiring.n,
    sinPlan: withoutPlan.n,
    renovaciones: renewals.map((r) => ({ ...r, dias: diasEntre(hoy, r.PLANEMPRESA_CADUCA) })),
  };
}
