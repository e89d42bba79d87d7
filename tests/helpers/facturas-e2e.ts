import { apiCall, type RunningServer } from './e2e';
import { adminToken, FERRETERIA } from './browser';
import { DEMO } from '../../server/infra/db/demo-accounts';

/** Ferretería El Tornillo: the demo company with a stored signature (its seeded plan has expired). */
export const TORNILLO = { ...FERRETERIA, clave: DEMO.empresa.clave };

type Plan = { PLAN_ID: number; PLAN_CLASE: string; PLAN_TIPO: string; PLAN_ACTIVO: boolean; PLAN_COMPROBANTES: number };

/** An administrator sells the hardware store an electronic-documents plan, as the back office does. */
export async function venderPlan(server: RunningServer) {
  const admin = await adminToken(server, DEMO.admin);
  const { usuario } = await apiCall<{ usuario: { COM_CODIGO: number } }>(server, '/login', { method: 'POST', body: TORNILLO });
  const planes = await apiCall<Plan[]>(server, `/empresas/planes?${new URLSearchParams({ PLAN_TIPO: 'T' })}`, { token: admin });
  const plan = planes.find((p) => p.PLAN_CLASE === 'E' && p.PLAN_ACTIVO)!;
  await apiCall(server, '/empresas/planes', {
    method: 'POST',
    token: admin,
    body: { EMP_CODIGO: usuario.COM_CODIGO, PLAN_ID: plan.PLAN_ID },
  });
}
