import Chip from '@mui/material/Chip';
import { ESTADO_PLAN_ETIQUETA, type EstadoPlan } from '../../../domain/planes';

const COLOR: Record<EstadoPlan, 'success' | 'warning' | 'error' | 'info'> = {
  vigente: 'success',
  por_vencer: 'warning',
  vencido: 'error',
  agotado: 'error',
  programado: 'info',
};

/** The state of a sold plan today (vigente, por vencer, vencido, agotado, programado), with its last day as a tooltip. */
export function EstadoPlanChip({ estado, caduca }: { estado: EstadoPlan; caduca?: string }) {
  return (
    <Chip
      size="small"
      color={COLOR[estado]}
      variant={estado === 'vigente' || estado === 'programado' ? 'outlined' : 'filled'}
      label={ESTADO_PLAN_ETIQUETA[estado]}
      title={caduca ? `Último día: ${caduca}` : undefined}
    />
  );
}
