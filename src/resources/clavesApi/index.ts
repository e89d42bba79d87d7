import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./ClaveApiList'), 'ClaveApiList'),
  create: lazyView(() => import('./ClaveApiCreate'), 'ClaveApiCreate'),
  show: lazyView(() => import('./ClaveApiShow'), 'ClaveApiShow'),
  recordRepresentation: 'CLA_NOMBRE',
};
