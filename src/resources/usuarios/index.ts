import { lazyView } from '../../registry/screens';

/** The company's own users (company area, /api/usuarios): only its administrator sees and manages them. */
export default {
  list: lazyView(() => import('./UsuarioList'), 'UsuarioList'),
  create: lazyView(() => import('./UsuarioForm'), 'UsuarioCreate'),
  edit: lazyView(() => import('./UsuarioForm'), 'UsuarioEdit'),
  recordRepresentation: 'USU_USUARIO',
};
