import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { companySession, type CompanyUser } from '../../src/authProvider/session';
import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import { i18nProvider } from '../../src/i18n/provider';
import { ClaveTemporalDialog } from '../../src/resources/usuarios/ClaveTemporalDialog';
import { UsuarioList } from '../../src/resources/usuarios/UsuarioList';
import { UsuarioCreate, cambiosToWire, nuevoToWire } from '../../src/resources/usuarios/UsuarioForm';

/** The company's own users screen (its administrator's): the list, the temporary clave shown once, what the forms send. */
const later = () => new Date(Date.now() + 3_600_000).toISOString();
const session = (changes: Partial<CompanyUser> = {}): CompanyUser => ({
  USU_CODIGO: 4,
  USU_USUARIO: 'ana',
  USU_NOMBRE: 'Ana Morales',
  USU_ACTIVO: true,
  USU_ROL: 'administrador',
  COM_CODIGO: 2,
  eid: 4,
  EMP_RUC: '1792060346001',
  EMP_NOMBREC: 'Ferretería El Tornillo',
  token: 'token-empresa',
  expira: later(),
  cambiarClave: false,
  ...changes,
});
const rows = [
  {
    USU_CODIGO: 4,
    USU_USUARIO: 'ana',
    USU_NOMBRE: 'Ana Morales',
    USU_CORREO: 'ana@tornillo.ec',
    USU_ROL: 'administrador',
    USU_ACTIVO: true,
  },
  { USU_CODIGO: 7, USU_USUARIO: 'luis', USU_NOMBRE: 'Luis Vera', USU_CORREO: 'luis@tornillo.ec', USU_ROL: 'vendedor', USU_ACTIVO: true },
];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      const json = (body: unknown, headers: Record<string, string> = {}) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });
      if (url.pathname === '/api/usuarios')
        return json(rows, { 'content-range': 'usuarios 0-1/2', 'access-control-expose-headers': 'Content-Range' });
      return new Response(JSON.stringify({ msg: 'sin ruta' }), { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderInArea = (view: React.ReactNode) =>
  render(
    <AdminContext dataProvider={createDataProvider('empresa', () => 'token-empresa')} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="usuarios">{view}</ResourceContextProvider>
    </AdminContext>,
  );

describe('usuarios de la empresa en la aplicación web', () => {
  it('el administrador ve la lista con «Crear usuario» y su propia fila marcada', async () => {
    companySession.save(session());
    renderInArea(<UsuarioList />);
    await screen.findByText('luis');
    expect(screen.getByText('Usted')).toBeTruthy();
    expect(screen.getByText('Administrador de la empresa')).toBeTruthy();
    expect(screen.getByText('Vendedor')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: /Crear usuario/ })).toBeTruthy());
  });

  it('el administrador abre el formulario de crear, con el aviso de la clave temporal', async () => {
    companySession.save(session());
    renderInArea(<UsuarioCreate />);
    await screen.findByText(/Amelia genera una clave temporal que se muestra una sola vez/);
    expect((await screen.findAllByLabelText(/^Usuario/)).length).toBeGreaterThan(0);
  });

  it('la clave temporal se muestra con el RUC y el usuario, se copia, y al cerrar no queda', async () => {
    companySession.save(session());
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const onClose = vi.fn();
    const shown = { usuario: 'luis', nombre: 'Luis Vera', clave: 'Xk4pQ9mzT2aB' };
    const { rerender } = render(
      <AdminContext i18nProvider={i18nProvider}>
        <ClaveTemporalDialog shown={shown} onClose={onClose} />
      </AdminContext>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Clave temporal de luis' });
    expect(dialog.textContent).toContain('1792060346001');
    expect(dialog.textContent).toContain('Entréguela a Luis Vera');
    expect(dialog.textContent).toContain('Vence en 72 horas');
    expect(screen.getByTestId('clave-temporal').textContent).toBe('Xk4pQ9mzT2aB');
    fireEvent.click(screen.getByRole('button', { name: /Copiar/ }));
    await screen.findByText('Clave copiada');
    expect(writeText).toHaveBeenCalledWith('Xk4pQ9mzT2aB');
    fireEvent.click(screen.getByRole('button', { name: 'Entendido' }));
    expect(onClose).toHaveBeenCalledOnce();
    rerender(
      <AdminContext i18nProvider={i18nProvider}>
        <ClaveTemporalDialog shown={null} onClose={onClose} />
      </AdminContext>,
    );
    await waitFor(() => expect(screen.queryByText('Xk4pQ9mzT2aB')).toBeNull());
  });

  it('los formularios envían solo lo que la API acepta, sin espacios sobrantes', () => {
    expect(nuevoToWire({ USU_USUARIO: ' luis ', USU_NOMBRE: ' Luis ', USU_CORREO: 'l@x.ec ', USU_ROL: 'vendedor', id: 3 })).toEqual({
      USU_USUARIO: 'luis',
      USU_NOMBRE: 'Luis',
      USU_CORREO: 'l@x.ec',
      USU_ROL: 'vendedor',
    });
    expect(
      cambiosToWire({ ...rows[1], USU_NOMBRE: ' Luis Vera ', USU_ACTIVO: false, id: 7 } as unknown as Record<string, unknown>),
    ).toEqual({ USU_NOMBRE: 'Luis Vera', USU_CORREO: 'luis@tornillo.ec', USU_ROL: 'vendedor', USU_ACTIVO: false });
  });
});
