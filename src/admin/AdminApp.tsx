import { CustomRoutes, Layout, localStorageStore } from 'react-admin';
import { Navigate, Route } from 'react-router';
import type { ReactNode } from 'react';
import { adminAuthProvider } from '../authProvider';
import { ADMIN_CHOOSE_PASSWORD_ROUTE, adminSession, CHANGE_PASSWORD_ROUTE, CHOOSE_PASSWORD_ROUTE } from '../authProvider/session';
import { adminDataProvider } from '../dataProvider';
import { AreaAdmin } from '../shell/AreaAdmin';
import { useSettings } from '../settings/SettingsProvider';
import { ServerMenu } from '../shell/ServerMenu';
import { AreaAppBar } from '../shell/AreaAppBar';
import { AreaErrorPage } from '../shell/AreaErrorPage';
import { AdminDashboard } from './AdminDashboard';
import { EnterCompanyButton } from './EnterCompanyButton';
import { lazyView, loadAreaResources } from '../registry/screens';
import { adminFolders } from '../registry/adminFolders';
import { agregarTextos } from '../i18n/provider';
import { esAdministracion } from '../i18n/esAdministracion';

const store = localStorageStore(undefined, 'administrador');
// The area's own texts, before it renders (the company application never downloads them).
agregarTextos(esAdministracion);
// The clave pages (react-admin's form and inputs) load when opened: the home has no form.
const CambiarClavePage = lazyView(() => import('../shell/CambiarClavePage'), 'CambiarClavePage');
const ElegirClavePage = lazyView(() => import('../shell/ElegirClavePage'), 'ElegirClavePage');

// Started as soon as this chunk runs rather than when React gets to them: the sidebar and the first screen's access
// check wait for the menu, the first screen for its folder (both are requested once and shared).
adminAuthProvider.getPermissions?.({}).catch(() => undefined);
void loadAreaResources('admin', adminFolders);

const AdminMenu = () => <ServerMenu area="admin" />;
const AdminAppBar = () => (
  <AreaAppBar>
    <EnterCompanyButton place="appBar" />
  </AreaAppBar>
);
function AdminLayout({ children }: { children: ReactNode }) {
  // Every screen but the one to choose a new clave is inside this layout: a session that signed in with the temporary
  // clave of a reset goes back there whatever address it opens.
  if (adminSession.mustChangePassword()) return <Navigate to={ADMIN_CHOOSE_PASSWORD_ROUTE} replace />;
  return (
    <Layout menu={AdminMenu} appBar={AdminAppBar} error={AreaErrorPage}>
      {children}
    </Layout>
  );
}

/** The administration area, mounted at #/administrador with its own session, store and data provider. */
export default function AdminApp() {
  const { title } = useSettings();
  return (
    <AreaAdmin
      area="admin"
      folders={adminFolders}
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
      <CustomRoutes noLayout>
        <Route path={CHOOSE_PASSWORD_ROUTE} element={<ElegirClavePage />} />
      </CustomRoutes>
    </AreaAdmin>
  );
}
