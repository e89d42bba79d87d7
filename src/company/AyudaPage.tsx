import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ContactDetails, SupportButtons } from '../ui/SupportLinks';

export function AyudaPage() {
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title="amelia.paginas.ayuda" />
      <CardContent>
        <Typography>Si algo no funciona o tiene una consulta, abra un ticket: nuestro equipo le responde por correo.</Typography>
        <Button component={RouterLink} to="/administrador/soporteTicket" variant="contained" sx={{ my: 2 }}>
          Abrir un ticket de soporte
        </Button>
        <SupportButtons />
        <div style={{ marginTop: 16 }}>
          <ContactDetails />
        </div>
      </CardContent>
    </Card>
  );
}
