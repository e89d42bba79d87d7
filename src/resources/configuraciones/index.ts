import SettingsIcon from '@mui/icons-material/Settings';
import { ConfiguracionList } from './ConfiguracionList';
import { ConfiguracionEdit } from './ConfiguracionEdit';

export default {
  list: ConfiguracionList,
  edit: ConfiguracionEdit,
  icon: SettingsIcon,
  recordRepresentation: 'CON_NOMBRE',
};
