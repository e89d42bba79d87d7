import type { ReactNode } from 'react';
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
import { formatDate } from '../../../domain/fechas';
import type { Documento } from '../../comprobantes/documento';
import { ESTADOS, esPendiente, INTERVALO_LISTA } from '../../comprobantes/estados';
import { EntregaIcono, EstadoChip } from '../../comprobantes/piezas';
import { ResumenLista } from '../../comprobantes/ResumenLista';
import { ExportarExcelCsv } from '../../shell/ExportarMenu';
import { ListPagination } from '../../shell/ListPagination';
import { useNarrow } from '../../shell/catalogo';
import { dinero } from '../../ui/numeros';

/** What every purchase document's row has (a retención's and a liquidación's list rows). */
export type FilaCompra = {
  FAC_NUMERO: string | null;
  FAC_FECHA: string;
  FAC_ESTADO: string;
  FAC_TOTAL: string;
  FAC_ENTREGA: string | null;
  PRV_RAZON_SOCIAL: string;
  PRV_IDENTIFICACION: string;
};

const fila = (r: RaRecord) => r as unknown as FilaCompra;
const derecha = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const esperando = (rows: RaRecord[] | undefined) =>
  Boolean(rows?.some((r) => esPendiente(fila(r).FAC_ESTADO) || fila(r).FAC_ENTREGA === 'PENDIENTE'));

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

/** A column of the type's own (a retención's support documents, renta and IVA withheld). */
export type ColumnaCompra = { source: string; label: string; render: (r: RaRecord) => ReactNode; cifra?: boolean };

/**
 * A purchase document's list, newest first: number (or "Borrador"), date, supplier, the type's own columns, total and
 * state; filters by search, state, dates and supplier; the filtered set's totals below (`cifras`); Excel/CSV export.
 * A simple list on phones (`secundario` adds the type's own line to it).
 */
export function ListaCompra({
  documento,
  columnas,
  cifras,
  secundario,
}: {
  documento: Documento;
  columnas: readonly ColumnaCompra[];
  cifras?: readonly string[];
  secundario?: (r: RaRecord) => string;
}) {
  const { texto } = documento;
  const narrow = useNarrow();
  const numero = (r: RaRecord) => fila(r).FAC_NUMERO ?? texto('borrador');
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
    <ReferenceInput key="proveedor" source="PRV_CODIGO" reference="proveedores" label={campo('PRV_CODIGO')}>
      <AutocompleteInput
        label={campo('PRV_CODIGO')}
        optionText={(p: RaRecord) => (p ? `${p.PRV_RAZON_SOCIAL} · ${p.PRV_IDENTIFICACION}` : '')}
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
          primaryText={(r) => fila(r).PRV_RAZON_SOCIAL}
          secondaryText={(r) => [numero(r), formatDate(fila(r).FAC_FECHA), secundario?.(r)].filter(Boolean).join(' · ')}
          tertiaryText={(r) => (
            <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
              <strong>{dinero(fila(r).FAC_TOTAL)}</strong>
              <EstadoCelda record={r} />
            </Box>
          )}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <DataTable.Col source="FAC_NUMERO" label={campo('FAC_NUMERO')} render={numero} sx={{ whiteSpace: 'nowrap' }} />
          <DataTable.Col source="FAC_FECHA" label={campo('FAC_FECHA')} render={(r: RaRecord) => formatDate(fila(r).FAC_FECHA)} />
          <DataTable.Col
            source="PRV_RAZON_SOCIAL"
            label={campo('PRV_RAZON_SOCIAL')}
            disableSort
            render={(r: RaRecord) => (
              <>
                {fila(r).PRV_RAZON_SOCIAL}
                <Typography variant="body2" color="text.secondary" component="span" display="block">
                  {fila(r).PRV_IDENTIFICACION}
                </Typography>
              </>
            )}
          />
          {columnas.map((c) => (
            <DataTable.Col
              key={c.source}
              source={c.source}
              label={c.label}
              disableSort
              render={c.render}
              sx={c.cifra ? derecha : undefined}
            />
          ))}
          <DataTable.Col source="FAC_TOTAL" label={campo('FAC_TOTAL')} render={(r: RaRecord) => dinero(fila(r).FAC_TOTAL)} sx={derecha} />
          <DataTable.Col source="FAC_ESTADO" label={campo('FAC_ESTADO')} disableSort render={(r: RaRecord) => <EstadoCelda record={r} />} />
        </DataTable>
      )}
      <ResumenLista documento={documento} cuenta="lista.cuenta" cifras={cifras} />
    </List>
  );
}
