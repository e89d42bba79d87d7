import {
  DataTable,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  SimpleList,
  useCanAccess,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { BancoAdmin } from '../../../domain/contratos/bancos';
import { BANCO_TIPO_CHOICES, bancoTipoEtiqueta } from '../../../domain/bancos';
import { ListPagination } from '../../shell/ListPagination';
import { CatalogoAcciones, EstadoChip, useNarrow } from '../../shell/catalogo';

const banco = (record: RaRecord) => record as unknown as BancoAdmin;

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
  const narrow = useNarrow();
  const rowClick = canEdit ? 'edit' : false;
  return (
    <List
      filters={filters}
      actions={<CatalogoAcciones resource="bancos" />}
      sort={{ field: 'BAN_NOMBRE', order: 'ASC' }}
      perPage={25}
      pagination={<ListPagination />}
    >
      {narrow ? (
        <SimpleList
          primaryText={(r) => banco(r).BAN_NOMBRE}
          secondaryText={(r) => `${bancoTipoEtiqueta(banco(r).BAN_TIPO_CUENTA)} ${banco(r).BAN_NUMERO}`}
          tertiaryText={(r) => <EstadoChip resource="bancos" activo={banco(r).BAN_ACTIVO} />}
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
            render={(r: RaRecord) => <EstadoChip resource="bancos" activo={banco(r).BAN_ACTIVO} />}
          />
        </DataTable>
      )}
    </List>
  );
}
