import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./BancoList'), 'BancoList'),
  create: lazyView(() => import('./BancoForm'), 'BancoCreate'),
  edit: lazyView(() => import('./BancoForm'), 'BancoEdit'),
  recordRepresentation: 'BAN_NOMBRE',
};
