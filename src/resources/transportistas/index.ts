import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./TransportistaList'), 'TransportistaList'),
  create: lazyView(() => import('./TransportistaForm'), 'TransportistaCreate'),
  edit: lazyView(() => import('./TransportistaForm'), 'TransportistaEdit'),
  show: lazyView(() => import('./TransportistaShow'), 'TransportistaShow'),
  recordRepresentation: 'TRA_RAZON_SOCIAL',
};
