import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../domain/fechas';
import type { AccesoEmpresa } from '../../../domain/contratos/empresas';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

const SHOWN = 50;

/** The last times a distributor entered this company's application, and as which user. */
export function AccesosTab({ empresa }: { empresa: number }) {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const { data, isPending } = useQuery({
    queryKey: ['empresas', empresa, 'accesos'],
    queryFn: () =>
      dataProvider.call<AccesoEmpresa[]>(`/empresas/accesos/${empresa}?range=${encodeURIComponent(JSON.stringify([0, SHOWN - 1]))}`),
  });
  if (isPending) return <LinearProgress />;
  if (!data?.length) return <Typography>{translate('resources.empresas.ficha.sin_accesos')}</Typography>;
  return (
    <List aria-label={translate('resources.empresas.ficha.accesos')} disablePadding>
      {data.map((a) => (
        <ListItem key={a.ING_CODIGO} divider sx={{ px: 0 }}>
          <ListItemText
            primary={`${a.ADM_NOMBRE} (${a.ADM_USUARIO}) como ${a.USU_USUARIO}`}
            secondary={`${formatDateTime(a.ING_FECHA)}${a.ING_IP ? ` · IP ${a.ING_IP}` : ''}`}
          />
        </ListItem>
      ))}
    </List>
  );
}
