import type { RolEmpresa } from './clientes';

/**
 * What each role of a company user may do, shared by the API (each route's `config.roles`, server/core/role-access.ts)
 * and the web app (what it offers: the menu, buttons and screens). The administrator does everything; the accountant
 * reads everything, keeps the books (catalogue, annulments) and exports; the seller sells: its own clients, their
 * invoices and collections, and reads the catalogue. A distributor inside a company acts as its administrator.
 */
const TODOS: readonly RolEmpresa[] = ['administrador', 'contador', 'vendedor'];
const ADMINISTRADOR: readonly RolEmpresa[] = ['administrador'];
const CONTABILIDAD: readonly RolEmpresa[] = ['administrador', 'contador'];
const VENTAS: readonly RolEmpresa[] = ['administrador', 'vendedor'];

export const ROLES_PERMITIDOS = {
  /** Open to every signed-in user: home, menu, own clave, sign-out, the company's logo and plan. */
  todos: TODOS,
  /** Clients, their documents, messages, imports and reports; a seller only its own clients (clientes/access.ts). */
  clientes: { leer: TODOS, gestionar: TODOS },
  /** Collections: every role records them (a seller for its clients); only accounting undoes one. */
  cobros: { leer: TODOS, registrar: TODOS, anular: CONTABILIDAD },
  /** The products and services: every role reads them (the invoice form offers them); accounting keeps them. */
  catalogo: { leer: TODOS, gestionar: CONTABILIDAD },
  /**
   * Invoices: every role reads (a seller those of its clients), downloads and sends them; who sells drafts and issues
   * them; accounting marks as annulled the ones annulled at the SRI.
   */
  facturas: { leer: TODOS, vender: VENTAS, enviar: TODOS, anular: CONTABILIDAD },
  /**
   * Credit and debit notes: every role reads them (a seller those of its clients) and sends them; accounting drafts and
   * issues them (a correction of what was invoiced is the books' business) and marks them annulled.
   */
  notasCredito: { leer: TODOS, emitir: CONTABILIDAD, enviar: TODOS, anular: CONTABILIDAD },
  notasDebito: { leer: TODOS, emitir: CONTABILIDAD, enviar: TODOS, anular: CONTABILIDAD },
  /**
   * The purchase side is the books' business: accounting keeps the suppliers, records what the company received, and
   * issues retenciones and liquidaciones de compra; a seller opens none of it.
   */
  proveedores: { leer: CONTABILIDAD, gestionar: CONTABILIDAD },
  recibidos: { leer: CONTABILIDAD, registrar: CONTABILIDAD },
  retenciones: { leer: CONTABILIDAD, emitir: CONTABILIDAD, enviar: CONTABILIDAD, anular: CONTABILIDAD },
  liquidacionesCompra: { leer: CONTABILIDAD, emitir: CONTABILIDAD, enviar: CONTABILIDAD, anular: CONTABILIDAD },
  /**
   * Goods on the road: every role drafts, issues and sends a guía de remisión (a seller for what it sold) and keeps
   * the carriers it names; accounting marks a guía annulled. A guía is the company's, not a client's: every role sees
   * all of them, but one cites only an invoice its session sees.
   */
  guiasRemision: { leer: TODOS, emitir: TODOS, enviar: TODOS, anular: CONTABILIDAD },
  transportistas: { leer: TODOS, gestionar: TODOS },
  /** Quotes are sales: who sells drafts, sends and invoices them (a seller those of its clients); accounting reads them. */
  ofertas: { leer: TODOS, vender: VENTAS },
  /** Integrations: only the administrator creates and revokes API keys and registers webhooks. */
  clavesApi: { leer: ADMINISTRADOR, gestionar: ADMINISTRADOR },
  webhooks: { leer: ADMINISTRADOR, gestionar: ADMINISTRADOR },
  /** The company's users: only its administrator sees and manages them. */
  usuarios: { leer: ADMINISTRADOR, gestionar: ADMINISTRADOR },
  /** The electronic signature: accounting reads its state; only the administrator uploads or checks one. */
  firma: { leer: CONTABILIDAD, gestionar: ADMINISTRADOR },
  /**
   * The company's registered data (the "Mi empresa" page): accounting reads it; only the administrator sets the
   * company up (establishments and emission points, logo, environment).
   */
  empresa: { leer: CONTABILIDAD, configurar: ADMINISTRADOR },
} as const;

/**
 * The company menu's sections (MEN_PERMISO) that not every role opens: the menu a session receives leaves out the
 * ones its role does not, and the API refuses their reads to it. Any other section is open to every role.
 */
export const SECCIONES_POR_ROL: Readonly<Record<string, readonly RolEmpresa[]>> = {
  usuarios: ROLES_PERMITIDOS.usuarios.leer,
  firma: ROLES_PERMITIDOS.firma.leer,
  'mi-empresa': ROLES_PERMITIDOS.empresa.leer,
  proveedores: ROLES_PERMITIDOS.proveedores.leer,
  recibidos: ROLES_PERMITIDOS.recibidos.leer,
  retenciones: ROLES_PERMITIDOS.retenciones.leer,
  liquidacionesCompra: ROLES_PERMITIDOS.liquidacionesCompra.leer,
  clavesApi: ROLES_PERMITIDOS.clavesApi.leer,
  webhooks: ROLES_PERMITIDOS.webhooks.leer,
};

/** Whether a role opens the company menu's section with this MEN_PERMISO. */
export const rolAbreSeccion = (rol: RolEmpresa, permiso: string): boolean => SECCIONES_POR_ROL[permiso]?.includes(rol) ?? true;
