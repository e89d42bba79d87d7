import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./AsesorList'), 'AsesorList'),
  create: lazyView(() => import('./AsesorForm'), 'AsesorCreate'),
  edit: lazyView(() => import('./AsesorForm'), 'AsesorEdit'),
  recordRepresentation: 'ASE_NOMBRE',
};
