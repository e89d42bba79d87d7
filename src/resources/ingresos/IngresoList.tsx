import { DataTable, List, type RaRecord } from 'react-admin';
import { formatDateTime } from '../../domain/constants';

/** Who entered which company as a distributor, and when. */
export function IngresoList() {
  return (
    <List title="Accesos a empresas" sort={{ field: 'ING_FECHA', order: 'DESC' }} perPage={25}>
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="ING_FECHA" label="Fecha" render={(r: RaRecord) => formatDateTime(r.ING_FECHA)} />
        <DataTable.Col source="ADM_NOMBRE" label="Distribuidor" />
        <DataTable.Col source="EMP_NOMBREC" label="Empresa" />
        <DataTable.Col source="EMP_RUC" label="RUC" />
        <DataTable.Col source="USU_USUARIO" label="Usuario usado" />
        <DataTable.Col source="ING_IP" label="IP" />
      </DataTable>
    </List>
  );
}
