import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { AreaDataProvider } from '../../dataProvider/createDataProvider';
import type { PlanEmpresa } from '../../../server/modules/empresas/contract';
import { VigenciaChip } from './chips';

/** The plans the company had, latest first, read-only until plans are managed here. */
export function PlanesTab({ empresa }: { empresa: number }) {
  const dataProvider = useDataProvider<AreaDataProvider>();
  const translate = useTranslate();
  const { data, isPending } = useQuery({
    queryKey: ['empresas', empresa, 'planes'],
    queryFn: () => dataProvider.call<PlanEmpresa[]>(`/empresas/planesEmpresa/${empresa}`),
  });
  if (isPending) return <LinearProgress />;
  return (
    <>
      <Alert severity="info" sx={{ mb: 1 }}>
        {translate('resources.empresas.ficha.planes_nota')}
      </Alert>
      {data?.length ? (
        <List aria-label={translate('resources.empresas.ficha.planes')} disablePadding>
          {data.map((p) => (
            <ListItem key={p.PLANEMPRESA_ID} divider sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
              <ListItemText
                primary={`${p.PLAN_NOMBRE} · ${p.PLAN_COMPROBANTES} comprobantes`}
                secondary={`Del ${p.PLANEMPRESA_INICIO} al ${p.PLANEMPRESA_CADUCA}`}
              />
              <VigenciaChip tipo="plan" estado={p.estado} caduca={p.PLANEMPRESA_CADUCA} />
            </ListItem>
          ))}
        </List>
      ) : (
        translate('resources.empresas.ficha.sin_planes')
      )}
    </>
  );
}
