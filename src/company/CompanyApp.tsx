import { Admin, CustomRoutes, localStorageStore } from 'react-admin';
import { Navigate, Route } from 'react-router';
import { companyAuthProvider } from '../authProvider';
import { companyDataProvider } from '../dataProvider';
import { i18nProvider } from '../i18n/provider';
import { themeOptions } from '../theme';
import { useSettings } from '../settings/SettingsProvider';
import { CompanyLayout } from './CompanyLayout';
import { CompanyDashboard } from './CompanyDashboard';
import { MiEmpresaPage } from './MiEmpresaPage';
import { AyudaPage } from './AyudaPage';

const store = localStorageStore(undefined, 'empresa');

/** The company application (empty path). Its screens grow with the invoicing issues. */
export default function CompanyApp() {
  const { title } = useSettings();
  return (
    <Admin
      title={title}
      authProvider={companyAuthProvider}
      dataProvider={companyDataProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={themeOptions}
      layout={CompanyLayout}
      dashboard={CompanyDashboard}
      loginPage={false}
      disableTelemetry
      requireAuth
      catchAll={() => <Navigate to="/" replace />}
    >
      <CustomRoutes>
        <Route path="/mi-empresa" element={<MiEmpresaPage />} />
        <Route path="/ayuda" element={<AyudaPage />} />
      </CustomRoutes>
    </Admin>
  );
}
