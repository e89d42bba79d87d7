import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./ProductoList'), 'ProductoList'),
  create: lazyView(() => import('./ProductoForm'), 'ProductoCreate'),
  edit: lazyView(() => import('./ProductoForm'), 'ProductoEdit'),
  recordRepresentation: 'CAT_DESCRIPCION',
};
