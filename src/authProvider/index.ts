import { createAuthProvider } from './createAuthProvider';
import { adminSession, companySession } from './session';

export const companyAuthProvider = createAuthProvider({
  session: companySession,
  loginUrl: '/login',
  identity: (u) => ({ id: u.USU_CODIGO, fullName: u.USU_NOMBRE ?? u.USU_USUARIO }),
});

export const adminAuthProvider = createAuthProvider({
  session: adminSession,
  loginUrl: '/administrador/login',
  identity: (u) => ({ id: u.ADM_CODIGO, fullName: u.ADM_NOMBRE }),
});
