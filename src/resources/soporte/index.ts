import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import { SoporteList } from './SoporteList';

// The ticket page carries the rich-text editor (the heaviest code of the area): it loads when a ticket is opened.
const SoporteShow = lazy(() => import('./SoporteShow').then((module) => ({ default: module.SoporteShow })));

export default {
  list: SoporteList,
  show: SoporteShow,
  recordRepresentation: (record: RaRecord) => `#${record.SPT_ID} ${record.SPT_CLIENTENOMBRE}`,
};
