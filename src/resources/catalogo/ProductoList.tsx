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
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TIPOS_PRODUCTO, nombreTipoProducto } from '../../../domain/catalogo';
import { TARIFAS_IVA } from '../../../domain/facturas/catalogos';
import { ListPagination } from '../../shell/ListPagination';
import { CatalogoAcciones, EstadoChip, useNarrow } from '../../shell/catalogo';
import { ivaNombre, precioTexto, producto } from './producto';
import { ProductoImportarButton } from './ProductoImportar';

const ivaFiltro = TARIFAS_IVA.map((t) => ({ id: t.codigo, name: t.nombre }));

function useFilters() {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.catalogo.${key}`);
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={t('buscar')} sx={{ minWidth: { sm: 260 } }} />,
    <SelectInput key="iva" source="CAT_IVA" choices={ivaFiltro} />,
    <SelectInput key="tipo" source="CAT_TIPO" choices={[...TIPOS_PRODUCTO]} />,
    <NullableBooleanInput
      key="activo"
      source="CAT_ACTIVO"
      label="resources.catalogo.estado"
      alwaysOn
      trueLabel={t('activo')}
      falseLabel={t('inactivo')}
    />,
  ];
}

/** Main code with the auxiliary one under it when there is one. */
function Codigo({ record }: { record: RaRecord }) {
  const p = producto(record);
  return (
    <>
      {p.CAT_PRINCIPAL}
      {p.CAT_AUXILIAR && (
        <Typography variant="body2" color="text.secondary" component="span" display="block">
          {p.CAT_AUXILIAR}
        </Typography>
      )}
    </>
  );
}

/**
 * The company's products and services, what the invoice form offers for its lines: search by code or description,
 * filters by IVA rate, type and state; a table on wide screens and a simple list on phones.
 */
export function ProductoList() {
  const filters = useFilters();
  const narrow = useNarrow();
  const { canAccess: canEdit } = useCanAccess({ resource: 'catalogo', action: 'edit' });
  const rowClick = canEdit ? 'edit' : false;
  return (
    <List
      filters={filters}
      actions={
        <CatalogoAcciones resource="catalogo">
          <ProductoImportarButton />
        </CatalogoAcciones>
      }
      sort={{ field: 'CAT_DESCRIPCION', order: 'ASC' }}
      perPage={25}
      pagination={<ListPagination />}
      empty={false}
    >
      {narrow ? (
        <SimpleList
          primaryText={(r) => producto(r).CAT_DESCRIPCION}
          secondaryText={(r) =>
            [producto(r).CAT_PRINCIPAL, nombreTipoProducto(producto(r).CAT_TIPO), ivaNombre(producto(r).CAT_IVA)].join(' · ')
          }
          tertiaryText={(r) => (
            <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
              <span>{precioTexto(producto(r).CAT_PRECIO)}</span>
              {!producto(r).CAT_ACTIVO && <EstadoChip resource="catalogo" activo={false} />}
            </Box>
          )}
          linkType={rowClick}
        />
      ) : (
        <DataTable rowClick={rowClick} bulkActionButtons={false} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <DataTable.Col source="CAT_PRINCIPAL" render={(r: RaRecord) => <Codigo record={r} />} />
          <DataTable.Col source="CAT_DESCRIPCION" />
          <DataTable.Col source="CAT_TIPO" disableSort render={(r: RaRecord) => nombreTipoProducto(producto(r).CAT_TIPO)} />
          <DataTable.Col
            source="CAT_PRECIO"
            disableSort
            align="right"
            render={(r: RaRecord) => precioTexto(producto(r).CAT_PRECIO)}
            sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
          />
          <DataTable.Col source="CAT_IVA" disableSort render={(r: RaRecord) => ivaNombre(producto(r).CAT_IVA)} />
          <DataTable.Col
            source="CAT_ACTIVO"
            label="resources.catalogo.estado"
            disableSort
            render={(r: RaRecord) => <EstadoChip resource="catalogo" activo={producto(r).CAT_ACTIVO} />}
          />
        </DataTable>
      )}
    </List>
  );
}
