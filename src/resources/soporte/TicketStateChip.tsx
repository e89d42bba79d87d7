import Chip from '@mui/material/Chip';
import { ticketStateLabel } from '../../../domain/tickets';

const colors: Record<string, 'info' | 'warning' | 'success' | 'default' | 'secondary'> = {
  ABIERTO: 'info',
  EN_PROCESO: 'warning',
  RESUELTO: 'success',
  CERRADO: 'default',
  REABIERTO: 'secondary',
};

export function TicketStateChip({ state }: { state: string }) {
  return <Chip size="small" color={colors[state] ?? 'default'} label={ticketStateLabel(state)} />;
}
