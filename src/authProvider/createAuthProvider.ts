import type { AuthProvider } from 'react-admin';
import { DEACTIVATED_CODE } from '../domain/constants';

type Session<U> = { get(): (U & { token: string }) | null; clear(): void };
type Options<U> = { session: Session<U>; loginUrl: string; identity: (user: U) => { id: number; fullName: string } };

/**
 * One auth provider per area. Sign-in happens on the public pages; here the session is only checked,
 * and a 401/403 from any call closes this area's session only (spec §4).
 */
export function createAuthProvider<U>({ session, loginUrl, identity }: Options<U>): AuthProvider {
  return {
    login: () => Promise.resolve(),
    logout: async () => {
      session.clear();
      return loginUrl;
    },
    checkAuth: async () => {
      if (!session.get()) throw { redirectTo: loginUrl, message: false };
    },
    checkError: async (error: { status?: number; body?: { code?: string } }) => {
      if (error?.status !== 401 && error?.status !== 403) return;
      session.clear();
      throw { redirectTo: error.body?.code === DEACTIVATED_CODE ? '/error403' : loginUrl, logoutUser: true };
    },
    getIdentity: async () => {
      const user = session.get();
      if (!user) throw new Error('Sin sesión');
      return identity(user);
    },
  };
}
