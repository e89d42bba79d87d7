import type { RaRecord } from 'react-admin';
import { lazyView } from '../../registry/screens';

export default {
  list: lazyView(() => import('./SoporteList'), 'SoporteList'),
  // The ticket page carries the rich-text editor, the heaviest code of the area.
  show: lazyView(() => import('./SoporteShow'), 'SoporteShow'),
  recordRepresentation: (record: RaRecord) => `#${record.SPT_ID} ${record.SPT_CLIENTENOMBRE}`,
};
