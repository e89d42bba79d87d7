import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, ResourceDefinitionContextProvider } from 'react-admin';
import { on, stubFetch } from '../helpers/fetch-stub';
import { companyAuthProvider } from '../../src/authProvider';
import { companySession, type CompanyUser } from '../../src/authProvider/session';
import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import { i18nProvider } from '../../src/i18n/provider';
import { CatalogoList } from '../../src/resources/catalogo/CatalogoList';
import type { RolEmpresa } from '../../domain/clientes';

/**
 * The catalogue as each company role sees it, with the company's real auth and data providers; only HTTP is stubbed.
 * A seller reads the products but is not offered creating, importing or opening one to edit (the server refuses those
 * to its role anyway); the accountant and the administrator are.
 */
const { routes } = stubFetch();

const PRODUCTO = {
  CAT_CODIGO: 7,
  CAT_PRINCIPAL: 'CEM-50',
  CAT_AUXILIAR: null,
  CAT_DESCRIPCION: 'Cemento gris 50 kg',
  CAT_TIPO: 'B',
  CAT_PRECIO: '8.500000',
  CAT_IVA: '4',
  CAT_ICE_CODIGO: null,
  CAT_ICE_TARIFA: null,
  CAT_ACTIVO: true,
  CAT_CREADO: '2026-03-01T10:00:00.000Z',
  CAT_ACTUALIZADO: '2026-03-01T10:00:00.000Z',
};
const MENU = [
  { MEN_CODIGO: 101, MEN_NOMBRE: 'Inicio', MEN_RUTA: '', MEN_ICONO: 'home', MEN_ORDEN: 1 },
  { MEN_CODIGO: 108, MEN_NOMBRE: 'Productos', MEN_RUTA: 'catalogo', MEN_ICONO: 'inventory', MEN_ORDEN: 20 },
];

let serial = 0;
/** Signs in a user of this role (a token of its own, so that no menu read by another test is reused). */
function signIn(rol: RolEmpresa) {
  serial += 1;
  const user: CompanyUser = {
    USU_CODIGO: 4,
    USU_USUARIO: rol,
    USU_NOMBRE: `Usuario ${rol}`,
    USU_ACTIVO: true,
    USU_ROL: rol,
    COM_CODIGO: 1,
    eid: 4,
    EMP_RUC: '1790016919001',
    EMP_NOMBREC: 'Comercial Andina',
    token: `token-${rol}-${serial}`,
    expira: new Date(Date.now() + 3_600_000).toISOString(),
    cambiarClave: false,
  };
  companySession.save(user);
}

/** The list in the company area's router (react-admin's own, on the hash: where a row leads shows in the address). */
function renderCatalogue() {
  window.location.hash = '#/catalogo';
  render(
    <AdminContext
      authProvider={companyAuthProvider}
      dataProvider={createDataProvider('empresa', () => companySession.get()?.token)}
      i18nProvider={i18nProvider}
    >
      {/* As <Admin> declares the resource: a list with create and edit screens. */}
      <ResourceDefinitionContextProvider definitions={{ catalogo: { name: 'catalogo', hasList: true, hasCreate: true, hasEdit: true } }}>
        <ResourceContextProvider value="catalogo">
          <CatalogoList />
        </ResourceContextProvider>
      </ResourceDefinitionContextProvider>
    </AdminContext>,
  );
}

describe('el catálogo según el rol del usuario de la empresa', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    routes.push(
      on('POST', '/api/EmpresasAmelia/menuEmpresa', MENU),
      on('GET', '/api/catalogo', [PRODUCTO], { 'Content-Range': 'catalogo 0-0/1', 'Access-Control-Expose-Headers': 'Content-Range' }),
    );
  });

  it('un vendedor ve los productos y sus precios, sin «Crear» ni «Importar», y no abre un producto para editarlo', async () => {
    signIn('vendedor');
    renderCatalogue();
    const row = await screen.findByText('Cemento gris 50 kg');
    expect(screen.getByText('CEM-50')).toBeInTheDocument();
    // The list's own access check has answered by the time its rows show; the buttons' checks do not need the menu.
    await waitFor(() => expect(screen.queryByRole('link', { name: /Crear/ })).toBeNull());
    expect(screen.queryByRole('button', { name: /Importar/ })).toBeNull();
    fireEvent.click(row);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.location.hash).toBe('#/catalogo');
  });

  it.each(['contador', 'administrador'] as const)('el %s crea, importa y abre un producto para editarlo', async (rol) => {
    signIn(rol);
    renderCatalogue();
    const row = await screen.findByText('Cemento gris 50 kg');
    expect(await screen.findByRole('link', { name: /Crear/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Importar/ })).toBeInTheDocument();
    fireEvent.click(row);
    await waitFor(() => expect(window.location.hash).toBe('#/catalogo/7'));
  });
});
