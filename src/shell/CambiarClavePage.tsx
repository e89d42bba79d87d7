import { Title, useBasename } from 'react-admin';
import { useNavigate } from 'react-router';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { PasswordForm } from './PasswordForm';

/** The signed-in user changes their clave; once changed, back to the area's home, where the server's message shows. */
export function CambiarClavePage() {
  const basename = useBasename();
  const navigate = useNavigate();
  return (
    <Card sx={{ mt: 2, maxWidth: 480 }}>
      <Title title="amelia.clave.cambiar" />
      <CardContent>
        <PasswordForm askCurrent onChanged={() => navigate(basename || '/')} />
      </CardContent>
    </Card>
  );
}
