import { Logout, useBasename, useGetIdentity, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import KeyIcon from '@mui/icons-material/Key';
import { CHANGE_PASSWORD_ROUTE } from '../authProvider/session';

function ChangePasswordItem() {
  const translate = useTranslate();
  const basename = useBasename();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to={`${basename}${CHANGE_PASSWORD_ROUTE}`} onClick={userMenu?.onClose}>
      <ListItemIcon>
        <KeyIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('amelia.clave.cambiar')}</ListItemText>
    </MenuItem>
  );
}

/**
 * The user menu of both areas: change the clave, sign out. Its button shows the user's name, so its accessible name
 * carries it too ("Perfil: Ana Morales"): a name that hides the visible text fails WCAG 2.5.3 (label in name).
 */
export function AreaUserMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const perfil = translate('ra.auth.user_menu');
  return (
    <UserMenu label={identity?.fullName ? `${perfil}: ${identity.fullName}` : perfil}>
      <ChangePasswordItem />
      <Logout />
    </UserMenu>
  );
}
