import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import type { RaRecord } from 'react-admin';
import { SoporteList } from './SoporteList';
import { SoporteShow } from './SoporteShow';

export default {
  list: SoporteList,
  show: SoporteShow,
  icon: SupportAgentIcon,
  recordRepresentation: (record: RaRecord) => `#${record.SPT_ID} ${record.SPT_CLIENTENOMBRE}`,
};
