/** The demo accounts seeded on the first start (also listed in the README). */
export const DEMO = {
  admin: { usuario: 'admin', clave: 'Admin2026!' },
  distribuidor: { usuario: 'distribuidor', clave: 'Distrib2026!' },
  empresa: { ruc: '1790016919001', usuario: 'demo', clave: 'Demo2026!' },
  desactivado: { ruc: '1790016919001', usuario: 'inactivo', clave: 'Demo2026!' },
  /** Ferretería El Tornillo: the company with a (demonstration) signature, whose seeded plan has expired. */
  ferreteria: { ruc: '1792060346001', usuario: 'ferreteria', clave: 'Demo2026!' },
} as const;

export const DEMO_ACCOUNTS = [
  { rol: 'Administrador', acceso: `#/administrador/login  usuario ${DEMO.admin.usuario}  clave ${DEMO.admin.clave}` },
  {
    rol: 'Distribuidor',
    acceso: `#/administrador/login  usuario ${DEMO.distribuidor.usuario}  clave ${DEMO.distribuidor.clave}  (PRF_CODIGO 2, DRB_CONTADOR 1)`,
  },
  { rol: 'Empresa', acceso: `#/login  RUC ${DEMO.empresa.ruc}  usuario ${DEMO.empresa.usuario}  clave ${DEMO.empresa.clave}` },
  {
    rol: 'Desactivado',
    acceso: `#/login  RUC ${DEMO.desactivado.ruc}  usuario ${DEMO.desactivado.usuario}  clave ${DEMO.desactivado.clave}`,
  },
];
