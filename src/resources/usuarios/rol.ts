import { useGetOne } from 'react-admin';
import { companySession } from '../../authProvider/session';
import { ROL_NOMBRE, ROLES_EMPRESA, type RolEmpresa } from '../../../domain/clientes';
import type { UsuarioEquipo } from '../../../domain/contratos/equipo';

/** The roles as react-admin choices, with the name the company reads. */
export const ROL_CHOICES = ROLES_EMPRESA.map((rol) => ({ id: rol, name: ROL_NOMBRE[rol] }));

/**
 * Who is signed in, and whether they may manage the company's users: its administrator, or a distributor inside the
 * company (who acts as one). The role is read again from the user's own record (a role another administrator changed
 * counts at once); until it arrives, the sign-in's USU_ROL. The server decides anyway (403).
 */
export function useEquipoSesion(): { usuario: number | undefined; puedeGestionar: boolean } {
  const user = companySession.get();
  const { data } = useGetOne<UsuarioEquipo & { id: number }>(
    'usuarios',
    { id: user?.USU_CODIGO ?? 0 },
    { enabled: Boolean(user) && !user?.distribuidor },
  );
  const rol: RolEmpresa | undefined = user?.distribuidor ? 'administrador' : (data?.USU_ROL ?? user?.USU_ROL);
  return { usuario: user?.USU_CODIGO, puedeGestionar: rol === 'administrador' };
}
