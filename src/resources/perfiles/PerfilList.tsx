import { DataTable, List, NullableBooleanInput, SearchInput, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Perfil } from '../../../domain/contratos/perfiles';

const perfil = (record: RaRecord) => record as unknown as Perfil;

/** The profile's state and, for 1 and 2, that it is fixed. */
export function PerfilChips({ record }: { record: Perfil }) {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        variant="outlined"
        color={record.PRF_ACTIVO ? 'success' : 'default'}
        label={translate(`resources.perfiles.${record.PRF_ACTIVO ? 'activo' : 'inactivo'}`)}
      />
      {record.fijo && <Chip size="small" variant="outlined" color="info" label={translate('resources.perfiles.fijo')} />}
    </Box>
  );
}

/** The profiles of the back office's staff; each one's menus are its permissions (edited on its page). */
export function PerfilList() {
  const translate = useTranslate();
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.perfiles.buscar')} />,
    <NullableBooleanInput
      key="activo"
      source="PRF_ACTIVO"
      trueLabel={translate('resources.perfiles.activo')}
      falseLabel={translate('resources.perfiles.inactivo')}
    />,
  ];
  return (
    <List filters={filters} sort={{ field: 'PRF_CODIGO', order: 'ASC' }} perPage={50} pagination={false}>
      {narrow ? (
        <SimpleList
          primaryText={(r) => `${perfil(r).PRF_CODIGO} · ${perfil(r).PRF_NOMBRE}`}
          secondaryText={(r) =>
            `${translate('resources.perfiles.n_administradores', { smart_count: perfil(r).administradores })} · ${translate(
              'resources.perfiles.n_menus',
              { smart_count: perfil(r).menus },
            )}`
          }
          tertiaryText={(r) => <PerfilChips record={perfil(r)} />}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.NumberCol source="PRF_CODIGO" />
          <DataTable.Col source="PRF_NOMBRE" />
          <DataTable.Col source="PRF_ACTIVO" disableSort render={(r: RaRecord) => <PerfilChips record={perfil(r)} />} />
          <DataTable.NumberCol source="administradores" disableSort />
          <DataTable.NumberCol source="menus" disableSort />
        </DataTable>
      )}
    </List>
  );
}
