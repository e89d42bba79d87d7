import { lazyView } from '../../registry/screens';

// No create: a plan is sold on its company's page (the Planes tab), where its payments and current plans are at hand.
export default {
  list: lazyView(() => import('./PlanEmpresaList'), 'PlanEmpresaList'),
  recordRepresentation: 'PLAN_NOMBRE',
};
