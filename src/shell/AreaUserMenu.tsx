import { Logout, useBasename, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import KeyIcon from '@mui/icons-material/Key';
import { CHANGE_PASSWORD_ROUTE } from './CambiarClavePage';

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

/** The user menu of both areas: change the clave, sign out. */
export const AreaUserMenu = () => (
  <UserMenu>
    <ChangePasswordItem />
    <Logout />
  </UserMenu>
);
