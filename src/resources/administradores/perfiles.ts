import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { Administrador } from '../../../domain/contratos/administradores';
import { PERFIL } from '../../../domain/perfiles';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

type Perfil = { PRF_CODIGO: number; PRF_NOMBRE: string; PRF_ACTIVO: boolean };

export const administrador = (record: unknown) => record as Administrador & { EMPRESAS?: number };

/**
 * The profiles an administrator can be given, as choices: the active ones, and `current` too when it is inactive (so
 * an account that has it still shows it). Read once per area session.
 */
export function usePerfilChoices(current?: number) {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const { data = [] } = useQuery({
    queryKey: ['administradores', 'perfiles'],
    queryFn: () => dataProvider.call<Perfil[]>('/administradores/perfiles'),
    staleTime: 60_000,
  });
  return data
    .filter((p) => p.PRF_ACTIVO || p.PRF_CODIGO === current)
    .map((p) => ({
      id: p.PRF_CODIGO,
      name: p.PRF_ACTIVO ? p.PRF_NOMBRE : translate('resources.administradores.perfil_inactivo', { nombre: p.PRF_NOMBRE }),
    }));
}

export const esDistribuidor = (perfil: unknown) => Number(perfil) === PERFIL.distribuidor;
