/** Profiles of administration users. Codes 1 and 2 are fixed; others are the provider's own. */
export const PERFIL = { administrador: 1, distribuidor: 2 } as const;

/** A distributor with the counter flag may enter its companies' application as that company. */
export const isDistributor = (user: { PRF_CODIGO: number; DRB_CONTADOR: number }): boolean =>
  user.PRF_CODIGO === PERFIL.distribuidor && user.DRB_CONTADOR === 1;

export const isAdministrator = (user: { PRF_CODIGO: number }): boolean => user.PRF_CODIGO === PERFIL.administrador;
