import { Title, usePermissions } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { companySession } from '../authProvider/session';
import type { MenuEntry } from '../authProvider/menu';
import { useMyCompany } from './useMyCompany';
import { PlanCard } from './PlanCard';
import { ClientesCard, ClientesRecientesCard } from './ClientesCard';
import { FirmaEstadoCard } from './FirmaEstadoCard';
import { FacturasCard } from './FacturasCard';
import { preloadable } from '../ui/preloadable';

// The first steps' checklist loads after the home, in its own chunk.
const PrimerosPasosCard = preloadable(() => import('./PrimerosPasosCard').then((m) => m.PrimerosPasosCard));

/**
 * The company home: the company, its plan, its invoices (what needs attention), its signature and its clients (counts and the last ones registered), each
 * card only when the menu grants its page. Its company data comes from GET /miEmpresa only when the menu grants "Mi empresa" (the server
 * refuses it otherwise); without it the card shows what the session knows, and the home offers only granted pages.
 */
export function CompanyDashboard() {
  const user = companySession.get();
  const { permissions } = usePermissions<MenuEntry[]>();
  const granted = (route: string) => Boolean(permissions?.some((m) => m.MEN_RUTA === route));
  const { data, error } = useMyCompany(granted('mi-empresa'));
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title="amelia.paginas.inicio" />
      <Typography variant="h5" component="h1">
        Hola, {user?.USU_NOMBRE ?? user?.USU_USUARIO}
      </Typography>
      {error && <Alert severity="error">{error.message}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <PrimerosPasosCard />
        <Card>
          <CardContent>
            <Typography variant="overline">Su empresa</Typography>
            {data ? (
              <>
                <Typography variant="h6">{data.EMP_NOMBREC}</Typography>
                <Typography color="text.secondary">{data.EMP_NOMBRE}</Typography>
                <Typography color="text.secondary">RUC {data.EMP_RUC}</Typography>
              </>
            ) : permissions && !granted('mi-empresa') && user ? (
              <>
                <Typography variant="h6">{user.EMP_NOMBREC}</Typography>
                <Typography color="text.secondary">RUC {user.EMP_RUC}</Typography>
              </>
            ) : (
              <Skeleton height={80} />
            )}
          </CardContent>
        </Card>
        <PlanCard />
        {granted('facturas') && <FacturasCard />}
        {(granted('firma') || granted('mi-empresa')) && <FirmaEstadoCard detalle={granted('firma')} registrada={data?.firma} />}
        {granted('clientes') && <ClientesCard />}
        {granted('clientes') && <ClientesRecientesCard />}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {granted('mi-empresa') && (
          <Button component={RouterLink} to="/mi-empresa" variant="outlined">
            Ver datos de la empresa
          </Button>
        )}
        {granted('firma') && !granted('mi-empresa') && (
          <Button component={RouterLink} to="/firma" variant="outlined">
            Firma electrónica
          </Button>
        )}
        {granted('ayuda') && (
          <Button component={RouterLink} to="/ayuda" variant="outlined">
            Ayuda y soporte
          </Button>
        )}
      </Box>
    </Box>
  );
}
