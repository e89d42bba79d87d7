import { useEffect, type ReactNode } from 'react';
import { Admin, Resource, type AdminProps } from 'react-admin';
import { i18nProvider } from '../i18n/provider';
import { themeOptions } from '../theme';
import { useAreaResources } from '../registry/screens';
import { Loading } from '../ui/Loading';
import type { Area } from '../registry/resources';
import { AccessDeniedPage } from './AccessDeniedPage';
import { AreaErrorPage } from './AreaErrorPage';
import { AreaNotification } from './AreaNotification';
import { NotFoundPage } from './NotFoundPage';
import type { AreaAuthProvider } from '../authProvider/createAuthProvider';

type Props = Omit<AdminProps, 'children' | 'authProvider'> & { area: Area; authProvider: AreaAuthProvider; children?: ReactNode };

/**
 * What both areas' <Admin> share: Spanish, Amelia's theme, sign-in on the public pages (no react-admin
 * login page), authentication required everywhere, no telemetry call to a third party, the Spanish
 * "not found", "no access" and error pages, and the area's resources from the registry. The layouts show the same error
 * page in their content (<Layout error>): this one is for what fails outside them.
 */
export function AreaAdmin({ area, authProvider, children, ...props }: Props) {
  const resources = useAreaResources(area);
  // Late 401s of this area's requests must not pull the user back once the area has left the screen.
  useEffect(() => {
    authProvider.shown(true);
    return () => authProvider.shown(false);
  }, [authProvider]);
  if (!resources) return <Loading />;
  return (
    <Admin
      i18nProvider={i18nProvider}
      theme={themeOptions}
      loginPage={false}
      requireAuth
      disableTelemetry
      catchAll={NotFoundPage}
      accessDenied={AccessDeniedPage}
      error={AreaErrorPage}
      notification={AreaNotification}
      authProvider={authProvider}
      {...props}
    >
      {resources.map(({ entry, screens }) => (
        <Resource key={entry.name} name={entry.name} icon={entry.icon} {...screens} />
      ))}
      {children}
    </Admin>
  );
}
