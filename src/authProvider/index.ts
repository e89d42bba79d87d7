import { createAuthProvider } from './createAuthProvider';
import { adminMenu, companyMenu } from './menu';
import { ADMIN_CHOOSE_PASSWORD_ROUTE, adminSession, CHOOSE_PASSWORD_ROUTE, companySession } from './session';

const PROFILE_NAMES: Record<number, string> = { 1: 'Administrador', 2: 'Distribuidor', 3: 'Asesor de soporte' };
const profileName = (code: number) => PROFILE_NAMES[code] ?? `Perfil ${code}`;

export const companyAuthProvider = createAuthProvider({
  area: 'empresa',
  session: companySession,
  loginUrl: '/login',
  accessDeniedUrl: '/access-denied',
  paths: { logout: '/logout', password: '/clave' },
  passwordChoice: {
    url: CHOOSE_PASSWORD_ROUTE,
    required: companySession.mustChangePassword,
    setRequired: (required) => companySession.update({ cambiarClave: required }),
  },
  identity: (u) => ({ id: u.USU_CODIGO, fullName: u.USU_NOMBRE ?? u.USU_USUARIO }),
  menu: companyMenu,
  // A distributor inside the company signs in as its administrator (the server answers USU_ROL so).
  role: (u) => u.USU_ROL,
});

export const adminAuthProvider = createAuthProvider({
  area: 'admin',
  session: adminSession,
  loginUrl: '/administrador/login',
  accessDeniedUrl: '/administrador/access-denied',
  paths: { logout: '/logoutAdmin', password: '/claveAdmin' },
  passwordChoice: {
    url: ADMIN_CHOOSE_PASSWORD_ROUTE,
    required: adminSession.mustChangePassword,
    setRequired: (required) => adminSession.update({ cambiarClave: required }),
  },
  identity: (u) => ({ id: u.ADM_CODIGO, fullName: u.ADM_NOMBRE, perfil: profileName(u.PRF_CODIGO) }),
  menu: adminMenu,
  profile: (u) => u.PRF_CODIGO,
});
