import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { adminAuthProvider, companyAuthProvider } from '../../src/authProvider';
import { adminSession, companySession, type AdminUser, type CompanyUser } from '../../src/authProvider/session';
import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import { i18nProvider } from '../../src/i18n/provider';
import { CompanyDashboard } from '../../src/company/CompanyDashboard';
import { AccessDeniedPage } from '../../src/shell/AccessDeniedPage';
import { DEACTIVATED_CODE, NO_ACCESS_CODE } from '../../domain/constants';
import { MSG } from '../../domain/messages';

/** What the web app does with a 403 SIN_ACCESO (a section the menu does not grant, refused by the server). */
const later = () => new Date(Date.now() + 3_600_000).toISOString();
const companyUser: CompanyUser = {
  USU_CODIGO: 4,
  USU_USUARIO: 'ferreteria',
  USU_NOMBRE: 'Ana Morales',
  USU_ACTIVO: true,
  COM_CODIGO: 2,
  eid: 4,
  EMP_RUC: '1792060346001',
  EMP_NOMBREC: 'Ferretería El Tornillo',
  token: 'token-empresa',
  expira: later(),
  cambiarClave: false,
};
const adminUser: AdminUser = {
  ADM_CODIGO: 2,
  ADM_USUARIO: 'distribuidor',
  ADM_NOMBRE: 'Distribuidor',
  PRF_CODIGO: 2,
  DRB_CONTADOR: 1,
  token: 'token-admin',
  expira: later(),
};
const noAccess = { status: 403, body: { msg: MSG.noAccess, code: NO_ACCESS_CODE } };

let requested: string[] = [];
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname.replace('/api/EmpresasAmelia', '');
      requested.push(path);
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/menuEmpresa')
        return json([
          { MEN_CODIGO: 101, MEN_NOMBRE: 'Inicio', MEN_RUTA: '', MEN_ICONO: 'home', MEN_ORDEN: 1 },
          { MEN_CODIGO: 104, MEN_NOMBRE: 'Firma electrónica', MEN_RUTA: 'firma', MEN_ICONO: 'key', MEN_ORDEN: 50 },
        ]);
      if (path === '/miEmpresa') return json(noAccess.body, 403);
      if (path === '/miEmpresa/plan') return json({ plan: null, aviso: { activar: false, mensaje: '' } });
      return json({ msg: 'sin ruta' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('403 SIN_ACCESO en la aplicación web', () => {
  it('lleva a la página de acceso denegado del área sin cerrar la sesión', async () => {
    adminSession.save(adminUser);
    companySession.save(companyUser);
    await expect(adminAuthProvider.checkError(noAccess)).rejects.toEqual({
      redirectTo: '/administrador/access-denied',
      logoutUser: false,
      message: false,
    });
    await expect(companyAuthProvider.checkError(noAccess)).rejects.toEqual({
      redirectTo: '/access-denied',
      logoutUser: false,
      message: false,
    });
    expect(adminSession.get()).not.toBeNull();
    expect(companySession.get()).not.toBeNull();
  });

  it('un usuario desactivado sigue yendo a error403 con la sesión cerrada', async () => {
    adminSession.save(adminUser);
    await expect(
      adminAuthProvider.checkError({ status: 403, body: { msg: MSG.deactivatedTitle, code: DEACTIVATED_CODE } }),
    ).rejects.toMatchObject({
      redirectTo: '/error403',
      logoutUser: true,
    });
    expect(adminSession.get()).toBeNull();
  });

  it('la página dice "No tiene acceso a esta sección" y ofrece volver al inicio', () => {
    render(
      <MemoryRouter>
        <AdminContext i18nProvider={i18nProvider}>
          <AccessDeniedPage />
        </AdminContext>
      </MemoryRouter>,
    );
    screen.getByRole('heading', { name: 'No tiene acceso' });
    screen.getByText(/No tiene acceso a esta sección/);
    screen.getByRole('link', { name: 'Volver al inicio' });
  });

  it('el inicio de una empresa sin "Mi empresa" no pide /miEmpresa: muestra lo que sabe la sesión y solo lo concedido', async () => {
    companySession.save(companyUser);
    render(
      <MemoryRouter>
        <AdminContext
          dataProvider={createDataProvider('empresa', () => 'token-empresa')}
          authProvider={companyAuthProvider}
          i18nProvider={i18nProvider}
        >
          <CompanyDashboard />
        </AdminContext>
      </MemoryRouter>,
    );
    await screen.findByText('Ferretería El Tornillo');
    screen.getByText('RUC 1792060346001');
    await screen.findByRole('link', { name: 'Firma electrónica' });
    expect(screen.queryByRole('link', { name: 'Ver datos de la empresa' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ayuda y soporte' })).toBeNull();
    expect(requested).not.toContain('/miEmpresa');
  });
});
