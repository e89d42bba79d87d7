import type { SvgIconComponent } from '@mui/icons-material';
import HomeIcon from '@mui/icons-material/Home';
import SettingsIcon from '@mui/icons-material/Settings';
import LoginIcon from '@mui/icons-material/Login';
import BusinessIcon from '@mui/icons-material/Business';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import InventoryIcon from '@mui/icons-material/Inventory2';
import PeopleIcon from '@mui/icons-material/People';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import KeyIcon from '@mui/icons-material/Key';
import ListAltIcon from '@mui/icons-material/ListAlt';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import HistoryIcon from '@mui/icons-material/History';
import BadgeIcon from '@mui/icons-material/Badge';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import CategoryIcon from '@mui/icons-material/Category';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import PercentIcon from '@mui/icons-material/Percent';
import GavelIcon from '@mui/icons-material/Gavel';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import RouteIcon from '@mui/icons-material/Route';
import AirportShuttleIcon from '@mui/icons-material/AirportShuttle';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import WebhookIcon from '@mui/icons-material/Webhook';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import type { RolEmpresa } from '../../domain/clientes';
import { ROLES_PERMITIDOS as R } from '../../domain/roles';

/** The two react-admin areas: administration (#/administrador) and the company application (empty path). */
export type Area = 'admin' | 'empresa';

export type ResourceEntry = {
  /** react-admin resource name: the URL segment, the folder under src/resources/ and the key in i18n `resources.*`. */
  name: string;
  area: Area;
  /** API path under /api/EmpresasAmelia, or a path starting with /api/ (the company's clients family). */
  path: string;
  /** The entity's id field (react-admin's `id`). */
  key: string;
  icon: SvgIconComponent;
  /** MEN_RUTA of the menu entry that grants the resource; without one (lookups) the menu does not govern it. */
  menu?: string;
  /** Fixed query added to every list call (e.g. all=1). */
  listQuery?: Record<string, string>;
  /** An update goes to PUT {updatePath} with the id in the body, instead of PUT {path}/{id}. */
  updatePath?: string;
  /** Create, update and delete go to {writePath} (POST {writePath}, PUT/DELETE {writePath}/{id}) instead of {path}. */
  writePath?: string;
  /** Actions only an administrator (profile 1) may take; the server refuses them to everyone else. */
  administratorOnly?: readonly string[];
  /**
   * The company application's actions that only some roles of a company user may take (domain/roles.ts), as the
   * server's routes name them; an action not listed is open to every role.
   */
  roles?: Readonly<Record<string, readonly RolEmpresa[]>>;
};

/** A note type's actions: accounting drafts, issues and annuls (domain/roles.ts). */
const rolesNota = (r: { emitir: readonly RolEmpresa[]; anular: readonly RolEmpresa[] }) => ({
  create: r.emitir,
  edit: r.emitir,
  delete: r.emitir,
  emitir: r.emitir,
  anular: r.anular,
});

/** Every resource of both areas. Adding one: its folder under src/resources/, its server module and one line here. */
export const RESOURCES: readonly ResourceEntry[] = [
  {
    name: 'soporte',
    area: 'admin',
    path: 'soporte',
    key: 'SPT_ID',
    icon: SupportAgentIcon,
    menu: 'soporte',
    administratorOnly: ['delete'],
  },
  { name: 'productos', area: 'admin', path: 'productos', key: 'PROD_ID', icon: InventoryIcon, menu: 'productos', listQuery: { all: '1' } },
  { name: 'ingresos', area: 'admin', path: 'ingresos', key: 'ING_CODIGO', icon: LoginIcon, menu: 'ingresos' },
  {
    name: 'configuraciones',
    area: 'admin',
    path: 'configuraciones',
    key: 'CON_CODIGO',
    icon: SettingsIcon,
    menu: 'configuraciones',
    updatePath: 'configuraciones/actualizar',
  },
  {
    name: 'asesores',
    area: 'admin',
    path: 'asesor',
    key: 'ASE_CODIGO',
    icon: PeopleIcon,
    menu: 'asesores',
  },
  {
    name: 'empresas',
    area: 'admin',
    path: 'empresas',
    key: 'EMP_CODIGO',
    icon: BusinessIcon,
    menu: 'empresas',
    administratorOnly: ['delete', 'verificar', 'distribuidor'],
  },
  {
    name: 'planes',
    area: 'admin',
    path: 'empresas/planes',
    key: 'PLAN_ID',
    icon: ListAltIcon,
    menu: 'planes',
    // The catalogue is read at /empresas/planes and administered at /empresas/planes/catalogo.
    writePath: 'empresas/planes/catalogo',
    administratorOnly: ['create', 'edit', 'delete'],
  },
  {
    name: 'planesEmpresa',
    area: 'admin',
    path: 'empresas/planesEmpresa',
    key: 'PLANEMPRESA_ID',
    icon: PointOfSaleIcon,
    menu: 'planesEmpresa',
    // A sold plan is corrected and removed at /empresas/planes/{PLANEMPRESA_ID}; selling is the company page's.
    writePath: 'empresas/planes',
    administratorOnly: ['delete'],
  },
  {
    name: 'administradores',
    area: 'admin',
    path: 'administradores',
    key: 'ADM_CODIGO',
    icon: AdminPanelSettingsIcon,
    menu: 'administradores',
  },
  // Read only: a list and each change's detail.
  { name: 'auditoria', area: 'admin', path: 'auditoria', key: 'AUD_ID', icon: HistoryIcon, menu: 'auditoria' },
  {
    name: 'bancos',
    area: 'admin',
    path: 'empresas/bancos',
    key: 'BAN_CODIGO',
    icon: AccountBalanceIcon,
    menu: 'bancos',
    // Without todos=1 the API sends the payments dialog's list (active accounts, no paging).
    listQuery: { todos: '1' },
  },
  { name: 'perfiles', area: 'admin', path: 'empresas/perfiles', key: 'PRF_CODIGO', icon: BadgeIcon, menu: 'perfiles' },
  { name: 'menus', area: 'admin', path: 'menus', key: 'MEN_CODIGO', icon: AccountTreeIcon, menu: 'menus' },
  // The SRI's withholding codes: a dated legal table the back office keeps; the companies only read it.
  { name: 'codigosRetencion', area: 'admin', path: 'codigosRetencion', key: 'RCO_ID', icon: GavelIcon, menu: 'codigosRetencion' },
  // The company application's clients book and its own users live under /api.
  {
    name: 'clientes',
    area: 'empresa',
    path: '/api/clientes',
    key: 'CLI_CODIGO',
    icon: PeopleIcon,
    menu: 'clientes',
    roles: { anularCobro: R.cobros.anular },
  },
  {
    name: 'usuarios',
    area: 'empresa',
    path: '/api/usuarios',
    key: 'USU_CODIGO',
    icon: BadgeIcon,
    menu: 'usuarios',
    roles: { list: R.usuarios.leer, show: R.usuarios.leer, create: R.usuarios.gestionar, edit: R.usuarios.gestionar },
  },
  {
    name: 'facturas',
    area: 'empresa',
    path: '/api/facturas',
    key: 'FAC_CODIGO',
    icon: ReceiptIcon,
    menu: 'facturas',
    roles: {
      create: R.facturas.vender,
      edit: R.facturas.vender,
      delete: R.facturas.vender,
      emitir: R.facturas.vender,
      anular: R.facturas.anular,
    },
  },
  // The notes on an authorized invoice: accounting drafts and issues them (the menu's icons: remove_/add_circle_outline).
  {
    name: 'notasCredito',
    area: 'empresa',
    path: '/api/notasCredito',
    key: 'FAC_CODIGO',
    icon: RemoveCircleOutlineIcon,
    menu: 'notasCredito',
    roles: rolesNota(R.notasCredito),
  },
  {
    name: 'notasDebito',
    area: 'empresa',
    path: '/api/notasDebito',
    key: 'FAC_CODIGO',
    icon: AddCircleOutlineIcon,
    menu: 'notasDebito',
    roles: rolesNota(R.notasDebito),
  },
  // What the company received: read, imported (XML, keys, the SRI's report) and forgotten; never edited.
  {
    name: 'recibidos',
    area: 'empresa',
    path: '/api/recibidos',
    key: 'REC_CODIGO',
    icon: MoveToInboxIcon,
    menu: 'recibidos',
    roles: { create: R.recibidos.registrar, delete: R.recibidos.registrar },
  },
  {
    name: 'catalogo',
    area: 'empresa',
    path: '/api/catalogo',
    key: 'CAT_CODIGO',
    icon: CategoryIcon,
    menu: 'catalogo',
    // Importing is creating: the list offers it beside Crear.
    roles: { create: R.catalogo.gestionar, edit: R.catalogo.gestionar, delete: R.catalogo.gestionar },
  },
  // The suppliers book: accounting's, like everything on the purchase side.
  {
    name: 'proveedores',
    area: 'empresa',
    path: '/api/proveedores',
    key: 'PRV_CODIGO',
    icon: LocalShippingIcon,
    menu: 'proveedores',
    roles: { create: R.proveedores.gestionar, edit: R.proveedores.gestionar, delete: R.proveedores.gestionar },
  },
  // The purchase side's issued documents (codDoc 07 and 03), addressed to a supplier: accounting drafts and issues them.
  {
    name: 'retenciones',
    area: 'empresa',
    path: '/api/retenciones',
    key: 'FAC_CODIGO',
    icon: PercentIcon,
    menu: 'retenciones',
    roles: rolesNota(R.retenciones),
  },
  {
    name: 'liquidacionesCompra',
    area: 'empresa',
    path: '/api/liquidacionesCompra',
    key: 'FAC_CODIGO',
    icon: ShoppingCartIcon,
    menu: 'liquidacionesCompra',
    roles: rolesNota(R.liquidacionesCompra),
  },
  // Goods on the road (codDoc 06, addressed to a carrier) and the quotes that come before a sale.
  {
    name: 'guiasRemision',
    area: 'empresa',
    path: '/api/guiasRemision',
    key: 'FAC_CODIGO',
    icon: RouteIcon,
    menu: 'guiasRemision',
    roles: rolesNota(R.guiasRemision),
  },
  {
    name: 'transportistas',
    area: 'empresa',
    path: '/api/transportistas',
    key: 'TRA_CODIGO',
    icon: AirportShuttleIcon,
    menu: 'transportistas',
    roles: { create: R.transportistas.gestionar, edit: R.transportistas.gestionar, delete: R.transportistas.gestionar },
  },
  {
    name: 'ofertas',
    area: 'empresa',
    path: '/api/ofertas',
    key: 'OFE_CODIGO',
    icon: RequestQuoteIcon,
    menu: 'ofertas',
    roles: {
      create: R.ofertas.vender,
      edit: R.ofertas.vender,
      delete: R.ofertas.vender,
      enviar: R.ofertas.vender,
      facturar: R.ofertas.vender,
    },
  },
  // Integrations: the company's administrador creates API keys and registers webhooks (the other roles do not see them).
  {
    name: 'clavesApi',
    area: 'empresa',
    path: '/api/clavesApi',
    key: 'CLA_CODIGO',
    icon: VpnKeyIcon,
    menu: 'clavesApi',
    roles: { list: R.clavesApi.leer, show: R.clavesApi.leer, create: R.clavesApi.gestionar, edit: R.clavesApi.gestionar },
  },
  {
    name: 'webhooks',
    area: 'empresa',
    path: '/api/webhooks',
    key: 'WEB_CODIGO',
    icon: WebhookIcon,
    menu: 'webhooks',
    roles: {
      list: R.webhooks.leer,
      show: R.webhooks.leer,
      create: R.webhooks.gestionar,
      edit: R.webhooks.gestionar,
      delete: R.webhooks.gestionar,
    },
  },
];

/** Menu routes that are pages of an area rather than resources, with their icons. */
const PAGES: ReadonlyArray<{ route: string; areas: readonly Area[]; icon: SvgIconComponent }> = [
  { route: '', areas: ['admin', 'empresa'], icon: HomeIcon },
  { route: 'mi-empresa', areas: ['empresa'], icon: BusinessIcon },
  { route: 'firma', areas: ['empresa'], icon: KeyIcon },
  { route: 'ayuda', areas: ['empresa'], icon: SupportAgentIcon },
];

export const areaResources = (area: Area) => RESOURCES.filter((r) => r.area === area);

export const findResource = (area: Area, name: string): ResourceEntry | undefined =>
  RESOURCES.find((r) => r.area === area && r.name === name);

/** The icon of a menu route of an area: its resource's or its page's; null for a route the app does not know. */
export function menuRouteIcon(area: Area, route: string): SvgIconComponent | null {
  return (
    areaResources(area).find((r) => r.menu === route)?.icon ?? PAGES.find((p) => p.route === route && p.areas.includes(area))?.icon ?? null
  );
}
