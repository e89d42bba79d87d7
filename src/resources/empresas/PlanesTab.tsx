import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { PlanEmpresa, PlanesCombinados } from '../../../domain/contratos/planes';
import { MSG } from '../../../domain/messages';
import { hoyEcuador } from '../../../domain/fechas';
import { PLAN_CLASE, PLAN_CLASE_ETIQUETA, PLAN_MSG } from '../../../domain/planes';
import { usd } from '../../ui/numeros';
import { ConsumoBar } from '../planesEmpresa/ConsumoBar';
import { EstadoPlanChip } from '../planesEmpresa/EstadoPlanChip';
import { planT } from './PlanCampos';
import { PlanDocumentoDialog } from './PlanDocumentoDialog';
import { PlanEdicionDialog } from './PlanEdicionDialog';
import { PlanVentaDialog } from './PlanVentaDialog';
import { renovables } from './planesVendidos';
import { UsuarioAviso, type Aviso } from './UsuarioAviso';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { CardItem, CardList, TabSection } from './TabSection';

type Abierto =
  | { modo: 'vender' }
  | { modo: 'renovar'; plan: PlanEmpresa }
  | { modo: 'editar'; plan: PlanEmpresa }
  | { modo: 'documento'; plan: PlanEmpresa };

/**
 * What a row offers. Printing-house and Orel plans: Editar exactly when activarEditarPlan, the download exactly when
 * activarDescargaPlan; an electronic plan is always editable. Renovar on the latest plan of each
 * class and type; Eliminar for administrators while no document was used.
 */
export function accionesDePlan(plan: PlanEmpresa, { renovable, administrador }: { renovable: boolean; administrador: boolean }) {
  const electronico = plan.PLANEMPRESA_CLASE === PLAN_CLASE.electronico;
  return {
    renovar: renovable,
    editar: electronico || plan.activarEditarPlan,
    descargar: !electronico && plan.activarDescargaPlan,
    subirDocumento: plan.PLANEMPRESA_CLASE === PLAN_CLASE.imprenta && !plan.activarDescargaPlan,
    eliminar: administrador && plan.PLANEMPRESA_USADOS === 0,
  };
}

/**
 * The planes tab of a company: its electronic, printing-house and Orel plans in one list (newest first) with their
 * state, consumption and actions; selling and renewing. A part of the list that could not be read is named above it.
 */
export function PlanesTab({ empresa }: { empresa: number }) {
  const dataProvider = useAreaDataProvider();
  const t = planT(useTranslate());
  const queryClient = useQueryClient();
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const { canAccess: administrador = false } = useCanAccess({ resource: 'planesEmpresa', action: 'delete' });
  const queryKey = ['empresas', empresa, 'planes'];
  const { data, error, isPending } = useQuery({
    queryKey,
    queryFn: () => dataProvider.call<PlanesCombinados>(`/empresas/planesCombinados/${empresa}`),
  });
  const [abierto, setAbierto] = useState<Abierto | null>(null);
  const [aviso, setAviso] = useState<Aviso | null>(null);
  const [pending, setPending] = useState(false);
  const hoy = hoyEcuador();
  const planes = data?.planes ?? [];
  const ultimos = renovables(planes);

  /** A sale changes the header's plan chip too: react-admin's record of the company is read again. */
  const reload = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey }), queryClient.invalidateQueries({ queryKey: ['empresas', 'getOne'] })]);

  const saved = async (msg: string) => {
    setAbierto(null);
    setAviso({ titulo: MSG.recoveryOkTitle, texto: msg });
    await reload();
  };

  const download = (plan: PlanEmpresa) =>
    dataProvider
      .download(
        `/empresas/descarga/plan/${plan.PLANEMPRESA_ID}`,
        `autorizacion-${plan.PLANEMPRESA_ID}.${plan.PLANEMPRESA_EXTENSION ?? 'pdf'}`,
      )
      .catch((e: Error) => setAviso({ titulo: MSG.loginErrorTitle, texto: e.message }));

  const askDelete = (plan: PlanEmpresa) =>
    setAviso({
      titulo: t('eliminar_titulo', { nombre: plan.PLAN_NOMBRE }),
      texto: t('eliminar_texto', { inicio: plan.PLANEMPRESA_INICIO, caduca: plan.PLANEMPRESA_CADUCA }),
      confirmar: t('eliminar'),
      onConfirm: () => {
        setPending(true);
        dataProvider
          .call<{ msg: string }>(`/empresas/planes/${plan.PLANEMPRESA_ID}`, { method: 'DELETE' })
          .then(({ msg }) => {
            setAviso({ titulo: MSG.recoveryOkTitle, texto: msg });
            return reload();
          })
          .catch((e: Error) => setAviso({ titulo: MSG.loginErrorTitle, texto: e.message }))
          .finally(() => setPending(false));
      },
    });

  const actions = (plan: PlanEmpresa) => {
    const can = accionesDePlan(plan, { renovable: ultimos.has(plan.PLANEMPRESA_ID), administrador });
    return (
      <Box
        role="group"
        aria-label={t('acciones', { nombre: plan.PLAN_NOMBRE, id: plan.PLANEMPRESA_ID })}
        sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: narrow ? 'flex-start' : 'flex-end' }}
      >
        {can.renovar && (
          <Button size="small" startIcon={<AutorenewIcon />} onClick={() => setAbierto({ modo: 'renovar', plan })}>
            {t('renovar')}
          </Button>
        )}
        {can.editar && (
          <Button size="small" startIcon={<EditIcon />} onClick={() => setAbierto({ modo: 'editar', plan })}>
            {t('editar')}
          </Button>
        )}
        {can.descargar && (
          <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download(plan)}>
            {t('descargar')}
          </Button>
        )}
        {can.subirDocumento && (
          <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setAbierto({ modo: 'documento', plan })}>
            {t('subir_documento')}
          </Button>
        )}
        {can.eliminar && (
          <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => askDelete(plan)} disabled={pending}>
            {t('eliminar')}
          </Button>
        )}
      </Box>
    );
  };

  const consumo = (plan: PlanEmpresa) =>
    plan.PLANEMPRESA_CLASE === PLAN_CLASE.electronico ? (
      <ConsumoBar compact usados={plan.PLANEMPRESA_USADOS} comprobantes={plan.PLANEMPRESA_COMPROBANTES} estado={plan.estado} />
    ) : (
      <Typography variant="body2">{t('comprobantes', { smart_count: plan.PLANEMPRESA_COMPROBANTES })}</Typography>
    );
  const vigencia = (plan: PlanEmpresa) => t('del_al', { inicio: plan.PLANEMPRESA_INICIO, caduca: plan.PLANEMPRESA_CADUCA });
  const clase = (plan: PlanEmpresa) => PLAN_CLASE_ETIQUETA[plan.PLANEMPRESA_CLASE];

  return (
    <TabSection
      titulo={t('titulo')}
      accion={
        <Button variant="contained" startIcon={<AddShoppingCartIcon />} onClick={() => setAbierto({ modo: 'vender' })} disabled={!data}>
          {t('vender')}
        </Button>
      }
    >
      {isPending && <LinearProgress aria-label={t('cargando')} />}
      {error && <Alert severity="error">{(error as Error).message || PLAN_MSG.queryFailed}</Alert>}
      {data && data.fallidas.length > 0 && (
        <Alert severity="warning">
          {`${PLAN_MSG.queryFailed}: ${t('fallidas', { clases: data.fallidas.map((c) => PLAN_CLASE_ETIQUETA[c]).join(', ') })}`}
        </Alert>
      )}
      {data && planes.length === 0 && <Typography color="text.secondary">{t('vacio')}</Typography>}
      {planes.length > 0 && narrow && (
        <CardList label={t('titulo')}>
          {planes.map((plan) => (
            <CardItem key={plan.PLANEMPRESA_ID} gap={0.75}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{plan.PLAN_NOMBRE}</Typography>
                <EstadoPlanChip estado={plan.estado} caduca={plan.PLANEMPRESA_CADUCA} />
              </Box>
              <Typography variant="body2" color="text.secondary">{`${clase(plan)} · ${usd(plan.PLANEMPRESA_PRECIO)}`}</Typography>
              <Typography variant="body2">{vigencia(plan)}</Typography>
              {consumo(plan)}
              {actions(plan)}
            </CardItem>
          ))}
        </CardList>
      )}
      {planes.length > 0 && !narrow && (
        <Table size="small" aria-label={t('titulo')} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.PLAN_NOMBRE')}</TableCell>
              <TableCell>{t('fields.vigencia')}</TableCell>
              <TableCell>{t('fields.PLANEMPRESA_USADOS')}</TableCell>
              <TableCell align="right">{t('fields.PLANEMPRESA_PRECIO')}</TableCell>
              <TableCell>{t('fields.estado')}</TableCell>
              <TableCell align="right">{t('acciones_columna')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {planes.map((plan) => (
              <TableRow key={plan.PLANEMPRESA_ID}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {plan.PLAN_NOMBRE}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {clase(plan)}
                    {plan.VENDEDOR ? ` · ${t('vendido_por', { vendedor: plan.VENDEDOR })}` : ''}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{`${plan.PLANEMPRESA_INICIO} – ${plan.PLANEMPRESA_CADUCA}`}</TableCell>
                <TableCell>{consumo(plan)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {usd(plan.PLANEMPRESA_PRECIO)}
                </TableCell>
                <TableCell>
                  <EstadoPlanChip estado={plan.estado} caduca={plan.PLANEMPRESA_CADUCA} />
                </TableCell>
                <TableCell align="right">{actions(plan)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {(abierto?.modo === 'vender' || abierto?.modo === 'renovar') && (
        <PlanVentaDialog
          empresa={empresa}
          planes={planes}
          renovar={abierto.modo === 'renovar' ? abierto.plan : undefined}
          hoy={hoy}
          onClose={() => setAbierto(null)}
          onSaved={(msg) => void saved(msg)}
        />
      )}
      {abierto?.modo === 'editar' && (
        <PlanEdicionDialog empresa={empresa} plan={abierto.plan} onClose={() => setAbierto(null)} onSaved={(msg) => void saved(msg)} />
      )}
      {abierto?.modo === 'documento' && (
        <PlanDocumentoDialog plan={abierto.plan} onClose={() => setAbierto(null)} onSaved={(msg) => void saved(msg)} />
      )}
      <UsuarioAviso aviso={aviso} pending={pending} onClose={() => setAviso(null)} />
    </TabSection>
  );
}
