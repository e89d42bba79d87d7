import { BooleanField, DataTable, List, NullableBooleanInput, SearchInput } from 'react-admin';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Buscar producto" />,
  <NullableBooleanInput key="activo" source="PROD_ACTIVO" label="Activo" />,
];

/** The product catalogue offered on the public ticket page (only active ones are shown there). */
export function ProductoList() {
  return (
    <List title="Productos" filters={filters} sort={{ field: 'PROD_NOMBRE', order: 'ASC' }}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="PROD_ID" label="Código" />
        <DataTable.Col source="PROD_NOMBRE" label="Nombre" />
        <DataTable.Col source="PROD_ACTIVO" label="Activo" field={BooleanField} disableSort />
      </DataTable>
    </List>
  );
}
