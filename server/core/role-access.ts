import type { FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from './errors';
import type { GuardArea } from './menu-access';
import { MSG } from '../../domain/messages';
import { ROLE_REFUSED_CODE } from '../../domain/constants';
import type { RolEmpresa } from '../../domain/clientes';

/**
 * The company roles' matrix (domain/roles.ts), enforced on the server. Each company route names the roles that may
 * call it in its route config (`config: { roles: ROLES_PERMITIDOS.catalogo.gestionar }`); a module line may give a
 * default for its routes that name none (server/modules/index.ts), one list for every method or, split by what the
 * route does, one for reads (GET) and one for the rest. The company guard checks it after the menu, with the role read
 * from the database: a role not named gets 403 ROL_SIN_PERMISO. A company route that names no roles is refused to
 * everyone (tests/api/roles.test.ts lists such routes).
 */
export type RolesRuta = readonly RolEmpresa[];
/** A module's default: the same roles for every route, or the reads' (GET) and the others'. */
export type RolesModulo = RolesRuta | { leer: RolesRuta; escribir: RolesRuta };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The company roles that may call this route (routes behind the company guard). */
    roles?: RolesRuta;
  }
}

/** The refusal of a company route the caller's role may not call. */
export const roleRefused = () => new HttpError(403, MSG.roleRefused, ROLE_REFUSED_CODE);

/** Throws 403 ROL_SIN_PERMISO unless the route names the caller's role. Run by the company guard after the menu check. */
export function checkRoleAccess(request: FastifyRequest, rol: RolEmpresa): void {
  const roles = request.routeOptions.config?.roles;
  if (!roles?.includes(rol)) throw roleRefused();
}

const isRead = (route: RouteOptions) => [route.method].flat().every((method) => method === 'GET' || method === 'HEAD');

/**
 * onRoute hook of a module's scope: its company routes (`areaOf`, the area of the route's guard) that name no roles get
 * the module's, and each one says in its OpenAPI description which roles may call it.
 */
export function defaultRoles(roles: RolesModulo | undefined, areaOf: (route: RouteOptions) => GuardArea | undefined) {
  return (route: RouteOptions) => {
    if (areaOf(route) !== 'empresa') return;
    if (roles !== undefined && route.config?.roles === undefined) {
      const own = 'leer' in roles ? (isRead(route) ? roles.leer : roles.escribir) : roles;
      route.config = { ...route.config, roles: own };
    }
    const named = route.config?.roles;
    if (named && route.schema) {
      const who = `Roles: ${named.join(', ')} (los demás reciben 403 ${ROLE_REFUSED_CODE}).`;
      route.schema = { ...route.schema, description: route.schema.description ? `${route.schema.description} ${who}` : who };
    }
  };
}
