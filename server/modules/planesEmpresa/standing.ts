import { diasEntre } from '../../../domain/fechas';
import { DIAS_AVISO_VENCIMIENTO } from '../../../domain/empresas';
import { PLAN_MSG, UMBRAL_CONSUMO } from '../../../domain/planes';

/** What the warnings and the issuing check need of an electronic-document plan. */
export type PlanDates = { inicio: string; caduca: string; comprobantes: number; usados: number };

/**
 * Where a company's electronic plans (of one type) stand on `hoy`: the one covering today, whether another follows it
 * (a renewal already sold: no need to warn that the current one ends), and the last one that has ended.
 */
export function planStanding<P extends PlanDates>(plans: readonly P[], hoy: string) {
  const current = plans.find((p) => p.inicio <= hoy && hoy <= p.caduca);
  const renewed = current ? plans.some((p) => p.inicio > current.caduca) : false;
  const ended = plans.filter((p) => p.caduca < hoy).sort((a, b) => b.caduca.localeCompare(a.caduca))[0];
  return { any: plans.length > 0, current, renewed, ended };
}

/**
 * Why the company cannot issue a document today (no plan, expired, used up — counting `enCamino` documents issued and
 * not yet authorized, which the plan pays for when they are), or null when it can.
 */
export function blockReason(plans: readonly PlanDates[], hoy: string, enCamino = 0): string | null {
  const { current, ended } = planStanding(plans, hoy);
  if (!current) return ended ? PLAN_MSG.expired(ended.caduca) : PLAN_MSG.noPlan;
  if (current.usados >= current.comprobantes) return PLAN_MSG.exhausted(current.comprobantes);
  if (current.usados + enCamino >= current.comprobantes) return PLAN_MSG.enCamino(current.comprobantes, enCamino);
  return null;
}

/**
 * The plan warning of comprobarfirmaPlan, in this order: no plan, expired, used up, ending within
 * DIAS_AVISO_VENCIMIENTO days (unless a renewal follows), UMBRAL_CONSUMO of its documents used; null when none applies.
 */
export function planWarning(plans: readonly PlanDates[], hoy: string): string | null {
  const blocked = blockReason(plans, hoy);
  if (blocked) return blocked;
  const { current, renewed } = planStanding(plans, hoy);
  const dias = diasEntre(hoy, current!.caduca);
  if (dias <= DIAS_AVISO_VENCIMIENTO && !renewed) return PLAN_MSG.expiring(current!.caduca, dias);
  if (current!.usados >= UMBRAL_CONSUMO * current!.comprobantes) return PLAN_MSG.nearlyUsed(current!.usados, current!.comprobantes);
  return null;
}
