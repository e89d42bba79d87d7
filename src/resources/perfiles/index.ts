import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./PerfilList'), 'PerfilList'),
  create: lazyView(() => import('./PerfilForm'), 'PerfilCreate'),
  edit: lazyView(() => import('./PerfilForm'), 'PerfilEdit'),
  recordRepresentation: 'PRF_NOMBRE',
};
