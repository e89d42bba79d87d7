import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./ConfiguracionList'), 'ConfiguracionList'),
  edit: lazyView(() => import('./ConfiguracionEdit'), 'ConfiguracionEdit'),
  recordRepresentation: 'CON_NOMBRE',
};
