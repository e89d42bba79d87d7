import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./EmpresaList'), 'EmpresaList'),
  edit: lazyView(() => import('./EmpresaEdit'), 'EmpresaEdit'),
  create: lazyView(() => import('./EmpresaCreate'), 'EmpresaCreate'),
  recordRepresentation: 'EMP_NOMBREC',
};
