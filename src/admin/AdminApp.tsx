import { CustomRoutes, Layout, localStorageStore } from 'react-admin';
import { Route } from 'react-router';
import type { ReactNode } from 'react';
import { adminAuthProvider } from '../authProvider';
import { adminDataProvider } from '../dataProvider';
import { AreaAdmin } from '../shell/AreaAdmin';
import { useSettings } from '../settings/SettingsProvider';
import { ServerMenu } from '../shell/ServerMenu';
import { AreaAppBar } from '../shell/AreaAppBar';
import { CambiarClavePage, CHANGE_PASSWORD_ROUTE } from '../shell/CambiarClavePage';
import { AdminDashboard } from './AdminDashboard';
import { loadAreaResources } from '../registry/screens';

const store = localStorageStore(undefined, 'administrador');

// Started as soon as this chunk runs rather than when React gets to them: the sidebar and the first screen's access
// check wait for the menu, the first screen for its folder (both are requested once and shared).
adminAuthProvider.getPermissions?.({}).catch(() => undefined);
void loadAreaResources('admin');

const AdminMenu = () => <ServerMenu area="admin" />;
const AdminLayout = ({ children }: { children: ReactNode }) => (
  <Layout menu={AdminMenu} appBar={AreaAppBar}>
    {children}
  </Layout>
);

/** The administration area, mounted at #/administrador with its own session, store and data provider. */
export default function AdminApp() {
  const { title } = useSettings();
  return (
    <AreaAdmin
      area="admin"
      basename="/administrador"
      title={`${title} · Administración`}
      authProvider={adminAuthProvider}
      dataProvider={adminDataProvider}
      store={store}
      layout={AdminLayout}
      dashboard={AdminDashboard}
    >
      <CustomRoutes>
        <Route path={CHANGE_PASSWORD_ROUTE} element={<CambiarClavePage />} />
      </CustomRoutes>
    </AreaAdmin>
  );
}
