import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./AdministradorList'), 'AdministradorList'),
  create: lazyView(() => import('./AdministradorForm'), 'AdministradorCreate'),
  edit: lazyView(() => import('./AdministradorForm'), 'AdministradorEdit'),
  recordRepresentation: 'ADM_NOMBRE',
};
