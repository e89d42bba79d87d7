import { DataTable, type RaRecord } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { Webhook } from '../../../domain/contratos/webhooks';
import { formatDateTime } from '../../../domain/fechas';
import { CABECERA_FIRMA } from '../../../domain/integraciones';
import { SoloCrear } from '../../shell/catalogo';
import { ListPagination } from '../../shell/ListPagination';
import { ResponsiveList } from '../../shell/ResponsiveList';
import { ActivoChip, EventosChips, nombreEvento } from './piezas';
import { texto } from './textos';

const webhook = (r: RaRecord) => r as unknown as Webhook;
const numero = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

const ultima = (r: RaRecord) => (webhook(r).ultimaEntrega ? formatDateTime(webhook(r).ultimaEntrega!) : texto('nunca'));

/**
 * The company's webhook endpoints: URL, events, whether active, deliveries waiting or failed, and the last one. A
 * table on wide screens and a simple list on phones.
 */
export function WebhookList() {
  return (
    <ResponsiveList
      actions={<SoloCrear resource="webhooks" label={texto('crear')} />}
      sort={{ field: 'WEB_CODIGO', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      empty={false}
      rowClick="show"
      encabezado={
        <Alert severity="info" sx={{ m: { xs: 1, sm: 2 } }}>
          {texto('ayuda', { cabecera: CABECERA_FIRMA })}
        </Alert>
      }
      primaryText={(r) => (
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {webhook(r).WEB_URL}
        </Box>
      )}
      secondaryText={(r) => webhook(r).WEB_EVENTOS.map(nombreEvento).join(', ')}
      tertiaryText={(r) => <ActivoChip activo={webhook(r).WEB_ACTIVO} />}
    >
      <DataTable.Col
        source="WEB_URL"
        disableSort
        sx={{ minWidth: 220 }}
        render={(r: RaRecord) => (
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {webhook(r).WEB_URL}
            {webhook(r).WEB_DESCRIPCION && (
              <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
                {webhook(r).WEB_DESCRIPCION}
              </Box>
            )}
          </Box>
        )}
      />
      <DataTable.Col source="WEB_EVENTOS" disableSort render={(r: RaRecord) => <EventosChips eventos={webhook(r).WEB_EVENTOS} />} />
      <DataTable.Col source="WEB_ACTIVO" disableSort render={(r: RaRecord) => <ActivoChip activo={webhook(r).WEB_ACTIVO} />} />
      <DataTable.Col source="pendientes" disableSort sx={numero} />
      <DataTable.Col source="fallidas" disableSort sx={numero} />
      <DataTable.Col source="ultimaEntrega" disableSort render={ultima} sx={{ whiteSpace: 'nowrap' }} />
    </ResponsiveList>
  );
}
