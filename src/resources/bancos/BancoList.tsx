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
  useCanAccess,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import Chip from '@mui/material/Chip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { BancoAdmin } from '../../../server/modules/bancos/contract';
import { BANCO_TIPO_CHOICES, bancoTipoEtiqueta } from '../../domain/bancos';
import { ListPagination } from '../../shell/ListPagination';

const banco = (record: RaRecord) => record as unknown as BancoAdmin;

function Acciones() {
  const { canAccess } = useCanAccess({ resource: 'bancos', action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {canAccess && <CreateButton />}
    </TopToolbar>
  );
}

function Estado({ record }: { record: BancoAdmin }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={record.BAN_ACTIVO ? 'success' : 'default'}
      label={translate(`resources.bancos.${record.BAN_ACTIVO ? 'activo' : 'inactivo'}`)}
    />
  );
}

function useFilters() {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.bancos.${key}`);
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('buscar')} />,
    <SelectInput key="tipo" source="BAN_TIPO_CUENTA" alwaysOn choices={BANCO_TIPO_CHOICES} />,
    <NullableBooleanInput
      key="activo"
      source="BAN_ACTIVO"
      label="resources.bancos.estado"
      alwaysOn
      trueLabel={t('activo')}
      falseLabel={t('inactivo')}
    />,
  ];
}

/**
 * The provider's collection accounts, where companies pay: active and inactive, by bank, type and state; a table on
 * wide screens and a simple list on phones. Only the active ones are offered in the payments dialog.
 */
export function BancoList() {
  const filters = useFilters();
  const { canAccess: canEdit } = useCanAccess({ resource: 'bancos', action: 'edit' });
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const rowClick = canEdit ? 'edit' : false;
  return (
    <List
      filters={filters}
      actions={<Acciones />}
      sort={{ field: 'BAN_NOMBRE', order: 'ASC' }}
      perPage={25}
      pagination={<ListPagination />}
    >
      {narrow ? (
        <SimpleList
          primaryText={(r) => banco(r).BAN_NOMBRE}
          secondaryText={(r) => `${bancoTipoEtiqueta(banco(r).BAN_TIPO_CUENTA)} ${banco(r).BAN_NUMERO}`}
          tertiaryText={(r) => <Estado record={banco(r)} />}
          linkType={rowClick}
        />
      ) : (
        <DataTable rowClick={rowClick} bulkActionButtons={false} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <DataTable.Col source="BAN_NOMBRE" />
          <DataTable.Col source="BAN_TIPO_CUENTA" render={(r: RaRecord) => bancoTipoEtiqueta(banco(r).BAN_TIPO_CUENTA)} />
          <DataTable.Col source="BAN_NUMERO" />
          <DataTable.NumberCol source="pagos" disableSort />
          <DataTable.Col
            source="BAN_ACTIVO"
            label="resources.bancos.estado"
            disableSort
            render={(r: RaRecord) => <Estado record={banco(r)} />}
          />
        </DataTable>
      )}
    </List>
  );
}
