import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./RecibidoList'), 'RecibidoList'),
  show: lazyView(() => import('./RecibidoShow'), 'RecibidoShow'),
  recordRepresentation: 'REC_NUMERO',
};
