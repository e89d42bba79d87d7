import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { UMBRAL_CONSUMO, type EstadoPlan } from '../../../domain/planes';

export type ConsumoColor = 'primary' | 'warning' | 'error';

/** The bar's colour: error when the plan is used up or expired, warning from 90 % of its documents, primary before. */
export function consumoColor(usados: number, comprobantes: number, estado?: EstadoPlan): ConsumoColor {
  if (estado === 'agotado' || estado === 'vencido' || usados >= comprobantes) return 'error';
  return comprobantes > 0 && usados / comprobantes >= UMBRAL_CONSUMO ? 'warning' : 'primary';
}

/** "X de Y comprobantes usados" with a bar; `compact` for a table cell. */
export function ConsumoBar({
  usados,
  comprobantes,
  estado,
  compact = false,
}: {
  usados: number;
  comprobantes: number;
  estado?: EstadoPlan;
  compact?: boolean;
}) {
  const translate = useTranslate();
  const percent = comprobantes > 0 ? Math.min(100, Math.round((usados / comprobantes) * 100)) : 100;
  const text = translate('amelia.planes.usados', { usados, comprobantes });
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: compact ? 110 : undefined }}>
      <Typography variant={compact ? 'caption' : 'body2'} color="text.secondary">
        {text}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={consumoColor(usados, comprobantes, estado)}
        aria-label={text}
        sx={{ height: compact ? 6 : 10, borderRadius: 5 }}
      />
    </Box>
  );
}
