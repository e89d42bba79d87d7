import SearchOffIcon from '@mui/icons-material/SearchOff';
import { AreaMessagePage } from './AreaMessagePage';

/** An address that is no screen of this area (react-admin's catchAll). */
export const NotFoundPage = () => <AreaMessagePage icon={<SearchOffIcon />} titleKey="ra.page.not_found" textKey="ra.message.not_found" />;
