import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { MiEmpresa } from '../../server/modules/empresas/contract';
import type { AreaDataProvider } from '../dataProvider/createDataProvider';

export type MyCompany = MiEmpresa;

/** GET /miEmpresa, the "Mi empresa" page's data (permission mi-empresa); `enabled` false: not asked. */
export function useMyCompany(enabled = true) {
  const dataProvider = useDataProvider<AreaDataProvider>();
  return useQuery({ queryKey: ['miEmpresa'], queryFn: () => dataProvider.call<MyCompany>('/miEmpresa'), enabled });
}
