import { companySession } from '../../authProvider/session';
import { ROL_NOMBRE, ROLES_EMPRESA } from '../../../domain/clientes';

/** The roles as react-admin choices, with the name the company reads. */
export const ROL_CHOICES = ROLES_EMPRESA.map((rol) => ({ id: rol, name: ROL_NOMBRE[rol] }));

/**
 * Who is signed in: their own row is marked and they cannot change their own role or state. Only the company's
 * administrator (or a distributor inside the company, who acts as one) reaches these screens: the menu shows them to
 * no other role and the API refuses /api/usuarios to it (domain/roles.ts).
 */
export function useUsuarioSesion(): { usuario: number | undefined } {
  return { usuario: companySession.get()?.USU_CODIGO };
}
