import { DataTable, List, ReferenceInput, SearchInput, SelectInput, type RaRecord } from 'react-admin';
import { TICKET_STATE_CHOICES, TICKET_SUBJECT_CHOICES, ticketSubjectLabel } from '../../domain/tickets';
import { TicketStateChip } from './TicketStateChip';
import { formatDateTime } from '../../domain/constants';
import { TicketSummary } from './TicketSummary';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Cliente, RUC o número" />,
  <SelectInput key="estado" source="SPT_ESTADO" label="Estado" choices={TICKET_STATE_CHOICES} alwaysOn />,
  <ReferenceInput key="producto" source="SPT_PRODUCTOS" reference="productos">
    <SelectInput label="Producto" optionText="PROD_NOMBRE" />
  </ReferenceInput>,
  <SelectInput key="asunto" source="SPT_ASUNTO" label="Asunto" choices={TICKET_SUBJECT_CHOICES} />,
  <ReferenceInput key="asesor" source="ASE_CODIGO" reference="asesor">
    <SelectInput label="Asesor" optionText="ASE_NOMBRE" />
  </ReferenceInput>,
];

export function SoporteList() {
  return (
    <List title="Tickets de soporte" filters={filters} sort={{ field: 'SPT_ID', order: 'DESC' }} perPage={25}>
      <TicketSummary />
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="SPT_ID" label="N°" />
        <DataTable.Col source="SPT_FECHA" label="Fecha" render={(r: RaRecord) => formatDateTime(r.SPT_FECHA)} />
        <DataTable.Col source="SPT_CLIENTENOMBRE" label="Cliente" disableSort />
        <DataTable.Col source="SPT_RUC" label="RUC / cédula" disableSort />
        <DataTable.Col source="PROD_NOMBRE" label="Producto" disableSort />
        <DataTable.Col source="SPT_ASUNTO" label="Asunto" disableSort render={(r: RaRecord) => ticketSubjectLabel(r.SPT_ASUNTO)} />
        <DataTable.Col source="SPT_ESTADO" label="Estado" disableSort render={(r: RaRecord) => <TicketStateChip state={r.SPT_ESTADO} />} />
        <DataTable.Col source="ASE_NOMBRE" label="Asesor" disableSort render={(r: RaRecord) => r.ASE_NOMBRE ?? 'Sin asignar'} />
      </DataTable>
    </List>
  );
}
