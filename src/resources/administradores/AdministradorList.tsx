import {
  CreateButton,
  DataTable,
  FilterButton,
  NullableBooleanInput,
  SelectInput,
  TopToolbar,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import Chip from '@mui/material/Chip';
import { ListPagination } from '../../shell/ListPagination';
import { SearchFilter, useNarrow } from '../../shell/catalogo';
import { ResponsiveList } from '../../shell/ResponsiveList';
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
  const narrow = useNarrow();
  const yesNo = [
    { id: 1, name: translate('ra.boolean.true') },
    { id: 0, name: translate('ra.boolean.false') },
  ];
  const filters = [
    <SearchFilter key="q" source="q" alwaysOn sx={{ width: { sm: 300 } }} />,
    <SelectInput key="perfil" source="PRF_CODIGO" choices={perfiles} alwaysOn={!narrow} />,
    <NullableBooleanInput key="activo" source="ADM_ACTIVO" />,
    <SelectInput key="contador" source="DRB_CONTADOR" choices={yesNo} />,
  ];
  const contador = (r: RaRecord) =>
    esDistribuidor(administrador(r).PRF_CODIGO) ? translate(`ra.boolean.${administrador(r).DRB_CONTADOR === 1}`) : '—';
  return (
    <ResponsiveList
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
      primaryText={(r) => administrador(r).ADM_NOMBRE}
      secondaryText={(r) => `${administrador(r).ADM_USUARIO} · ${administrador(r).PRF_NOMBRE}`}
      tertiaryText={(r) => (administrador(r).ADM_ACTIVO ? '' : <Estado activo={false} />)}
    >
      <DataTable.Col source="ADM_USUARIO" />
      <DataTable.Col source="ADM_NOMBRE" />
      <DataTable.Col source="ADM_CORREO" render={(r: RaRecord) => administrador(r).ADM_CORREO ?? '—'} />
      <DataTable.Col source="PRF_CODIGO" render={(r: RaRecord) => administrador(r).PRF_NOMBRE} />
      <DataTable.Col source="DRB_CONTADOR" render={contador} />
      <DataTable.Col source="ADM_ACTIVO" render={(r: RaRecord) => <Estado activo={administrador(r).ADM_ACTIVO} />} />
    </ResponsiveList>
  );
}
