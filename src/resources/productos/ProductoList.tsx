import { BooleanField, DataTable, List, NullableBooleanInput, SearchInput, useTranslate } from 'react-admin';

/** The product catalogue offered on the public ticket page (only active ones are shown there). */
export function ProductoList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.productos.buscar')} />,
    <NullableBooleanInput key="activo" source="PROD_ACTIVO" />,
  ];
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
