import { DataTable, SelectInput, type RaRecord } from 'react-admin';
import type { BancoAdmin } from '../../../domain/contratos/bancos';
import { BANCO_TIPO_CHOICES, bancoTipoEtiqueta } from '../../../domain/bancos';
import { EstadoChip, estadoColumna, EstadoFilter, SearchFilter } from '../../shell/catalogo';
import { ListaCatalogo } from '../../shell/ListaCatalogo';

const banco = (record: RaRecord) => record as unknown as BancoAdmin;

const filters = [
  <SearchFilter key="q" source="q" alwaysOn />,
  <SelectInput key="tipo" source="BAN_TIPO_CUENTA" alwaysOn choices={BANCO_TIPO_CHOICES} />,
  <EstadoFilter key="activo" source="BAN_ACTIVO" label="resources.bancos.estado" alwaysOn />,
];

/**
 * The provider's collection accounts, where companies pay: active and inactive, by bank, type and state; a table on
 * wide screens and a simple list on phones. Only the active ones are offered in the payments dialog.
 */
export function BancoList() {
  return (
    <ListaCatalogo
      resource="bancos"
      filters={filters}
      sort={{ field: 'BAN_NOMBRE', order: 'ASC' }}
      primaryText={(r) => banco(r).BAN_NOMBRE}
      secondaryText={(r) => `${bancoTipoEtiqueta(banco(r).BAN_TIPO_CUENTA)} ${banco(r).BAN_NUMERO}`}
      tertiaryText={(r) => <EstadoChip resource="bancos" activo={banco(r).BAN_ACTIVO} />}
    >
      <DataTable.Col source="BAN_NOMBRE" />
      <DataTable.Col source="BAN_TIPO_CUENTA" render={(r: RaRecord) => bancoTipoEtiqueta(banco(r).BAN_TIPO_CUENTA)} />
      <DataTable.Col source="BAN_NUMERO" />
      <DataTable.NumberCol source="pagos" disableSort />
      {estadoColumna('bancos', 'BAN_ACTIVO')}
    </ListaCatalogo>
  );
}
