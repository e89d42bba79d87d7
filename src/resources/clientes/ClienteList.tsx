import { CreateButton, DataTable, FilterButton, Link, TopToolbar, useCanAccess, type RaRecord } from 'react-admin';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AgingIcon from '@mui/icons-material/HourglassBottom';
import { TIPOS_IDENTIFICACION } from '../../../domain/clientes';
import { ListPagination } from '../../shell/ListPagination';
import { EstadoChip, estadoColumna } from '../../shell/catalogo';
import { ResponsiveList } from '../../shell/ResponsiveList';
import { nombreDe, useTiposCliente } from './catalogos';
import { BanderaChips } from './chips';
import { ClienteBulkActions } from './ClienteBulkActions';
import { ClienteExportar } from './ClienteExportar';
import { useClienteFilters } from './ClienteFilters';
import { ClienteImportarButton } from './ClienteImportar';
import { cliente } from './tipos';
import { texto } from './textos';

const tipoIdentificacion = (code: string) => TIPOS_IDENTIFICACION.find((t) => t.id === code)?.name ?? code;

function Acciones() {
  const { canAccess } = useCanAccess({ resource: 'clientes', action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {canAccess && <CreateButton />}
      {canAccess && <ClienteImportarButton />}
      <ClienteExportar />
      {/* Icon only on a phone, as react-admin's buttons beside it. */}
      <Button
        component={Link}
        to="/clientes/cartera"
        size="small"
        startIcon={<AgingIcon />}
        aria-label={texto('cartera.boton')}
        sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {texto('cartera.boton')}
        </Box>
      </Button>
    </TopToolbar>
  );
}

/** Razón social with the commercial name under it when there is one. */
function Nombre({ record }: { record: RaRecord }) {
  const c = cliente(record);
  return (
    <>
      {c.CLI_RAZON_SOCIAL}
      {c.CLI_NOMBRE_COMERCIAL && c.CLI_NOMBRE_COMERCIAL !== c.CLI_RAZON_SOCIAL && (
        <Typography variant="body2" color="text.secondary" component="span" display="block">
          {c.CLI_NOMBRE_COMERCIAL}
        </Typography>
      )}
    </>
  );
}

/**
 * The company's clients: search by name or identification, filters (type, group, seller, state, flag), columns
 * sortable where the API sorts, bulk actions over the selected rows, import and export; a simple list on phones.
 * A seller sees only the clients assigned to them (the server decides).
 */
export function ClienteList() {
  const filters = useClienteFilters();
  const { data: tipos } = useTiposCliente();
  const sinVendedor = texto('lista.sin_vendedor');
  return (
    <ResponsiveList
      filters={filters}
      actions={<Acciones />}
      sort={{ field: 'CLI_CREADO', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      empty={false}
      primaryText={(r) => cliente(r).CLI_RAZON_SOCIAL}
      secondaryText={(r) =>
        [`${tipoIdentificacion(cliente(r).CLI_TIPO_IDENTIFICACION)} ${cliente(r).CLI_IDENTIFICACION}`, cliente(r).vendedor]
          .filter(Boolean)
          .join(' · ')
      }
      tertiaryText={(r) => (
        <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <BanderaChips banderas={cliente(r).CLI_BANDERAS} />
          {!cliente(r).CLI_ACTIVO && <EstadoChip resource="clientes" activo={false} />}
        </Box>
      )}
      rowClick="show"
      bulkActionButtons={<ClienteBulkActions />}
      tableSx={{ '& .MuiTableCell-root': { px: 1 } }}
    >
      <DataTable.Col source="CLI_IDENTIFICACION" />
      <DataTable.Col source="CLI_RAZON_SOCIAL" render={(r: RaRecord) => <Nombre record={r} />} />
      <DataTable.Col
        source="TCL_CODIGO"
        disableSort
        render={(r: RaRecord) => nombreDe(tipos, cliente(r).TCL_CODIGO, 'TCL_CODIGO', 'TCL_NOMBRE') ?? ''}
      />
      <DataTable.Col source="vendedor" disableSort render={(r: RaRecord) => cliente(r).vendedor ?? sinVendedor} />
      {estadoColumna('clientes', 'CLI_ACTIVO')}
      <DataTable.Col source="CLI_BANDERAS" disableSort render={(r: RaRecord) => <BanderaChips banderas={cliente(r).CLI_BANDERAS} />} />
    </ResponsiveList>
  );
}
