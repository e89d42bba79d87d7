import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import UnsubscribeIcon from '@mui/icons-material/Unsubscribe';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import type { SubtotalIva } from '../../domain/facturas';
import { dinero } from '../ui/numeros';
import { esPendiente } from './estados';
import { textoComun as texto } from './textos';

type Color = 'default' | 'info' | 'success' | 'warning' | 'error';

/**
 * Gray while a draft, blue once signed, green when the SRI authorizes, red when it returns or refuses, orange when it
 * needs the user's eye (annulled; no answer from the SRI).
 */
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
  SIN_RESPUESTA: 'warning',
};

export const nombreEstado = (estado: string) => {
  const nombre = texto(`estados.${estado}`);
  return nombre.startsWith('estados.') ? estado : nombre;
};

const ayudaEstado = (estado: string) => {
  const ayuda = texto(`estados_ayuda.${estado}`);
  return ayuda.startsWith('estados_ayuda.') ? '' : ayuda;
};

/**
 * The document's state in Spanish, coloured; a state still waiting for the SRI turns a small spinner. The tooltip says
 * what the state means; `data-estado` carries the code for tests and the e2e scenarios.
 */
export function EstadoChip({ estado, size = 'small' }: { estado: string; size?: 'small' | 'medium' }) {
  const color = COLORES[estado] ?? 'default';
  const pendiente = esPendiente(estado);
  return (
    <Tooltip title={ayudaEstado(estado)} describeChild>
      <Chip
        size={size}
        label={nombreEstado(estado)}
        color={color}
        variant={color === 'default' || pendiente ? 'outlined' : 'filled'}
        icon={pendiente ? <CircularProgress size={size === 'small' ? 12 : 16} color="inherit" aria-hidden /> : undefined}
        data-estado={estado}
        sx={pendiente ? { '& .MuiChip-icon': { ml: 0.75 } } : undefined}
      />
    </Tooltip>
  );
}

const ICONOS_ENTREGA: Record<string, { Icono: typeof MarkEmailReadIcon; color: 'success' | 'action' | 'error' | 'info' }> = {
  ENVIADA: { Icono: MarkEmailReadIcon, color: 'success' },
  SIN_CORREO: { Icono: UnsubscribeIcon, color: 'action' },
  FALLIDA: { Icono: ErrorOutlineIcon, color: 'error' },
  PENDIENTE: { Icono: ScheduleSendIcon, color: 'info' },
};

/** The email to the buyer of an authorized document, as a small icon whose tooltip (and accessible name) says it. */
export function EntregaIcono({ entrega }: { entrega: string | null | undefined }) {
  const icono = entrega ? ICONOS_ENTREGA[entrega] : undefined;
  if (!icono) return null;
  const nombre = texto(`entregas.${entrega}`);
  const { Icono, color } = icono;
  return (
    <Tooltip title={nombre}>
      <Icono
        fontSize="small"
        color={color}
        role="img"
        aria-label={nombre}
        aria-hidden={false}
        data-entrega={entrega}
        sx={{ verticalAlign: 'middle' }}
      />
    </Tooltip>
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

/**
 * A document's totals as the RIDE prints them: the base per IVA rate, the subtotal, then `antesDelIva` (discounts, ICE),
 * the IVA per rate, `antesDelTotal` (the tip) and the total. `f` reads the document's `form.*` texts.
 */
export function FilasTotales({
  f,
  subtotales,
  subtotal,
  total,
  antesDelIva,
  antesDelTotal,
}: {
  f: (key: string, options?: object) => string;
  subtotales: readonly SubtotalIva[];
  subtotal: string;
  total: string;
  antesDelIva?: ReactNode;
  antesDelTotal?: ReactNode;
}) {
  return (
    <>
      {subtotales.map((s) => (
        <FilaTotal key={s.codigoPorcentaje} label={f('subtotal_tarifa', { nombre: s.nombre })} valor={dinero(s.baseImponible)} />
      ))}
      <FilaTotal label={f('subtotal_sin_impuestos')} valor={dinero(subtotal)} />
      {antesDelIva}
      {subtotales
        .filter((s) => Number(s.tarifa) > 0)
        .map((s) => (
          <FilaTotal key={`iva-${s.codigoPorcentaje}`} label={s.nombre} valor={dinero(s.valor)} />
        ))}
      {antesDelTotal}
      <FilaTotal label={f('total')} valor={dinero(total)} fuerte />
    </>
  );
}
