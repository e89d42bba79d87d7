import type { PlanNotice } from './contract';

/** The warning shown after a company login: no plan, expired plan, or no electronic signature on file. */
export function planAndSignatureNotice(expiry: string | undefined, signature: string | null, today: Date): PlanNotice {
  const todayText = today.toISOString().slice(0, 10);
  if (!expiry)
    return {
      activar: true,
      mensaje: 'Su empresa no tiene un plan contratado. Contacte a su distribuidor para activar uno y emitir comprobantes.',
    };
  if (expiry < todayText)
    return { activar: true, mensaje: `Su plan caducó el ${expiry}. Renuévelo para seguir emitiendo comprobantes electrónicos.` };
  if (!signature)
    return {
      activar: true,
      mensaje: 'Su empresa no tiene una firma electrónica registrada. Súbala para poder autorizar comprobantes en el SRI.',
    };
  return { activar: false, mensaje: '' };
}
