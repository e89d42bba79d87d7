import { EditButton, Link, Show, TopToolbar, useCanAccess, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { TIPOS_IDENTIFICACION } from '../../../domain/clientes';
import { BanderasPanel } from './BanderasPanel';
import { BanderaChips } from './chips';
import { ClienteDatosCard } from './ClienteDatos';
import { ClienteEliminar } from './ClienteEliminar';
import { DocumentosPanel } from './DocumentosPanel';
import { EnviosPanel } from './EnviosPanel';
import { EstadoCuentaPanel } from './EstadoCuentaPanel';
import { CarteraPanel } from './CarteraPanel';
import type { Cliente } from './tipos';
import { texto } from './textos';

/** «Nueva oferta»: the quote's form with this client chosen (react-admin's ?source= gives the new record's values). */
function NuevaOferta({ cliente }: { cliente: number }) {
  const { canAccess } = useCanAccess({ resource: 'ofertas', action: 'create' });
  if (!canAccess) return null;
  return (
    <Button
      component={Link}
      to={`/ofertas/create?${new URLSearchParams({ source: JSON.stringify({ CLI_CODIGO: cliente }) })}`}
      startIcon={<RequestQuoteIcon />}
    >
      {texto('show.nueva_oferta')}
    </Button>
  );
}

function Acciones() {
  const record = useRecordContext<Cliente>();
  // The consumidor final is fixed: neither edited nor deleted; nor is it offered a quote.
  if (!record || record.CLI_CONSUMIDOR_FINAL) return <TopToolbar />;
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <NuevaOferta cliente={record.CLI_CODIGO} />
      <EditButton />
      <ClienteEliminar record={record} />
    </TopToolbar>
  );
}

function Titulo() {
  const record = useRecordContext<Cliente>();
  return <span>{record?.CLI_RAZON_SOCIAL ?? ''}</span>;
}

function Contenido() {
  const record = useRecordContext<Cliente>();
  if (!record) return null;
  const tipo = TIPOS_IDENTIFICACION.find((t) => t.id === record.CLI_TIPO_IDENTIFICACION)?.name ?? '';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {record.CLI_RAZON_SOCIAL}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography color="text.secondary">
            {tipo} {record.CLI_IDENTIFICACION}
            {record.CLI_CONSUMIDOR_FINAL && ` · ${texto('show.consumidor_final')}`}
          </Typography>
          <BanderaChips banderas={record.CLI_BANDERAS} />
        </Box>
      </Box>
      <ClienteDatosCard record={record} />
      <EstadoCuentaPanel cliente={record.CLI_CODIGO} />
      <CarteraPanel cliente={record.CLI_CODIGO} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <BanderasPanel record={record} />
        <DocumentosPanel cliente={record.CLI_CODIGO} />
      </Box>
      <EnviosPanel record={record} />
    </Box>
  );
}

/** A client's page: data, taxpayer flags, documents and sendings. */
export const ClienteShow = () => (
  <Show actions={<Acciones />} title={<Titulo />}>
    <Contenido />
  </Show>
);
