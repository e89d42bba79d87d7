import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./ClienteList'), 'ClienteList'),
  create: lazyView(() => import('./ClienteForm'), 'ClienteCreate'),
  edit: lazyView(() => import('./ClienteForm'), 'ClienteEdit'),
  show: lazyView(() => import('./ClienteShow'), 'ClienteShow'),
  recordRepresentation: 'CLI_RAZON_SOCIAL',
};
