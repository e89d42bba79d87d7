/**
 * Browser storage of both sessions: the company user and its RUC, and the admin-user record. Public pages use
 * this module, so it imports nothing from react-admin. Only the auth providers and the sign-in pages read it.
 */
import type { AdminSession, CompanySession } from '../../domain/contratos/sesion';

export type CompanyUser = CompanySession;
/** cambiarClave may be missing from an administration session stored before the server sent it. */
export type AdminUser = Omit<AdminSession, 'cambiarClave'> & { cambiarClave?: boolean };

type Stored = { token: string; expira: string };

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

const isPast = (session: Stored | null) => Boolean(session) && Date.parse(session!.expira) <= Date.now();

/** A value stored beside the user record, under its own key, for code that reads it by that key. */
type Beside<U> = { key: string; value: (user: U) => string };

/**
 * One kind of session: `userKey` holds the user record, `beside` what is stored next to it, and
 * `noticeKey` (sessionStorage) keeps, until the sign-in page shows it, why the last session ended.
 */
function sessionStore<U extends Stored & { cambiarClave?: boolean }>(userKey: string, noticeKey: string, beside: Beside<U>) {
  const store = {
    get(): U | null {
      const user = read<U>(userKey);
      return !user || isPast(user) ? null : user;
    },
    save(user: U) {
      localStorage.setItem(userKey, JSON.stringify(user));
      localStorage.setItem(beside.key, beside.value(user));
      sessionStorage.removeItem(noticeKey);
    },
    /** Changes fields of the stored user record, e.g. after the server lifted a restriction of the session. */
    update(changes: Partial<U>) {
      const user = store.get();
      if (user) localStorage.setItem(userKey, JSON.stringify({ ...user, ...changes }));
    },
    clear() {
      localStorage.removeItem(userKey);
      localStorage.removeItem(beside.key);
    },
    /** True when a stored session is past its `expira`. */
    isExpired: () => isPast(read<U>(userKey)),
    /** Ends a session the user did not close (it expired, or the server closed it), so the sign-in page says why. */
    end(notice: string) {
      store.clear();
      sessionStorage.setItem(noticeKey, notice);
    },
    /** Why the last session ended, when the user did not close it (the sign-in page says so). */
    endNotice: () => sessionStorage.getItem(noticeKey),
    /** The sign-in page has told the user: the next visit says nothing. */
    forgetEndNotice: () => sessionStorage.removeItem(noticeKey),
    /**
     * Whether the session signed in with a temporary clave (a company user's recovery, an administration user's reset)
     * and must choose a new one first; the server says so at sign-in (cambiarClave) and on every refused call (403
     * MUST_CHANGE_PASSWORD_CODE).
     */
    mustChangePassword: () => store.get()?.cambiarClave === true,
  };
  return store;
}

/** The route of the clave change in both areas (under the area's basename), opened from the user menu. */
export const CHANGE_PASSWORD_ROUTE = '/cambiar-clave';

/**
 * The screen (under the area's basename) a session that signed in with a temporary clave is kept on until it chooses
 * a new one, in both areas.
 */
export const CHOOSE_PASSWORD_ROUTE = '/elegir-clave';
/** The administration area's, for the pages outside it (the admin sign-in page, the auth provider's redirects). */
export const ADMIN_CHOOSE_PASSWORD_ROUTE = `/administrador${CHOOSE_PASSWORD_ROUTE}`;

/** sessionStorage: set once the plan and signature warning was asked in this browser session. */
const PLAN_CHECKED_KEY = 'avisoPlanRevisado';

const companyStore = sessionStore<CompanyUser>('usuario', 'sesionEmpresaTerminada', { key: 'ruc', value: (u) => u.EMP_RUC });

export const companySession = {
  ...companyStore,
  save(user: CompanyUser) {
    companyStore.save(user);
    sessionStorage.removeItem(PLAN_CHECKED_KEY);
  },
  clear() {
    companyStore.clear();
    sessionStorage.removeItem(PLAN_CHECKED_KEY);
  },
  /**
   * True once per browser session (a tab's sessionStorage) and again after each sign-in: the company app then runs
   * comprobarfirmaPlan; a reload does not.
   */
  takePlanCheck(): boolean {
    if (sessionStorage.getItem(PLAN_CHECKED_KEY) === '1') return false;
    sessionStorage.setItem(PLAN_CHECKED_KEY, '1');
    return true;
  },
};

export const adminSession = sessionStore<AdminUser>('usuarioAdmin', 'sesionAdminTerminada', {
  key: 'usuarioAdminNombre',
  value: (u) => u.ADM_USUARIO,
});
