import type { ReactNode } from 'react';
import { type Identifier, Link, useCreatePath, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import type { Nota } from '../../domain/contratos/notasCredito';
import type { SubtotalIva } from '../../domain/facturas';
import { formatDate } from '../../domain/fechas';
import { Dato } from '../shell/Dato';
import { dinero } from '../ui/numeros';
import { useDocumento, type Documento, type RegistroSri } from './documento';
import { EstadoSri } from './EstadoSri';
import { PaginaDocumento, Seccion } from './pagina';
import { EstadoChip, FilasTotales } from './piezas';

/** A note as its page reads it: the list's row, the SRI's fields of its detail, and its own body (lines or reasons). */
export type NotaRegistro = Nota &
  Omit<RegistroSri, keyof Nota> & { EST_NUMERO?: string; PEM_NUMERO?: string; CLI_TIPO_IDENTIFICACION?: string };

/** The totals as the RIDE prints them: the base per IVA rate, the subtotal, the IVA per rate, the total. */
export function TotalesNota({ subtotales, subtotal, total }: { subtotales: readonly SubtotalIva[]; subtotal: string; total: string }) {
  const { texto } = useDocumento();
  return <FilasTotales f={(key, options) => texto(`form.${key}`, options)} subtotales={subtotales} subtotal={subtotal} total={total} />;
}

/** The invoice the note modifies (a link to its page), the motivo, the emission and the buyer. */
function Cabecera({ record }: { record: NotaRegistro }) {
  const { texto } = useDocumento();
  const createPath = useCreatePath();
  const grid2 = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } };
  return (
    <Box sx={grid2}>
      <Seccion titulo={texto('show.factura')}>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))' }}>
          <Dato label={texto('titulo_factura')}>
            <Link to={createPath({ resource: 'facturas', type: 'show', id: record.FAC_MODIFICA })} data-factura>
              {record.FACTURA_NUMERO ?? record.FAC_MODIFICA}
            </Link>
          </Dato>
          <Dato label={texto('show.fecha_factura')}>{formatDate(record.FACTURA_FECHA)}</Dato>
        </Box>
        {record.FAC_MOTIVO && (
          <Box sx={{ mt: 1.5 }}>
            <Dato label={texto('show.motivo')}>
              <Box component="span" sx={{ overflowWrap: 'anywhere' }} data-motivo-nota>
                {record.FAC_MOTIVO}
              </Box>
            </Dato>
          </Box>
        )}
      </Seccion>
      <Seccion titulo={texto('show.emision')}>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))' }}>
          <Dato label={texto('form.fecha')}>{formatDate(record.FAC_FECHA)}</Dato>
          <Dato label={texto('show.comprador')}>
            {record.CLI_RAZON_SOCIAL}
            <Typography variant="body2" color="text.secondary" component="span" display="block">
              {record.CLI_IDENTIFICACION}
            </Typography>
          </Dato>
        </Box>
        {record.FAC_CLAVE_ACCESO && (
          <Box sx={{ mt: 1.5 }}>
            <Dato label={texto('show.clave')}>
              <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.85rem', overflowWrap: 'anywhere' }} data-clave>
                {record.FAC_CLAVE_ACCESO}
              </Box>
            </Dato>
          </Box>
        )}
      </Seccion>
    </Box>
  );
}

function Contenido({ completa, cuerpo }: { completa: (r: NotaRegistro) => boolean; cuerpo: (r: NotaRegistro) => ReactNode }) {
  const record = useRecordContext<NotaRegistro>();
  const { texto } = useDocumento();
  // Opened from the list, react-admin first shows the list's row until GET /:id answers.
  if (!record || !completa(record)) return <LinearProgress sx={{ m: 2 }} />;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" data-numero>
          {record.FAC_NUMERO ?? texto('borrador')}
        </Typography>
        <EstadoChip estado={record.FAC_ESTADO} size="medium" />
        <Button component={Link} to={`/facturas/${record.FAC_MODIFICA}/show`} size="small" startIcon={<ReceiptIcon />}>
          {texto('show.ver_factura')}
        </Button>
        <Typography variant="h6" component="span" sx={{ ml: { sm: 'auto' }, fontVariantNumeric: 'tabular-nums' }}>
          {texto('form.total')} {dinero(record.FAC_TOTAL)}
        </Typography>
      </Box>
      <EstadoSri record={record} />
      <Cabecera record={record} />
      {cuerpo(record)}
    </Box>
  );
}

/**
 * A note's page: number, state and total; its state at the SRI (the shared panel, asked again every 2 s while the SRI
 * owes an answer); the invoice it modifies with a link to it, the motivo, the buyer; then its own body (`cuerpo`:
 * returned lines, or reasons and payments) once the detail arrived (`completa`).
 */
export function NotaPagina({
  id,
  documento,
  completa,
  cuerpo,
}: {
  id?: Identifier;
  documento: Documento;
  completa: (r: NotaRegistro) => boolean;
  cuerpo: (r: NotaRegistro) => ReactNode;
}) {
  return (
    <PaginaDocumento id={id} documento={documento}>
      <Contenido completa={completa} cuerpo={cuerpo} />
    </PaginaDocumento>
  );
}
