import { lazyView } from '../../registry/screens';

// Both note types' views come in one module, loaded through a small one (see cargarNotas.ts why).
const pantallas = () => import('../../comprobantes/cargarNotas').then((m) => m.cargarNotas());

export default {
  list: lazyView(pantallas, 'NotaDebitoList'),
  create: lazyView(pantallas, 'NotaDebitoCreate'),
  edit: lazyView(pantallas, 'NotaDebitoEdit'),
  show: lazyView(pantallas, 'NotaDebitoShow'),
  recordRepresentation: 'FAC_NUMERO',
};
