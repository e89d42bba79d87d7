import { DataTable, useTranslate, type RaRecord } from 'react-admin';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { ResponsiveList } from '../../shell/ResponsiveList';
import type { Perfil } from '../../../domain/contratos/perfiles';
import { EstadoFilter, SearchFilter } from '../../shell/catalogo';

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
  const filters = [<SearchFilter key="q" source="q" alwaysOn />, <EstadoFilter key="activo" source="PRF_ACTIVO" />];
  return (
    <ResponsiveList
      filters={filters}
      sort={{ field: 'PRF_CODIGO', order: 'ASC' }}
      perPage={50}
      pagination={false}
      primaryText={(r) => `${perfil(r).PRF_CODIGO} · ${perfil(r).PRF_NOMBRE}`}
      secondaryText={(r) =>
        `${translate('resources.perfiles.n_administradores', { smart_count: perfil(r).administradores })} · ${translate(
          'resources.perfiles.n_menus',
          { smart_count: perfil(r).menus },
        )}`
      }
      tertiaryText={(r) => <PerfilChips record={perfil(r)} />}
    >
      <DataTable.NumberCol source="PRF_CODIGO" />
      <DataTable.Col source="PRF_NOMBRE" />
      <DataTable.Col source="PRF_ACTIVO" disableSort render={(r: RaRecord) => <PerfilChips record={perfil(r)} />} />
      <DataTable.NumberCol source="administradores" disableSort />
      <DataTable.NumberCol source="menus" disableSort />
    </ResponsiveList>
  );
}
