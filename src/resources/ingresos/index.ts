import LoginIcon from '@mui/icons-material/Login';
import { IngresoList } from './IngresoList';

export default { list: IngresoList, icon: LoginIcon };
