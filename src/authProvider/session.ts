/**
 * Browser storage of both sessions: the company user and its RUC, and the admin-user record. Public pages use
 * this module, so it imports nothing from react-admin. Only the auth providers and the sign-in pages read it.
 */
import type { AdminSession, CompanySession } from '../../server/modules/sesion/contract';

export type CompanyUser = CompanySession;
export type AdminUser = AdminSession;

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
 * `expiredKey` (sessionStorage) remembers, until the sign-in page shows it, that the session expired.
 */
function sessionStore<U extends Stored>(userKey: string, expiredKey: string, beside: Beside<U>) {
  const store = {
    get(): U | null {
      const user = read<U>(userKey);
      return !user || isPast(user) ? null : user;
    },
    save(user: U) {
      localStorage.setItem(userKey, JSON.stringify(user));
      localStorage.setItem(beside.key, beside.value(user));
      sessionStorage.removeItem(expiredKey);
    },
    clear() {
      localStorage.removeItem(userKey);
      localStorage.removeItem(beside.key);
    },
    /** True when a stored session is past its `expira`. */
    isExpired: () => isPast(read<U>(userKey)),
    /** Ends a session that expired, so the sign-in page says why the user is there. */
    expire() {
      store.clear();
      sessionStorage.setItem(expiredKey, '1');
    },
    /** True when the last session ended because it expired (the sign-in page says so). */
    endedByExpiry: () => sessionStorage.getItem(expiredKey) === '1',
    /** The sign-in page has told the user: the next visit says nothing. */
    forgetExpiry: () => sessionStorage.removeItem(expiredKey),
  };
  return store;
}

const PLAN_CHECK_KEY = 'comprobarPlan';

const companyStore = sessionStore<CompanyUser>('usuario', 'sesionEmpresaExpirada', { key: 'ruc', value: (u) => u.EMP_RUC });

export const companySession = {
  ...companyStore,
  save(user: CompanyUser) {
    companyStore.save(user);
    sessionStorage.setItem(PLAN_CHECK_KEY, '1');
  },
  clear() {
    companyStore.clear();
    sessionStorage.removeItem(PLAN_CHECK_KEY);
  },
  /** True once after a sign-in: the company app then runs comprobarfirmaPlan. */
  takePlanCheck(): boolean {
    const pending = sessionStorage.getItem(PLAN_CHECK_KEY) === '1';
    sessionStorage.removeItem(PLAN_CHECK_KEY);
    return pending;
  },
};

export const adminSession = sessionStore<AdminUser>('usuarioAdmin', 'sesionAdminExpirada', { key: 'usuarioAdminNombre', value: (u) => u.ADM_USUARIO });
