import { useState, type ReactNode } from 'react';
import {
  Confirm,
  EditButton,
  type Identifier,
  Show,
  TopToolbar,
  useCanAccess,
  useDelete,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import type { FacturaLinea, FacturaPago } from '../../domain/contratos/facturas';
import { nombreFormaPago, tarifaIva } from '../../domain/facturas/catalogos';
import { useNarrow } from '../shell/catalogo';
import { dinero } from '../ui/numeros';
import { Anular, Descargar, Emitir } from './acciones';
import { DocumentoProvider, useDocumento, type Documento, type RegistroSri } from './documento';
import { esPendiente, INTERVALO_DOCUMENTO, tieneAutorizacion } from './estados';

/** A draft's delete button and its confirmation; the list follows. */
function Eliminar({ record }: { record: RegistroSri }) {
  const { recurso, texto } = useDocumento();
  const notify = useNotify();
  const redirect = useRedirect();
  const [remove, { isPending }] = useDelete();
  const [confirmando, setConfirmando] = useState(false);
  const eliminar = () =>
    remove(
      recurso,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirmando(false);
          notify(texto('show.eliminado'), { type: 'info' });
          redirect('list', recurso);
        },
        onError: (error) => {
          setConfirmando(false);
          notify((error as Error).message, { type: 'error' });
        },
      },
    );
  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirmando(true)} disabled={isPending}>
        {texto('show.eliminar')}
      </Button>
      <Confirm
        isOpen={confirmando}
        loading={isPending}
        title={texto('show.eliminar_titulo')}
        content={texto('show.eliminar_texto')}
        onConfirm={eliminar}
        onClose={() => setConfirmando(false)}
      />
    </>
  );
}

/**
 * A draft is issued, edited or deleted; an issued document downloads its signed XML and RIDE, and once authorized the
 * SRI's authorized XML; an authorized one can be marked as annulled. Correcting and sending again are in the SRI panel.
 * Each action only for the roles that may take it (who sells or keeps the books handles drafts, accounting annuls).
 */
function Acciones() {
  const record = useRecordContext<RegistroSri>();
  const { recurso } = useDocumento();
  const { canAccess: emite } = useCanAccess({ resource: recurso, action: 'emitir' });
  const { canAccess: anula } = useCanAccess({ resource: recurso, action: 'anular' });
  if (!record) return <TopToolbar />;
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      {record.FAC_ESTADO === 'BORRADOR' ? (
        emite && (
          <>
            <Emitir record={record} />
            <EditButton />
            <Eliminar record={record} />
          </>
        )
      ) : (
        <>
          <Descargar record={record} tipo="ride" />
          <Descargar record={record} tipo="xml" />
          {tieneAutorizacion(record.FAC_ESTADO) && <Descargar record={record} tipo="autorizado" />}
          {record.FAC_ESTADO === 'AUTORIZADA' && anula && <Anular record={record} />}
        </>
      )}
    </TopToolbar>
  );
}

function Titulo() {
  const record = useRecordContext<RegistroSri>();
  const { texto } = useDocumento();
  return <span>{record ? `${texto('titulo')} ${record.FAC_NUMERO ?? texto('borrador')}` : ''}</span>;
}

/** A titled card of a document's page. */
export function Seccion({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={titulo} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {titulo}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Amounts in a column: right-aligned, tabular digits, on one line. */
export const CIFRA = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** "2.500000" → "2.5": quantities and prices as the user wrote them. */
const sinCeros = (valor: string) => {
  const t = String(valor ?? '').trim();
  return /^-?\d+\.\d+$/.test(t) ? t.replace(/\.?0+$/, '') : t;
};
const ivaDe = (codigo: string) => tarifaIva(codigo)?.nombre ?? codigo;

/**
 * A document's lines (an invoice's, a credit note's returned ones): a table on a wide screen, one block per line on a
 * phone, where `descuentoEnTelefono` adds the line's discount. Column names are the document's `columnas.*` texts.
 */
export function LineasDocumento({
  lineas,
  descuentoEnTelefono = false,
}: {
  lineas: readonly FacturaLinea[];
  descuentoEnTelefono?: boolean;
}) {
  const { texto } = useDocumento();
  const c = (key: string) => texto(`columnas.${key}`);
  const narrow = useNarrow();
  if (narrow)
    return (
      <Box sx={{ display: 'grid', gap: 1 }}>
        {lineas.map((l, i) => (
          <Box key={i} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1, minWidth: 0 }}>
            <Typography variant="body2" fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>
              {l.FDE_DESCRIPCION}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[l.FDE_PRINCIPAL, `${sinCeros(l.FDE_CANTIDAD)} × ${dinero(sinCeros(l.FDE_PRECIO))}`, ivaDe(l.FDE_IVA)]
                .filter(Boolean)
                .join(' · ')}
              {descuentoEnTelefono && Number(l.FDE_DESCUENTO) > 0 && ` · ${c('descuento')} ${dinero(l.FDE_DESCUENTO)}`}
            </Typography>
            <Typography variant="body2" sx={CIFRA}>
              {dinero(l.FDE_SUBTOTAL)}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{c('codigo')}</TableCell>
          <TableCell>{c('descripcion')}</TableCell>
          <TableCell sx={CIFRA}>{c('cantidad')}</TableCell>
          <TableCell sx={CIFRA}>{c('precio')}</TableCell>
          <TableCell sx={CIFRA}>{c('descuento')}</TableCell>
          <TableCell>{c('iva')}</TableCell>
          <TableCell sx={CIFRA}>{c('subtotal')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lineas.map((l, i) => (
          <TableRow key={i}>
            <TableCell>{l.FDE_PRINCIPAL}</TableCell>
            <TableCell>{l.FDE_DESCRIPCION}</TableCell>
            <TableCell sx={CIFRA}>{sinCeros(l.FDE_CANTIDAD)}</TableCell>
            <TableCell sx={CIFRA}>{dinero(sinCeros(l.FDE_PRECIO))}</TableCell>
            <TableCell sx={CIFRA}>{dinero(l.FDE_DESCUENTO)}</TableCell>
            <TableCell>{ivaDe(l.FDE_IVA)}</TableCell>
            <TableCell sx={CIFRA}>{dinero(l.FDE_SUBTOTAL)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The payments: the SRI's form of payment and its term, the amount right; `unidades` names the term's unit. */
export function PagosDocumento({ pagos, unidades }: { pagos: readonly FacturaPago[]; unidades?: Record<string, string> }) {
  const unidad = (u: string | null | undefined) => (unidades ? (unidades[u ?? ''] ?? u ?? '') : (u ?? ''));
  return pagos.map((p, i) => (
    <Box key={i} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant="body2" sx={{ minWidth: 0 }}>
        {nombreFormaPago(p.FPA_FORMA) ?? p.FPA_FORMA}
        {p.FPA_PLAZO ? ` · ${p.FPA_PLAZO} ${unidad(p.FPA_UNIDAD)}` : ''}
      </Typography>
      <Typography variant="body2" sx={CIFRA}>
        {dinero(p.FPA_TOTAL)}
      </Typography>
    </Box>
  ));
}

/** While the SRI owes an answer (or the email is on its way) the page asks again every 2 s; otherwise never. */
const esperando = (record: RegistroSri | undefined) =>
  Boolean(record && (esPendiente(record.FAC_ESTADO) || record.cola || record.FAC_ENTREGA === 'PENDIENTE'));

/**
 * Any document's page (invoice or note): its title, its actions by state and role, asked again while the SRI owes an
 * answer; `children` shows the record. The document's texts and resource come from `documento`.
 */
export function PaginaDocumento({ id, documento, children }: { id?: Identifier; documento: Documento; children: ReactNode }) {
  return (
    <DocumentoProvider value={documento}>
      <Show
        id={id}
        actions={<Acciones />}
        title={<Titulo />}
        queryOptions={{
          refetchInterval: (query) => (esperando(query.state.data as RegistroSri | undefined) ? INTERVALO_DOCUMENTO : false),
        }}
      >
        {children}
      </Show>
    </DocumentoProvider>
  );
}
