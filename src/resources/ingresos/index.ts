import { lazyView } from '../../registry/screens';

export default { list: lazyView(() => import('./IngresoList'), 'IngresoList') };
