import { DataTable, SelectInput, useListContext, type RaRecord } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BANDERAS, IMPORTACION_PROVEEDORES, TIPOS_IDENTIFICACION_PROVEEDOR } from '../../../domain/proveedores';
import type { Bandera } from '../../../domain/clientes';
import type { Proveedor } from '../../../domain/contratos/proveedores';
import { ListPagination } from '../../shell/ListPagination';
import { EstadoChip, estadoColumna, EstadoFilter, SearchFilter } from '../../shell/catalogo';
import { ResponsiveList } from '../../shell/ResponsiveList';
import { AccionesTerceros, SeleccionExportar, type LibretaTerceros } from '../../shell/listaTerceros';
import { BanderaChips } from '../clientes/chips';
import { texto } from './textos';

const proveedor = (record: unknown) => record as Proveedor;
const tipoIdentificacion = (code: string) => TIPOS_IDENTIFICACION_PROVEEDOR.find((t) => t.id === code)?.name ?? code;
const banderaChoices = (Object.keys(BANDERAS) as Bandera[]).map((id) => ({ id, name: BANDERAS[id].etiqueta }));

const filters = [
  <SearchFilter key="q" source="q" alwaysOn sx={{ minWidth: { sm: 280 } }} />,
  <SelectInput key="tipo" source="PRV_TIPO_IDENTIFICACION" choices={[...TIPOS_IDENTIFICACION_PROVEEDOR]} />,
  <EstadoFilter key="activo" source="PRV_ACTIVO" label="resources.proveedores.estado" alwaysOn />,
  <SelectInput key="bandera" source="bandera" choices={banderaChoices} />,
];

const LIBRETA: LibretaTerceros = {
  recurso: 'proveedores',
  clave: 'PRV_CODIGO',
  identificacion: 'PRV_IDENTIFICACION',
  regla: IMPORTACION_PROVEEDORES,
  texto,
};

/** Razón social with the commercial name under it when there is one. */
function Nombre({ record }: { record: RaRecord }) {
  const p = proveedor(record);
  return (
    <>
      {p.PRV_RAZON_SOCIAL}
      {p.PRV_NOMBRE_COMERCIAL && p.PRV_NOMBRE_COMERCIAL !== p.PRV_RAZON_SOCIAL && (
        <Typography variant="body2" color="text.secondary" component="span" display="block">
          {p.PRV_NOMBRE_COMERCIAL}
        </Typography>
      )}
    </>
  );
}

/** A warning above the rows when the page shows a phantom company: its documents support no cost nor tax credit. */
function AvisoFantasma() {
  const { data } = useListContext();
  if (!data?.some((r) => proveedor(r).PRV_BANDERAS?.fantasma)) return null;
  return (
    <Alert severity="error" sx={{ m: 1 }}>
      {texto('fantasma_lista')}
    </Alert>
  );
}

/**
 * The company's suppliers: search by name or identification, filters (identification type, state, SRI flag), export
 * (Excel, CSV) and import; a phantom company is flagged in red on its row and warned about above the rows. A table on
 * wide screens and a simple list on phones.
 */
export function ProveedorList() {
  return (
    <ResponsiveList
      filters={filters}
      actions={<AccionesTerceros libreta={LIBRETA} />}
      encabezado={<AvisoFantasma />}
      sort={{ field: 'PRV_CODIGO', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      empty={false}
      primaryText={(r) => proveedor(r).PRV_RAZON_SOCIAL}
      secondaryText={(r) => `${tipoIdentificacion(proveedor(r).PRV_TIPO_IDENTIFICACION)} ${proveedor(r).PRV_IDENTIFICACION}`}
      tertiaryText={(r) => (
        <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <BanderaChips banderas={proveedor(r).PRV_BANDERAS} />
          {!proveedor(r).PRV_ACTIVO && <EstadoChip resource="proveedores" activo={false} />}
        </Box>
      )}
      rowClick="show"
      bulkActionButtons={<SeleccionExportar libreta={LIBRETA} />}
      tableSx={{ '& .MuiTableCell-root': { px: 1 } }}
    >
      <DataTable.Col source="PRV_IDENTIFICACION" />
      <DataTable.Col source="PRV_RAZON_SOCIAL" render={(r: RaRecord) => <Nombre record={r} />} />
      <DataTable.Col source="PRV_CORREOS" disableSort render={(r: RaRecord) => proveedor(r).PRV_CORREOS[0] ?? ''} />
      <DataTable.Col source="PRV_TELEFONOS" disableSort render={(r: RaRecord) => proveedor(r).PRV_TELEFONOS[0] ?? ''} />
      {estadoColumna('proveedores', 'PRV_ACTIVO')}
      <DataTable.Col source="PRV_BANDERAS" disableSort render={(r: RaRecord) => <BanderaChips banderas={proveedor(r).PRV_BANDERAS} />} />
    </ResponsiveList>
  );
}
