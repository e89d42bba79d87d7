import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AreaDataProvider } from '../dataProvider/createDataProvider';

export type MyCompany = {
  EMP_CODIGO: number;
  EMP_RUC: string;
  EMP_NOMBREC: string;
  EMP_NOMBRE: string;
  EMP_CORREO: string;
  EMP_TELEFONO: string | null;
  firma: boolean;
  plan: null | { PLAN_NOMBRE: string; PLAN_COMPROBANTES: number; PLANEMPRESA_INICIO: string; PLANEMPRESA_CADUCA: string };
};

export function useMyCompany() {
  const dataProvider = useDataProvider<AreaDataProvider>();
  return useQuery({ queryKey: ['miEmpresa'], queryFn: () => dataProvider.call<MyCompany>('/miEmpresa') });
}
