import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./WebhookList'), 'WebhookList'),
  create: lazyView(() => import('./WebhookForm'), 'WebhookCreate'),
  edit: lazyView(() => import('./WebhookForm'), 'WebhookEdit'),
  show: lazyView(() => import('./WebhookShow'), 'WebhookShow'),
  recordRepresentation: 'WEB_URL',
};
