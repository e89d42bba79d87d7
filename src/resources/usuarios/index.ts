import { lazyView } from '../../registry/screens';

/** The company's own users (company area, /api/usuarios): every user reads them, its administrator manages them. */
export default {
  list: lazyView(() => import('./UsuarioList'), 'UsuarioList'),
  create: lazyView(() => import('./UsuarioForm'), 'UsuarioCreate'),
  edit: lazyView(() => import('./UsuarioForm'), 'UsuarioEdit'),
  recordRepresentation: 'USU_USUARIO',
};
