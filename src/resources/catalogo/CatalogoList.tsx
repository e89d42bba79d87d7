import { DataTable, SelectInput, useCanAccess, type RaRecord } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TIPOS_PRODUCTO, nombreTipoProducto } from '../../../domain/catalogo';
import { TARIFAS_IVA } from '../../../domain/facturas/catalogos';
import { EstadoChip, estadoColumna, EstadoFilter, SearchFilter } from '../../shell/catalogo';
import { ListaCatalogo } from '../../shell/ListaCatalogo';
import { ivaNombre, precioTexto, producto } from './catalogo';
import { CatalogoImportarButton } from './CatalogoImportar';
import { CatalogoBulkActions, CatalogoExportar } from './CatalogoLote';

const ivaFiltro = TARIFAS_IVA.map((t) => ({ id: t.codigo, name: t.nombre }));

const filters = [
  <SearchFilter key="q" source="q" alwaysOn sx={{ minWidth: { sm: 260 } }} />,
  <SelectInput key="iva" source="CAT_IVA" choices={ivaFiltro} />,
  <SelectInput key="tipo" source="CAT_TIPO" choices={[...TIPOS_PRODUCTO]} />,
  <EstadoFilter key="activo" source="CAT_ACTIVO" label="resources.catalogo.estado" alwaysOn />,
];

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
 * filters by IVA rate, type and state; export (Excel, CSV) and, for who keeps the catalogue, activate or deactivate
 * the selected rows; a table on wide screens and a simple list on phones.
 */
export function CatalogoList() {
  const { canAccess: gestiona } = useCanAccess({ resource: 'catalogo', action: 'edit' });
  return (
    <ListaCatalogo
      resource="catalogo"
      filters={filters}
      acciones={<CatalogoImportarButton />}
      lectura={<CatalogoExportar />}
      bulkActionButtons={gestiona ? <CatalogoBulkActions /> : false}
      sort={{ field: 'CAT_DESCRIPCION', order: 'ASC' }}
      empty={false}
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
    >
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
      {estadoColumna('catalogo', 'CAT_ACTIVO')}
    </ListaCatalogo>
  );
}
