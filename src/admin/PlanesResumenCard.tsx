import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useCreatePath, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ResumenPlanes } from '../../domain/contratos/planes';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';
import { usd } from '../ui/numeros';

function Cifra({ valor, texto }: { valor: string | number; texto: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h4" component="p">
        {valor}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {texto}
      </Typography>
    </Box>
  );
}

/**
 * The sales team's morning figures (GET /empresas/planes/resumen) over the companies the user sees: plans sold this
 * month and their amount, companies whose plan ends within 30 days, companies without a plan, and the renewals due,
 * each opening its company's page. For whoever sees the plans sold (administrators and distributors).
 */
export function PlanesResumenCard() {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`amelia.planes.resumen.${key}`, options);
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ resource: 'planesEmpresa', action: 'list' });
  const { data } = useQuery({
    queryKey: ['planes', 'resumen'],
    queryFn: () => dataProvider.call<ResumenPlanes>('/empresas/planes/resumen'),
    enabled: canAccess === true,
  });
  if (!canAccess || !data) return null;
  return (
    <Card component="section" aria-labelledby="resumen-planes-titulo" sx={{ gridColumn: '1 / -1' }}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="overline" id="resumen-planes-titulo">
          {t('titulo')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <Cifra valor={data.vendidosMes} texto={t('vendidos_mes')} />
          <Cifra valor={usd(data.importeMes)} texto={t('importe_mes')} />
          <Cifra valor={data.porVencer} texto={t('por_vencer')} />
          <Cifra valor={data.sinPlan} texto={t('sin_plan')} />
        </Box>
        <Typography variant="subtitle1" component="h2">
          {t('renovaciones')}
        </Typography>
        {data.renovaciones.length === 0 ? (
          <Typography color="text.secondary">{t('sin_renovaciones')}</Typography>
        ) : (
          <List dense disablePadding aria-label={t('renovaciones')} sx={{ maxHeight: 360, overflowY: 'auto' }}>
            {data.renovaciones.map((r) => (
              <ListItem key={r.PLANEMPRESA_ID} divider disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={createPath({ resource: 'empresas', id: r.EMP_CODIGO, type: 'edit' })}>
                      {r.EMP_NOMBRE}
                    </Link>
                  }
                  secondary={`RUC ${r.EMP_RUC} · ${r.PLAN_NOMBRE} · ${t('vence', { caduca: r.PLANEMPRESA_CADUCA })}`}
                  sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                />
                <Chip
                  size="small"
                  color={r.dias <= 7 ? 'error' : 'warning'}
                  label={r.dias === 0 ? t('hoy') : t('en_dias', { smart_count: r.dias })}
                />
              </ListItem>
            ))}
          </List>
        )}
        <Box>
          <Button component={RouterLink} to={createPath({ resource: 'planesEmpresa', type: 'list' })}>
            {t('ver_vendidos')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
