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
import type { Asesor } from '../../../domain/contratos/asesores';
import { ASESOR_TIPO_CHOICES, asesorTipoEtiqueta } from '../../../domain/asesores';
import { ListPagination } from '../../shell/ListPagination';
import { CatalogoAcciones, EstadoChip, useNarrow } from '../../shell/catalogo';

const asesor = (record: RaRecord) => record as unknown as Asesor;

function useFilters() {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.asesores.${key}`);
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('buscar')} />,
    <SelectInput key="tipo" source="ASE_TIPO" alwaysOn choices={ASESOR_TIPO_CHOICES} />,
    <NullableBooleanInput
      key="activo"
      source="ASE_ACTIVO"
      label="resources.asesores.estado"
      alwaysOn
      trueLabel={t('activo')}
      falseLabel={t('inactivo')}
    />,
  ];
}

/**
 * The advisers (tickets, sales, accounting): active and inactive, searched by name or identification without accents,
 * by type and state; a table on wide screens and a simple list on phones. Administrators create and edit.
 */
export function AsesorList() {
  const filters = useFilters();
  const { canAccess: canEdit } = useCanAccess({ resource: 'asesores', action: 'edit' });
  const narrow = useNarrow();
  const rowClick = canEdit ? 'edit' : false;
  return (
    <List
      filters={filters}
      // Without it the API lists only the active advisers (what the ticket desk's picker reads).
      filter={{ todos: true }}
      actions={<CatalogoAcciones resource="asesores" />}
      sort={{ field: 'ASE_NOMBRE', order: 'ASC' }}
      perPage={25}
      pagination={<ListPagination />}
    >
      {narrow ? (
        <SimpleList
          primaryText={(r) => asesor(r).ASE_NOMBRE}
          secondaryText={(r) => `${asesor(r).ASE_IDENTIFICACION} · ${asesorTipoEtiqueta(asesor(r).ASE_TIPO)}`}
          tertiaryText={(r) => <EstadoChip resource="asesores" activo={asesor(r).ASE_ACTIVO} />}
          linkType={rowClick}
        />
      ) : (
        <DataTable rowClick={rowClick} bulkActionButtons={false} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <DataTable.Col source="ASE_NOMBRE" />
          <DataTable.Col source="ASE_IDENTIFICACION" />
          <DataTable.Col source="ASE_TIPO" render={(r: RaRecord) => asesorTipoEtiqueta(asesor(r).ASE_TIPO)} />
          <DataTable.Col source="ASE_CORREO" disableSort render={(r: RaRecord) => asesor(r).ASE_CORREO ?? '—'} />
          <DataTable.Col source="ASE_TELEFONO" disableSort render={(r: RaRecord) => asesor(r).ASE_TELEFONO ?? '—'} />
          <DataTable.NumberCol source="tickets" disableSort />
          <DataTable.Col
            source="ASE_ACTIVO"
            label="resources.asesores.estado"
            disableSort
            render={(r: RaRecord) => <EstadoChip resource="asesores" activo={asesor(r).ASE_ACTIVO} />}
          />
        </DataTable>
      )}
    </List>
  );
}
