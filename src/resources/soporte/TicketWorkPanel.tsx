import { useState } from 'react';
import {
  Form,
  SelectInput,
  useGetList,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import {
  AlignmentButtons,
  ClearButtons,
  ColorButtons,
  FormatButtons,
  ImageButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  TICKET_CLOSED,
  TICKET_MSG,
  TICKET_REOPENED,
  TICKET_STATE_LABELS,
  ticketStateLabel,
  type TicketState,
} from '../../../domain/tickets';
import { MSG } from '../../../domain/messages';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

const ACTION_LABELS: Record<TicketState, string> = {
  ABIERTO: 'Devolver a abierto',
  EN_PROCESO: 'Tomar (en proceso)',
  RESUELTO: 'Marcar como resuelto',
  CERRADO: 'Cerrar',
  REABIERTO: 'Reabrir',
};

/** Working a ticket: assign an adviser, move it through its lifecycle, answer the customer. */
export function TicketWorkPanel() {
  const record = useRecordContext<RaRecord>()!;
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const [update, { isPending }] = useUpdate();
  const [comment, setComment] = useState('');
  // A new key after a reply is sent mounts the reply form again: an empty editor and "No cambiar".
  const [replyForm, setReplyForm] = useState(0);
  const { data: advisers = [] } = useGetList('asesores', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'ASE_NOMBRE', order: 'ASC' },
  });
  const transitions: TicketState[] = record.transiciones ?? [];

  const change = (data: Record<string, unknown>, success: string) =>
    update(
      'soporte',
      { id: record.id, data, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(success, { type: 'success' });
          setComment('');
        },
        onError: (e) => notify((e as Error).message, { type: 'error' }),
      },
    );

  const reply = async (values: Record<string, unknown>) => {
    const html = String(values.SPT_RESPUESTA ?? '');
    if (!html.replace(/<[^>]*>/g, '').trim()) return notify(MSG.ticketEmptyText, { type: 'warning' });
    try {
      await dataProvider.call(`/soporte/soporte/${record.id}`, {
        method: 'PUT',
        body: { SPT_RESPUESTA: html, ...(values.SPT_ESTADO ? { SPT_ESTADO: values.SPT_ESTADO } : {}) },
      });
      notify('Respuesta enviada al cliente', { type: 'success' });
      setReplyForm((n) => n + 1);
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };

  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Trabajar el ticket
        </Typography>
        <TextField
          select
          label={translate('resources.soporte.fields.asesor_asignado')}
          value={record.ASE_CODIGO ?? ''}
          disabled={isPending}
          onChange={(e) => change({ ASE_CODIGO: e.target.value === '' ? null : Number(e.target.value) }, 'Asesor asignado')}
          fullWidth
          size="small"
        >
          <MenuItem value="">
            <em>{translate('resources.soporte.sin_asesor')}</em>
          </MenuItem>
          {advisers.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.ASE_NOMBRE}
            </MenuItem>
          ))}
        </TextField>

        <Box>
          <Typography variant="subtitle2" gutterBottom>
            Estado: {ticketStateLabel(record.SPT_ESTADO)}
          </Typography>
          <TextField
            label={translate('resources.soporte.fields.comentario')}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            fullWidth
            size="small"
            multiline
            minRows={2}
            sx={{ mb: 1 }}
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {transitions.map((state) => (
              <Button
                key={state}
                variant="outlined"
                size="small"
                disabled={isPending}
                onClick={() =>
                  change(
                    { SPT_ESTADO: state, ...(comment.trim() ? { comentario: comment.trim() } : {}) },
                    `Ticket ${TICKET_STATE_LABELS[state].toLowerCase()}`,
                  )
                }
              >
                {ACTION_LABELS[state]}
              </Button>
            ))}
            {comment.trim() && (
              <Button
                size="small"
                disabled={isPending}
                onClick={() => change({ comentario: comment.trim() }, 'Nota guardada en el historial')}
              >
                Guardar solo la nota
              </Button>
            )}
          </Box>
        </Box>

        {record.SPT_ESTADO === TICKET_CLOSED ? (
          // A closed ticket takes no reply (the server answers 409): it is reopened first.
          <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start', p: 2, bgcolor: 'action.hover', borderRadius: 1 }}>
            <Typography variant="body2">{TICKET_MSG.closedNote}</Typography>
            <Button
              variant="contained"
              size="small"
              disabled={isPending}
              onClick={() => change({ SPT_ESTADO: TICKET_REOPENED }, `Ticket ${TICKET_STATE_LABELS[TICKET_REOPENED].toLowerCase()}`)}
            >
              Reabrir ticket
            </Button>
          </Box>
        ) : (
          <Form key={replyForm} onSubmit={reply} record={{ SPT_RESPUESTA: '', SPT_ESTADO: '' }}>
            <Typography variant="subtitle2">Responder al cliente</Typography>
            <RichTextInput
              source="SPT_RESPUESTA"
              label={false}
              fullWidth
              // react-admin's toolbar without its heading select (a list item outside a list, a name that hides
              // the level it shows: WCAG 1.3.1 and 2.5.3); a reply has no headings.
              toolbar={
                <RichTextInputToolbar size="small">
                  <FormatButtons size="small" />
                  <ColorButtons size="small" />
                  <AlignmentButtons size="small" />
                  <ListButtons size="small" />
                  <LinkButtons size="small" />
                  <ImageButtons size="small" />
                  <QuoteButtons size="small" />
                  <ClearButtons size="small" />
                </RichTextInputToolbar>
              }
              sx={{ '& .ProseMirror': { minHeight: 140 } }}
            />
            <SelectInput
              source="SPT_ESTADO"
              label="resources.soporte.fields.estado_al_responder"
              emptyText="No cambiar"
              fullWidth
              choices={transitions.map((state) => ({ id: state, name: TICKET_STATE_LABELS[state] }))}
            />
            <Button type="submit" variant="contained">
              Enviar respuesta
            </Button>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
