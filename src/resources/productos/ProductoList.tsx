import { BooleanField, DataTable, List, NullableBooleanInput } from 'react-admin';
import { SearchFilter } from '../../shell/catalogo';

const filters = [<SearchFilter key="q" source="q" alwaysOn />, <NullableBooleanInput key="activo" source="PROD_ACTIVO" />];

/** The product catalogue offered on the public ticket page (only active ones are shown there). */
export function ProductoList() {
  return (
    <List filters={filters} sort={{ field: 'PROD_NOMBRE', order: 'ASC' }}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="PROD_ID" />
        <DataTable.Col source="PROD_NOMBRE" />
        <DataTable.Col source="PROD_ACTIVO" field={BooleanField} disableSort />
      </DataTable>
    </List>
  );
}
