import {
  CreateButton,
  DataTable,
  FilterButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import Chip from '@mui/material/Chip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ListPagination } from '../../shell/ListPagination';
import { administrador, esDistribuidor, usePerfilChoices } from './perfiles';

function Estado({ activo }: { activo: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      label={translate(`resources.administradores.${activo ? 'activo' : 'inactivo'}`)}
      color={activo ? 'success' : 'default'}
      variant={activo ? 'outlined' : 'filled'}
    />
  );
}

/** Administration users and distributors: search, filters by profile, state and the counter flag; a simple list on phones. */
export function AdministradorList() {
  const translate = useTranslate();
  const perfiles = usePerfilChoices();
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const yesNo = [
    { id: 1, name: translate('ra.boolean.true') },
    { id: 0, name: translate('ra.boolean.false') },
  ];
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.administradores.buscar')} sx={{ width: { sm: 300 } }} />,
    <SelectInput key="perfil" source="PRF_CODIGO" choices={perfiles} alwaysOn={!narrow} />,
    <NullableBooleanInput key="activo" source="ADM_ACTIVO" />,
    <SelectInput key="contador" source="DRB_CONTADOR" choices={yesNo} />,
  ];
  const contador = (r: RaRecord) =>
    esDistribuidor(administrador(r).PRF_CODIGO) ? translate(`ra.boolean.${administrador(r).DRB_CONTADOR === 1}`) : '—';
  return (
    <List
      filters={filters}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton />
        </TopToolbar>
      }
      sort={{ field: 'ADM_NOMBRE', order: 'ASC' }}
      perPage={25}
      pagination={<ListPagination />}
    >
      {narrow ? (
        <SimpleList
          primaryText={(r) => administrador(r).ADM_NOMBRE}
          secondaryText={(r) => `${administrador(r).ADM_USUARIO} · ${administrador(r).PRF_NOMBRE}`}
          tertiaryText={(r) => (administrador(r).ADM_ACTIVO ? '' : <Estado activo={false} />)}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="ADM_USUARIO" />
          <DataTable.Col source="ADM_NOMBRE" />
          <DataTable.Col source="ADM_CORREO" render={(r: RaRecord) => administrador(r).ADM_CORREO ?? '—'} />
          <DataTable.Col source="PRF_CODIGO" render={(r: RaRecord) => administrador(r).PRF_NOMBRE} />
          <DataTable.Col source="DRB_CONTADOR" render={contador} />
          <DataTable.Col source="ADM_ACTIVO" render={(r: RaRecord) => <Estado activo={administrador(r).ADM_ACTIVO} />} />
        </DataTable>
      )}
    </List>
  );
}
