import { CustomRoutes, localStorageStore } from 'react-admin';
import { Route } from 'react-router';
import { companyAuthProvider } from '../authProvider';
import { CHOOSE_PASSWORD_ROUTE } from '../authProvider/session';
import { companyDataProvider } from '../dataProvider';
import { AreaAdmin } from '../shell/AreaAdmin';
import { CambiarClavePage, CHANGE_PASSWORD_ROUTE } from '../shell/CambiarClavePage';
import { ElegirClavePage } from '../shell/ElegirClavePage';
import { useSettings } from '../settings/SettingsProvider';
import { CompanyLayout } from './CompanyLayout';
import { CompanyDashboard } from './CompanyDashboard';
import { MiEmpresaPage } from './MiEmpresaPage';
import { AyudaPage } from './AyudaPage';
import { lazyView } from '../registry/screens';

// The signature page (its form and history) loads when it is opened, not with the application.
const FirmaPage = lazyView(() => import('./FirmaPage'), 'FirmaPage');

const store = localStorageStore(undefined, 'empresa');

/** The company application (empty path). */
export default function CompanyApp() {
  const { title } = useSettings();
  return (
    <AreaAdmin
      area="empresa"
      title={title}
      authProvider={companyAuthProvider}
      dataProvider={companyDataProvider}
      store={store}
      layout={CompanyLayout}
      dashboard={CompanyDashboard}
    >
      <CustomRoutes>
        <Route path="/mi-empresa" element={<MiEmpresaPage />} />
        <Route path="/ayuda" element={<AyudaPage />} />
        <Route path="/firma" element={<FirmaPage />} />
        <Route path={CHANGE_PASSWORD_ROUTE} element={<CambiarClavePage />} />
      </CustomRoutes>
      <CustomRoutes noLayout>
        <Route path={CHOOSE_PASSWORD_ROUTE} element={<ElegirClavePage />} />
      </CustomRoutes>
    </AreaAdmin>
  );
}
