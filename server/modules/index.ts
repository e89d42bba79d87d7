import type { ModuleRoutes } from '../core/context';
import type { Permiso } from '../core/menu-access';
import type { RolesModulo, RolesRuta } from '../core/role-access';
import { ROLES_PERMITIDOS as R } from '../../domain/roles';
import sesion from './sesion';
import registro from './registro';
import menus from './menus';
import configuraciones from './configuraciones';
import empresas from './empresas';
import firmas from './firmas';
import ingresos from './ingresos';
import soporte from './soporte';
import productos from './productos';
import asesores from './asesores';
import salud from './salud';
import { usuariosEmpresaRoutes as usuariosEmpresa } from './usuarios';
import pagos from './pagos';
import bancos from './bancos';
import perfiles from './perfiles';
import administradores from './administradores';
import auditoria from './auditoria';
import planes from './planes';
import planesEmpresa from './planesEmpresa';
import clientes from './clientes';
import consultas from './consultas';
import clientesDocumentos from './clientesDocumentos';
import clientesEnvios from './clientesEnvios';
import clientesImportacion from './clientesImportacion';
import cuentas from './cuentas';
import usuarios from './usuarios';
import catalogo from './catalogo';
import facturas from './facturas';
import notasCredito from './notasCredito';
import notasDebito from './notasDebito';
import liquidacionesCompra from './liquidacionesCompra';
import proveedores from './proveedores';
import proveedoresCuenta from './proveedoresCuenta';
import codigosRetencion, { codigosRetencionEmpresa } from './codigosRetencion';
import recibidos from './recibidos';
import retenciones from './retenciones';
import ofertas from './ofertas';
import guiasRemision from './guiasRemision';
import transportistas from './transportistas';
import clavesApi from './clavesApi';
import webhooks from './webhooks';

const API = '/api/EmpresasAmelia';

/** A module default that gives reads (GET) and the rest the roles of a line of the matrix (domain/roles.ts). */
const split = (leer: RolesRuta, escribir: RolesRuta): RolesModulo => ({ leer, escribir });

/**
 * Every module of the API: the prefix its routes are mounted under, its routes plugin, the permission (MEN_PERMISO,
 * core/menu-access.ts) of its guarded routes that name none in their config (null: open to every caller of their
 * guard), and the company roles (core/role-access.ts, domain/roles.ts) of its company routes that name none. The
 * table of every route's permission is in docs/architecture.md.
 */
export const modules: Array<{ prefix: string; routes: ModuleRoutes; permiso?: Permiso; roles?: RolesModulo }> = [
  { prefix: API, routes: sesion, permiso: null, roles: R.todos },
  { prefix: `${API}/registro`, routes: registro },
  { prefix: API, routes: menus, roles: R.todos },
  { prefix: `${API}/configuraciones`, routes: configuraciones, permiso: 'configuraciones' },
  { prefix: API, routes: empresas, permiso: 'empresas' },
  { prefix: API, routes: firmas },
  { prefix: `${API}/ingresos`, routes: ingresos, permiso: 'ingresos' },
  { prefix: `${API}/soporte`, routes: soporte, permiso: 'soporte' },
  { prefix: `${API}/productos`, routes: productos, permiso: 'productos' },
  { prefix: `${API}/asesor`, routes: asesores, permiso: 'asesores' },
  { prefix: `${API}/empresas`, routes: usuariosEmpresa, permiso: 'empresas' },
  { prefix: `${API}/empresas`, routes: pagos, permiso: 'empresas' },
  { prefix: `${API}/empresas`, routes: bancos, permiso: 'bancos' },
  { prefix: `${API}/empresas`, routes: perfiles, permiso: 'perfiles' },
  { prefix: `${API}/administradores`, routes: administradores, permiso: 'administradores' },
  { prefix: `${API}/auditoria`, routes: auditoria, permiso: 'auditoria' },
  { prefix: API, routes: planes, permiso: 'empresas' },
  { prefix: API, routes: planesEmpresa, permiso: 'empresas' },
  // The company application's clients family lives under /api; its own users under /api/usuarios.
  { prefix: '/api', routes: clientes, permiso: 'clientes', roles: split(R.clientes.leer, R.clientes.gestionar) },
  { prefix: '/api/clientes', routes: consultas, permiso: 'clientes', roles: split(R.clientes.leer, R.clientes.gestionar) },
  {
    prefix: '/api/clientes/documentos',
    routes: clientesDocumentos,
    permiso: 'clientes',
    roles: split(R.clientes.leer, R.clientes.gestionar),
  },
  { prefix: '/api/clientes', routes: clientesEnvios, permiso: 'clientes', roles: split(R.clientes.leer, R.clientes.gestionar) },
  { prefix: '/api/clientes', routes: clientesImportacion, permiso: 'clientes', roles: split(R.clientes.leer, R.clientes.gestionar) },
  // Undoing a collection names its own roles (cuentas/routes.ts).
  { prefix: '/api/clientes', routes: cuentas, permiso: 'clientes', roles: split(R.cobros.leer, R.cobros.registrar) },
  { prefix: '/api/usuarios', routes: usuarios, permiso: 'usuarios', roles: split(R.usuarios.leer, R.usuarios.gestionar) },
  // The import's template names the writers' roles (catalogo/routes.ts).
  { prefix: '/api/catalogo', routes: catalogo, permiso: 'catalogo', roles: split(R.catalogo.leer, R.catalogo.gestionar) },
  // Sending by email and marking as annulled name their own roles (facturas/routes.ts).
  { prefix: '/api/facturas', routes: facturas, permiso: 'facturas', roles: split(R.facturas.leer, R.facturas.vender) },
  { prefix: '/api/notasCredito', routes: notasCredito, permiso: 'notasCredito', roles: split(R.notasCredito.leer, R.notasCredito.emitir) },
  { prefix: '/api/notasDebito', routes: notasDebito, permiso: 'notasDebito', roles: split(R.notasDebito.leer, R.notasDebito.emitir) },
  // The form's RUC and cédula lookups use the consultas module's services (proveedores/service.ts).
  {
    prefix: '/api/proveedores',
    routes: proveedores,
    permiso: 'proveedores',
    roles: split(R.proveedores.leer, R.proveedores.gestionar),
  },
  // A supplier's account: what the company owes it after the retenciones (proveedoresCuenta/contract.ts).
  {
    prefix: '/api/proveedores',
    routes: proveedoresCuenta,
    permiso: 'proveedores',
    roles: split(R.proveedores.leer, R.proveedores.gestionar),
  },
  { prefix: API, routes: codigosRetencion, permiso: 'codigosRetencion' },
  // The companies read the codes in force on a date: what their retenciones and liquidaciones de compra choose from.
  {
    prefix: '/api',
    routes: codigosRetencionEmpresa,
    permiso: ['retenciones', 'liquidacionesCompra'],
    roles: R.retenciones.leer,
  },
  // Importing asks the SRI for keys through the core's client; a client's retención is applied by cuentas.
  { prefix: '/api/recibidos', routes: recibidos, permiso: 'recibidos', roles: split(R.recibidos.leer, R.recibidos.registrar) },
  // Sending by email and marking as annulled name their own roles (retenciones/routes.ts).
  { prefix: '/api/retenciones', routes: retenciones, permiso: 'retenciones', roles: split(R.retenciones.leer, R.retenciones.emitir) },
  {
    prefix: '/api/liquidacionesCompra',
    routes: liquidacionesCompra,
    permiso: 'liquidacionesCompra',
    roles: split(R.liquidacionesCompra.leer, R.liquidacionesCompra.emitir),
  },
  // Sending by email and marking as annulled name their own roles (guiasRemision/routes.ts).
  {
    prefix: '/api/guiasRemision',
    routes: guiasRemision,
    permiso: 'guiasRemision',
    roles: split(R.guiasRemision.leer, R.guiasRemision.emitir),
  },
  // The form's RUC and cédula lookups use the consultas module's services (transportistas/service.ts).
  {
    prefix: '/api/transportistas',
    routes: transportistas,
    permiso: 'transportistas',
    roles: split(R.transportistas.leer, R.transportistas.gestionar),
  },
  { prefix: '/api/clavesApi', routes: clavesApi, permiso: 'clavesApi', roles: split(R.clavesApi.leer, R.clavesApi.gestionar) },
  { prefix: '/api/webhooks', routes: webhooks, permiso: 'webhooks', roles: split(R.webhooks.leer, R.webhooks.gestionar) },
  { prefix: '/api/ofertas', routes: ofertas, permiso: 'ofertas', roles: split(R.ofertas.leer, R.ofertas.vender) },
  { prefix: '/api', routes: salud },
];
