import { useQuery } from '@tanstack/react-query';
import { CheckboxGroupInput, useTranslate } from 'react-admin';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { MenuAsignado } from '../../../domain/contratos/menus';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

/** The company application's menus as a checklist; part of the company form, saved with its data in one call. */
export function MenusTab({ empresa }: { empresa: number }) {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const { data, isPending } = useQuery({
    queryKey: ['empresas', empresa, 'menus'],
    queryFn: () => dataProvider.call<MenuAsignado[]>(`/menus/menuEmpresaAdmin/${empresa}`),
  });
  if (isPending) return <LinearProgress />;
  if (!data?.length) return <Typography>{translate('resources.empresas.ficha.sin_menus')}</Typography>;
  return <CheckboxGroupInput source="menus" row={false} choices={data.map((m) => ({ id: m.MEN_CODIGO, name: m.MEN_NOMBRE }))} />;
}
