import { useAuthProvider, useBasename, useLogout, useTranslate } from 'react-admin';
import { Navigate, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { AreaAuthProvider } from '../authProvider/createAuthProvider';
import { MSG } from '../../domain/messages';
import { PasswordForm } from './PasswordForm';
import { useDocumentTitle } from '../ui/useDocumentTitle';

/**
 * The only screen of a session that signed in with a temporary clave (a company user's recovery, an administration
 * user's reset), in either area at CHOOSE_PASSWORD_ROUTE outside the layout: no menu, no other screen. The temporary
 * clave was the proof, so the server does not ask for the current one; once chosen, the area's home.
 */
export function ElegirClavePage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const basename = useBasename();
  const logout = useLogout();
  const authProvider = useAuthProvider<AreaAuthProvider>()!;
  const title = translate('amelia.clave.elegir');
  useDocumentTitle(title);
  const home = basename || '/';
  if (!authProvider.mustChangePassword()) return <Navigate to={home} replace />;
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Alert severity="info">{MSG.mustChangePassword}</Alert>
          <PasswordForm askCurrent={false} onChanged={() => navigate(home, { replace: true })} />
          <Button onClick={() => logout()} sx={{ justifySelf: 'start' }}>
            {translate('ra.auth.logout')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
