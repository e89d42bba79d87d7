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
  SimpleList,
  TopToolbar,
  useCanAccess,
  type RaRecord,
} from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { GuiaRemision } from '../../../domain/contratos/guiasRemision';
import { formatDate } from '../../../domain/fechas';
import { ESTADOS, esPendiente, INTERVALO_LISTA } from '../../comprobantes/estados';
import { EntregaIcono, EstadoChip } from '../../comprobantes/piezas';
import { ResumenLista } from '../../comprobantes/ResumenLista';
import { ExportarExcelCsv } from '../../shell/ExportarMenu';
import { ListPagination } from '../../shell/ListPagination';
import { useNarrow } from '../../shell/catalogo';
import { GUIA } from './documento';
import { texto } from './textos';

const fila = (r: RaRecord) => r as unknown as GuiaRemision;
const campo = (source: string) => texto(`campos.${source}`);
const numero = (r: RaRecord) => fila(r).FAC_NUMERO ?? texto('borrador');
/** "12/03 a 14/03", or one day when the transport starts and ends the same day. */
const transporte = (r: RaRecord) => {
  const { GUI_FECHA_INICIO: inicio, GUI_FECHA_FIN: fin } = fila(r);
  return inicio === fin ? formatDate(inicio) : texto('lista.transporte', { inicio: formatDate(inicio), fin: formatDate(fin) });
};
const esperando = (rows: RaRecord[] | undefined) =>
  Boolean(rows?.some((r) => esPendiente(fila(r).FAC_ESTADO) || fila(r).FAC_ENTREGA === 'PENDIENTE'));
const optionTransportista = (t: RaRecord) => (t ? `${t.TRA_RAZON_SOCIAL} · ${t.TRA_PLACA}` : '');

function Acciones() {
  const { canAccess } = useCanAccess({ resource: 'guiasRemision', action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {canAccess && <CreateButton />}
      <ExportarExcelCsv path={`${GUIA.api}/exportar`} archivo="guias-remision" clave="FAC_CODIGO" />
    </TopToolbar>
  );
}

function Vacio() {
  const { canAccess } = useCanAccess({ resource: 'guiasRemision', action: 'create' });
  return (
    <Card variant="outlined" sx={{ m: { xs: 1, sm: 2 }, maxWidth: 720 }} data-vacio>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {texto('lista.vacio_titulo')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {texto('lista.vacio_texto')}
        </Typography>
        {canAccess && <CreateButton variant="contained" />}
      </CardContent>
    </Card>
  );
}

function EstadoCelda({ record }: { record: RaRecord }) {
  const r = fila(record);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      <EstadoChip estado={r.FAC_ESTADO} />
      {r.FAC_ESTADO === 'AUTORIZADA' && r.FAC_ENTREGA && <EntregaIcono entrega={r.FAC_ENTREGA} />}
    </Box>
  );
}

/** Two lines in one cell: the main text and a secondary one under it. */
function DosLineas({ arriba, abajo }: { arriba: string; abajo: string }) {
  return (
    <>
      {arriba}
      <Typography variant="body2" color="text.secondary" component="span" display="block">
        {abajo}
      </Typography>
    </>
  );
}

/**
 * The company's guías de remisión, newest first: number (or "Borrador"), date, carrier and plate, destinatarios, the
 * transport's dates and state with the email's; filters by search, state, dates and carrier; how many below; Excel/CSV
 * export. A simple list on phones.
 */
export function GuiaList() {
  const narrow = useNarrow();
  const estados = ESTADOS.map((id) => ({ id, name: texto(`estados.${id}`) }));
  const filtros = [
    <SearchInput key="q" source="q" alwaysOn placeholder={texto('lista.buscar')} sx={{ minWidth: { sm: 260 } }} />,
    <SelectArrayInput
      key="estado"
      source="FAC_ESTADO"
      label={campo('FAC_ESTADO')}
      choices={estados}
      alwaysOn={!narrow}
      sx={{ minWidth: 180 }}
    />,
    <DateInput key="desde" source="desde" label={campo('desde')} alwaysOn={!narrow} />,
    <DateInput key="hasta" source="hasta" label={campo('hasta')} alwaysOn={!narrow} />,
    <ReferenceInput key="transportista" source="TRA_CODIGO" reference="transportistas" label={campo('TRA_CODIGO')}>
      <AutocompleteInput
        label={campo('TRA_CODIGO')}
        optionText={optionTransportista}
        filterToQuery={(q: string) => ({ q })}
        sx={{ minWidth: 260 }}
      />
    </ReferenceInput>,
  ];
  return (
    <List
      queryOptions={{ refetchInterval: (query) => (esperando(query.state.data?.data) ? INTERVALO_LISTA : false) }}
      filters={filtros}
      actions={<Acciones />}
      sort={{ field: 'FAC_CODIGO', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      empty={<Vacio />}
    >
      {narrow ? (
        <SimpleList
          primaryText={(r) => fila(r).DESTINATARIOS}
          secondaryText={(r) =>
            [numero(r), formatDate(fila(r).FAC_FECHA), `${fila(r).TRA_RAZON_SOCIAL} · ${fila(r).GUI_PLACA}`].join(' · ')
          }
          tertiaryText={(r) => <EstadoCelda record={r} />}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <DataTable.Col source="FAC_NUMERO" label={campo('FAC_NUMERO')} render={numero} sx={{ whiteSpace: 'nowrap' }} />
          <DataTable.Col source="FAC_FECHA" label={campo('FAC_FECHA')} render={(r: RaRecord) => formatDate(fila(r).FAC_FECHA)} />
          <DataTable.Col
            source="TRA_RAZON_SOCIAL"
            label={campo('TRA_RAZON_SOCIAL')}
            disableSort
            render={(r: RaRecord) => <DosLineas arriba={fila(r).TRA_RAZON_SOCIAL} abajo={fila(r).TRA_IDENTIFICACION} />}
          />
          <DataTable.Col source="GUI_PLACA" label={campo('GUI_PLACA')} disableSort sx={{ whiteSpace: 'nowrap' }} />
          <DataTable.Col source="DESTINATARIOS" label={campo('DESTINATARIOS')} disableSort />
          {/* The lists sort on the documents' own columns; the journey lives in the guía's table. */}
          <DataTable.Col
            source="GUI_FECHA_INICIO"
            label={campo('GUI_FECHA_INICIO')}
            disableSort
            render={transporte}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <DataTable.Col source="FAC_ESTADO" label={campo('FAC_ESTADO')} disableSort render={(r: RaRecord) => <EstadoCelda record={r} />} />
        </DataTable>
      )}
      <ResumenLista documento={GUIA} cuenta="lista.cuenta" cifras={[]} />
    </List>
  );
}
