import type { AuthProvider } from 'react-admin';
import { DEACTIVATED_CODE } from '../domain/constants';
import { MSG } from '../domain/messages';
import { isAdministrator } from '../domain/perfiles';
import { findResource, type Area } from '../registry/resources';
import type { MenuEntry } from './menu';

type Session<U> = {
  get(): (U & { token: string }) | null;
  clear(): void;
  isExpired(): boolean;
  expire(): void;
};

type Options<U> = {
  area: Area;
  session: Session<U>;
  loginUrl: string;
  identity: (user: U) => { id: number; fullName: string; perfil?: string };
  /** The user's menu, as the server defines it (menuAdmin / menuEmpresa): it is what the user may open. */
  menu: (user: U & { token: string }) => Promise<MenuEntry[]>;
  /** The profile code, where the area has profiles (administration). */
  profile?: (user: U) => number;
};

type AuthError = { status?: number; body?: { code?: string; msg?: string } };

/**
 * One auth provider per area. Sign-in happens on the public pages; here the session is checked, the user's
 * menu is the permissions, and only a 401 (or a deactivated user) closes this area's session: a 403 on a
 * screen the menu does not grant keeps it.
 */
export function createAuthProvider<U>({ area, session, loginUrl, identity, menu, profile }: Options<U>): AuthProvider {
  // One menu request per session token, shared by the sidebar and every access check.
  const menus = new Map<string, Promise<MenuEntry[]>>();
  const userMenu = () => {
    const user = session.get();
    if (!user) return Promise.reject({ status: 401 });
    if (!menus.has(user.token)) {
      const request = menu(user);
      request.catch(() => menus.delete(user.token));
      menus.set(user.token, request);
    }
    return menus.get(user.token)!;
  };

  return {
    login: () => Promise.resolve(),
    logout: async () => {
      menus.clear();
      session.clear();
      return loginUrl;
    },
    checkAuth: async () => {
      if (session.isExpired()) session.expire();
      if (!session.get()) throw { redirectTo: loginUrl, message: false };
    },
    checkError: async (error: AuthError) => {
      if (error?.status === 403 && error.body?.code === DEACTIVATED_CODE) {
        session.clear();
        throw { redirectTo: '/error403', logoutUser: true, message: false };
      }
      if (error?.status !== 401) return;
      if (error.body?.msg === MSG.sessionExpired || session.isExpired()) session.expire();
      else session.clear();
      throw { redirectTo: loginUrl, logoutUser: true, message: false };
    },
    getIdentity: async () => {
      const user = session.get();
      if (!user) throw new Error('Sin sesión');
      return identity(user);
    },
    getPermissions: () => userMenu(),
    canAccess: async ({ resource, action }) => {
      const entry = resource ? findResource(area, resource) : undefined;
      if (!entry) return true;
      const user = session.get();
      if (!user) return false;
      if (entry.administratorOnly?.includes(action) && !(profile && isAdministrator({ PRF_CODIGO: profile(user) }))) return false;
      if (!entry.menu) return true;
      // When the menu cannot be read (e.g. a 401), the screen's own request gets the same answer and checkError acts on it.
      const menu = await userMenu().catch(() => null);
      return !menu || menu.some((item) => item.MEN_RUTA === entry.menu);
    },
  };
}
