/**
 * What a user sees when a screen fails: a chunk that cannot be loaded (a new version was deployed while the tab was
 * open) says there is a new version and offers to reload the page; any other error is a Spanish error page too, never
 * React Router's or react-admin's English developer page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, Layout } from 'react-admin';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { i18nProvider } from '../../src/i18n/provider';
import { AreaErrorPage } from '../../src/shell/AreaErrorPage';
import { ErrorPage, RouteErrorPage } from '../../src/ui/ErrorPage';
import { isChunkLoadError } from '../../src/ui/loadFailure';
import { preloadable } from '../../src/ui/preloadable';

/** What Chromium rejects an import() with when the chunk answers 404. */
const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/ClienteList-Bx1.js');

/** A screen whose chunk is gone. */
const MissingChunk = preloadable(() => Promise.reject(chunkError()));

/** A screen with a fault of its own. */
function Broken(): never {
  throw new Error('No se puede leer la propiedad');
}

const DEVELOPER_PAGE = /Unexpected Application Error|Hey developer|Something went wrong|Need help with this error/;

// React logs every error a boundary catches; these are the ones the tests provoke.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('páginas de error', () => {
  it('reconoce un chunk que no cargó en Chromium, Safari y Firefox, y su CSS; no otro error', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/FacturaForm-x.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(new Error('No se puede leer la propiedad'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('un chunk que no cargó: "Hay una versión nueva" y el botón Recargar la página', () => {
    render(<ErrorPage error={chunkError()} />);
    screen.getByRole('heading', { name: 'Hay una versión nueva', level: 1 });
    screen.getByText('Recargue la página para usar la versión nueva.');
    screen.getByRole('button', { name: 'Recargar la página' });
  });

  it('otro error: "Ocurrió un error inesperado" y Recargar la página', () => {
    render(<ErrorPage error={new Error('x')} />);
    screen.getByRole('heading', { name: 'Ocurrió un error inesperado', level: 1 });
    screen.getByText('Recargue la página. Si el error sigue, comuníquese con soporte.');
    screen.getByRole('button', { name: 'Recargar la página' });
  });

  it('el enrutador muestra la página en español, no la suya en inglés, para un chunk y para otro error', async () => {
    const router = createMemoryRouter(
      [
        {
          errorElement: <RouteErrorPage />,
          children: [
            { path: '/administrador/*', element: <MissingChunk /> },
            { path: '/roto', element: <Broken /> },
          ],
        },
      ],
      { initialEntries: ['/administrador/empresas'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'Hay una versión nueva' });
    expect(document.body.textContent).not.toMatch(DEVELOPER_PAGE);

    await router.navigate('/roto');
    await screen.findByRole('heading', { name: 'Ocurrió un error inesperado' });
    expect(document.body.textContent).not.toMatch(DEVELOPER_PAGE);
  });

  it('dentro de un área, la pantalla cuyo chunk no cargó muestra la página en el contenido del layout', async () => {
    render(
      <MemoryRouter>
        <AdminContext i18nProvider={i18nProvider}>
          <Layout error={AreaErrorPage} appBar={() => <nav aria-label="Menú del área" />} menu={() => null}>
            <MissingChunk />
          </Layout>
        </AdminContext>
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'Hay una versión nueva' });
    screen.getByRole('button', { name: 'Recargar la página' });
    // The area's frame stays: the user can go to another screen.
    screen.getByRole('navigation', { name: 'Menú del área' });
    expect(document.body.textContent).not.toMatch(DEVELOPER_PAGE);
  });

  it('alrededor del área, otro error dice "Ocurrió un error inesperado" y ofrece Recargar la página', () => {
    render(
      <MemoryRouter>
        <AdminContext i18nProvider={i18nProvider}>
          <AreaErrorPage error={new Error('x')} resetErrorBoundary={() => undefined} />
        </AdminContext>
      </MemoryRouter>,
    );
    screen.getByRole('heading', { name: 'Ocurrió un error inesperado' });
    screen.getByRole('button', { name: 'Recargar la página' });
  });
});
