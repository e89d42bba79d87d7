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
  useTranslate,
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
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { AMBIENTES, nombreFormaPago, tarifaIva, TIPOS_IDENTIFICACION_COMPRADOR, vencimiento } from '../../../domain/facturas';
import { formatDate } from '../../../domain/fechas';
import { useNarrow } from '../../shell/catalogo';
import { sinCeros } from './formulario';
import { dinero } from '../../ui/numeros';
import { EstadoFacturaChip, FilaTotal } from './piezas';
import { Dato } from '../../shell/Dato';
import { texto } from './textos';
import type { FacturaDetalle } from '../../../domain/contratos/facturas';
import { Anular, Descargar, Emitir } from '../../comprobantes/acciones';
import { DocumentoProvider } from '../../comprobantes/documento';
import { EstadoSri } from '../../comprobantes/EstadoSri';
import { NotasDeFactura } from '../../comprobantes/NotasDeFactura';
import { esPendiente, INTERVALO_FACTURA, tieneAutorizacion } from './estados';
import { FACTURA } from './documento';

type Registro = FacturaDetalle & { id: number };
const t = (key: string, options?: object) => texto(`show.${key}`, options);
const c = (key: string) => texto(`columnas.${key}`);
const UNIDAD: Record<string, string> = { dias: 'días', meses: 'meses' };

function Eliminar({ record }: { record: Registro }) {
  const notify = useNotify();
  const redirect = useRedirect();
  const [remove, { isPending }] = useDelete();
  const [confirmando, setConfirmando] = useState(false);
  const eliminar = () =>
    remove(
      'facturas',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirmando(false);
          notify(t('eliminado'), { type: 'info' });
          redirect('list', 'facturas');
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
        {t('eliminar')}
      </Button>
      <Confirm
        isOpen={confirmando}
        loading={isPending}
        title={t('eliminar_titulo')}
        content={t('eliminar_texto')}
        onConfirm={eliminar}
        onClose={() => setConfirmando(false)}
      />
    </>
  );
}

/**
 * A draft is issued, edited or deleted; an issued invoice downloads its signed XML and RIDE, and once authorized the
 * SRI's authorized XML; an authorized one can be marked as annulled. Correcting and sending again are in the SRI panel.
 * Each action only for the roles that may take it (who sells handles drafts, accounting annuls).
 */
function Acciones() {
  const record = useRecordContext<Registro>();
  const { canAccess: vende } = useCanAccess({ resource: 'facturas', action: 'emitir' });
  const { canAccess: anula } = useCanAccess({ resource: 'facturas', action: 'anular' });
  if (!record) return <TopToolbar />;
  const borrador = record.FAC_ESTADO === 'BORRADOR';
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      {borrador ? (
        vende && (
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
  const record = useRecordContext<Registro>();
  return <span>{record ? `${texto('titulo')} ${record.FAC_NUMERO ?? texto('borrador')}` : ''}</span>;
}

function Seccion({ titulo, children }: { titulo: string; children: ReactNode }) {
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

const ivaDe = (codigo: string) => tarifaIva(codigo)?.nombre ?? codigo;
const num = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The lines: a table on a wide screen, one block per line on a phone. */
function Lineas({ record }: { record: Registro }) {
  const narrow = useNarrow();
  if (narrow)
    return (
      <Box sx={{ display: 'grid', gap: 1 }}>
        {record.lineas.map((l, i) => (
          <Box key={i} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1, minWidth: 0 }}>
            <Typography variant="body2" fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>
              {l.FDE_DESCRIPCION}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[l.FDE_PRINCIPAL, `${sinCeros(l.FDE_CANTIDAD)} × ${dinero(sinCeros(l.FDE_PRECIO))}`, ivaDe(l.FDE_IVA)]
                .filter(Boolean)
                .join(' · ')}
              {Number(l.FDE_DESCUENTO) > 0 && ` · ${c('descuento')} ${dinero(l.FDE_DESCUENTO)}`}
            </Typography>
            <Typography variant="body2" sx={num}>
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
          <TableCell sx={num}>{c('cantidad')}</TableCell>
          <TableCell sx={num}>{c('precio')}</TableCell>
          <TableCell sx={num}>{c('descuento')}</TableCell>
          <TableCell>{c('iva')}</TableCell>
          <TableCell sx={num}>{c('subtotal')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {record.lineas.map((l, i) => (
          <TableRow key={i}>
            <TableCell>{l.FDE_PRINCIPAL}</TableCell>
            <TableCell>{l.FDE_DESCRIPCION}</TableCell>
            <TableCell sx={num}>{sinCeros(l.FDE_CANTIDAD)}</TableCell>
            <TableCell sx={num}>{dinero(sinCeros(l.FDE_PRECIO))}</TableCell>
            <TableCell sx={num}>{dinero(l.FDE_DESCUENTO)}</TableCell>
            <TableCell>{ivaDe(l.FDE_IVA)}</TableCell>
            <TableCell sx={num}>{dinero(l.FDE_SUBTOTAL)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Totales({ record }: { record: Registro }) {
  const f = (key: string, options?: object) => texto(`form.${key}`, options);
  return (
    <>
      {record.subtotalesIva.map((s) => (
        <FilaTotal key={s.codigoPorcentaje} label={f('subtotal_tarifa', { nombre: s.nombre })} valor={dinero(s.baseImponible)} />
      ))}
      <FilaTotal label={f('subtotal_sin_impuestos')} valor={dinero(record.FAC_SUBTOTAL)} />
      <FilaTotal label={f('descuentos')} valor={dinero(record.FAC_DESCUENTO)} />
      {record.subtotalesIva
        .filter((s) => Number(s.tarifa) > 0)
        .map((s) => (
          <FilaTotal key={`iva-${s.codigoPorcentaje}`} label={s.nombre} valor={dinero(s.valor)} />
        ))}
      {Number(record.FAC_PROPINA) > 0 && <FilaTotal label={f('propina')} valor={dinero(record.FAC_PROPINA)} />}
      <FilaTotal label={f('total')} valor={dinero(record.FAC_TOTAL)} fuerte />
    </>
  );
}

function Contenido() {
  const record = useRecordContext<Registro>();
  const translate = useTranslate();
  // Opened from the list, react-admin first shows the list's row (no lines, no payments) until GET /:id answers.
  if (!record || !Array.isArray(record.lineas)) return <LinearProgress sx={{ m: 2 }} />;
  const f = (field: string) => translate(`resources.facturas.fields.${field}`);
  const tipoId =
    TIPOS_IDENTIFICACION_COMPRADOR.find((x) => x.id === record.CLI_TIPO_IDENTIFICACION)?.name ?? record.CLI_TIPO_IDENTIFICACION;
  const ambiente = record.FAC_AMBIENTE ? AMBIENTES[String(record.FAC_AMBIENTE) as keyof typeof AMBIENTES] : null;
  const grid2 = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" data-numero>
          {record.FAC_NUMERO ?? texto('borrador')}
        </Typography>
        <EstadoFacturaChip estado={record.FAC_ESTADO} size="medium" />
        <Typography variant="h6" component="span" sx={{ ml: { sm: 'auto' }, fontVariantNumeric: 'tabular-nums' }}>
          {texto('form.total')} {dinero(record.FAC_TOTAL)}
        </Typography>
      </Box>
      <EstadoSri record={record} />
      {record.FAC_ESTADO === 'AUTORIZADA' && <NotasDeFactura factura={record.FAC_CODIGO} />}
      <Box sx={grid2}>
        <Seccion titulo={t('emisor')}>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))' }}>
            <Dato label={f('FAC_FECHA')}>{formatDate(record.FAC_FECHA)}</Dato>
            <Dato label={t('vence')}>
              <span data-vence>{formatDate(vencimiento(record.FAC_FECHA, record.pagos))}</span>
            </Dato>
            <Dato label={f('serie')}>{`${record.EST_NUMERO}-${record.PEM_NUMERO}`}</Dato>
            {ambiente && <Dato label={texto('show.ambiente')}>{ambiente}</Dato>}
          </Box>
          {record.FAC_CLAVE_ACCESO && (
            <Box sx={{ mt: 1.5 }}>
              <Dato label={t('clave')}>
                <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.85rem' }} data-clave>
                  {record.FAC_CLAVE_ACCESO}
                </Box>
              </Dato>
            </Box>
          )}
        </Seccion>
        <Seccion titulo={t('comprador')}>
          <Dato label={tipoId}>{record.CLI_IDENTIFICACION}</Dato>
          <Box sx={{ mt: 1.5 }}>
            <Dato label={translate('resources.clientes.fields.CLI_RAZON_SOCIAL')}>{record.CLI_RAZON_SOCIAL}</Dato>
          </Box>
        </Seccion>
      </Box>
      <Seccion titulo={t('lineas')}>
        <Lineas record={record} />
      </Seccion>
      <Box sx={grid2}>
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>
          <Seccion titulo={t('pagos')}>
            {record.pagos.map((p, i) => (
              <Box key={i} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
                <Typography variant="body2" sx={{ minWidth: 0 }}>
                  {nombreFormaPago(p.FPA_FORMA) ?? p.FPA_FORMA}
                  {p.FPA_PLAZO ? ` · ${p.FPA_PLAZO} ${UNIDAD[p.FPA_UNIDAD ?? ''] ?? p.FPA_UNIDAD ?? ''}` : ''}
                </Typography>
                <Typography variant="body2" sx={num}>
                  {dinero(p.FPA_TOTAL)}
                </Typography>
              </Box>
            ))}
          </Seccion>
          {record.FAC_ADICIONAL.length > 0 && (
            <Seccion titulo={t('adicional')}>
              {record.FAC_ADICIONAL.map((a, i) => (
                <Box key={i} sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
                  <Typography variant="body2" color="text.secondary" sx={{ flex: '0 0 120px' }}>
                    {a.nombre}
                  </Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {a.valor}
                  </Typography>
                </Box>
              ))}
            </Seccion>
          )}
        </Box>
        <Seccion titulo={t('totales')}>
          <Totales record={record} />
        </Seccion>
      </Box>
    </Box>
  );
}

/** While the SRI owes an answer (or the email is on its way) the page asks again every 2 s; otherwise never. */
const esperando = (record: Registro | undefined) =>
  Boolean(record && (esPendiente(record.FAC_ESTADO) || record.cola || record.FAC_ENTREGA === 'PENDIENTE'));

/**
 * An invoice's page: its state at the SRI (EstadoSri), its data, lines, payments and totals; issue a draft, download
 * an issued one's documents.
 */
export const FacturaShow = ({ id }: { id?: Identifier }) => (
  <DocumentoProvider value={FACTURA}>
    <Show
      id={id}
      actions={<Acciones />}
      title={<Titulo />}
      queryOptions={{ refetchInterval: (query) => (esperando(query.state.data as Registro | undefined) ? INTERVALO_FACTURA : false) }}
    >
      <Contenido />
    </Show>
  </DocumentoProvider>
);
