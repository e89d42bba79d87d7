import { DataTable, SelectInput, type RaRecord } from 'react-admin';
import { IMPORTACION_TRANSPORTISTAS, TIPOS_IDENTIFICACION_TRANSPORTISTA } from '../../../domain/transportistas';
import type { Transportista } from '../../../domain/contratos/transportistas';
import { ListPagination } from '../../shell/ListPagination';
import { EstadoChip, estadoColumna, EstadoFilter, SearchFilter } from '../../shell/catalogo';
import { ResponsiveList } from '../../shell/ResponsiveList';
import { AccionesTerceros, SeleccionExportar, type LibretaTerceros } from '../../shell/listaTerceros';
import { texto } from './textos';

const transportista = (record: unknown) => record as Transportista;
const tipoIdentificacion = (code: string) => TIPOS_IDENTIFICACION_TRANSPORTISTA.find((t) => t.id === code)?.name ?? code;

const filters = [
  <SearchFilter key="q" source="q" alwaysOn sx={{ minWidth: { sm: 280 } }} />,
  <SelectInput key="tipo" source="TRA_TIPO_IDENTIFICACION" choices={[...TIPOS_IDENTIFICACION_TRANSPORTISTA]} />,
  <EstadoFilter key="activo" source="TRA_ACTIVO" label="resources.transportistas.estado" alwaysOn />,
];

const LIBRETA: LibretaTerceros = {
  recurso: 'transportistas',
  clave: 'TRA_CODIGO',
  identificacion: 'TRA_IDENTIFICACION',
  regla: IMPORTACION_TRANSPORTISTAS,
  texto,
};

/**
 * The company's carriers: search by name, identification or plate, filters (identification type, state), export
 * (Excel, CSV) and import. A table on wide screens and a simple list on phones.
 */
export function TransportistaList() {
  return (
    <ResponsiveList
      filters={filters}
      actions={<AccionesTerceros libreta={LIBRETA} />}
      sort={{ field: 'TRA_CODIGO', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      empty={false}
      primaryText={(r) => transportista(r).TRA_RAZON_SOCIAL}
      secondaryText={(r) =>
        `${tipoIdentificacion(transportista(r).TRA_TIPO_IDENTIFICACION)} ${transportista(r).TRA_IDENTIFICACION} · ${transportista(r).TRA_PLACA}`
      }
      tertiaryText={(r) => (transportista(r).TRA_ACTIVO ? null : <EstadoChip resource="transportistas" activo={false} />)}
      rowClick="show"
      bulkActionButtons={<SeleccionExportar libreta={LIBRETA} />}
      tableSx={{ '& .MuiTableCell-root': { px: 1 } }}
    >
      <DataTable.Col source="TRA_IDENTIFICACION" />
      <DataTable.Col source="TRA_RAZON_SOCIAL" />
      <DataTable.Col source="TRA_PLACA" />
      <DataTable.Col source="TRA_CORREOS" disableSort render={(r: RaRecord) => transportista(r).TRA_CORREOS[0] ?? ''} />
      <DataTable.Col source="TRA_TELEFONOS" disableSort render={(r: RaRecord) => transportista(r).TRA_TELEFONOS[0] ?? ''} />
      {estadoColumna('transportistas', 'TRA_ACTIVO')}
    </ResponsiveList>
  );
}
