import { CustomRoutes, localStorageStore } from 'react-admin';
import { Route } from 'react-router';
import { companyAuthProvider } from '../authProvider';
import { CHANGE_PASSWORD_ROUTE, CHOOSE_PASSWORD_ROUTE } from '../authProvider/session';
import { companyDataProvider } from '../dataProvider';
import { AreaAdmin } from '../shell/AreaAdmin';
import { useSettings } from '../settings/SettingsProvider';
import { CompanyLayout } from './CompanyLayout';
import { CompanyDashboard } from './CompanyDashboard';
import { AyudaPage } from './AyudaPage';
import { lazyView } from '../registry/screens';
import { companyFolders } from '../registry/companyFolders';

// The clave pages (react-admin's form and inputs) load when opened: the home has no form.
const CambiarClavePage = lazyView(() => import('../shell/CambiarClavePage'), 'CambiarClavePage');
const ElegirClavePage = lazyView(() => import('../shell/ElegirClavePage'), 'ElegirClavePage');
// The signature page (its form and history) loads when it is opened, not with the application.
const FirmaPage = lazyView(() => import('./FirmaPage'), 'FirmaPage');
// "Antigüedad de cartera", reached from the clients list (no menu entry of its own): loaded when opened.
const CarteraPage = lazyView(() => import('../resources/clientes/CarteraPage'), 'CarteraPage');
// "Mi empresa" (its sections, dialogs, logo and signature forms) too.
const MiEmpresaPage = lazyView(() => import('./MiEmpresaPage'), 'MiEmpresaPage');

const store = localStorageStore(undefined, 'empresa');

/** The company application (empty path). */
export default function CompanyApp() {
  const { title } = useSettings();
  return (
    <AreaAdmin
      area="empresa"
      folders={companyFolders}
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
        <Route path="/clientes/cartera" element={<CarteraPage />} />
        <Route path={CHANGE_PASSWORD_ROUTE} element={<CambiarClavePage />} />
      </CustomRoutes>
      <CustomRoutes noLayout>
        <Route path={CHOOSE_PASSWORD_ROUTE} element={<ElegirClavePage />} />
      </CustomRoutes>
    </AreaAdmin>
  );
}
