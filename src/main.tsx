import { StrictMode, Suspense, lazy, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, matchRoutes, Navigate, RouterProvider } from 'react-router';
import { requestSettings, SettingsProvider } from './settings/SettingsProvider';
import { Loading } from './ui/Loading';

type Chunk = () => Promise<{ default: ComponentType }>;

// Public pages: small, no react-admin and no MUI (bundle budget). The two areas: one lazy chunk each, with its own <Admin>.
const pages: Array<{ path: string; chunk: Chunk }> = [
  { path: '/login', chunk: () => import('./pages/LoginPage') },
  { path: '/registro', chunk: () => import('./pages/RegistroPage') },
  { path: '/recuperar-clave', chunk: () => import('./pages/RecuperarClavePage') },
  { path: '/administrador/login', chunk: () => import('./pages/AdminLoginPage') },
  { path: '/administrador/soporteTicket', chunk: () => import('./pages/SoporteTicketPage') },
  { path: '/error403', chunk: () => import('./pages/Error403Page') },
  { path: '/administrador/*', chunk: () => import('./admin/AdminApp') },
  { path: '/*', chunk: () => import('./company/CompanyApp') },
];

const router = createHashRouter([
  ...pages.map(({ path, chunk }) => {
    const Page = lazy(chunk);
    return {
      path,
      element: (
        <Suspense fallback={<Loading />}>
          <Page />
        </Suspense>
      ),
    };
  }),
  { path: '*', element: <Navigate to="/" replace /> },
]);

// The settings and the current page's chunk start together: SettingsProvider holds the router back until the
// settings arrive, so the page's lazy() would otherwise only ask for its chunk after them. The browser keeps the
// module, and lazy() finds it there; a failed load is reported by lazy() when the page renders.
requestSettings();
matchRoutes(pages, window.location.hash.slice(1) || '/')
  ?.at(-1)
  ?.route.chunk()
  .catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SettingsProvider>
      <RouterProvider router={router} />
    </SettingsProvider>
  </StrictMode>,
);
