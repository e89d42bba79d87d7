import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatCount } from '../../domain/listas';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';

type Totales = { total: number; activos: number };
type Reciente = { id: number; CLI_RAZON_SOCIAL: string; CLI_IDENTIFICACION: string };

/** The home's clients card: how many are registered and active (GET /api/clientes/totalClientes). */
export function ClientesCard() {
  const dataProvider = useAreaDataProvider();
  const { data, error } = useQuery({
    queryKey: ['clientes', 'total'],
    queryFn: () => dataProvider.call<Totales>('/api/clientes/totalClientes'),
  });
  return (
    <Card component="section" aria-labelledby="clientes-inicio-titulo">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="overline" id="clientes-inicio-titulo">
          Clientes
        </Typography>
        {error && <Alert severity="error">{(error as Error).message}</Alert>}
        {data ? (
          <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
            <Box>
              <Typography variant="h4" component="p">
                {formatCount(data.total)}
              </Typography>
              <Typography color="text.secondary">registrados</Typography>
            </Box>
            <Box>
              <Typography variant="h4" component="p">
                {formatCount(data.activos)}
              </Typography>
              <Typography color="text.secondary">activos</Typography>
            </Box>
          </Box>
        ) : (
          !error && <Skeleton height={64} />
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/clientes" variant="outlined">
            Ver clientes
          </Button>
          <Button component={RouterLink} to="/clientes/create">
            Nuevo cliente
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * The five clients registered last (the list call sorted by CLI_CREADO), each a link to its page; none: nothing. Plain
 * links rather than MUI's List and react-admin's useGetList: the home is in the area's first load (budget 315 kB).
 */
export function ClientesRecientesCard() {
  const dataProvider = useAreaDataProvider();
  const { data, error } = useQuery({
    queryKey: ['clientes', 'recientes'],
    queryFn: async () =>
      (
        await dataProvider.getList<Reciente>('clientes', {
          pagination: { page: 1, perPage: 5 },
          sort: { field: 'CLI_CREADO', order: 'DESC' },
          filter: {},
        })
      ).data,
  });
  if (!error && !data?.length) return null;
  return (
    <Card component="section" aria-labelledby="clientes-recientes-titulo" sx={{ gridColumn: { md: '1 / -1' } }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="overline" id="clientes-recientes-titulo">
          Clientes registrados recientemente
        </Typography>
        {error && <Alert severity="error">{(error as Error).message}</Alert>}
        {data && (
          <Box
            component="ul"
            aria-label="Clientes registrados recientemente"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
          >
            {data.map((c) => (
              <li key={c.id}>
                <Box
                  component={RouterLink}
                  to={`/clientes/${c.id}/show`}
                  sx={{ display: 'block', color: 'inherit', textDecoration: 'none', '&:hover .nombre': { textDecoration: 'underline' } }}
                >
                  <Typography className="nombre" sx={{ overflowWrap: 'anywhere' }}>
                    {c.CLI_RAZON_SOCIAL}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {c.CLI_IDENTIFICACION}
                  </Typography>
                </Box>
              </li>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
