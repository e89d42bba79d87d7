import { Title, useGetIdentity } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTicketCounts } from '../resources/soporte/TicketSummary';
import { PlanesResumenCard } from './PlanesResumenCard';
import { EnterCompanyButton } from './EnterCompanyButton';

function TicketsCard() {
  const { data } = useTicketCounts();
  if (!data) return null;
  return (
    <Card>
      <CardContent>
        <Typography variant="overline">Mesa de ayuda</Typography>
        <Typography variant="h4" component="p">
          {data.pendientes}
        </Typography>
        <Typography color="text.secondary">tickets pendientes{data.sinAsesor ? ` · ${data.sinAsesor} sin asesor` : ''}</Typography>
        <Button component={RouterLink} to="/administrador/soporte" sx={{ mt: 1 }}>
          Ver tickets
        </Button>
      </CardContent>
    </Card>
  );
}

export function AdminDashboard() {
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
      <Title title="amelia.paginas.inicio" />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1">
            Hola, {identity?.fullName}
          </Typography>
          <Typography color="text.secondary">Perfil: {identity?.perfil}</Typography>
          <Typography sx={{ mt: 2 }}>Use el menú de la izquierda para trabajar en las secciones habilitadas para su perfil.</Typography>
          <EnterCompanyButton place="home" />
        </CardContent>
      </Card>
      <TicketsCard />
      <PlanesResumenCard />
    </Box>
  );
}
