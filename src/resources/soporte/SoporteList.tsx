import { DataTable, List, ReferenceInput, SelectInput, useTranslate, type RaRecord } from 'react-admin';
import { TICKET_STATE_CHOICES, TICKET_SUBJECT_CHOICES, ticketSubjectLabel } from '../../../domain/tickets';
import { formatDateTime } from '../../../domain/fechas';
import { TicketStateChip } from './TicketStateChip';
import { TicketSummary } from './TicketSummary';
import { ListPagination } from '../../shell/ListPagination';
import { SearchFilter } from '../../shell/catalogo';

export function SoporteList() {
  const translate = useTranslate();
  const filters = [
    <SearchFilter key="q" source="q" alwaysOn />,
    <SelectInput key="estado" source="SPT_ESTADO" choices={TICKET_STATE_CHOICES} alwaysOn />,
    <ReferenceInput key="producto" source="SPT_PRODUCTOS" reference="productos">
      <SelectInput optionText="PROD_NOMBRE" />
    </ReferenceInput>,
    <SelectInput key="asunto" source="SPT_ASUNTO" choices={TICKET_SUBJECT_CHOICES} />,
    <ReferenceInput key="asesor" source="ASE_CODIGO" reference="asesores">
      <SelectInput optionText="ASE_NOMBRE" />
    </ReferenceInput>,
  ];
  const unassigned = translate('resources.soporte.sin_asesor');
  return (
    <List filters={filters} sort={{ field: 'SPT_ID', order: 'DESC' }} perPage={25} pagination={<ListPagination />}>
      <TicketSummary />
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="SPT_ID" />
        <DataTable.Col source="SPT_FECHA" render={(r: RaRecord) => formatDateTime(r.SPT_FECHA)} />
        <DataTable.Col source="SPT_CLIENTENOMBRE" disableSort />
        <DataTable.Col source="SPT_RUC" disableSort />
        <DataTable.Col source="PROD_NOMBRE" disableSort />
        <DataTable.Col source="SPT_ASUNTO" disableSort render={(r: RaRecord) => ticketSubjectLabel(r.SPT_ASUNTO)} />
        <DataTable.Col source="SPT_ESTADO" disableSort render={(r: RaRecord) => <TicketStateChip state={r.SPT_ESTADO} />} />
        <DataTable.Col source="ASE_NOMBRE" disableSort render={(r: RaRecord) => r.ASE_NOMBRE ?? unassigned} />
      </DataTable>
    </List>
  );
}
