import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from './errors';
import { MSG } from '../../domain/messages';
import { NO_ACCESS_CODE } from '../../domain/constants';
import type { RolEmpresa } from '../../domain/clientes';

/**
 * The menus are enforced on the server: each administration or company route belongs to the menu entry
 * whose MEN_PERMISO it names in its route config (`config: { permiso: 'asesores' }`), or is open to every signed-in
 * caller of its guard (`config: { permiso: null }`: home, own profile, sign-out). A read that several screens need
 * names each of their permissions (`['planes', 'empresas']`): any one of them grants it.
 *
 * A module line may give a default (server/modules/index.ts) for its routes that declare none. The guards check it
 * (guards.ts) once they know the caller, with the caller's permissions read by the guard's own session query: a
 * route whose guard lets the caller in but whose permission the caller lacks answers 403 SIN_ACCESO. A guarded route
 * that declares nothing is refused to everyone (tests/api/permisos.test.ts lists such routes).
 */
export type Permiso = string | readonly string[] | null;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** MEN_PERMISO of the menu entry (or entries) this route belongs to; null: open to every caller its guard lets in. */
    permiso?: Permiso;
  }
  interface FastifyInstance {
    /** Every route with the area of its guard, its permission and its roles, as mounted (the matrix tests read it). */
    menuAccess: MenuAccessEntry[];
  }
}

/** The area of a guard's callers: administration (admins, distributors, other profiles) or a company's application. */
export type GuardArea = 'admin' | 'empresa';

export type MenuAccessEntry = {
  method: string;
  /** The route's URL as Fastify has it (`/api/EmpresasAmelia/empresas/:id`). */
  url: string;
  /** The area of its onRequest guard; undefined for public routes and single-purpose tokens (registro, ticket). */
  area?: GuardArea;
  /** Its permission; undefined when it declares none and its module gives no default. */
  permiso?: Permiso;
  /** The company roles that may call it (core/role-access.ts); undefined when it names none and its module gives none. */
  roles?: readonly RolEmpresa[];
};

/** The refusal of a route whose menu entry is not granted to the caller. */
export const noAccess = () => new HttpError(403, MSG.noAccess, NO_ACCESS_CODE);

/**
 * Throws 403 SIN_ACCESO unless the caller's permissions (`granted`: MEN_PERMISO of its active menu entries) include
 * the route's. Run by the guards after they have checked the session, the account and the profile.
 */
export function checkMenuAccess(request: FastifyRequest, granted: readonly string[]): void {
  const permiso = request.routeOptions.config?.permiso;
  if (permiso === null) return;
  if (permiso === undefined) throw noAccess();
  if (typeof permiso === 'string' ? !granted.includes(permiso) : !permiso.some((p) => granted.includes(p))) throw noAccess();
}

/** onRoute hook of a module's scope: its routes that declare no permission get the module's. */
export function defaultPermission(permiso: Permiso | undefined) {
  return (route: RouteOptions) => {
    if (permiso !== undefined && route.config?.permiso === undefined) route.config = { ...route.config, permiso };
  };
}

/**
 * Records every route with its guard's area, its permission and its roles in `app.menuAccess`. Added on the root instance
 * before the modules, so its onRoute hook runs before a module scope's default: each entry reads the route's
 * options when asked, once every hook has run.
 */
export function recordMenuAccess(app: FastifyInstance, areaOf: (route: RouteOptions) => GuardArea | undefined) {
  const entries: MenuAccessEntry[] = [];
  app.decorate('menuAccess', entries);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      entries.push({
        method,
        url: route.url,
        get area() {
          return areaOf(route);
        },
        get permiso() {
          return route.config?.permiso;
        },
        get roles() {
          return route.config?.roles;
        },
      });
    }
  });
}
