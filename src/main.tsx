import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, matchRoutes, Navigate, RouterProvider } from 'react-router';
import { requestSettings, SettingsProvider } from './settings/SettingsProvider';
import { Loading } from './ui/Loading';
import { RouteErrorPage } from './ui/ErrorPage';
import { preloadable } from './ui/preloadable';

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

const views = pages.map(({ path, chunk }) => ({ path, Page: preloadable(() => chunk().then((module) => module.default), <Loading />) }));

// No <Suspense> around the pages: nothing under them suspends (preloadable renders its own fallback). What a page
// throws, or its chunk that does not load, shows the Spanish error page instead of the router's own.
const router = createHashRouter([
  {
    errorElement: <RouteErrorPage />,
    children: [...views.map(({ path, Page }) => ({ path, element: <Page /> })), { path: '*', element: <Navigate to="/" replace /> }],
  },
]);

// The settings and the current page's chunk start together: SettingsProvider holds the router back until the
// settings arrive, so the page would otherwise only ask for its chunk after them. When the chunk is in by then, the
// page renders at once (preloadable); a failed load is reported when the page renders.
requestSettings();
matchRoutes(views, window.location.hash.slice(1) || '/')
  ?.at(-1)
  ?.route.Page.preload()
  .catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SettingsProvider>
      <RouterProvider router={router} />
    </SettingsProvider>
  </StrictMode>,
);
