import { DataTable, SelectInput, type RaRecord } from 'react-admin';
import type { Asesor } from '../../../domain/contratos/asesores';
import { ASESOR_TIPO_CHOICES, asesorTipoEtiqueta } from '../../../domain/asesores';
import { EstadoChip, estadoColumna, EstadoFilter, SearchFilter } from '../../shell/catalogo';
import { ListaCatalogo } from '../../shell/ListaCatalogo';

const asesor = (record: RaRecord) => record as unknown as Asesor;

const filters = [
  <SearchFilter key="q" source="q" alwaysOn />,
  <SelectInput key="tipo" source="ASE_TIPO" alwaysOn choices={ASESOR_TIPO_CHOICES} />,
  <EstadoFilter key="activo" source="ASE_ACTIVO" label="resources.asesores.estado" alwaysOn />,
];

/**
 * The advisers (tickets, sales, accounting): active and inactive, searched by name or identification without accents,
 * by type and state; a table on wide screens and a simple list on phones. Administrators create and edit.
 */
export function AsesorList() {
  return (
    <ListaCatalogo
      resource="asesores"
      filters={filters}
      // Without it the API lists only the active advisers (what the ticket desk's picker reads).
      filter={{ todos: true }}
      sort={{ field: 'ASE_NOMBRE', order: 'ASC' }}
      primaryText={(r) => asesor(r).ASE_NOMBRE}
      secondaryText={(r) => `${asesor(r).ASE_IDENTIFICACION} · ${asesorTipoEtiqueta(asesor(r).ASE_TIPO)}`}
      tertiaryText={(r) => <EstadoChip resource="asesores" activo={asesor(r).ASE_ACTIVO} />}
    >
      <DataTable.Col source="ASE_NOMBRE" />
      <DataTable.Col source="ASE_IDENTIFICACION" />
      <DataTable.Col source="ASE_TIPO" render={(r: RaRecord) => asesorTipoEtiqueta(asesor(r).ASE_TIPO)} />
      <DataTable.Col source="ASE_CORREO" disableSort render={(r: RaRecord) => asesor(r).ASE_CORREO ?? '—'} />
      <DataTable.Col source="ASE_TELEFONO" disableSort render={(r: RaRecord) => asesor(r).ASE_TELEFONO ?? '—'} />
      <DataTable.NumberCol source="tickets" disableSort />
      {estadoColumna('asesores', 'ASE_ACTIVO')}
    </ListaCatalogo>
  );
}
