import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { texto } from './textos';

type Color = 'default' | 'info' | 'success' | 'warning' | 'error';

/** Gray while a draft, blue once sent, green when accepted, red when declined, orange when it expired unanswered. */
const COLORES: Record<string, Color> = {
  BORRADOR: 'default',
  ENVIADA: 'info',
  ACEPTADA: 'success',
  RECHAZADA: 'error',
  VENCIDA: 'warning',
};

/** The quote's state in Spanish, coloured, its meaning in the tooltip; `data-estado` carries the code for tests. */
export function EstadoOfertaChip({ estado, size = 'small' }: { estado: string; size?: 'small' | 'medium' }) {
  const color = COLORES[estado] ?? 'default';
  const nombre = texto(`estados.${estado}`);
  const ayuda = texto(`estados_ayuda.${estado}`);
  return (
    <Tooltip title={ayuda.startsWith('estados_ayuda.') ? '' : ayuda} describeChild>
      <Chip
        size={size}
        label={nombre.startsWith('estados.') ? estado : nombre}
        color={color}
        variant={color === 'default' ? 'outlined' : 'filled'}
        data-estado={estado}
      />
    </Tooltip>
  );
}
