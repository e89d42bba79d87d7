import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { companySession, type CompanyUser } from '../../src/authProvider/session';
import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import { i18nProvider } from '../../src/i18n/provider';
import { EQUIPO_MSG } from '../../domain/clientes';
import { ClaveTemporalDialog } from '../../src/resources/usuarios/ClaveTemporalDialog';
import { UsuarioList } from '../../src/resources/usuarios/UsuarioList';
import { UsuarioCreate, cambiosToWire, nuevoToWire } from '../../src/resources/usuarios/UsuarioForm';

/** The company's own users screen: who may write, the temporary clave shown once, what the forms send. */
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

/** The role the server holds for user 4 (it may differ from the one stored at sign-in). */
let ownRole = 'administrador';
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  ownRole = 'administrador';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      const json = (body: unknown, headers: Record<string, string> = {}) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });
      if (url.pathname === '/api/usuarios')
        return json(rows, { 'content-range': 'usuarios 0-1/2', 'access-control-expose-headers': 'Content-Range' });
      if (url.pathname === '/api/usuarios/4') return json({ ...rows[0], USU_ROL: ownRole });
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
    expect(screen.queryByText(/Solo el administrador de la empresa puede crear/)).toBeNull();
  });

  it('un vendedor solo lee: sin «Crear usuario», con el aviso; el rol que tiene hoy cuenta aunque la sesión diga otro', async () => {
    companySession.save(session());
    ownRole = 'vendedor';
    renderInArea(<UsuarioList />);
    await screen.findByText('luis');
    await screen.findByText(/Solo el administrador de la empresa puede crear usuarios/);
    expect(screen.queryByRole('link', { name: /Crear usuario/ })).toBeNull();
  });

  it('la dirección de crear, para quien no es administrador, dice por qué no hay formulario', async () => {
    companySession.save(session({ USU_ROL: 'contador' }));
    ownRole = 'contador';
    renderInArea(<UsuarioCreate />);
    await screen.findByText(EQUIPO_MSG.soloAdministrador);
    expect(screen.queryByLabelText(/^Usuario/)).toBeNull();
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
