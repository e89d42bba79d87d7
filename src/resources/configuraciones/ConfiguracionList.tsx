import { DataTable, List, SearchInput } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export function ConfiguracionList() {
  return (
    <List sort={{ field: 'CON_CODIGO', order: 'ASC' }} filters={filters} perPage={25}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="CON_CODIGO" />
        <DataTable.Col source="CON_NOMBRE" />
        <DataTable.Col source="CON_VALOR1" />
        <DataTable.Col source="CON_VALOR2" />
        <DataTable.Col source="CON_VALOR3" />
      </DataTable>
    </List>
  );
}
