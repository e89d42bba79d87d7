import { DeleteButton, Show, TopToolbar, ListButton, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ticketSubjectLabel } from '../../../domain/tickets';
import { formatDate } from '../../../domain/fechas';
import { TicketStateChip } from './TicketStateChip';
import { TicketAttachments } from './TicketAttachments';
import { TicketWorkPanel } from './TicketWorkPanel';
import { TicketHistory } from './TicketHistory';
import { TicketThread } from './TicketThread';

function ShowActions() {
  const record = useRecordContext();
  return (
    <TopToolbar>
      <ListButton label="resources.soporte.volver_a_la_lista" />
      {/* Shown only where the auth provider's canAccess allows deleting (administrators). */}
      {record && (
        <DeleteButton
          mutationMode="pessimistic"
          confirmTitle={`Eliminar el ticket #${record.SPT_ID}`}
          confirmContent="Se eliminarán el ticket, su historial y sus archivos adjuntos. Esta acción no se puede deshacer."
          redirect="list"
        />
      )}
    </TopToolbar>
  );
}

/** A labelled value of the ticket; `field` names its label in resources.soporte.fields. */
function Detail({ field, children }: { field: string; children: React.ReactNode }) {
  const translate = useTranslate();
  const label = translate(`resources.soporte.fields.${field}`);
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

/** A card of the ticket's page, under its title. */
function Seccion({ titulo, children }: { titulo: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {titulo}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function TicketContent() {
  const record = useRecordContext<RaRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start', p: 2 }}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Card variant="outlined">
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Typography variant="h5" component="h1">
                Ticket #{record.SPT_ID}
              </Typography>
              <TicketStateChip state={record.SPT_ESTADO} />
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
              <Detail field="PROD_NOMBRE">{record.PROD_NOMBRE}</Detail>
              <Detail field="SPT_ASUNTO">{ticketSubjectLabel(record.SPT_ASUNTO)}</Detail>
              <Detail field="ASE_NOMBRE">{record.ASE_NOMBRE ?? translate('resources.soporte.sin_asesor')}</Detail>
              <Detail field="SPT_FECHA">{formatDate(record.SPT_FECHA)}</Detail>
              <Detail field="SPT_ACTUALIZADO">{formatDate(record.SPT_ACTUALIZADO)}</Detail>
            </Box>
          </CardContent>
        </Card>
        <Seccion titulo="Cliente">
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
            <Detail field="SPT_CLIENTENOMBRE">{record.SPT_CLIENTENOMBRE}</Detail>
            <Detail field="SPT_RUC">{record.SPT_RUC}</Detail>
            <Detail field="SPT_CLIENTECORREO">
              <a href={`mailto:${record.SPT_CLIENTECORREO}`}>{record.SPT_CLIENTECORREO}</a>
            </Detail>
            <Detail field="SPT_CLIENTETELEFONO">{record.SPT_CLIENTETELEFONO ?? '—'}</Detail>
          </Box>
        </Seccion>
        <Seccion titulo="Conversación">
          <TicketThread />
        </Seccion>
        <TicketAttachments />
        <TicketHistory />
      </Box>
      <TicketWorkPanel />
    </Box>
  );
}

export function SoporteShow() {
  return (
    <Show actions={<ShowActions />}>
      <TicketContent />
    </Show>
  );
}
