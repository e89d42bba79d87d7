import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./CodigoRetencionList'), 'CodigoRetencionList'),
  create: lazyView(() => import('./CodigoRetencionForm'), 'CodigoRetencionCreate'),
  edit: lazyView(() => import('./CodigoRetencionForm'), 'CodigoRetencionEdit'),
  recordRepresentation: 'RCO_CODIGO',
};
