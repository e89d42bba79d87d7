import BlockIcon from '@mui/icons-material/Block';
import { AreaMessagePage } from './AreaMessagePage';

/** A screen the user's menu does not grant: the session stays, the user goes back to what they may use. */
export const AccessDeniedPage = () => (
  <AreaMessagePage icon={<BlockIcon />} titleKey="ra.page.access_denied" textKey="ra.message.access_denied" />
);
