import { CreateButton, DataTable, FilterButton, SelectInput, TopToolbar, useTranslate, type RaRecord } from 'react-admin';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { Usuario } from '../../../domain/contratos/usuarios';
import { ROL_NOMBRE } from '../../../domain/clientes';
import { ListPagination } from '../../shell/ListPagination';
import { EstadoChip, EstadoFilter, SearchFilter } from '../../shell/catalogo';
import { ROL_CHOICES, useUsuarioSesion } from './rol';
import { ResponsiveList } from '../../shell/ResponsiveList';

const usuario = (record: RaRecord) => record as unknown as Usuario;

const filters = [
  <SearchFilter key="q" source="q" alwaysOn />,
  <SelectInput key="rol" source="USU_ROL" alwaysOn choices={ROL_CHOICES} />,
  <EstadoFilter key="activo" source="USU_ACTIVO" label="resources.usuarios.fields.USU_ACTIVO" alwaysOn />,
];

function Acciones() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton label="resources.usuarios.crear" />
    </TopToolbar>
  );
}

/** The user's name, and "Usted" on the signed-in user's own row. */
function Nombre({ record, propio }: { record: Usuario; propio: boolean }) {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <span>{record.USU_USUARIO}</span>
      {propio && <Chip size="small" color="primary" variant="outlined" label={translate('resources.usuarios.propio')} />}
    </Box>
  );
}

/**
 * The company's users: who uses Amelia in the company, with their role and state; its administrator opens one to edit
 * it and creates new ones. A table on wide screens, a simple list on phones.
 */
export function UsuarioList() {
  const { usuario: propio } = useUsuarioSesion();
  return (
    <ResponsiveList
      filters={filters}
      actions={<Acciones />}
      sort={{ field: 'USU_USUARIO', order: 'ASC' }}
      perPage={25}
      pagination={<ListPagination />}
      primaryText={(r) => <Nombre record={usuario(r)} propio={usuario(r).USU_CODIGO === propio} />}
      secondaryText={(r) => `${usuario(r).USU_NOMBRE ?? ''} · ${ROL_NOMBRE[usuario(r).USU_ROL]}`}
      tertiaryText={(r) => <EstadoChip resource="usuarios" activo={usuario(r).USU_ACTIVO} />}
      phoneSx={{ '& .MuiListItemText-root': { overflowWrap: 'anywhere' } }}
      tableSx={{ '& .MuiTableCell-root': { px: 1 } }}
    >
      <DataTable.Col
        source="USU_USUARIO"
        render={(r: RaRecord) => <Nombre record={usuario(r)} propio={usuario(r).USU_CODIGO === propio} />}
      />
      <DataTable.Col source="USU_NOMBRE" />
      <DataTable.Col source="USU_CORREO" sx={{ overflowWrap: 'anywhere' }} />
      <DataTable.Col source="USU_ROL" render={(r: RaRecord) => ROL_NOMBRE[usuario(r).USU_ROL]} />
      <DataTable.Col source="USU_ACTIVO" render={(r: RaRecord) => <EstadoChip resource="usuarios" activo={usuario(r).USU_ACTIVO} />} />
    </ResponsiveList>
  );
}
