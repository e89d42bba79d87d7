import { DataTable, List, type RaRecord } from 'react-admin';
import { formatDateTime } from '../../../domain/fechas';

/** Who entered which company as a distributor, and when. */
export function IngresoList() {
  return (
    <List sort={{ field: 'ING_FECHA', order: 'DESC' }} perPage={25}>
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="ING_FECHA" render={(r: RaRecord) => formatDateTime(r.ING_FECHA)} />
        <DataTable.Col source="ADM_NOMBRE" />
        <DataTable.Col source="EMP_NOMBREC" />
        <DataTable.Col source="EMP_RUC" />
        <DataTable.Col source="USU_USUARIO" />
        <DataTable.Col source="ING_IP" />
      </DataTable>
    </List>
  );
}
