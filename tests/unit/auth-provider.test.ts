import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminAuthProvider, companyAuthProvider } from '../../src/authProvider';
import { adminSession, CHOOSE_PASSWORD_ROUTE, companySession, type AdminUser, type CompanyUser } from '../../src/authProvider/session';
import { MUST_CHANGE_PASSWORD_CODE, ROLE_REFUSED_CODE } from '../../domain/constants';
import { MSG } from '../../domain/messages';

const later = () => new Date(Date.now() + 3_600_000).toISOString();
const companyUser = (changes: Partial<CompanyUser> = {}): CompanyUser => ({
  USU_CODIGO: 7,
  USU_USUARIO: 'lucia',
  USU_NOMBRE: 'Lucía',
  USU_ACTIVO: true,
  COM_CODIGO: 3,
  eid: 7,
  EMP_RUC: '1790012345001',
  EMP_NOMBREC: 'Comercial Andina',
  token: 'token-empresa',
  expira: later(),
  cambiarClave: false,
  ...changes,
});
const adminUser: AdminUser = {
  ADM_CODIGO: 1,
  ADM_USUARIO: 'admin',
  ADM_NOMBRE: 'Admin',
  PRF_CODIGO: 1,
  DRB_CONTADOR: 0,
  token: 'token-admin',
  expira: later(),
};

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('auth providers: logout, closed sessions and the temporary clave', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("logout closes the token on the server with the area's call, then clears the stored session", async () => {
    companySession.save(companyUser());
    adminSession.save(adminUser);
    fetchMock.mockResolvedValue(answer(200, { msg: MSG.loggedOut }));
    await expect(companyAuthProvider.logout({})).resolves.toBe('/login');
    await expect(adminAuthProvider.logout({})).resolves.toBe('/administrador/login');
    const calls = fetchMock.mock.calls.map(([url, init]) => [String(url), init?.method, new Headers(init?.headers).get('x-token')]);
    expect(calls).toEqual([
      ['/api/EmpresasAmelia/logout', 'POST', 'token-empresa'],
      ['/api/EmpresasAmelia/logoutAdmin', 'POST', 'token-admin'],
    ]);
    expect(companySession.get()).toBeNull();
    expect(adminSession.get()).toBeNull();
  });

  it('logout ends the local session even when the server cannot be reached, and calls nothing without one', async () => {
    companySession.save(companyUser());
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await companyAuthProvider.logout({});
    expect(companySession.get()).toBeNull();
    fetchMock.mockClear();
    await companyAuthProvider.logout({});
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a 401 "sesión fue cerrada" sends the user to the sign-in page, which says so', async () => {
    companySession.save(companyUser());
    await expect(companyAuthProvider.checkError({ status: 401, body: { msg: MSG.sessionEnded } })).rejects.toMatchObject({
      redirectTo: '/login',
      logoutUser: true,
    });
    expect(companySession.get()).toBeNull();
    expect(companySession.endNotice()).toBe(MSG.sessionEnded);
  });

  it('a 401 for an expired session leaves the expiry notice; any other 401 none', async () => {
    adminSession.save(adminUser);
    await expect(adminAuthProvider.checkError({ status: 401, body: { msg: MSG.sessionExpired } })).rejects.toMatchObject({
      redirectTo: '/administrador/login',
    });
    expect(adminSession.endNotice()).toBe(MSG.sessionExpiredNotice);
    adminSession.save(adminUser);
    await expect(adminAuthProvider.checkError({ status: 401, body: { msg: MSG.notAuthenticated } })).rejects.toBeDefined();
    expect(adminSession.endNotice()).toBeNull();
  });

  it('a late 401 of an area that has left the screen neither redirects nor ends the session signed in since', async () => {
    adminSession.save(adminUser);
    adminAuthProvider.shown(false);
    try {
      await expect(adminAuthProvider.checkError({ status: 401, body: { msg: MSG.sessionEnded } })).resolves.toBeUndefined();
      expect(adminSession.get()?.token).toBe('token-admin');
      expect(adminSession.endNotice()).toBeNull();
    } finally {
      adminAuthProvider.shown(true);
    }
    await expect(adminAuthProvider.checkError({ status: 401, body: { msg: MSG.sessionEnded } })).rejects.toMatchObject({
      redirectTo: '/administrador/login',
    });
    expect(adminSession.get()).toBeNull();
  });

  it('a 403 asking for a new clave keeps the session and sends it to choose one', async () => {
    companySession.save(companyUser());
    await expect(
      companyAuthProvider.checkError({ status: 403, body: { code: MUST_CHANGE_PASSWORD_CODE, msg: MSG.mustChangePassword } }),
    ).rejects.toEqual({ redirectTo: CHOOSE_PASSWORD_ROUTE, logoutUser: false, message: false });
    expect(companySession.get()?.token).toBe('token-empresa');
    expect(companySession.mustChangePassword()).toBe(true);
  });

  it('a 400 of a clave change keeps the session', async () => {
    companySession.save(companyUser());
    await expect(companyAuthProvider.checkError({ status: 400, body: { msg: MSG.wrongCurrentPassword } })).resolves.toBeUndefined();
    expect(companySession.get()).not.toBeNull();
  });

  it('a 403 of the role keeps the session and the screen (the server message is shown); the role decides what is offered', async () => {
    companySession.save(companyUser({ USU_ROL: 'vendedor' }));
    await expect(
      companyAuthProvider.checkError({ status: 403, body: { code: ROLE_REFUSED_CODE, msg: MSG.roleRefused } }),
    ).resolves.toBeUndefined();
    expect(companySession.get()?.token).toBe('token-empresa');
    // What the seller's role may not do is not offered, without asking the server for the menu.
    for (const [resource, action] of [
      ['catalogo', 'edit'],
      ['catalogo', 'create'],
      ['facturas', 'anular'],
      ['clientes', 'anularCobro'],
      ['usuarios', 'list'],
    ])
      await expect(companyAuthProvider.canAccess!({ resource, action }), `${resource} ${action}`).resolves.toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    companySession.save(companyUser({ USU_ROL: 'contador', token: 'token-contador' }));
    await expect(companyAuthProvider.canAccess!({ resource: 'facturas', action: 'create' })).resolves.toBe(false);
    fetchMock.mockResolvedValue(
      answer(200, [{ MEN_CODIGO: 108, MEN_NOMBRE: 'Productos', MEN_RUTA: 'catalogo', MEN_ICONO: '', MEN_ORDEN: 1 }]),
    );
    await expect(companyAuthProvider.canAccess!({ resource: 'catalogo', action: 'edit' })).resolves.toBe(true);
  });

  it('changing the clave answers the server message and lifts the restriction of the session', async () => {
    companySession.save(companyUser({ cambiarClave: true }));
    fetchMock.mockResolvedValue(answer(200, { msg: MSG.passwordChanged }));
    const { changePassword } = companyAuthProvider;
    await expect(changePassword({ claveNueva: 'ClaveNueva2026' })).resolves.toBe(MSG.passwordChanged);
    const [url, init] = fetchMock.mock.calls[0];
    expect([String(url), init?.method, init?.body]).toEqual([
      '/api/EmpresasAmelia/clave',
      'PUT',
      JSON.stringify({ claveNueva: 'ClaveNueva2026' }),
    ]);
    expect(companySession.mustChangePassword()).toBe(false);
  });

  it('a refused clave change keeps the restriction', async () => {
    companySession.save(companyUser({ cambiarClave: true }));
    fetchMock.mockResolvedValue(answer(400, { msg: MSG.passwordTooShort }));
    await expect(companyAuthProvider.changePassword({ claveNueva: 'corta' })).rejects.toThrow(MSG.passwordTooShort);
    expect(companySession.mustChangePassword()).toBe(true);
  });
});
