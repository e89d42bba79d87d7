import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./MenuList'), 'MenuList'),
  create: lazyView(() => import('./MenuForm'), 'MenuCreate'),
  edit: lazyView(() => import('./MenuForm'), 'MenuEdit'),
  recordRepresentation: 'MEN_NOMBRE',
};
