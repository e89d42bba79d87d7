import { useEffect, type ReactNode } from 'react';
import { AdminContext, AdminUI, Resource, type AdminContextProps, type AdminUIProps } from 'react-admin';
import { i18nProvider } from '../i18n/provider';
import { themeOptions } from '../theme';
import { useAreaResources, type ResourceFolders } from '../registry/screens';
import { Loading } from '../ui/Loading';
import type { Area } from '../registry/resources';
import { AccessDeniedPage } from './AccessDeniedPage';
import { AreaErrorPage } from './AreaErrorPage';
import { AreaNotification } from './AreaNotification';
import { NotFoundPage } from './NotFoundPage';
import type { AreaAuthProvider } from '../authProvider/createAuthProvider';

type Props = Pick<AdminContextProps, 'basename' | 'dataProvider' | 'store'> &
  Pick<AdminUIProps, 'title' | 'layout' | 'dashboard'> & {
    area: Area;
    /** The area's resource folders (src/registry/adminFolders.ts, companyFolders.ts). */
    folders: ResourceFolders;
    authProvider: AreaAuthProvider;
    children?: ReactNode;
  };

/**
 * What both areas' <Admin> share: Spanish, Amelia's theme, sign-in on the public pages (no react-admin
 * login page), authentication required everywhere, no telemetry call to a third party, the Spanish
 * "not found", "no access" and error pages, and the area's resources from the registry. The layouts show the same error
 * page in their content (<Layout error>): this one is for what fails outside them.
 * <Admin>'s two halves rather than <Admin>: its default i18nProvider (ra-language-english over node-polyglot and its
 * polyfills) would travel in both areas' first load though it is never used (docs/performance.md).
 */
export function AreaAdmin({ area, folders, authProvider, children, basename, dataProvider, store, ...props }: Props) {
  const resources = useAreaResources(area, folders);
  // Late 401s of this area's requests must not pull the user back once the area has left the screen.
  useEffect(() => {
    authProvider.shown(true);
    return () => authProvider.shown(false);
  }, [authProvider]);
  if (!resources) return <Loading />;
  return (
    <AdminContext
      i18nProvider={i18nProvider}
      theme={themeOptions}
      authProvider={authProvider}
      basename={basename}
      dataProvider={dataProvider}
      store={store}
    >
      <AdminUI
        loginPage={false}
        requireAuth
        disableTelemetry
        catchAll={NotFoundPage}
        accessDenied={AccessDeniedPage}
        error={AreaErrorPage}
        notification={AreaNotification}
        {...props}
      >
        {resources.map(({ entry, screens }) => (
          <Resource key={entry.name} name={entry.name} icon={entry.icon} {...screens} />
        ))}
        {children}
      </AdminUI>
    </AdminContext>
  );
}
