import { Admin, type AdminProps } from 'react-admin';
import { i18nProvider } from '../i18n/provider';
import { themeOptions } from '../theme';

/**
 * What both areas' <Admin> share: Spanish, Amelia's theme, sign-in on the public pages (no react-admin
 * login page), authentication required everywhere, and no telemetry call to a third party.
 */
export function AreaAdmin(props: AdminProps) {
  return <Admin i18nProvider={i18nProvider} theme={themeOptions} loginPage={false} requireAuth disableTelemetry {...props} />;
}
