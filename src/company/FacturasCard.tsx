import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useCanAccess } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { FacturasTotales } from '../../domain/contratos/facturas';
import { formatCount } from '../../domain/listas';
import { hoyEcuador } from '../../domain/fechas';
import { rutaFiltrada, useEstados, type GrupoEstados } from '../comprobantes/estados';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';
import { dinero } from '../ui/numeros';

/** This month's authorized invoices (by their emission date): how many and how much. */
function useAutorizadasDelMes() {
  const dataProvider = useAreaDataProvider();
  const hoy = hoyEcuador();
  const filter = JSON.stringify({ FAC_ESTADO: ['AUTORIZADA'], desde: `${hoy.slice(0, 8)}01`, hasta: hoy });
  return useQuery({
    queryKey: ['facturas', 'totales', filter],
    queryFn: () => dataProvider.call<FacturasTotales>(`/api/facturas/totales?${new URLSearchParams({ filter })}`),
  });
}

const ATENCION: Array<{ grupo: GrupoEstados; color: string; uno: string; varios: string; ayuda: string }> = [
  {
    grupo: 'devueltas',
    color: 'error.main',
    uno: 'para corregir',
    varios: 'para corregir',
    ayuda: 'Devueltas o no autorizadas por el SRI',
  },
  {
    grupo: 'sinRespuesta',
    color: 'warning.main',
    uno: 'sin respuesta del SRI',
    varios: 'sin respuesta del SRI',
    ayuda: 'Consúltelas en el portal del SRI',
  },
  { grupo: 'pendientes', color: 'info.main', uno: 'en el SRI', varios: 'en el SRI', ayuda: 'Esperando la respuesta del SRI' },
  { grupo: 'correosFallidos', color: 'warning.main', uno: 'correo fallido', varios: 'correos fallidos', ayuda: 'No llegaron al comprador' },
];

/** "1419.68" → "$ 1 419.68", as the invoices' screens write amounts. */
const dolares = (valor: string) => `$ ${dinero(valor)}`;

/**
 * The home's invoices card: what needs attention (returned or refused invoices to correct, those the SRI left without
 * an answer, those still at the SRI, failed emails), each a link to the list filtered so; and this month's authorized ones. The counts come from GET
 * /api/facturas/estados (asked again every 3 s while something is at the SRI), the month from /api/facturas/totales.
 */
export function FacturasCard() {
  const { data: estados, error } = useEstados();
  const { data: mes } = useAutorizadasDelMes();
  // Only the roles that sell create invoices.
  const { canAccess: vende } = useCanAccess({ resource: 'facturas', action: 'create' });
  const atencion = ATENCION.filter(({ grupo }) => (estados?.[grupo] ?? 0) > 0);
  return (
    <Card component="section" aria-labelledby="facturas-inicio-titulo">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="overline" id="facturas-inicio-titulo">
          Facturas
        </Typography>
        {error && <Alert severity="error">{(error as Error).message}</Alert>}
        {estados ? (
          atencion.length > 0 ? (
            <Box
              component="ul"
              aria-label="Facturas que requieren atención"
              sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
            >
              {atencion.map(({ grupo, color, uno, varios, ayuda }) => {
                const cantidad = estados[grupo];
                return (
                  <li key={grupo}>
                    <Box
                      component={RouterLink}
                      to={rutaFiltrada(grupo)}
                      data-atencion={grupo}
                      sx={{
                        display: 'flex',
                        gap: 1.5,
                        alignItems: 'baseline',
                        color: 'inherit',
                        textDecoration: 'none',
                        '&:hover .que': { textDecoration: 'underline' },
                      }}
                    >
                      <Typography variant="h5" component="span" sx={{ color, minWidth: 40, fontVariantNumeric: 'tabular-nums' }}>
                        {formatCount(cantidad)}
                      </Typography>
                      <span>
                        <Typography className="que" component="span" display="block" fontWeight={600}>
                          {cantidad === 1 ? uno : varios}
                        </Typography>
                        <Typography variant="body2" color="text.secondary" component="span">
                          {ayuda}
                        </Typography>
                      </span>
                    </Box>
                  </li>
                );
              })}
            </Box>
          ) : (
            <Typography color="success.main">Nada pendiente: las facturas emitidas están autorizadas.</Typography>
          )
        ) : (
          !error && <Skeleton height={64} />
        )}
        <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }} data-mes>
          <Typography variant="body2" color="text.secondary">
            Autorizadas este mes
          </Typography>
          {mes ? (
            <Typography>
              <strong>{formatCount(mes.cantidad)}</strong> {mes.cantidad === 1 ? 'factura' : 'facturas'} · {dolares(mes.total)}
            </Typography>
          ) : (
            <Skeleton width={160} />
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/facturas" variant="outlined">
            Ver facturas
          </Button>
          {vende && (
            <Button component={RouterLink} to="/facturas/create">
              Nueva factura
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
