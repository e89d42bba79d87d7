import { Layout, localStorageStore, Resource } from 'react-admin';
import { Navigate } from 'react-router';
import type { ReactNode } from 'react';
import { adminAuthProvider } from '../authProvider';
import { adminDataProvider } from '../dataProvider';
import { AreaAdmin } from '../shell/AreaAdmin';
import { useSettings } from '../settings/SettingsProvider';
import { ServerMenu } from '../shell/ServerMenu';
import { AreaAppBar } from '../shell/AreaAppBar';
import { AdminDashboard } from './AdminDashboard';
import configuraciones from '../resources/configuraciones';
import ingresos from '../resources/ingresos';
import soporte from '../resources/soporte';
import productos from '../resources/productos';

const store = localStorageStore(undefined, 'administrador');

const AdminAppBar = () => <AreaAppBar />;
const AdminLayout = ({ children }: { children: ReactNode }) => <Layout menu={ServerMenu} appBar={AdminAppBar}>{children}</Layout>;

/** The administration area, mounted at #/administrador with its own session, store and data provider. */
export default function AdminApp() {
  const { title } = useSettings();
  return (
    <AreaAdmin
      basename="/administrador"
      title={`${title} · Administración`}
      authProvider={adminAuthProvider}
      dataProvider={adminDataProvider}
      store={store}
      layout={AdminLayout}
      dashboard={AdminDashboard}
      catchAll={() => <Navigate to="/administrador" replace />}
    >
      <Resource name="configuraciones" {...configuraciones} />
      <Resource name="ingresos" {...ingresos} />
      <Resource name="soporte" {...soporte} />
      <Resource name="productos" {...productos} />
      <Resource name="asesor" recordRepresentation="ASE_NOMBRE" />
    </AreaAdmin>
  );
}
