import { Title, useBasename } from 'react-admin';
import { useNavigate } from 'react-router';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { PasswordForm } from './PasswordForm';

/** The route of the clave change in both areas (under the area's basename), opened from the user menu. */
export const CHANGE_PASSWORD_ROUTE = '/cambiar-clave';

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
