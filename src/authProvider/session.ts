/**
 * Browser storage of both sessions (spec §3): the company user and its RUC, and the admin-user record.
 * Public pages use this module, so it imports nothing from react-admin.
 */
export type CompanyUser = {
  USU_CODIGO: number;
  USU_USUARIO: string;
  USU_NOMBRE: string | null;
  USU_ACTIVO: boolean;
  COM_CODIGO: number;
  eid: number;
  EMP_RUC: string;
  EMP_NOMBREC: string;
  distribuidor?: string;
  token: string;
  expira: string;
};

export type AdminUser = {
  ADM_CODIGO: number;
  ADM_USUARIO: string;
  ADM_NOMBRE: string;
  PRF_CODIGO: number;
  DRB_CONTADOR: number;
  token: string;
  expira: string;
};

const KEYS = {
  companyUser: 'usuario',
  companyRuc: 'ruc',
  planCheckPending: 'comprobarPlan',
  adminUser: 'usuarioAdmin',
  adminName: 'usuarioAdminNombre',
} as const;

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

const expired = (session: { expira: string } | null) => !session || Date.parse(session.expira) <= Date.now();

export const companySession = {
  get(): CompanyUser | null {
    const user = read<CompanyUser>(KEYS.companyUser);
    return expired(user) ? null : user;
  },
  save(user: CompanyUser) {
    localStorage.setItem(KEYS.companyUser, JSON.stringify(user));
    localStorage.setItem(KEYS.companyRuc, user.EMP_RUC);
    sessionStorage.setItem(KEYS.planCheckPending, '1');
  },
  clear() {
    localStorage.removeItem(KEYS.companyUser);
    localStorage.removeItem(KEYS.companyRuc);
    sessionStorage.removeItem(KEYS.planCheckPending);
  },
  /** True once after a sign-in: the company app then runs comprobarfirmaPlan. */
  takePlanCheck(): boolean {
    const pending = sessionStorage.getItem(KEYS.planCheckPending) === '1';
    sessionStorage.removeItem(KEYS.planCheckPending);
    return pending;
  },
};

export const adminSession = {
  get(): AdminUser | null {
    const user = read<AdminUser>(KEYS.adminUser);
    return expired(user) ? null : user;
  },
  save(user: AdminUser) {
    localStorage.setItem(KEYS.adminUser, JSON.stringify(user));
    localStorage.setItem(KEYS.adminName, user.ADM_USUARIO);
  },
  clear() {
    localStorage.removeItem(KEYS.adminUser);
    localStorage.removeItem(KEYS.adminName);
  },
};

/** A distributor with the counter flag chooses between invoicing as a company and the admin area (spec §4). */
export const isDistributor = (user: Pick<AdminUser, 'PRF_CODIGO' | 'DRB_CONTADOR'>) => user.PRF_CODIGO === 2 && user.DRB_CONTADOR === 1;
