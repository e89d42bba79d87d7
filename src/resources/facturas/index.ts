import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./FacturaList'), 'FacturaList'),
  create: lazyView(() => import('./FacturaForm'), 'FacturaCreate'),
  edit: lazyView(() => import('./FacturaForm'), 'FacturaEdit'),
  show: lazyView(() => import('./FacturaShow'), 'FacturaShow'),
  recordRepresentation: 'FAC_NUMERO',
};
