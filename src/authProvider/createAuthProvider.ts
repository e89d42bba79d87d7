import type { AuthProvider } from 'react-admin';
import type { PasswordChange } from '../../domain/contratos/sesion';
import { DEACTIVATED_CODE, MUST_CHANGE_PASSWORD_CODE, NO_ACCESS_CODE } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { isAdministrator } from '../../domain/perfiles';
import type { RolEmpresa } from '../../domain/clientes';
import { api } from '../http/client';
import { findResource, type Area } from '../registry/resources';
import type { MenuEntry } from './menu';

type Session<U> = {
  get(): (U & { token: string }) | null;
  clear(): void;
  isExpired(): boolean;
  end(notice: string): void;
};

type Options<U> = {
  area: Area;
  session: Session<U>;
  loginUrl: string;
  /** The area's no-access page (react-admin's access-denied route under the area's basename). */
  accessDeniedUrl: string;
  /** The area's session calls: closing the token on the server (POST, no body) and changing the user's clave (PUT). */
  paths: { logout: string; password: string };
  /**
   * Where the area keeps a session that must choose a new clave before anything else (403 MUST_CHANGE_PASSWORD_CODE),
   * and how it remembers whether one must: a company user's recovery, an administration user's reset.
   */
  passwordChoice?: { url: string; required(): boolean; setRequired(required: boolean): void };
  identity: (user: U) => { id: number; fullName: string; perfil?: string };
  /** The user's menu, as the server defines it (menuAdmin / menuEmpresa): it is what the user may open. */
  menu: (user: U & { token: string }) => Promise<MenuEntry[]>;
  /** The profile code, where the area has profiles (administration). */
  profile?: (user: U) => number;
  /** The user's role in the company, where the area has roles (the company application); undefined: not known. */
  role?: (user: U) => RolEmpresa | undefined;
};

type AuthError = { status?: number; body?: { code?: string; msg?: string } };

/**
 * An area's auth provider, plus the signed-in user's own clave change (it answers the server's message), and
 * `shown(on)`: whether the area is on screen (AreaAdmin says so as it mounts and unmounts).
 */
export type AreaAuthProvider = AuthProvider & {
  changePassword(change: PasswordChange): Promise<string>;
  /** Whether the session signed in with a temporary clave and must choose a new one before anything else. */
  mustChangePassword(): boolean;
  shown(on: boolean): void;
};

/**
 * One auth provider per area. Sign-in happens on the public pages; here the session is checked, the user's
 * menu is the permissions, and only a 401 (or a deactivated user) closes this area's session: a 403 SIN_ACCESO (a
 * section the menu does not grant, refused by the server) keeps it and shows the area's no-access page, and a 403
 * asking for a new clave sends the user to choose one.
 */
export function createAuthProvider<U>({
  area,
  session,
  loginUrl,
  accessDeniedUrl,
  paths,
  passwordChoice,
  identity,
  menu,
  profile,
  role,
}: Options<U>): AreaAuthProvider {
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

  /**
   * Where a sign-out goes instead of the sign-in page until someone signs in again: a deactivated user's error403 (every
   * call that was under way answers 403 and signs out, and the last one must not send the user to the sign-in page).
   */
  let afterLogout: string | undefined;
  /**
   * A 401 that arrives once the area has left the screen (its first 401 already sent the user to sign in, and the
   * user went on elsewhere) neither redirects nor clears anything: it answers a request of a session that is gone,
   * and a new session may have started since.
   */
  let onScreen = true;

  return {
    shown: (on) => {
      onScreen = on;
    },
    login: () => Promise.resolve(),
    logout: async () => {
      menus.clear();
      const user = session.get();
      // The token stops working on every server instance; the local session ends whatever the server answers.
      if (user) await api(paths.logout, { method: 'POST', token: user.token }).catch(() => undefined);
      session.clear();
      // Signed out while the user went elsewhere (the server's answer takes a moment): stay there.
      return onScreen ? (afterLogout ?? loginUrl) : false;
    },
    checkAuth: async () => {
      if (session.isExpired()) session.end(MSG.sessionExpiredNotice);
      if (!session.get()) throw { redirectTo: afterLogout ?? loginUrl, message: false };
      afterLogout = undefined;
    },
    checkError: async (error: AuthError) => {
      if (error?.status === 403 && error.body?.code === DEACTIVATED_CODE) {
        session.clear();
        // react-admin's sign-out goes where logout() answers: error403, not the sign-in page.
        afterLogout = '/error403';
        throw { redirectTo: '/error403', logoutUser: true, message: false };
      }
      if (error?.status === 403 && error.body?.code === NO_ACCESS_CODE) {
        // The session stays; a late answer for an area that has left the screen moves nothing.
        if (!onScreen) return;
        throw { redirectTo: accessDeniedUrl, logoutUser: false, message: false };
      }
      if (error?.status === 403 && error.body?.code === MUST_CHANGE_PASSWORD_CODE && passwordChoice) {
        passwordChoice.setRequired(true);
        throw { redirectTo: passwordChoice.url, logoutUser: false, message: false };
      }
      if (error?.status !== 401 || !onScreen) return;
      // A call sent after a deactivation's sign-out has no token left: the user stays on error403.
      if (afterLogout) throw { redirectTo: afterLogout, logoutUser: true, message: false };
      // The sign-in page says why the user is there when the session expired or the server closed it.
      if (error.body?.msg === MSG.sessionEnded) session.end(MSG.sessionEnded);
      else if (error.body?.msg === MSG.sessionExpired || session.isExpired()) session.end(MSG.sessionExpiredNotice);
      else session.clear();
      throw { redirectTo: loginUrl, logoutUser: true, message: false };
    },
    changePassword: async (change) => {
      const { msg } = await api<{ msg: string }>(paths.password, { method: 'PUT', body: change, token: session.get()?.token });
      // The server lifted the session's restriction, if it had one.
      passwordChoice?.setRequired(false);
      return msg;
    },
    mustChangePassword: () => passwordChoice?.required() ?? false,
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
      // The role the session signed in with; the server reads the current one on every call and refuses the rest.
      const rol = role?.(user);
      if (rol && entry.roles?.[action] && !entry.roles[action].includes(rol)) return false;
      if (!entry.menu) return true;
      // When the menu cannot be read (e.g. a 401), the screen's own request gets the same answer and checkError acts on it.
      const menu = await userMenu().catch(() => null);
      return !menu || menu.some((item) => item.MEN_RUTA === entry.menu);
    },
  };
}
