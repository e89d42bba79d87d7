import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  DeleteButton,
  Edit,
  Form,
  ListButton,
  SaveButton,
  Toolbar,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { MSG } from '../../../domain/messages';
import { formatDate } from '../../../domain/fechas';
import type { EmpresaFicha, EmpresaGuardada } from '../../../domain/contratos/empresas';
import { VigenciaChip } from './chips';
import { ComprobacionPanel } from './ComprobacionPanel';
import { DatosTab, datosToWire } from './DatosTab';
import { MenusTab } from './MenusTab';
import { UsuariosTab } from './UsuariosTab';
import { PagosTab } from './PagosTab';
import { FirmaTab } from './FirmaTab';
import { PlanesTab } from './PlanesTab';
import { AccesosTab } from './AccesosTab';
import { HistorialTab } from './HistorialTab';

type Ficha = EmpresaFicha & RaRecord;
/** The tabs of the page; datos and menús are one form, saved together. */
const TABS = ['datos', 'menus', 'usuarios', 'pagos', 'firma', 'planes', 'accesos', 'historial'] as const;
type TabName = (typeof TABS)[number];
const FORM_TABS: readonly TabName[] = ['datos', 'menus'];

type Problem = { title: string; text: string; action?: ReactNode };

function ProblemDialog({ problem, onClose }: { problem: Problem | null; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={Boolean(problem)} onClose={onClose} aria-labelledby="empresa-problema" fullWidth maxWidth="sm">
      <DialogTitle id="empresa-problema">{problem?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ whiteSpace: 'pre-line' }}>{problem?.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {problem?.action}
        <Button onClick={onClose} variant="contained">
          {translate('resources.empresas.ficha.aceptar')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Delete, or when the company has payments or plans (409), the offer to deactivate it instead. */
function DeleteCompany({ onProblem }: { onProblem: (p: Problem | null) => void }) {
  const record = useRecordContext<Ficha>()!;
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const deactivate = () =>
    update(
      'empresas',
      { id: record.id, data: datosToWire({ ...record, EMP_ACTIVO: false }), previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          onProblem(null);
          notify('resources.empresas.ficha.guardada', { type: 'success' });
        },
        onError: (e) => onProblem({ title: MSG.loginErrorTitle, text: `${MSG.companyUpdateError}\n${(e as Error).message}` }),
      },
    );
  return (
    <DeleteButton
      mutationMode="pessimistic"
      confirmTitle={`Eliminar ${record.EMP_NOMBREC}`}
      confirmContent="Se eliminarán la empresa, sus usuarios, establecimientos, menús e historial. Esta acción no se puede deshacer."
      redirect="list"
      mutationOptions={{
        onError: (e) =>
          onProblem({
            title: MSG.loginErrorTitle,
            text: (e as Error).message,
            action:
              (e as { status?: number }).status === 409 && record.EMP_ACTIVO ? (
                <Button color="warning" onClick={deactivate} disabled={isPending}>
                  {translate('resources.empresas.ficha.desactivar')}
                </Button>
              ) : undefined,
          }),
      }}
    />
  );
}

/** Who the company is and where it stands: check state (with verify/reject), plan, signature, active, distributor. */
function Header({ record, onVerPagos }: { record: Ficha; onVerPagos: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`resources.empresas.ficha.${key}`, options);
  return (
    <Card variant="outlined" sx={{ m: { xs: 1, sm: 2 } }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {record.EMP_NOMBREC}
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          RUC {record.EMP_RUC} · {record.EMP_NOMBRE}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Chip
            size="small"
            color={record.EMP_ACTIVO ? 'success' : 'default'}
            variant="outlined"
            label={translate(`resources.empresas.lista.${record.EMP_ACTIVO ? 'activa' : 'suspendida'}`)}
          />
          <VigenciaChip tipo="plan" estado={record.planEstado} caduca={record.EMP_PLAN_CADUCA} />
          <VigenciaChip tipo="firma" estado={record.firmaEstado} caduca={record.EMP_FIRMA_CADUCA} />
          <Typography variant="body2" color="text.secondary">
            {translate('resources.empresas.fields.DISTRIBUIDOR_NOMBRE')}:{' '}
            {record.DISTRIBUIDOR_NOMBRE ?? translate('resources.empresas.fields.sinDistribuidor')} ·{' '}
            {t('usuarios_count', { smart_count: record.usuarios })} · {translate('resources.empresas.fields.EMP_FECHAREGISTRO')}{' '}
            {formatDate(record.EMP_FECHAREGISTRO)}
          </Typography>
        </Box>
        {record.plan && (
          <Typography variant="body2">
            {translate('resources.empresas.fields.plan')}: {record.plan.PLAN_NOMBRE} ({record.plan.PLANEMPRESA_INICIO} –{' '}
            {record.plan.PLANEMPRESA_CADUCA})
          </Typography>
        )}
        {record.firma && (
          <Typography variant="body2">
            {t('firma_titular', { titular: record.firma.FIR_TITULAR, fecha: formatDate(record.firma.FIR_HASTA) })}
          </Typography>
        )}
        <ComprobacionPanel empresa={record} onVerPagos={onVerPagos} />
      </CardContent>
    </Card>
  );
}

function EmpresaPage({ onProblem }: { onProblem: (p: Problem | null) => void }) {
  const record = useRecordContext<Ficha>();
  const translate = useTranslate();
  const [tab, setTab] = useState<TabName>('datos');
  if (!record) return null;
  const empresa = record.EMP_CODIGO;
  const inForm = FORM_TABS.includes(tab);
  const panels: Record<Exclude<TabName, 'datos' | 'menus'>, ReactNode> = {
    usuarios: <UsuariosTab empresa={empresa} />,
    pagos: <PagosTab empresa={empresa} />,
    firma: <FirmaTab empresa={empresa} ruc={record.EMP_RUC} />,
    planes: <PlanesTab empresa={empresa} />,
    accesos: <AccesosTab empresa={empresa} />,
    historial: <HistorialTab empresa={empresa} />,
  };
  const panel = (name: TabName) => ({ role: 'tabpanel', id: `empresa-panel-${name}`, 'aria-labelledby': `empresa-tab-${name}` });
  return (
    <Box sx={{ minWidth: 0 }}>
      <Header record={record} onVerPagos={() => setTab('pagos')} />
      <Tabs
        value={tab}
        onChange={(_, value: TabName) => setTab(value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={translate('resources.empresas.ficha.pestanas')}
        // Size containment: the row of tabs scrolls inside the page's width instead of setting it (390 px phones).
        sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 1 }, contain: 'inline-size' }}
      >
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            id={`empresa-tab-${name}`}
            aria-controls={`empresa-panel-${name}`}
            label={translate(`resources.empresas.ficha.${name}`)}
          />
        ))}
      </Tabs>
      {/* The form stays mounted while another tab shows, so nothing typed is lost by looking at the users or the history. */}
      <Box hidden={!inForm}>
        {/* A record read again (a new signature changes the header) keeps what was typed and not saved. */}
        <Form resetOptions={{ keepDirtyValues: true }}>
          <Box {...panel('datos')} hidden={tab !== 'datos'} sx={{ p: { xs: 1, sm: 2 } }}>
            <DatosTab />
          </Box>
          <Box {...panel('menus')} hidden={tab !== 'menus'} sx={{ p: { xs: 1, sm: 2 } }}>
            <MenusTab empresa={empresa} />
          </Box>
          <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <SaveButton />
            <DeleteCompany onProblem={onProblem} />
          </Toolbar>
        </Form>
      </Box>
      {!inForm && (
        <Box {...panel(tab)} sx={{ p: { xs: 1, sm: 2 } }}>
          {panels[tab as keyof typeof panels]}
        </Box>
      )}
    </Box>
  );
}

/**
 * The company page: one form for its data, establishments and menus (one PUT, one transaction, the version it read),
 * and tabs for its users, payments, plans, distributors' entries and history. A failed save keeps what was typed.
 */
export function EmpresaEdit() {
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<Problem | null>(null);
  return (
    <Edit
      mutationMode="pessimistic"
      redirect={false}
      // The card may shrink below its content's width: the tabs scroll instead of widening the page on a phone.
      sx={{ '& .RaEdit-card': { minWidth: 0 } }}
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
      transform={datosToWire}
      mutationOptions={{
        onSuccess: (record) => {
          const data = record as unknown as EmpresaGuardada;
          notify('resources.empresas.ficha.guardada', { type: 'success' });
          for (const warning of data.advertencias ?? []) notify(warning, { type: 'warning' });
          void queryClient.invalidateQueries({ queryKey: ['empresas', data.EMP_CODIGO] });
        },
        onError: (error) => {
          const e = error as Error & { status?: number };
          setProblem(
            e.status === 409
              ? {
                  title: MSG.loginErrorTitle,
                  text: e.message,
                  action: (
                    <Button
                      onClick={() => {
                        setProblem(null);
                        refresh();
                      }}
                    >
                      {translate('resources.empresas.ficha.recargar')}
                    </Button>
                  ),
                }
              : { title: MSG.loginErrorTitle, text: `${MSG.companyUpdateError}\n${e.message}` },
          );
        },
      }}
    >
      <EmpresaPage onProblem={setProblem} />
      <ProblemDialog problem={problem} onClose={() => setProblem(null)} />
    </Edit>
  );
}
