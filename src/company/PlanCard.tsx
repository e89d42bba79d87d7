import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { MiPlan } from '../../domain/contratos/planes';
import { ConsumoBar } from '../resources/planesEmpresa/ConsumoBar';
import { EstadoPlanChip } from '../resources/planesEmpresa/EstadoPlanChip';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';

/** The plan of the signed-in company (GET /miEmpresa/plan) and the warning it drives. */
export function useMiPlan() {
  const dataProvider = useAreaDataProvider();
  return useQuery({ queryKey: ['miEmpresa', 'plan'], queryFn: () => dataProvider.call<MiPlan>('/miEmpresa/plan') });
}

/**
 * The company home's plan card: its name, dates and state, "X de Y comprobantes usados" with a bar (warning from
 * 90 %, error when used up or expired) and the warning the plan drives; "Sin plan contratado" without one.
 */
export function PlanCard() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`amelia.planes.${key}`, options);
  const { data, error } = useMiPlan();
  const plan = data?.plan;
  return (
    <Card component="section" aria-labelledby="mi-plan-titulo">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="overline" id="mi-plan-titulo">
          {t('mi_plan')}
        </Typography>
        {error && <Alert severity="error">{(error as Error).message}</Alert>}
        {!data && !error && <Skeleton height={96} />}
        {data && !plan && <Typography variant="h6">{t('sin_plan')}</Typography>}
        {plan && (
          <>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}>
              <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
                {plan.PLAN_NOMBRE}
              </Typography>
              <EstadoPlanChip estado={plan.estado} caduca={plan.PLANEMPRESA_CADUCA} />
            </Box>
            <Typography color="text.secondary">
              {t('del_al', { inicio: plan.PLANEMPRESA_INICIO, caduca: plan.PLANEMPRESA_CADUCA })}
            </Typography>
            <ConsumoBar usados={plan.PLANEMPRESA_USADOS} comprobantes={plan.PLANEMPRESA_COMPROBANTES} estado={plan.estado} />
          </>
        )}
        {data?.aviso.activar && (
          <Alert severity={plan && plan.estado !== 'vencido' && plan.estado !== 'agotado' ? 'warning' : 'error'}>
            {data.aviso.mensaje}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
