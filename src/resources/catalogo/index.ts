import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./CatalogoList'), 'CatalogoList'),
  create: lazyView(() => import('./CatalogoForm'), 'CatalogoCreate'),
  edit: lazyView(() => import('./CatalogoForm'), 'CatalogoEdit'),
  recordRepresentation: 'CAT_DESCRIPCION',
};
