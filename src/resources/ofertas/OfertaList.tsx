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
import { ESTADOS_OFERTA, type Oferta } from '../../../domain/contratos/ofertas';
import { formatDate } from '../../../domain/fechas';
import { ListPagination } from '../../shell/ListPagination';
import { useNarrow } from '../../shell/catalogo';
import { dinero } from '../../ui/numeros';
import { numeroOferta } from '../../../domain/ofertas';
import { EstadoOfertaChip } from './piezas';
import { texto } from './textos';

const oferta = (r: RaRecord) => r as unknown as Oferta;
const campo = (source: string) => texto(`campos.${source}`);
const derecha = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const ESTADOS = ESTADOS_OFERTA.map((id) => ({ id, name: texto(`estados.${id}`) }));

/** The invoice a quote became: its number once issued, "Borrador de factura" before. */
const factura = (r: RaRecord) => (oferta(r).FAC_CODIGO ? (oferta(r).FAC_NUMERO ?? texto('lista.factura_borrador')) : '');

function Acciones() {
  const { canAccess } = useCanAccess({ resource: 'ofertas', action: 'create' });
  return (
    <TopToolbar>
      <FilterButton />
      {canAccess && <CreateButton />}
    </TopToolbar>
  );
}

function Vacio() {
  const { canAccess } = useCanAccess({ resource: 'ofertas', action: 'create' });
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

/** The filters: search, state (several, VENCIDA included), date range and client; on a phone only the search is open. */
function useFiltros() {
  const abiertos = !useNarrow();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={texto('lista.buscar')} sx={{ minWidth: { sm: 260 } }} />,
    <SelectArrayInput
      key="estado"
      source="OFE_ESTADO"
      label={campo('OFE_ESTADO')}
      choices={ESTADOS}
      alwaysOn={abiertos}
      sx={{ minWidth: 180 }}
    />,
    <DateInput key="desde" source="desde" label={campo('desde')} alwaysOn={abiertos} />,
    <DateInput key="hasta" source="hasta" label={campo('hasta')} alwaysOn={abiertos} />,
    <ReferenceInput key="cliente" source="CLI_CODIGO" reference="clientes" label={campo('CLI_CODIGO')}>
      <AutocompleteInput
        label={campo('CLI_CODIGO')}
        optionText={(c: RaRecord) => (c ? `${c.CLI_RAZON_SOCIAL} · ${c.CLI_IDENTIFICACION}` : '')}
        filterToQuery={(q: string) => ({ q })}
        sx={{ minWidth: 260 }}
      />
    </ReferenceInput>,
  ];
}

/**
 * The company's quotes (a seller's: those of its clients), newest first: number, date, client, validity, total, state
 * and the invoice it became; filters by state, dates and client. A simple list on phones.
 */
export function OfertaList() {
  const narrow = useNarrow();
  return (
    <List
      filters={useFiltros()}
      actions={<Acciones />}
      sort={{ field: 'OFE_CODIGO', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      empty={<Vacio />}
    >
      {narrow ? (
        <SimpleList
          primaryText={(r) => oferta(r).CLI_RAZON_SOCIAL}
          secondaryText={(r) =>
            [
              numeroOferta(oferta(r).OFE_NUMERO),
              formatDate(oferta(r).OFE_FECHA),
              `${campo('OFE_VALIDEZ')} ${formatDate(oferta(r).OFE_VALIDEZ)}`,
            ]
              .concat(oferta(r).FAC_CODIGO ? [oferta(r).FAC_NUMERO ? `${campo('FAC_NUMERO')} ${oferta(r).FAC_NUMERO}` : factura(r)] : [])
              .join(' · ')
          }
          tertiaryText={(r) => (
            <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
              <strong>{dinero(oferta(r).OFE_TOTAL)}</strong>
              <EstadoOfertaChip estado={oferta(r).OFE_ESTADO} />
            </Box>
          )}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <DataTable.Col
            source="OFE_NUMERO"
            label={campo('OFE_NUMERO')}
            render={(r: RaRecord) => numeroOferta(oferta(r).OFE_NUMERO)}
            sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
          />
          <DataTable.Col source="OFE_FECHA" label={campo('OFE_FECHA')} render={(r: RaRecord) => formatDate(oferta(r).OFE_FECHA)} />
          <DataTable.Col
            source="CLI_RAZON_SOCIAL"
            label={campo('CLI_RAZON_SOCIAL')}
            disableSort
            render={(r: RaRecord) => (
              <>
                {oferta(r).CLI_RAZON_SOCIAL}
                <Typography variant="body2" color="text.secondary" component="span" display="block">
                  {oferta(r).CLI_IDENTIFICACION}
                </Typography>
              </>
            )}
          />
          <DataTable.Col source="OFE_VALIDEZ" label={campo('OFE_VALIDEZ')} render={(r: RaRecord) => formatDate(oferta(r).OFE_VALIDEZ)} />
          <DataTable.Col source="OFE_TOTAL" label={campo('OFE_TOTAL')} render={(r: RaRecord) => dinero(oferta(r).OFE_TOTAL)} sx={derecha} />
          <DataTable.Col
            source="OFE_ESTADO"
            label={campo('OFE_ESTADO')}
            disableSort
            render={(r: RaRecord) => <EstadoOfertaChip estado={oferta(r).OFE_ESTADO} />}
          />
          <DataTable.Col source="FAC_NUMERO" label={campo('FAC_NUMERO')} disableSort render={factura} sx={{ whiteSpace: 'nowrap' }} />
        </DataTable>
      )}
    </List>
  );
}
