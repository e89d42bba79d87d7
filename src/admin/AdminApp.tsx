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

const store = localStorageStore(undefined, 'administrador');

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
