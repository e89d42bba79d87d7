import { lazyView } from '../../registry/screens';

// Both note types' views come in one module, loaded through a small one (see cargarNotas.ts why).
const pantallas = () => import('../../comprobantes/cargarNotas').then((m) => m.cargarNotas());

export default {
  list: lazyView(pantallas, 'NotaCreditoList'),
  create: lazyView(pantallas, 'NotaCreditoCreate'),
  edit: lazyView(pantallas, 'NotaCreditoEdit'),
  show: lazyView(pantallas, 'NotaCreditoShow'),
  recordRepresentation: 'FAC_NUMERO',
};
