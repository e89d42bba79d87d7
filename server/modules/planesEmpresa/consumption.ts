import { and, asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { empresasHistorial, planesEmpresa } from '../../infra/db/schema';
import { prepared } from '../../infra/db/prepared';
import { hoyEcuador } from '../../../domain/fechas';
import { PLAN_CLASE, PLAN_TIPO_DEFECTO, PLAN_MSG, type PlanTipo } from '../../../domain/planes';
import { blockReason, type PlanDates } from './standing';

const pe = planesEmpresa;

/** The company's electronic-document plans of one type (its own rows, by the (emp, clase, tipo, caduca) index). */
const plansOfType = (d: Executor) =>
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
    .orderBy(asc(pe.PLANEMPRESA_CADUCA));

export async function electronicPlans(db: Executor, empresa: number, tipo: PlanTipo = PLAN_TIPO_DEFECTO) {
  const rows = await prepared(db, 'planes_electronicos', plansOfType).execute({ empresa, tipo });
  return rows satisfies PlanDates[];
}

/** The same rows, locked until the transaction ends (FOR UPDATE, in the index's order). */
const lockedPlans = (db: Executor) => prepared(db, 'planes_electronicos_bloqueo', (d) => plansOfType(d).for('update'));

/**
 * Locks the company's plans of this type until the transaction ends, as issuing does first: a transaction that then
 * changes a document's state (and so the company's counters of documents in flight) takes the locks in issuing's order
 * and never deadlocks with it.
 */
export async function lockPlans(tx: Executor, empresa: number, tipo: PlanTipo = PLAN_TIPO_DEFECTO) {
  await lockedPlans(tx).execute({ empresa, tipo });
}

/**
 * Why the company cannot issue one more document of this type, judged under a lock: its plans stay locked until the
 * issuing transaction ends, and `waiting` (the documents issued and not yet answered by the SRI, which the plan pays
 * for when they are authorized) is counted only once the lock is held. Concurrent issuers of one company therefore
 * judge one after another, each seeing the documents the previous ones issued: a plan with N documents left issues at
 * most N, on PostgreSQL as on PGlite.
 */
export async function issuingBlockLocked(
  tx: Executor,
  empresa: number,
  waiting: () => Promise<number>,
  tipo: PlanTipo = PLAN_TIPO_DEFECTO,
): Promise<string | null> {
  const plans = await lockedPlans(tx).execute({ empresa, tipo });
  return blockReason(plans, hoyEcuador(), await waiting());
}

/**
 * The company's plans of this type locked (FOR UPDATE, in the index's order), for a caller's statement: issuing's
 * (comprobantes/emision-repo.ts) takes them with its number in one. A locked row is read as its last committed
 * version, so what waiting on the lock let others change is seen. Its columns are PlanDates' (the dates as text).
 */
export function planesBloqueadosSql(empresa: Placeholder, tipo: PlanTipo | Placeholder = PLAN_TIPO_DEFECTO): SQL {
  return sql`SELECT planempresa_inicio::text AS inicio, planempresa_caduca::text AS caduca,
      planempresa_comprobantes AS comprobantes, planempresa_usados AS usados
    FROM ${pe} WHERE emp_codigo = ${empresa} AND planempresa_clase = ${PLAN_CLASE.electronico} AND planempresa_tipo = ${tipo}
    ORDER BY planempresa_caduca FOR UPDATE`;
}

/** Why the company cannot issue one more document, judged on its plans read under their lock (planesBloqueadosSql). */
export const issuingBlockOf = (plans: readonly PlanDates[], enCamino: number) => blockReason(plans, hoyEcuador(), enCamino);

/**
 * One statement: the company's plan that has started by today, had not ended on the day the document was issued
 * (`desde`; a plan that ends while its documents wait for the SRI still pays for them) and still has a document left
 * gets one more used, the one that ends first. Under
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
              AND ${pe.PLANEMPRESA_INICIO} <= ${sql.placeholder('hoy')} AND ${pe.PLANEMPRESA_CADUCA} >= ${sql.placeholder('desde')}
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
 * Uses one document of the company's electronic plan of this type that covers a document issued on `emitida`: the
 * invoicing module calls it when a document is authorized. When none is left, the Spanish reason (no plan, expired,
 * used up) says what to do.
 */
export async function consumePlan(
  db: Executor,
  empresa: number,
  tipo: PlanTipo = PLAN_TIPO_DEFECTO,
  emitida: string = hoyEcuador(),
): Promise<Consumption> {
  // A second attempt only when the plan changed between the two statements (an administrator added documents).
  for (let attempt = 0; attempt < 2; attempt++) {
    const hoy = hoyEcuador();
    const [plan] = await consume(db).execute({ empresa, tipo, hoy, desde: emitida < hoy ? emitida : hoy });
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

/**
 * consume's UPDATE for a caller's statement (the SRI queue's step, sri/cola.ts): one document of the company's plan
 * for a document issued on `emitida`, when `si` holds; it returns the plan's id when one paid. None paying is
 * payForAuthorized's to record. `empresa` and `hoy` may be placeholders of a prepared statement.
 */
export function consumoSql(
  empresa: number | Placeholder,
  emitida: SQL,
  si: SQL,
  tipo: PlanTipo = PLAN_TIPO_DEFECTO,
  hoy: string | Placeholder = hoyEcuador(),
): SQL {
  return sql`UPDATE ${pe} SET planempresa_usados = planempresa_usados + 1
    WHERE planempresa_id = (SELECT planempresa_id FROM ${pe} WHERE emp_codigo = ${empresa}
        AND planempresa_clase = ${PLAN_CLASE.electronico} AND planempresa_tipo = ${tipo}
        AND planempresa_inicio <= ${hoy}::date AND planempresa_caduca >= least(${emitida}, ${hoy}::date)
        AND planempresa_usados < planempresa_comprobantes
        ORDER BY planempresa_caduca LIMIT 1)
      AND planempresa_usados < planempresa_comprobantes AND ${si}
    RETURNING planempresa_id`;
}

/**
 * The plan's part of an authorization: one document used. Issuing judged the plan under a lock, so a plan always
 * pays; should none (an administrator took documents away while they waited), the authorization stands — it is a fact
 * at the SRI — and the company's history, which the administration reads, says which document no plan paid for.
 */
export async function payForAuthorized(
  tx: Executor,
  documento: { empresa: number; numero: string; emitida: string; nombre: string },
  tipo: PlanTipo = PLAN_TIPO_DEFECTO,
): Promise<Consumption> {
  const consumo = await consumePlan(tx, documento.empresa, tipo, documento.emitida);
  if (!consumo.ok) {
    await tx.insert(empresasHistorial).values({
      EMP_CODIGO: documento.empresa,
      HIS_USUARIO: 'SRI',
      HIS_ACCION: 'plan',
      HIS_DESCRIPCION: PLAN_MSG.authorizedUnpaid(documento.nombre, documento.numero, consumo.msg),
    });
  }
  return consumo;
}
