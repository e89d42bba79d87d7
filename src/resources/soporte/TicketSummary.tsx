import { useQuery } from '@tanstack/react-query';
import { useListContext } from 'react-admin';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TicketSummary as TicketCounts } from '../../../domain/contratos/soporte';
import { TICKET_STATES, TICKET_STATE_LABELS } from '../../../domain/tickets';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

export function useTicketCounts() {
  const dataProvider = useAreaDataProvider();
  return useQuery({
    queryKey: ['soporte', 'resumen'],
    queryFn: () => dataProvider.call<TicketCounts>('/soporte/resumen'),
    refetchInterval: 60_000,
  });
}

/** Open work at a glance; each chip filters the list by that state. */
export function TicketSummary() {
  const { data } = useTicketCounts();
  const { filterValues, setFilters } = useListContext();
  if (!data) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', px: 2, py: 1.5 }} aria-label="Resumen de tickets">
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mr: 1 }}>
        {data.pendientes} {data.pendientes === 1 ? 'ticket pendiente' : 'tickets pendientes'}
        {data.sinAsesor > 0 && (
          <Typography component="span" color="warning.main">
            {' '}
            · {data.sinAsesor} sin asesor
          </Typography>
        )}
      </Typography>
      {TICKET_STATES.map((state) => (
        <Chip
          key={state}
          label={`${TICKET_STATE_LABELS[state]}: ${data.porEstado[state]}`}
          variant={filterValues.SPT_ESTADO === state ? 'filled' : 'outlined'}
          color={filterValues.SPT_ESTADO === state ? 'primary' : 'default'}
          onClick={() => setFilters({ ...filterValues, SPT_ESTADO: filterValues.SPT_ESTADO === state ? undefined : state }, {})}
        />
      ))}
    </Box>
  );
}
