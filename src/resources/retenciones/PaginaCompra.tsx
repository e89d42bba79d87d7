import type { ReactNode } from 'react';
import { type Identifier, Link, useCreatePath, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { TIPOS_IDENTIFICACION_PROVEEDOR } from '../../../domain/proveedores';
import { formatDate } from '../../../domain/fechas';
import { useDocumento, type Documento, type RegistroSri } from '../../comprobantes/documento';
import { EstadoSri } from '../../comprobantes/EstadoSri';
import { PaginaDocumento, Seccion } from '../../comprobantes/pagina';
import { EstadoChip } from '../../comprobantes/piezas';
import { Dato } from '../../shell/Dato';
import { dinero } from '../../ui/numeros';

/** A purchase document as its page reads it: the SRI's fields, its supplier and its emission. */
export type RegistroCompra = RegistroSri & {
  FAC_FECHA: string;
  FAC_TOTAL: string;
  EST_NUMERO?: string;
  PEM_NUMERO?: string;
  PRV_CODIGO: number;
  PRV_RAZON_SOCIAL: string;
  PRV_IDENTIFICACION: string;
  PRV_TIPO_IDENTIFICACION?: string;
};

const nombreTipo = (tipo?: string) => TIPOS_IDENTIFICACION_PROVEEDOR.find((t) => t.id === tipo)?.name ?? tipo ?? '';

/** The emission (date, series, access key) and the supplier, with a link to its record. */
function Cabecera({ record, datos }: { record: RegistroCompra; datos?: ReactNode }) {
  const { texto } = useDocumento();
  const createPath = useCreatePath();
  const grid2 = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } };
  return (
    <Box sx={grid2}>
      <Seccion titulo={texto('show.emision')}>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))' }}>
          <Dato label={texto('form.fecha')}>{formatDate(record.FAC_FECHA)}</Dato>
          {record.EST_NUMERO && <Dato label={texto('campos.PEM_CODIGO')}>{`${record.EST_NUMERO}-${record.PEM_NUMERO}`}</Dato>}
          {datos}
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
      <Seccion titulo={texto('show.proveedor')}>
        <Dato label={nombreTipo(record.PRV_TIPO_IDENTIFICACION)}>{record.PRV_IDENTIFICACION}</Dato>
        <Box sx={{ mt: 1.5 }}>
          <Dato label={texto('form.proveedor')}>
            <Link to={createPath({ resource: 'proveedores', type: 'show', id: record.PRV_CODIGO })} data-proveedor>
              {record.PRV_RAZON_SOCIAL}
            </Link>
          </Dato>
        </Box>
      </Seccion>
    </Box>
  );
}

type Props = {
  completa: (r: RegistroCompra) => boolean;
  cuerpo: (r: RegistroCompra) => ReactNode;
  /** Buttons beside the number (a liquidación's «Retener»). */
  botones?: (r: RegistroCompra) => ReactNode;
  /** More data of the emission (a retención's fiscal period). */
  datos?: (r: RegistroCompra) => ReactNode;
};

function Contenido({ completa, cuerpo, botones, datos }: Props) {
  const record = useRecordContext<RegistroCompra>();
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
        {botones?.(record)}
        <Typography variant="h6" component="span" sx={{ ml: { sm: 'auto' }, fontVariantNumeric: 'tabular-nums' }}>
          {texto('form.total')} {dinero(record.FAC_TOTAL)}
        </Typography>
      </Box>
      <EstadoSri record={record} />
      <Cabecera record={record} datos={datos?.(record)} />
      {cuerpo(record)}
    </Box>
  );
}

/**
 * A purchase document's page (retención, liquidación de compra): number, state and total; its state at the SRI (the
 * shared panel and actions: issue, downloads, email to the supplier, annul); the emission and the supplier; then its
 * own body once the detail arrived (`completa`).
 */
export function PaginaCompra({ id, documento, ...props }: Props & { id?: Identifier; documento: Documento }) {
  return (
    <PaginaDocumento id={id} documento={documento}>
      <Contenido {...props} />
    </PaginaDocumento>
  );
}
