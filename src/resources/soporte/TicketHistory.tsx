import { useRecordContext, type RaRecord } from 'react-admin';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../domain/fechas';
import type { TicketHistory as HistoryRow } from '../../../domain/contratos/soporte';

/** Who did what, and when: every assignment, state change, file and reply. */
export function TicketHistory() {
  const record = useRecordContext<RaRecord>()!;
  const rows: HistoryRow[] = record.historial ?? [];
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          Historial
        </Typography>
        <List dense aria-label="Historial del ticket">
          {rows.map((row) => (
            <ListItem key={row.HIS_ID} divider alignItems="flex-start">
              <ListItemText
                primary={row.HIS_DESCRIPCION}
                secondary={
                  <>
                    {formatDateTime(row.HIS_FECHA)} · {row.ADM_USUARIO}
                    {row.HIS_COMENTARIO && (
                      <>
                        <br />«{row.HIS_COMENTARIO}»
                      </>
                    )}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
