import type { FastifyRequest } from 'fastify';
import type { AdminClaims, CompanyClaims } from '../infra/tokens';
import type { RolEmpresa } from '../../domain/clientes';

/**
 * A company session, as its rows say: the user, its company and role, the distributor inside it (if any), its id in
 * sesiones, and whether it signed in with a temporary clave.
 */
export type CompanyActor = CompanyClaims & {
  usuario: number;
  empresa: number;
  distribuidor?: number;
  sesion: string;
  cambiarClave: boolean;
  nombreUsuario: string;
  rol: RolEmpresa;
  /**
   * The API key that made the request (core/claves-api.ts), when it was one: it acts as the administrador who created
   * it (`usuario`), and `nombreUsuario` names the key.
   */
  clave?: { codigo: number; nombre: string };
};

/** An administration session: nombreUsuario is ADM_USUARIO, what histories record as who made a change. */
export type AdminActor = AdminClaims & {
  admin: number;
  perfil: number;
  distribuidor: boolean;
  sesion: string;
  cambiarClave: boolean;
  nombreUsuario: string;
  /** MEN_PERMISO of the menu entries its profile is given: a route serving several screens tells them apart. */
  permisos: readonly string[];
};

/**
 * Who makes a request, as plain values: the route reads it from the request (request.admin, request.company, set by
 * the guards from the database) and hands it to services and repositories, which never see the request.
 */
export type Actor = AdminActor | CompanyActor;

/** The actor of a request its guard has let through (guards.admin or guards.company). */
export function actorOf(request: FastifyRequest): Actor {
  const actor = request.admin ?? request.company;
  if (!actor) throw new Error('actorOf: la ruta no tiene guardia de sesión');
  return actor;
}
