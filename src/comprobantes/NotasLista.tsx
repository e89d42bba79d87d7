import {
  AutocompleteInput,
  CreateButton,
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
  type RaRecord,
} from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Nota } from '../../domain/contratos/notasCredito';
import { formatDate } from '../../domain/fechas';
import { ExportarExcelCsv } from '../shell/ExportarMenu';
import { ListPagination } from '../shell/ListPagination';
import { useNarrow } from '../shell/catalogo';
import { dinero } from '../ui/numeros';
import type { Documento } from './documento';
import { ESTADOS, esPendiente, INTERVALO_LISTA } from './estados';
import { EntregaIcono, EstadoChip } from './piezas';
import { ResumenLista } from './ResumenLista';

const nota = (r: RaRecord) => r as unknown as Nota;
/** The invoices' list showing only the authorized ones: where a note starts. */
const FACTURAS_AUTORIZADAS = `/facturas?${new URLSearchParams({ filter: JSON.stringify({ FAC_ESTADO: ['AUTORIZADA'] }) })}`;

function Acciones({ documento }: { documento: Documento }) {
  const { canAccess } = useCanAccess({ resource: documento.recurso, action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {canAccess && <CreateButton />}
      <ExportarExcelCsv path={`${documento.api}/exportar`} archivo={documento.recurso} clave="FAC_CODIGO" />
    </TopToolbar>
  );
}

/** No note yet: where notes come from (an authorized invoice), with the way there. */
function Vacio({ documento }: { documento: Documento }) {
  const { texto, recurso } = documento;
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
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button component={Link} to={FACTURAS_AUTORIZADAS} variant="contained">
            {texto('lista.ver_facturas')}
          </Button>
          {canAccess && <CreateButton variant="outlined" />}
        </Box>
      </CardContent>
    </Card>
  );
}

function EstadoCelda({ record }: { record: RaRecord }) {
  const r = nota(record);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      <EstadoChip estado={r.FAC_ESTADO} />
      {r.FAC_ESTADO === 'AUTORIZADA' && <EntregaIcono entrega={r.FAC_ENTREGA} />}
    </Box>
  );
}

const derecha = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const esperando = (rows: RaRecord[] | undefined) =>
  Boolean(rows?.some((r) => esPendiente(nota(r).FAC_ESTADO) || nota(r).FAC_ENTREGA === 'PENDIENTE'));

/**
 * A note type's list, newest first: number (or "Borrador"), date, buyer, the invoice it modifies, motivo, total and
 * state; filters by state, dates and buyer, the totals of the filtered set below, Excel/CSV export. A simple list on
 * phones. Without any note, what a note is and where it starts.
 */
export function NotasLista({ documento }: { documento: Documento }) {
  const { texto } = documento;
  const narrow = useNarrow();
  const numero = (r: RaRecord) => nota(r).FAC_NUMERO ?? texto('borrador');
  const estados = ESTADOS.map((id) => ({ id, name: texto(`estados.${id}`) }));
  const campo = (source: string) => texto(`campos.${source}`);
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
    <ReferenceInput key="cliente" source="CLI_CODIGO" reference="clientes" label={campo('CLI_CODIGO')}>
      <AutocompleteInput
        label={campo('CLI_CODIGO')}
        optionText={(c: RaRecord) => (c ? `${c.CLI_RAZON_SOCIAL} · ${c.CLI_IDENTIFICACION}` : '')}
        filterToQuery={(q: string) => ({ q })}
        sx={{ minWidth: 260 }}
      />
    </ReferenceInput>,
  ];
  return (
    <List
      queryOptions={{ refetchInterval: (query) => (esperando(query.state.data?.data) ? INTERVALO_LISTA : false) }}
      filters={filtros}
      actions={<Acciones documento={documento} />}
      sort={{ field: 'FAC_CODIGO', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      empty={<Vacio documento={documento} />}
    >
      {narrow ? (
        <SimpleList
          primaryText={(r) => nota(r).CLI_RAZON_SOCIAL}
          secondaryText={(r) =>
            `${numero(r)} · ${formatDate(nota(r).FAC_FECHA)} · ${texto('titulo_factura')} ${nota(r).FACTURA_NUMERO ?? ''}`
          }
          tertiaryText={(r) => (
            <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
              <strong>{dinero(nota(r).FAC_TOTAL)}</strong>
              <EstadoCelda record={r} />
            </Box>
          )}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <DataTable.Col
            source="FAC_NUMERO"
            label={campo('FAC_NUMERO')}
            render={(r: RaRecord) => numero(r)}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <DataTable.Col source="FAC_FECHA" label={campo('FAC_FECHA')} render={(r: RaRecord) => formatDate(nota(r).FAC_FECHA)} />
          <DataTable.Col
            source="CLI_RAZON_SOCIAL"
            label={campo('CLI_RAZON_SOCIAL')}
            disableSort
            render={(r: RaRecord) => (
              <>
                {nota(r).CLI_RAZON_SOCIAL}
                <Typography variant="body2" color="text.secondary" component="span" display="block">
                  {nota(r).CLI_IDENTIFICACION}
                </Typography>
              </>
            )}
          />
          <DataTable.Col
            source="FAC_MODIFICA"
            label={campo('FAC_MODIFICA')}
            disableSort
            render={(r: RaRecord) => nota(r).FACTURA_NUMERO ?? ''}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <DataTable.Col
            source="FAC_MOTIVO"
            label={campo('FAC_MOTIVO')}
            disableSort
            render={(r: RaRecord) => (
              <Box
                component="span"
                sx={{ display: 'block', maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {nota(r).FAC_MOTIVO ?? ''}
              </Box>
            )}
          />
          <DataTable.Col source="FAC_TOTAL" label={campo('FAC_TOTAL')} render={(r: RaRecord) => dinero(nota(r).FAC_TOTAL)} sx={derecha} />
          <DataTable.Col source="FAC_ESTADO" label={campo('FAC_ESTADO')} disableSort render={(r: RaRecord) => <EstadoCelda record={r} />} />
        </DataTable>
      )}
      <ResumenLista documento={documento} cuenta="lista.notas" />
    </List>
  );
}
