import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./PlanList'), 'PlanList'),
  create: lazyView(() => import('./PlanForm'), 'PlanCreate'),
  edit: lazyView(() => import('./PlanForm'), 'PlanEdit'),
  recordRepresentation: 'PLAN_NOMBRE',
};
