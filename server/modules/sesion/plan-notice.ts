import type { PlanNotice } from './contract';
import { isoDay, vigencia } from '../../../src/domain/empresas';
import { FIRMA_MSG } from '../../../src/domain/messages';

/**
 * The warning shown after a company login: no plan, expired plan, then the electronic signature (expiry of the
 * current one, YYYY-MM-DD, or null): none on file, expired, or expiring within DIAS_AVISO_VENCIMIENTO days.
 */
export function planAndSignatureNotice(expiry: string | undefined, signatureExpiry: string | null, today: Date): PlanNotice {
  const todayText = today.toISOString().slice(0, 10);
  if (!expiry)
    return {
      activar: true,
      mensaje: 'Su empresa no tiene un plan contratado. Contacte a su distribuidor para activar uno y emitir comprobantes.',
    };
  if (expiry < todayText)
    return { activar: true, mensaje: `Su plan caducó el ${expiry}. Renuévelo para seguir emitiendo comprobantes electrónicos.` };
  switch (vigencia(signatureExpiry, today)) {
    case 'sin':
      return { activar: true, mensaje: FIRMA_MSG.noticeMissing };
    case 'vencido':
      return { activar: true, mensaje: FIRMA_MSG.noticeExpired(signatureExpiry!) };
    case 'por_vencer': {
      const days = Math.round((Date.parse(signatureExpiry!) - Date.parse(isoDay(today))) / 86_400_000);
      return { activar: true, mensaje: FIRMA_MSG.noticeExpiring(signatureExpiry!, days) };
    }
    default:
      return { activar: false, mensaje: '' };
  }
}
