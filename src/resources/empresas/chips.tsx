import Chip from '@mui/material/Chip';
import { ESTADO_COMPROBACION_ETIQUETA, type EstadoComprobacion, type EstadoVigencia } from '../../../domain/empresas';

type Color = 'success' | 'warning' | 'error' | 'default' | 'info';

const COMPROBACION_COLOR: Record<EstadoComprobacion, Color> = { PENDIENTE: 'warning', VERIFICADA: 'success', RECHAZADA: 'error' };

/** The company's check state (EMP_COMPROBACION) as the list and the company page show it. */
export function ComprobacionChip({ estado }: { estado: string }) {
  const known = estado in COMPROBACION_COLOR ? (estado as EstadoComprobacion) : undefined;
  return (
    <Chip size="small" color={known ? COMPROBACION_COLOR[known] : 'default'} label={known ? ESTADO_COMPROBACION_ETIQUETA[known] : estado} />
  );
}

/** What a plan's or a signature's status is called (a signature is feminine in Spanish): in filters, and in the list's chips under their column. */
export const VIGENCIA_ETIQUETA: Record<'plan' | 'firma', Record<EstadoVigencia, string>> = {
  plan: { vigente: 'Plan vigente', por_vencer: 'Plan por vencer', vencido: 'Plan vencido', sin: 'Sin plan' },
  firma: { vigente: 'Firma vigente', por_vencer: 'Firma por vencer', vencido: 'Firma vencida', sin: 'Sin firma' },
};
const CORTA: Record<'plan' | 'firma', Record<EstadoVigencia, string>> = {
  plan: { vigente: 'Vigente', por_vencer: 'Por vencer', vencido: 'Vencido', sin: 'Sin plan' },
  firma: { vigente: 'Vigente', por_vencer: 'Por vencer', vencido: 'Vencida', sin: 'Sin firma' },
};

const VIGENCIA_COLOR: Record<EstadoVigencia, Color> = { vigente: 'success', por_vencer: 'warning', vencido: 'error', sin: 'default' };

/**
 * The status of a plan or a signature (vigencia() of its expiry date), with the date when there is one. `corta`: the
 * label without "Plan"/"Firma", where a column header already says which.
 */
export function VigenciaChip({
  tipo,
  estado,
  caduca,
  corta = false,
}: {
  tipo: 'plan' | 'firma';
  estado: EstadoVigencia;
  caduca?: string | null;
  corta?: boolean;
}) {
  return (
    <Chip
      size="small"
      variant={estado === 'vigente' ? 'outlined' : 'filled'}
      color={VIGENCIA_COLOR[estado]}
      label={(corta ? CORTA : VIGENCIA_ETIQUETA)[tipo][estado]}
      title={caduca ? `Vence el ${caduca}` : undefined}
    />
  );
}
