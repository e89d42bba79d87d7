import { Title } from 'react-admin';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { adminSession } from '../authProvider/session';

const profiles: Record<number, string> = { 1: 'Administrador', 2: 'Distribuidor', 3: 'Asesor de soporte' };

export function AdminDashboard() {
  const admin = adminSession.get();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Inicio" />
      <CardContent>
        <Typography variant="h5" component="h1">Hola, {admin?.ADM_NOMBRE}</Typography>
        <Typography color="text.secondary">Perfil: {admin ? profiles[admin.PRF_CODIGO] ?? `Perfil ${admin.PRF_CODIGO}` : ''}</Typography>
        <Typography sx={{ mt: 2 }}>Use el menú de la izquierda para trabajar en las secciones habilitadas para su perfil.</Typography>
      </CardContent>
    </Card>
  );
}
