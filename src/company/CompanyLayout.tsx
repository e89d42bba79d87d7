import { useEffect, useState, type ReactNode } from 'react';
import { Layout } from 'react-admin';
import { Link as RouterLink, Navigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ServerMenu } from '../shell/ServerMenu';
import { AreaAppBar } from '../shell/AreaAppBar';
import { AreaErrorPage } from '../shell/AreaErrorPage';
import { CHOOSE_PASSWORD_ROUTE, companySession } from '../authProvider/session';
import { MSG } from '../../domain/messages';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';

const CompanyMenu = () => <ServerMenu area="empresa" />;

function CompanyAppBar() {
  const user = companySession.get();
  return (
    <AreaAppBar>
      {user && (
        <Typography variant="body2" sx={{ mr: 2, display: { xs: 'none', sm: 'block' } }}>
          {user.EMP_NOMBREC} · RUC {user.EMP_RUC}
        </Typography>
      )}
      {user?.distribuidor && <Chip size="small" color="warning" label={`Distribuidor: ${user.distribuidor}`} sx={{ mr: 1 }} />}
    </AreaAppBar>
  );
}

/**
 * comprobarfirmaPlan's warning, asked once per browser session (companySession.takePlanCheck): a banner above the
 * screens, with the way to act on it (the signature page, or the company's plan), that the user closes; a reload does
 * not show it again, a new sign-in or a new tab does.
 */
function PlanNotice() {
  const dataProvider = useAreaDataProvider();
  const [mensaje, setMensaje] = useState<string | null>(null);
  useEffect(() => {
    const user = companySession.get();
    if (!user || !companySession.takePlanCheck()) return;
    dataProvider
      .call<{ activar: boolean; mensaje: string }>(`/comprobarfirmaPlan/${user.COM_CODIGO}/${user.eid}`)
      .then((r) => r.activar && setMensaje(r.mensaje))
      .catch(() => {
        /* a 401/403 is handled by the auth provider on the next call */
      });
  }, [dataProvider]);
  if (!mensaje) return null;
  // The server's messages about the signature all name it; the others are about the plan.
  const firma = /firma electrónica/i.test(mensaje);
  return (
    <Alert
      severity="warning"
      onClose={() => setMensaje(null)}
      closeText="Cerrar aviso"
      sx={{ mx: 1, mt: 1, '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
      data-aviso-plan
    >
      <strong style={{ display: 'block', marginBottom: 4 }}>{MSG.warningTitle}</strong>
      {mensaje}
      <div>
        <Button component={RouterLink} to={firma ? '/firma' : '/mi-empresa'} size="small" color="inherit" variant="outlined" sx={{ mt: 1 }}>
          {firma ? 'Ir a la firma electrónica' : 'Ver el plan de su empresa'}
        </Button>
      </div>
    </Alert>
  );
}

export function CompanyLayout({ children }: { children: ReactNode }) {
  // Every screen but the one to choose a new clave is inside this layout: a session that signed in with a
  // temporary clave goes back there whatever address it opens.
  if (companySession.mustChangePassword()) return <Navigate to={CHOOSE_PASSWORD_ROUTE} replace />;
  return (
    <Layout menu={CompanyMenu} appBar={CompanyAppBar} error={AreaErrorPage}>
      <PlanNotice />
      {children}
    </Layout>
  );
}
