import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./AuditoriaList'), 'AuditoriaList'),
  show: lazyView(() => import('./AuditoriaShow'), 'AuditoriaShow'),
  recordRepresentation: 'AUD_ID',
};
