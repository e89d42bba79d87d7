import HomeIcon from '@mui/icons-material/Home';
import SettingsIcon from '@mui/icons-material/Settings';
import LoginIcon from '@mui/icons-material/Login';
import BusinessIcon from '@mui/icons-material/Business';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import InventoryIcon from '@mui/icons-material/Inventory2';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptIcon from '@mui/icons-material/Receipt';
import CircleIcon from '@mui/icons-material/CircleOutlined';

/** MEN_ICONO names stored with the menus, mapped to MUI icons. Unknown names get a neutral dot. */
const icons: Record<string, React.ComponentType> = {
  home: HomeIcon,
  settings: SettingsIcon,
  login: LoginIcon,
  business: BusinessIcon,
  support: SupportAgentIcon,
  inventory: InventoryIcon,
  people: PeopleIcon,
  receipt: ReceiptIcon,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = icons[name] ?? CircleIcon;
  return <Icon />;
}
