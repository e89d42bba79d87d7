import BlockIcon from '@mui/icons-material/Block';
import { MSG } from '../../domain/messages';
import { AreaMessagePage } from './AreaMessagePage';

/**
 * A section the user's menu does not grant: the screen react-admin refuses itself (canAccess) and the one the server
 * refused with 403 SIN_ACCESO (authProvider.checkError sends it here). The session stays; the user goes back home.
 */
export const AccessDeniedPage = () => (
  <AreaMessagePage
    icon={<BlockIcon />}
    titleKey="ra.page.access_denied"
    text={`${MSG.noAccess}. Si la necesita, pida a quien administra su cuenta que se la habilite.`}
  />
);
