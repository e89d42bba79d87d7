import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, useDataProvider, type AuthProvider } from 'react-admin';
import { createDataProvider, type AreaDataProvider } from '../../src/dataProvider/createDataProvider';
import { useAreaDataProvider } from '../../src/dataProvider/useAreaDataProvider';
import { MUST_CHANGE_PASSWORD_CODE } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { stubFetch } from '../helpers/fetch-stub';

/**
 * A call the server refuses in a way that sends the user elsewhere (here 403 CAMBIAR_CLAVE: "choose a new clave"):
 * react-admin still acts on it, and the screen's call fails with the server's message instead of resolving with
 * react-admin's placeholder `{ data: {} }`, which screens read as their data (a TypeError while the page left).
 */
const { routes } = stubFetch();

function setup() {
  const checkError = vi.fn(async (error: { status?: number; body?: { code?: string } }) => {
    if (error?.status === 403 && error.body?.code === MUST_CHANGE_PASSWORD_CODE)
      throw { redirectTo: '/administrador/elegir-clave', logoutUser: false, message: false };
  });
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError,
    getPermissions: async () => [],
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AdminContext dataProvider={createDataProvider('admin', () => 'token')} authProvider={authProvider}>
      {children}
    </AdminContext>
  );
  const hook = renderHook(() => ({ area: useAreaDataProvider(), react: useDataProvider<AreaDataProvider>() }), { wrapper });
  return { checkError, providers: hook.result };
}

describe('las llamadas propias del área ante un rechazo que redirige', () => {
  it('fallan con el mensaje del servidor (react-admin resolvería { data: {} }), y react-admin igual redirige', async () => {
    routes.push((url) =>
      url.pathname.endsWith('/resumen')
        ? { status: 403, body: { msg: MSG.mustChangePassword, code: MUST_CHANGE_PASSWORD_CODE } }
        : undefined,
    );
    const { checkError, providers } = setup();
    await expect(providers.current.area.call('/empresas/resumen')).rejects.toThrow(MSG.mustChangePassword);
    await waitFor(() => expect(checkError).toHaveBeenCalledTimes(1));
    // What screens received before: react-admin's placeholder, read as the summary.
    await expect(providers.current.react.call('/empresas/resumen')).resolves.toEqual({ data: {} });
  });

  it('lo que responde bien llega igual, y los métodos de react-admin siguen siendo los suyos', async () => {
    routes.push((url) => (url.pathname.endsWith('/resumen') ? { body: { total: 3 } } : undefined));
    const { providers } = setup();
    await expect(providers.current.area.call('/empresas/resumen')).resolves.toEqual({ total: 3 });
    expect(typeof providers.current.area.getList).toBe('function');
  });
});
