import type { PlanNotice } from '../../../domain/contratos/sesion';
import { vigencia } from '../../../domain/empresas';
import { diasEntre } from '../../../domain/fechas';
import { planWarning, type PlanDates } from './standing';
import { FIRMA_MSG } from '../../../domain/firmas';

/**
 * The warning shown after a company login. First the electronic-document plan (planWarning: none, expired, used up,
 * ending soon, nearly used up), then the electronic signature (expiry of the current one, YYYY-MM-DD, or null): none on
 * file, expired, or expiring within DIAS_AVISO_VENCIMIENTO days. `hoy` is today in Ecuador (hoyEcuador), where plans
 * and signatures change at local midnight.
 */
export function planAndSignatureNotice(plans: readonly PlanDates[], signatureExpiry: string | null, hoy: string): PlanNotice {
  const plan = planWarning(plans, hoy);
  if (plan) return { activar: true, mensaje: plan };
  // vigencia() reads the UTC day of its date: midnight UTC of Ecuador's today.
  switch (vigencia(signatureExpiry, new Date(`${hoy}T00:00:00Z`))) {
    case 'sin':
      return { activar: true, mensaje: FIRMA_MSG.noticeMissing };
    case 'vencido':
      return { activar: true, mensaje: FIRMA_MSG.noticeExpired(signatureExpiry!) };
    case 'por_vencer':
      return { activar: true, mensaje: FIRMA_MSG.noticeExpiring(signatureExpiry!, diasEntre(hoy, signatureExpiry!)) };
    default:
      return { activar: false, mensaje: '' };
  }
}
