import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, Navigate, RouterProvider } from 'react-router';
import { SettingsProvider } from './settings/SettingsProvider';
import { Loading } from './ui/Loading';

// Public pages: small, no react-admin and no MUI (bundle budget). The two areas: one lazy chunk each, with its own <Admin>.
const LoginPage = lazy(() => import('./pages/LoginPage'));
const RegistroPage = lazy(() => import('./pages/RegistroPage'));
const RecuperarClavePage = lazy(() => import('./pages/RecuperarClavePage'));
const AdminLoginPage = lazy(() => import('./pages/AdminLoginPage'));
const SoporteTicketPage = lazy(() => import('./pages/SoporteTicketPage'));
const Error403Page = lazy(() => import('./pages/Error403Page'));
const AdminApp = lazy(() => import('./admin/AdminApp'));
const CompanyApp = lazy(() => import('./company/CompanyApp'));

const page = (element: React.ReactNode) => <Suspense fallback={<Loading />}>{element}</Suspense>;

const router = createHashRouter([
  { path: '/login', element: page(<LoginPage />) },
  { path: '/registro', element: page(<RegistroPage />) },
  { path: '/recuperar-clave', element: page(<RecuperarClavePage />) },
  { path: '/administrador/login', element: page(<AdminLoginPage />) },
  { path: '/administrador/soporteTicket', element: page(<SoporteTicketPage />) },
  { path: '/error403', element: page(<Error403Page />) },
  { path: '/administrador/*', element: page(<AdminApp />) },
  { path: '/*', element: page(<CompanyApp />) },
  { path: '*', element: <Navigate to="/" replace /> },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SettingsProvider>
      <RouterProvider router={router} />
    </SettingsProvider>
  </StrictMode>,
);
