import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { companySession } from '../authProvider/session';
import { useMyCompany } from './useMyCompany';

export function CompanyDashboard() {
  const user = companySession.get();
  const { data, error } = useMyCompany();
  const today = new Date().toISOString().slice(0, 10);
  const plan = data?.plan;
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title="amelia.paginas.inicio" />
      <Typography variant="h5" component="h1">
        Hola, {user?.USU_NOMBRE ?? user?.USU_USUARIO}
      </Typography>
      {error && <Alert severity="error">{error.message}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Card>
          <CardContent>
            <Typography variant="overline">Su empresa</Typography>
            {data ? (
              <>
                <Typography variant="h6">{data.EMP_NOMBREC}</Typography>
                <Typography color="text.secondary">{data.EMP_NOMBRE}</Typography>
                <Typography color="text.secondary">RUC {data.EMP_RUC}</Typography>
              </>
            ) : (
              <Skeleton height={80} />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="overline">Plan y firma electrónica</Typography>
            {data ? (
              <>
                {plan ? (
                  <Typography variant="h6">
                    Plan {plan.PLAN_NOMBRE}: {plan.PLAN_COMPROBANTES} comprobantes
                  </Typography>
                ) : (
                  <Typography variant="h6">Sin plan contratado</Typography>
                )}
                {plan && (
                  <Typography color={plan.PLANEMPRESA_CADUCA < today ? 'error' : 'text.secondary'}>
                    {plan.PLANEMPRESA_CADUCA < today
                      ? `Caducó el ${plan.PLANEMPRESA_CADUCA}`
                      : `Vigente hasta el ${plan.PLANEMPRESA_CADUCA}`}
                  </Typography>
                )}
                <Typography color={data.firma ? 'text.secondary' : 'warning.main'}>
                  {data.firma ? 'Firma electrónica registrada' : 'Sin firma electrónica registrada'}
                </Typography>
              </>
            ) : (
              <Skeleton height={80} />
            )}
          </CardContent>
        </Card>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/mi-empresa" variant="outlined">
          Ver datos de la empresa
        </Button>
        <Button component={RouterLink} to="/ayuda" variant="outlined">
          Ayuda y soporte
        </Button>
      </Box>
    </Box>
  );
}
