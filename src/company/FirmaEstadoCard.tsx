import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { FirmasEmpresa } from '../../domain/contratos/firmas';
import { diasEntre, hoyEcuador } from '../../domain/fechas';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';

/** Days before expiry from which the home warns. */
const AVISO_DIAS = 30;

/**
 * The home's signature card. With the "Firma electrónica" menu: the one in use (GET /firma, the page's own query),
 * its holder and expiry, warning a month ahead; otherwise only whether there is one (GET /miEmpresa's `firma`).
 */
export function FirmaEstadoCard({ detalle, registrada }: { detalle: boolean; registrada: boolean | undefined }) {
  const dataProvider = useAreaDataProvider();
  const { data, error } = useQuery({
    queryKey: ['firmas', '/firma'],
    queryFn: () => dataProvider.call<FirmasEmpresa>('/firma'),
    enabled: detalle,
  });
  const actual = data?.actual;
  const dias = actual ? diasEntre(hoyEcuador(), actual.FIR_HASTA) : null;
  return (
    <Card component="section" aria-labelledby="firma-inicio-titulo">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="overline" id="firma-inicio-titulo">
          Firma electrónica
        </Typography>
        {error && <Alert severity="error">{(error as Error).message}</Alert>}
        {detalle ? (
          data ? (
            actual ? (
              <>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{actual.FIR_TITULAR}</Typography>
                <Typography color={dias! < 0 ? 'error.main' : dias! <= AVISO_DIAS ? 'warning.main' : 'text.secondary'}>
                  {dias! < 0 ? `Vencida el ${actual.FIR_HASTA}` : `Vigente hasta el ${actual.FIR_HASTA}`}
                  {dias! >= 0 && dias! <= AVISO_DIAS && ` (quedan ${dias} días)`}
                </Typography>
              </>
            ) : (
              <Typography color="warning.main">Sin firma electrónica registrada</Typography>
            )
          ) : (
            !error && <Skeleton height={40} />
          )
        ) : registrada === undefined ? (
          <Skeleton height={40} />
        ) : (
          <Typography color={registrada ? 'text.secondary' : 'warning.main'}>
            {registrada ? 'Firma electrónica registrada' : 'Sin firma electrónica registrada'}
          </Typography>
        )}
        {detalle && (
          <div>
            <Button component={RouterLink} to="/firma" size="small">
              {actual ? 'Ver firma' : 'Subir firma'}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
