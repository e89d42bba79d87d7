import { DataTable, List, SearchInput } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Buscar" />];

export function ConfiguracionList() {
  return (
    <List title="Configuraciones" sort={{ field: 'CON_CODIGO', order: 'ASC' }} filters={filters} perPage={25}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="CON_CODIGO" label="Posición" />
        <DataTable.Col source="CON_NOMBRE" label="Configuración" />
        <DataTable.Col source="CON_VALOR1" label="Valor 1" />
        <DataTable.Col source="CON_VALOR2" label="Valor 2" />
        <DataTable.Col source="CON_VALOR3" label="Valor 3" />
      </DataTable>
    </List>
  );
}
