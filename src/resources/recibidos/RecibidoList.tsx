import {
  AutocompleteInput,
  DataTable,
  DateInput,
  FilterButton,
  Link,
  List,
  ReferenceInput,
  SearchInput,
  SelectArrayInput,
  SimpleList,
  TopToolbar,
  useCanAccess,
  useListContext,
  type RaRecord,
} from 'react-admin';
import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { TIPOS_RECIBIDOS } from '../../../domain/contratos/recibidos';
import { formatDate } from '../../../domain/fechas';
import { ListPagination } from '../../shell/ListPagination';
import { useNarrow } from '../../shell/catalogo';
import { ExportarExcelCsv } from '../../shell/ExportarMenu';
import { dinero } from '../../ui/numeros';
import { emisorEnlace, recibido, RetencionCelda, RetencionTexto, useTotalesRecibidos } from './piezas';
import { ImportarRecibidos } from './RecibidosImportar';
import { TotalesPorMes } from './TotalesPorMes';
import { nombreTipo, texto } from './textos';

const TIPOS = TIPOS_RECIBIDOS.map((id) => ({ id, name: nombreTipo(id) }));
const derecha = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Acciones() {
  const { canAccess: registra } = useCanAccess({ resource: 'recibidos', action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {registra && <ImportarRecibidos />}
      <ExportarExcelCsv path="/api/recibidos/exportar" archivo="documentos-recibidos" clave="REC_CODIGO" />
    </TopToolbar>
  );
}

/** The filters: search, types, date range and supplier; on a phone only the search stays open. */
function useFiltros() {
  const abiertos = !useNarrow();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={texto('lista.buscar')} sx={{ minWidth: { sm: 260 } }} />,
    <SelectArrayInput key="tipo" source="REC_TIPO" choices={TIPOS} alwaysOn={abiertos} sx={{ minWidth: 180 }} />,
    <DateInput key="desde" source="desde" alwaysOn={abiertos} />,
    <DateInput key="hasta" source="hasta" alwaysOn={abiertos} />,
    <ReferenceInput key="proveedor" source="PRV_CODIGO" reference="proveedores">
      <AutocompleteInput
        label="resources.recibidos.fields.PRV_CODIGO"
        optionText={(p: RaRecord) => (p ? `${p.PRV_RAZON_SOCIAL} · ${p.PRV_IDENTIFICACION}` : '')}
        filterToQuery={(q: string) => ({ q })}
        sx={{ minWidth: 260 }}
      />
    </ReferenceInput>,
  ];
}

/** "Pendientes de retener": the facturas and notas de débito with no live retention of ours; a second click removes it. */
function PendientesDeRetener() {
  const { filterValues, setFilters } = useListContext();
  const elegido = filterValues?.retenible === true;
  const alternar = () => {
    const { retenible: _retenible, ...resto } = (filterValues ?? {}) as Record<string, unknown>;
    setFilters(elegido ? resto : { ...resto, retenible: true }, undefined, false);
  };
  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, pt: 1.5, pb: 1 }}>
      <Chip
        clickable
        onClick={alternar}
        aria-pressed={elegido}
        color={elegido ? 'warning' : 'default'}
        variant={elegido ? 'filled' : 'outlined'}
        label={texto('lista.pendientes')}
      />
    </Box>
  );
}

/** Under the list: how many documents the filters select and their subtotal, IVA and total. */
function ResumenRecibidos() {
  const { filterValues } = useListContext();
  const { data } = useTotalesRecibidos(filterValues);
  return (
    <Box
      component="section"
      aria-label={texto('lista.resumen')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'flex-end',
        gap: { xs: 1, sm: 3 },
        px: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'action.hover',
      }}
    >
      {data ? (
        <>
          <Typography variant="body2" sx={{ mr: 'auto' }}>
            {texto('lista.documentos', { smart_count: data.cantidad })}
          </Typography>
          <Typography variant="body2" data-resumen="subtotal">
            {texto('lista.subtotal')} <strong>{dinero(data.subtotal)}</strong>
          </Typography>
          <Typography variant="body2" data-resumen="iva">
            {texto('lista.iva')} <strong>{dinero(data.iva)}</strong>
          </Typography>
          <Typography variant="body2" data-resumen="total">
            {texto('lista.total')} <strong>{dinero(data.total)}</strong>
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {texto('lista.cargando_totales')}
        </Typography>
      )}
    </Box>
  );
}

/** The issuer's name (a link to its supplier or client when it is in a book) over its RUC. */
function Emisor({ record }: { record: RaRecord }) {
  const r = recibido(record);
  const enlace = emisorEnlace(r);
  return (
    <>
      {enlace ? (
        <Link to={enlace} onClick={(e: MouseEvent) => e.stopPropagation()}>
          {r.REC_EMISOR_RAZON_SOCIAL}
        </Link>
      ) : (
        r.REC_EMISOR_RAZON_SOCIAL
      )}
      <Typography variant="body2" color="text.secondary" component="span" display="block">
        {r.REC_EMISOR_RUC}
      </Typography>
    </>
  );
}

/**
 * What the company received, newest first: type, number, date, issuer, total, our retention on it (or Retener) and how
 * it arrived; filters by type, dates, supplier and text, "Pendientes de retener", the totals of the filtered set and
 * the same by month and type below. Importing (files, keys, the SRI's report) and exporting from the toolbar.
 */
export function RecibidoList() {
  const filters = useFiltros();
  const narrow = useNarrow();
  return (
    <List
      filters={filters}
      actions={<Acciones />}
      sort={{ field: 'REC_CODIGO', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      empty={false}
    >
      <PendientesDeRetener />
      {narrow ? (
        <SimpleList
          primaryText={(r) => recibido(r).REC_EMISOR_RAZON_SOCIAL}
          secondaryText={(r) => `${nombreTipo(recibido(r).REC_TIPO)} ${recibido(r).REC_NUMERO} · ${formatDate(recibido(r).REC_FECHA)}`}
          tertiaryText={(r) => (
            <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
              <strong>{dinero(recibido(r).REC_TOTAL)}</strong>
              <RetencionTexto record={recibido(r)} />
            </Box>
          )}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <DataTable.Col source="REC_TIPO" disableSort render={(r: RaRecord) => nombreTipo(recibido(r).REC_TIPO)} />
          <DataTable.Col source="REC_NUMERO" disableSort sx={{ whiteSpace: 'nowrap' }} />
          <DataTable.Col source="REC_FECHA" render={(r: RaRecord) => formatDate(recibido(r).REC_FECHA)} />
          <DataTable.Col source="REC_EMISOR_RAZON_SOCIAL" disableSort render={(r: RaRecord) => <Emisor record={r} />} />
          <DataTable.Col source="REC_TOTAL" render={(r: RaRecord) => dinero(recibido(r).REC_TOTAL)} sx={derecha} />
          <DataTable.Col source="RETENCION" disableSort render={(r: RaRecord) => <RetencionCelda record={recibido(r)} />} />
          <DataTable.Col source="REC_ORIGEN" disableSort render={(r: RaRecord) => texto(`origenes.${recibido(r).REC_ORIGEN}`)} />
        </DataTable>
      )}
      <ResumenRecibidos />
      <TotalesPorMes />
    </List>
  );
}
