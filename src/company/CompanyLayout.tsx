import { useEffect, useState, type ReactNode } from 'react';
import { Layout } from 'react-admin';
import { Navigate } from 'react-router';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ServerMenu } from '../shell/ServerMenu';
import { AreaAppBar } from '../shell/AreaAppBar';
import { AreaErrorPage } from '../shell/AreaErrorPage';
import { CHOOSE_PASSWORD_ROUTE, companySession } from '../authProvider/session';
import { MessageDialog, type Message } from '../ui/MessageDialog';
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

/** After a sign-in, ask comprobarfirmaPlan once and warn about the plan or the signature. */
function PlanNotice() {
  const dataProvider = useAreaDataProvider();
  const [message, setMessage] = useState<Message | null>(null);
  useEffect(() => {
    const user = companySession.get();
    if (!user || !companySession.takePlanCheck()) return;
    dataProvider
      .call<{ activar: boolean; mensaje: string }>(`/comprobarfirmaPlan/${user.COM_CODIGO}/${user.eid}`)
      .then((r) => r.activar && setMessage({ title: MSG.warningTitle, text: r.mensaje, severity: 'warning' }))
      .catch(() => {
        /* a 401/403 is handled by the auth provider on the next call */
      });
  }, [dataProvider]);
  return <MessageDialog message={message} onClose={() => setMessage(null)} />;
}

export function CompanyLayout({ children }: { children: ReactNode }) {
  // Every screen but the one to choose a new clave is inside this layout: a session that signed in with a
  // temporary clave goes back there whatever address it opens.
  if (companySession.mustChangePassword()) return <Navigate to={CHOOSE_PASSWORD_ROUTE} replace />;
  return (
    <Layout menu={CompanyMenu} appBar={CompanyAppBar} error={AreaErrorPage}>
      {children}
      <PlanNotice />
    </Layout>
  );
}
