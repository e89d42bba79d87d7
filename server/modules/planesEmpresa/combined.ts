import type { Log } from '../../core/context';
import { databaseFailure } from '../../infra/db/errors';
import { PLAN_CLASES, PLAN_MSG, type PlanClase } from '../../../domain/planes';
import type { PlanEmpresa, PlanesCombinados } from './contract';

/** Reads one class of a company's plans. */
export type PlanPart = (clase: PlanClase) => Promise<PlanEmpresa[]>;

/** Every part failed: nothing to show but the published message, as a 503 (the database failed, not the request). */
export class CombinedQueryFailed extends Error {
  constructor() {
    super(PLAN_MSG.queryFailed);
  }
}

/**
 * The combined plan query: the company's own, printing-house and Orel plans, each read on its own so that one
 * failing leaves the others on screen. A failed part is logged as "Error en la consulta de planes", left out and
 * named in `fallidas`; when all fail, CombinedQueryFailed. Newest first across classes (start, then id).
 */
export async function combinedPlans(read: PlanPart, log: Log): Promise<PlanesCombinados> {
  const settled = await Promise.allSettled(PLAN_CLASES.map((clase) => read(clase)));
  const planes: PlanEmpresa[] = [];
  const fallidas: PlanClase[] = [];
  settled.forEach((result, i) => {
    if (result.status === 'fulfilled') planes.push(...result.value);
    else {
      fallidas.push(PLAN_CLASES[i]);
      // Of a database error only its SQLSTATE, table and constraint: the driver's message carries the statement's values.
      const database = databaseFailure(result.reason);
      log.error(
        { clase: PLAN_CLASES[i], ...(database ? { database } : { err: { message: String(result.reason) } }) },
        PLAN_MSG.queryFailed,
      );
    }
  });
  if (fallidas.length === PLAN_CLASES.length) throw new CombinedQueryFailed();
  planes.sort((a, b) => b.PLANEMPRESA_INICIO.localeCompare(a.PLANEMPRESA_INICIO) || b.PLANEMPRESA_ID - a.PLANEMPRESA_ID);
  return { planes, fallidas };
}
