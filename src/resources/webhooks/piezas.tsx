import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { NOMBRES_EVENTO, type EventoWebhook } from '../../../domain/integraciones';
import { texto } from './textos';

/** An event's Spanish name; the test delivery is «Prueba (ping)»; an unknown one as it is. */
export const nombreEvento = (evento: string) =>
  evento === 'ping' ? texto('evento_ping') : (NOMBRES_EVENTO[evento as EventoWebhook] ?? evento);

/** The events an endpoint receives, as chips with their Spanish names (the event's code on hover). */
export function EventosChips({ eventos }: { eventos: readonly string[] }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
      {eventos.map((e) => (
        <Chip key={e} size="small" variant="outlined" label={nombreEvento(e)} title={e} sx={{ maxWidth: '100%' }} />
      ))}
    </Box>
  );
}

const COLORES = { PENDIENTE: 'warning', ENTREGADA: 'success', FALLIDA: 'error' } as const;

/** A delivery's state: Pendiente (amber), Entregada (green), Fallida (red). */
export function EstadoEntregaChip({ estado }: { estado: string }) {
  const color = COLORES[estado as keyof typeof COLORES] ?? 'default';
  return (
    <Chip
      size="small"
      color={color}
      variant={estado === 'PENDIENTE' ? 'outlined' : 'filled'}
      label={texto(`estados.${estado}`)}
      data-estado-entrega={estado}
    />
  );
}

/** Active or not. */
export function ActivoChip({ activo }: { activo: boolean }) {
  return <Chip size="small" variant="outlined" color={activo ? 'success' : 'default'} label={texto(activo ? 'activo' : 'inactivo')} />;
}
