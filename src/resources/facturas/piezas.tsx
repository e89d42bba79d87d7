import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { texto } from './textos';

type Color = 'default' | 'info' | 'success' | 'warning' | 'error';

/** Gray while a draft, blue once signed, green when the SRI authorizes, red when it returns or refuses. */
const COLORES: Record<string, Color> = {
  BORRADOR: 'default',
  FIRMADA: 'info',
  ENVIADA: 'info',
  RECIBIDA: 'info',
  AUTORIZADA: 'success',
  DEVUELTA: 'error',
  RECHAZADA: 'error',
  NO_AUTORIZADA: 'error',
  ANULADA: 'warning',
};

export const nombreEstado = (estado: string) => {
  const nombre = texto(`estados.${estado}`);
  return nombre.startsWith('estados.') ? estado : nombre;
};

export function EstadoFacturaChip({ estado, size = 'small' }: { estado: string; size?: 'small' | 'medium' }) {
  const color = COLORES[estado] ?? 'default';
  return <Chip size={size} label={nombreEstado(estado)} color={color} variant={color === 'default' ? 'outlined' : 'filled'} />;
}

/** A labelled value of the invoice's page. */
export function Dato({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A row of a totals panel: the label left, the amount right-aligned with tabular digits. */
export function FilaTotal({ label, valor, fuerte = false }: { label: string; valor: string; fuerte?: boolean }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 0.25,
        ...(fuerte && { borderTop: 1, borderColor: 'divider', mt: 0.5, pt: 0.75 }),
      }}
    >
      <Typography variant={fuerte ? 'subtitle1' : 'body2'} fontWeight={fuerte ? 700 : undefined}>
        {label}
      </Typography>
      <Typography
        variant={fuerte ? 'subtitle1' : 'body2'}
        fontWeight={fuerte ? 700 : undefined}
        sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        data-total={label}
      >
        {valor}
      </Typography>
    </Box>
  );
}
