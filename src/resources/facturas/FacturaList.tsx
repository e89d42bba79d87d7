import {
  AutocompleteInput,
  CreateButton,
  DataTable,
  DateInput,
  FilterButton,
  List,
  ReferenceInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useCanAccess,
  useListContext,
  type RaRecord,
} from 'react-admin';
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { Factura, FacturasEstados } from '../../../domain/contratos/facturas';
import { ListPagination } from '../../shell/ListPagination';
import { useNarrow } from '../../shell/catalogo';
import { formatDate } from '../../../domain/fechas';
import { formatCount } from '../../../domain/listas';
import { usePuntos } from './datos';
import { ESTADOS as CODIGOS, esPendiente, FILTROS, INTERVALO_LISTA, useEstados, type GrupoEstados } from './estados';
import { dinero } from '../../ui/numeros';
import { EntregaIcono, EstadoFacturaChip } from './piezas';
import { texto } from './textos';
import { FacturaBulkActions, FacturaExportar } from './FacturaLote';
import { FACTURA } from './documento';
import { ResumenLista } from '../../comprobantes/ResumenLista';
import { CifraYEstado, derecha, DosLineas } from '../../comprobantes/lista';

const factura = (r: RaRecord) => r as unknown as Factura;
const numero = (r: RaRecord) => factura(r).FAC_NUMERO ?? texto('borrador');
const serie = (r: RaRecord) => `${factura(r).EST_NUMERO}-${factura(r).PEM_NUMERO}`;
/** 2026-03-15 → 15/03/2026, as Ecuadorian documents write dates. */
const ESTADOS = CODIGOS.map((id) => ({ id, name: texto(`estados.${id}`) }));

function Acciones() {
  const { canAccess } = useCanAccess({ resource: 'facturas', action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {canAccess && <CreateButton />}
      <FacturaExportar />
    </TopToolbar>
  );
}

/** The filters: search, state (several), date range, buyer, establishment and emission point. */
function useFiltros() {
  const { data: puntos = [] } = usePuntos();
  // On a phone only the search stays open: the others are one tap away (Agregar filtro).
  const abiertos = !useNarrow();
  const establecimientos = [...new Map(puntos.map((p) => [p.EST_CODIGO, p])).values()].map((p) => ({
    id: p.EST_CODIGO,
    name: [p.EST_NUMERO, p.EST_NOMBRE].filter(Boolean).join(' · '),
  }));
  const puntosChoices = puntos.map((p) => ({ id: p.PEM_CODIGO, name: [p.serie, p.PEM_NOMBRE].filter(Boolean).join(' · ') }));
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={texto('lista.buscar')} sx={{ minWidth: { sm: 260 } }} />,
    <SelectArrayInput key="estado" source="FAC_ESTADO" choices={ESTADOS} alwaysOn={abiertos} sx={{ minWidth: 180 }} />,
    <DateInput key="desde" source="desde" alwaysOn={abiertos} />,
    <DateInput key="hasta" source="hasta" alwaysOn={abiertos} />,
    <ReferenceInput key="cliente" source="CLI_CODIGO" reference="clientes">
      <AutocompleteInput
        label="resources.facturas.fields.CLI_CODIGO"
        optionText={(c: RaRecord) => (c ? `${c.CLI_RAZON_SOCIAL} · ${c.CLI_IDENTIFICACION}` : '')}
        filterToQuery={(q: string) => ({ q })}
        sx={{ minWidth: 260 }}
      />
    </ReferenceInput>,
    <SelectInput key="est" source="EST_CODIGO" choices={establecimientos} />,
    <SelectInput key="pem" source="PEM_CODIGO" choices={puntosChoices} />,
  ];
}

const GRUPOS: Array<{ grupo: GrupoEstados; color: 'info' | 'success' | 'error' | 'warning' }> = [
  { grupo: 'pendientes', color: 'info' },
  { grupo: 'autorizadas', color: 'success' },
  { grupo: 'devueltas', color: 'error' },
  { grupo: 'sinRespuesta', color: 'warning' },
  { grupo: 'correosFallidos', color: 'warning' },
];
/** Shown only when some invoice is in them: most companies never have one. */
const OCASIONALES: readonly GrupoEstados[] = ['sinRespuesta', 'correosFallidos'];
const mismosEstados = (a: unknown, b: readonly string[]) =>
  Array.isArray(a) && a.length === b.length && b.every((estado) => a.includes(estado));
const activo = (grupo: GrupoEstados, filtros: Record<string, unknown>) => {
  const filtro = FILTROS[grupo];
  return 'FAC_ESTADO' in filtro ? mismosEstados(filtros.FAC_ESTADO, filtro.FAC_ESTADO) : filtros.FAC_ENTREGA === filtro.FAC_ENTREGA;
};

/**
 * The live counts above the list (GET /api/facturas/estados): Pendientes, Autorizadas, Devueltas and, when there are
 * some, Sin respuesta del SRI and Correos fallidos; each filters the list, and a second click removes its filter. While something waits for
 * the SRI the counts are asked every 3 s (useEstados); when they change, the page and the totals are read again.
 */
export function ConteosEstados() {
  const { filterValues, setFilters, refetch } = useListContext();
  const { data } = useEstados();
  const queryClient = useQueryClient();
  const anterior = useRef<string | undefined>(undefined);
  const firma = data ? JSON.stringify(data) : undefined;
  useEffect(() => {
    if (firma && anterior.current && anterior.current !== firma) {
      void refetch();
      void queryClient.invalidateQueries({ queryKey: ['facturas', 'totales'] });
    }
    anterior.current = firma;
  }, [firma, refetch, queryClient]);
  const elegir = (grupo: GrupoEstados) => {
    const { FAC_ESTADO: _estado, FAC_ENTREGA: _entrega, ...resto } = (filterValues ?? {}) as Record<string, unknown>;
    setFilters(activo(grupo, filterValues ?? {}) ? resto : { ...resto, ...FILTROS[grupo] }, undefined, false);
  };
  return (
    <Box
      component="nav"
      aria-label={texto('grupos.titulo')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: { xs: 1, sm: 2 }, pt: 1.5, pb: 1 }}
    >
      {GRUPOS.filter(({ grupo }) => !OCASIONALES.includes(grupo) || (data?.[grupo] ?? 0) > 0).map(({ grupo, color }) => {
        const elegido = activo(grupo, filterValues ?? {});
        const cantidad = data?.[grupo as keyof Omit<FacturasEstados, 'estados'>];
        return (
          <Tooltip key={grupo} title={texto(`grupos.${grupo}_ayuda`)} describeChild>
            <Chip
              clickable
              onClick={() => elegir(grupo)}
              aria-pressed={elegido}
              color={cantidad ? color : 'default'}
              variant={elegido ? 'filled' : 'outlined'}
              data-grupo={grupo}
              label={
                <>
                  {texto(`grupos.${grupo}`)}{' '}
                  <Box component="strong" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {cantidad === undefined ? '…' : formatCount(cantidad)}
                  </Box>
                </>
              }
            />
          </Tooltip>
        );
      })}
    </Box>
  );
}

/** The state chip, and beside an authorized one the email's state. */
function EstadoCelda({ record }: { record: RaRecord }) {
  const r = factura(record);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      <EstadoFacturaChip estado={r.FAC_ESTADO} />
      {r.FAC_ESTADO === 'AUTORIZADA' && <EntregaIcono entrega={r.FAC_ENTREGA} />}
    </Box>
  );
}

/** A page whose rows still wait for the SRI (or whose email is being sent) is read again every 3 s. */
const esperando = (rows: RaRecord[] | undefined) =>
  Boolean(rows?.some((r) => esPendiente(factura(r).FAC_ESTADO) || factura(r).FAC_ENTREGA === 'PENDIENTE'));

/** The totals of every invoice the filters select (GET /api/facturas/totales with the same filter), under the list. */
export const ResumenFacturas = () => <ResumenLista documento={FACTURA} cuenta="lista.facturas" />;

const importe = (source: 'FAC_SUBTOTAL' | 'FAC_IVA' | 'FAC_TOTAL') => (r: RaRecord) => dinero(factura(r)[source]);

/**
 * The company's invoices, newest first: number (or "Borrador"), date, buyer, series, amounts and state; filters by
 * state, dates, buyer and series, with the totals of the filtered set below. A simple list on phones.
 */
export function FacturaList() {
  const filters = useFiltros();
  const narrow = useNarrow();
  const { data: estados } = useEstados();
  const pendientes = (estados?.pendientes ?? 0) > 0;
  return (
    <List
      queryOptions={{ refetchInterval: (query) => (pendientes || esperando(query.state.data?.data) ? INTERVALO_LISTA : false) }}
      filters={filters}
      actions={<Acciones />}
      sort={{ field: 'FAC_CODIGO', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      empty={false}
    >
      <ConteosEstados />
      {narrow ? (
        <SimpleList
          primaryText={(r) => factura(r).CLI_RAZON_SOCIAL}
          secondaryText={(r) => `${numero(r)} · ${formatDate(factura(r).FAC_FECHA)}`}
          tertiaryText={(r) => <CifraYEstado cifra={dinero(factura(r).FAC_TOTAL)} estado={<EstadoCelda record={r} />} />}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={<FacturaBulkActions />} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <DataTable.Col source="FAC_NUMERO" render={(r: RaRecord) => numero(r)} sx={{ whiteSpace: 'nowrap' }} />
          <DataTable.Col source="FAC_FECHA" render={(r: RaRecord) => formatDate(factura(r).FAC_FECHA)} />
          <DataTable.Col
            source="CLI_RAZON_SOCIAL"
            disableSort
            render={(r: RaRecord) => <DosLineas arriba={factura(r).CLI_RAZON_SOCIAL} abajo={factura(r).CLI_IDENTIFICACION} />}
          />
          <DataTable.Col source="serie" disableSort render={serie} />
          <DataTable.Col source="FAC_SUBTOTAL" disableSort render={importe('FAC_SUBTOTAL')} sx={derecha} />
          <DataTable.Col source="FAC_IVA" disableSort render={importe('FAC_IVA')} sx={derecha} />
          <DataTable.Col source="FAC_TOTAL" render={importe('FAC_TOTAL')} sx={derecha} />
          <DataTable.Col source="FAC_ESTADO" disableSort render={(r: RaRecord) => <EstadoCelda record={r} />} />
        </DataTable>
      )}
      <ResumenFacturas />
    </List>
  );
}
