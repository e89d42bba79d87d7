import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./ProveedorList'), 'ProveedorList'),
  create: lazyView(() => import('./ProveedorForm'), 'ProveedorCreate'),
  edit: lazyView(() => import('./ProveedorForm'), 'ProveedorEdit'),
  show: lazyView(() => import('./ProveedorShow'), 'ProveedorShow'),
  recordRepresentation: 'PRV_RAZON_SOCIAL',
};
