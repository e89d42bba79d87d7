import { DataTable, List, SimpleList, type RaRecord } from 'react-admin';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { SettingRow } from '../../../domain/configuraciones';
import { settingSummary } from '../../../domain/configuraciones-valores';
import { SearchFilter } from '../../shell/catalogo';

const row = (record: RaRecord) => record as unknown as SettingRow;

const filters = [<SearchFilter key="q" source="q" alwaysOn />];

/** The global settings, each with its values in words; a table on wide screens, a simple list on phones. */
export function ConfiguracionList() {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List sort={{ field: 'CON_CODIGO', order: 'ASC' }} filters={filters} perPage={25}>
      {narrow ? (
        <SimpleList
          primaryText={(r) => row(r).CON_NOMBRE}
          secondaryText={(r) => settingSummary(row(r)) || '—'}
          linkType="edit"
          rowSx={() => ({ '& .MuiListItemText-secondary': { overflowWrap: 'anywhere' } })}
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="CON_CODIGO" />
          <DataTable.Col source="CON_NOMBRE" />
          <DataTable.Col
            source="valores"
            disableSort
            render={(r) => settingSummary(r as unknown as SettingRow) || '—'}
            sx={{ overflowWrap: 'anywhere' }}
          />
        </DataTable>
      )}
    </List>
  );
}
