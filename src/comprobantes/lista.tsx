import type { ReactElement, ReactNode } from 'react';
import {
  AutocompleteInput,
  CreateButton,
  DateInput,
  FilterButton,
  ReferenceInput,
  SearchInput,
  SelectArrayInput,
  TopToolbar,
  useCanAccess,
  type RaRecord,
} from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ExportarExcelCsv } from '../shell/ExportarMenu';
import { ListPagination } from '../shell/ListPagination';
import { ResponsiveList, type ResponsiveListProps } from '../shell/ResponsiveList';
import { esPendiente, INTERVALO_LISTA } from './estados';
import { EntregaIcono, EstadoChip } from './piezas';

type Texto = (path: string, options?: object) => string;
/** What a document's list row has of its SRI state and its email. */
type FilaSri = { FAC_ESTADO: string; FAC_ENTREGA: string | null };
const filaSri = (r: RaRecord) => r as unknown as FilaSri;

export const derecha = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Whether some row still waits for the SRI or its email is being sent. */
const esperandoSri = (rows: RaRecord[] | undefined) =>
  Boolean(rows?.some((r) => esPendiente(filaSri(r).FAC_ESTADO) || filaSri(r).FAC_ENTREGA === 'PENDIENTE'));

/**
 * A document list: 25 rows a page, each leading to its page, a table on wide screens and a simple list on phones; with
 * `sri`, a page whose rows wait for the SRI or the email is read again every few seconds.
 */
export function ListaDocumento({ sri, ...props }: ResponsiveListProps & { sri?: boolean }) {
  return (
    <ResponsiveList
      queryOptions={sri ? { refetchInterval: (query) => (esperandoSri(query.state.data?.data) ? INTERVALO_LISTA : false) } : undefined}
      perPage={25}
      pagination={<ListPagination />}
      rowClick="show"
      tableSx={{ '& .MuiTableCell-root': { px: 1 } }}
      {...props}
    />
  );
}

/** Above a list: the filters' button, «Crear» for whom may create, and the Excel/CSV export when `exportar` is given. */
export function AccionesLista({ recurso, exportar }: { recurso: string; exportar?: { api: string; archivo: string } }) {
  const { canAccess } = useCanAccess({ resource: recurso, action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {canAccess && <CreateButton />}
      {exportar && <ExportarExcelCsv path={`${exportar.api}/exportar`} archivo={exportar.archivo} clave="FAC_CODIGO" />}
    </TopToolbar>
  );
}

/**
 * An empty list: `lista.vacio_titulo` and `lista.vacio_texto`, then «Crear» for whom may create; a `camino` (where the
 * documents come from) goes first and «Crear» steps back to outlined.
 */
export function VacioLista({ recurso, texto, camino }: { recurso: string; texto: Texto; camino?: ReactNode }) {
  const { canAccess } = useCanAccess({ resource: recurso, action: 'create' });
  return (
    <Card variant="outlined" sx={{ m: { xs: 1, sm: 2 }, maxWidth: 720 }} data-vacio>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {texto('lista.vacio_titulo')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {texto('lista.vacio_texto')}
        </Typography>
        {camino ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {camino}
            {canAccess && <CreateButton variant="outlined" />}
          </Box>
        ) : (
          canAccess && <CreateButton variant="contained" />
        )}
      </CardContent>
    </Card>
  );
}

/** The state chip, and beside an authorized document the email's state. */
export function EstadoCelda({ record }: { record: RaRecord }) {
  const r = filaSri(record);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      <EstadoChip estado={r.FAC_ESTADO} />
      {r.FAC_ESTADO === 'AUTORIZADA' && <EntregaIcono entrega={r.FAC_ENTREGA} />}
    </Box>
  );
}

/** On a phone's row, the amount over the state. */
export function CifraYEstado({ cifra, estado }: { cifra: string; estado: ReactNode }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
      <strong>{cifra}</strong>
      {estado}
    </Box>
  );
}

/** Two lines in one cell: the main text and a secondary one under it (a name and its identification). */
export function DosLineas({ arriba, abajo }: { arriba: ReactNode; abajo: ReactNode }) {
  return (
    <>
      {arriba}
      <Typography variant="body2" color="text.secondary" component="span" display="block">
        {abajo}
      </Typography>
    </>
  );
}

/** The book a list filters by (clients, suppliers, carriers) and how its options read. */
export type FiltroTercero = { source: string; reference: string; opcion: (r: RaRecord) => string };

/**
 * A document list's filters: search, state (several), date range and its third party; on a phone only the search
 * stays open (the others are one tap away).
 */
export function filtrosDocumento({
  texto,
  estado,
  estados,
  tercero,
  abiertos,
}: {
  texto: Texto;
  estado: string;
  estados: readonly string[];
  tercero: FiltroTercero;
  abiertos: boolean;
}): ReactElement[] {
  const campo = (source: string) => texto(`campos.${source}`);
  const choices = estados.map((id) => ({ id, name: texto(`estados.${id}`) }));
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={texto('lista.buscar')} sx={{ minWidth: { sm: 260 } }} />,
    <SelectArrayInput key="estado" source={estado} label={campo(estado)} choices={choices} alwaysOn={abiertos} sx={{ minWidth: 180 }} />,
    <DateInput key="desde" source="desde" label={campo('desde')} alwaysOn={abiertos} />,
    <DateInput key="hasta" source="hasta" label={campo('hasta')} alwaysOn={abiertos} />,
    <ReferenceInput key={tercero.reference} source={tercero.source} reference={tercero.reference} label={campo(tercero.source)}>
      <AutocompleteInput
        label={campo(tercero.source)}
        optionText={(r: RaRecord) => (r ? tercero.opcion(r) : '')}
        filterToQuery={(q: string) => ({ q })}
        sx={{ minWidth: 260 }}
      />
    </ReferenceInput>,
  ];
}

/** The filter by client of the lists of documents issued to clients. */
export const FILTRO_CLIENTE: FiltroTercero = {
  source: 'CLI_CODIGO',
  reference: 'clientes',
  opcion: (c) => `${c.CLI_RAZON_SOCIAL} · ${c.CLI_IDENTIFICACION}`,
};
