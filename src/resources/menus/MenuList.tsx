import { DataTable, SelectInput, useTranslate, type RaRecord } from 'react-admin';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { ResponsiveList } from '../../shell/ResponsiveList';
import type { MenuEntrada } from '../../../domain/contratos/menus';
import { useAreaChoices } from './choices';
import { EstadoFilter, SearchFilter } from '../../shell/catalogo';

const entrada = (record: RaRecord) => record as unknown as MenuEntrada;

function Estado({ record }: { record: MenuEntrada }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={record.MEN_ACTIVO ? 'success' : 'default'}
      label={translate(`resources.menus.${record.MEN_ACTIVO ? 'activa' : 'inactiva'}`)}
    />
  );
}

function Area({ record }: { record: MenuEntrada }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={record.MEN_AREA === 'admin' ? 'primary' : 'secondary'}
      variant="outlined"
      label={translate(`resources.menus.area_${record.MEN_AREA}`)}
    />
  );
}

/** A route as a path, the home as «(inicio)». */
function Ruta({ record }: { record: MenuEntrada }) {
  const translate = useTranslate();
  return (
    <Box component="code" sx={{ fontSize: '0.85em', wordBreak: 'break-all' }}>
      {record.MEN_RUTA ? `/${record.MEN_RUTA}` : translate('resources.menus.inicio')}
    </Box>
  );
}

/**
 * The menu catalogue of both areas, by area and order (the order the sidebars show); filtered by area, state or text.
 * A table on wide screens and a simple list on phones.
 */
export function MenuList() {
  const translate = useTranslate();
  const areas = useAreaChoices();
  const filters = [
    <SearchFilter key="q" source="q" alwaysOn />,
    <SelectInput key="area" source="MEN_AREA" alwaysOn choices={areas} />,
    <EstadoFilter key="activo" source="MEN_ACTIVO" words={['activa', 'inactiva']} />,
  ];
  return (
    <ResponsiveList
      filters={filters}
      sort={{ field: 'MEN_AREA', order: 'ASC' }}
      perPage={100}
      pagination={false}
      primaryText={(r) => entrada(r).MEN_NOMBRE}
      secondaryText={(r) =>
        translate('resources.menus.resumen', {
          area: translate(`resources.menus.area_${entrada(r).MEN_AREA}`),
          ruta: entrada(r).MEN_RUTA ? `/${entrada(r).MEN_RUTA}` : translate('resources.menus.inicio'),
          orden: entrada(r).MEN_ORDEN,
        })
      }
      tertiaryText={(r) => <Estado record={entrada(r)} />}
      tableSx={{ '& .MuiTableCell-root': { px: 1 } }}
    >
      <DataTable.Col source="MEN_AREA" render={(r: RaRecord) => <Area record={entrada(r)} />} />
      <DataTable.NumberCol source="MEN_ORDEN" />
      <DataTable.Col source="MEN_NOMBRE" />
      <DataTable.Col source="MEN_RUTA" render={(r: RaRecord) => <Ruta record={entrada(r)} />} />
      <DataTable.Col source="MEN_PERMISO" render={(r: RaRecord) => entrada(r).MEN_PERMISO || translate('resources.menus.sin_permiso')} />
      <DataTable.Col source="MEN_ICONO" disableSort />
      <DataTable.NumberCol source="perfiles" disableSort />
      <DataTable.Col source="MEN_ACTIVO" disableSort render={(r: RaRecord) => <Estado record={entrada(r)} />} />
      <DataTable.NumberCol source="MEN_CODIGO" />
    </ResponsiveList>
  );
}
