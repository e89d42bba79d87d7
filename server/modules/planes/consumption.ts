import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { planesEmpresa } from '../../infra/db/schema';
import { prepared } from '../../infra/db/prepared';
import { hoyEcuador } from '../../../src/domain/fechas';
import { PLAN_CLASE, PLAN_TIPO_DEFECTO, PLAN_MSG, type PlanTipo } from '../../../src/domain/planes';
import { blockReason, type PlanDates } from './standing';

const pe = planesEmpresa;

/** The company's electronic-document plans of one type (its own rows, by the (emp, clase, tipo, caduca) index). */
export async function electronicPlans(db: Executor, empresa: number, tipo: PlanTipo = PLAN_TIPO_DEFECTO) {
  const rows = await prepared(db, 'planes_electronicos', (d) =>
    d
      .select({
        PLANEMPRESA_ID: pe.PLANEMPRESA_ID,
        inicio: pe.PLANEMPRESA_INICIO,
        caduca: pe.PLANEMPRESA_CADUCA,
        comprobantes: pe.PLANEMPRESA_COMPROBANTES,
        usados: pe.PLANEMPRESA_USADOS,
      })
      .from(pe)
      .where(
        and(
          eq(pe.EMP_CODIGO, sql.placeholder('empresa')),
          eq(pe.PLANEMPRESA_CLASE, PLAN_CLASE.electronico),
          eq(pe.PLANEMPRESA_TIPO, sql.placeholder('tipo')),
        ),
      )
      .orderBy(asc(pe.PLANEMPRESA_CADUCA)),
  ).execute({ empresa, tipo });
  return rows satisfies PlanDates[];
}

/**
 * One statement: the company's plan covering today that still has a document left gets one more used. Under
 * concurrency the row lock serialises the UPDATEs and each re-checks `usados < comprobantes` on the row as the
 * previous one left it (PostgreSQL's READ COMMITTED re-evaluation), so the last slot is taken once.
 */
const consume = (db: Executor) =>
  prepared(db, 'consumir_plan', (d) =>
    d
      .update(pe)
      .set({ PLANEMPRESA_USADOS: sql`${pe.PLANEMPRESA_USADOS} + 1` })
      .where(
        and(
          eq(
            pe.PLANEMPRESA_ID,
            sql`(SELECT ${pe.PLANEMPRESA_ID} FROM ${pe} WHERE ${pe.EMP_CODIGO} = ${sql.placeholder('empresa')}
              AND ${pe.PLANEMPRESA_CLASE} = ${PLAN_CLASE.electronico} AND ${pe.PLANEMPRESA_TIPO} = ${sql.placeholder('tipo')}
              AND ${pe.PLANEMPRESA_INICIO} <= ${sql.placeholder('hoy')} AND ${pe.PLANEMPRESA_CADUCA} >= ${sql.placeholder('hoy')}
              AND ${pe.PLANEMPRESA_USADOS} < ${pe.PLANEMPRESA_COMPROBANTES}
              ORDER BY ${pe.PLANEMPRESA_CADUCA} LIMIT 1)`,
          ),
          sql`${pe.PLANEMPRESA_USADOS} < ${pe.PLANEMPRESA_COMPROBANTES}`,
        ),
      )
      .returning({
        PLANEMPRESA_ID: pe.PLANEMPRESA_ID,
        PLANEMPRESA_CADUCA: pe.PLANEMPRESA_CADUCA,
        PLANEMPRESA_COMPROBANTES: pe.PLANEMPRESA_COMPROBANTES,
        PLANEMPRESA_USADOS: pe.PLANEMPRESA_USADOS,
      }),
  );

export type Consumption =
  | { ok: true; plan: { PLANEMPRESA_ID: number; PLANEMPRESA_CADUCA: string; PLANEMPRESA_COMPROBANTES: number; PLANEMPRESA_USADOS: number } }
  | { ok: false; msg: string };

/**
 * Uses one document of the company's current electronic plan of this type: the invoicing module calls it when a
 * document is authorized. When none is left, the Spanish reason (no plan, expired, used up) says what to do.
 */
export async function consumePlan(db: Executor, empresa: number, tipo: PlanTipo = PLAN_TIPO_DEFECTO): Promise<Consumption> {
  // A second attempt only when the plan changed between the two statements (an administrator added documents).
  for (let attempt = 0; attempt < 2; attempt++) {
    const [plan] = await consume(db).execute({ empresa, tipo, hoy: hoyEcuador() });
    if (plan) return { ok: true, plan };
    const reason = await issuingBlock(db, empresa, tipo);
    if (reason) return { ok: false, msg: reason };
  }
  return { ok: false, msg: PLAN_MSG.noPlan };
}

/**
 * Why the company cannot issue a document of this type today, or null when its current plan has documents left beyond
 * the `enCamino` ones issued and waiting for the SRI.
 */
export async function issuingBlock(
  db: Executor,
  empresa: number,
  tipo: PlanTipo = PLAN_TIPO_DEFECTO,
  enCamino = 0,
): Promise<string | null> {
  return blockReason(await electronicPlans(db, empresa, tipo), hoyEcuador(), enCamino);
}
