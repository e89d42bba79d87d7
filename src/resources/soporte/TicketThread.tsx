import { useRecordContext, type RaRecord } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../domain/fechas';
import type { TicketThreadMessage } from '../../../domain/contratos/soporte';

/** The whole conversation, oldest first: the customer's message, then every reply sent to the customer. */
export function TicketThread() {
  const record = useRecordContext<RaRecord>()!;
  const messages: TicketThreadMessage[] = record.hilo ?? [];
  return (
    <Box component="ol" aria-label="Conversación del ticket" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {messages.map((m) => {
        const adviser = m.tipo === 'asesor';
        return (
          <Box
            component="li"
            key={m.SRE_ID ?? 'cliente'}
            aria-label={`${adviser ? 'Respuesta' : 'Mensaje'} de ${m.autor}`}
            sx={{
              border: 1,
              borderColor: 'divider',
              borderLeft: 4,
              borderLeftColor: adviser ? 'primary.main' : 'grey.400',
              borderRadius: 1,
              bgcolor: adviser ? 'action.hover' : 'background.paper',
              px: 2,
              py: 1.5,
            }}
          >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1, mb: 0.5 }}>
              <Typography variant="subtitle2" component="span" sx={{ overflowWrap: 'anywhere' }}>
                {m.autor}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {adviser ? 'Asesor' : 'Cliente'} · {formatDateTime(m.fecha)}
              </Typography>
            </Box>
            {/* Sanitized with an allowlist on the server before it was stored. */}
            <Box
              className={adviser ? 'ticket-reply' : 'ticket-message'}
              sx={{ '& p': { mt: 0 }, '& > :last-child': { mb: 0 }, overflowWrap: 'anywhere' }}
              dangerouslySetInnerHTML={{ __html: m.html }}
            />
          </Box>
        );
      })}
    </Box>
  );
}
