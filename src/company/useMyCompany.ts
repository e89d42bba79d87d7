import { useQuery } from '@tanstack/react-query';
import type { MiEmpresa } from '../../domain/contratos/empresas';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';

export type MyCompany = MiEmpresa;

/** GET /miEmpresa, the "Mi empresa" page's data (permission mi-empresa); `enabled` false: not asked. */
export function useMyCompany(enabled = true) {
  const dataProvider = useAreaDataProvider();
  return useQuery({ queryKey: ['miEmpresa'], queryFn: () => dataProvider.call<MyCompany>('/miEmpresa'), enabled });
}
