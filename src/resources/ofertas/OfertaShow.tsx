import { EditButton, type Identifier, Link, Show, TopToolbar, useCanAccess, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import { formatDate, formatDateTime } from '../../../domain/fechas';
import { TIPOS_IDENTIFICACION_COMPRADOR } from '../../../domain/facturas';
import { DocumentoProvider, type Documento } from '../../comprobantes/documento';
import { LineasDocumento, Seccion } from '../../comprobantes/pagina';
import { FilaTotal, FilasTotales, nombreEstado } from '../../comprobantes/piezas';
import { Dato } from '../../shell/Dato';
import { dinero } from '../../ui/numeros';
import { DescargarPdf, Eliminar, EnviarCorreo, Facturar, Responder, type Registro } from './acciones';
import { numeroOferta } from '../../../domain/ofertas';
import { esEditable } from './formulario';
import { EstadoOfertaChip } from './piezas';
import { texto } from './textos';

const t = (key: string, options?: object) => texto(`show.${key}`, options);
const campo = (source: string) => texto(`campos.${source}`);

/** What the shared lines table needs of the document it shows (its column names). */
const OFERTA: Documento = { recurso: 'ofertas', api: '/api/ofertas', archivo: 'oferta', texto };

/** Still on offer: sent (again) or answered by the client. */
const enCurso = (estado: string) => estado === 'BORRADOR' || estado === 'ENVIADA';

/**
 * What can be done with the quote, by its state and the user's role (who sells): edit it while a draft or sent, send
 * it, mark the client's answer, invoice an accepted one, delete one not invoiced; anyone downloads its PDF. An expired
 * one is edited to give it a new validity.
 */
function Acciones() {
  const record = useRecordContext<Registro>();
  const { canAccess: vende } = useCanAccess({ resource: 'ofertas', action: 'edit' });
  const { canAccess: factura } = useCanAccess({ resource: 'ofertas', action: 'facturar' });
  if (!record || !Array.isArray(record.lineas)) return <TopToolbar />;
  const estado = record.OFE_ESTADO;
  const facturada = record.FAC_CODIGO !== null;
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1, justifyContent: { xs: 'flex-start', sm: 'flex-end' } }}>
      {factura && estado === 'ACEPTADA' && !facturada && <Facturar record={record} />}
      {vende && enCurso(estado) && <Responder record={record} respuesta="aceptar" />}
      {vende && enCurso(estado) && <EnviarCorreo record={record} />}
      <DescargarPdf record={record} />
      {vende && esEditable(record) && <EditButton />}
      {vende && !facturada && estado !== 'RECHAZADA' && <Responder record={record} respuesta="rechazar" />}
      {vende && !facturada && <Eliminar record={record} />}
    </TopToolbar>
  );
}

function Titulo() {
  const record = useRecordContext<Registro>();
  return <span>{record ? `${texto('titulo')} ${numeroOferta(record.OFE_NUMERO)}` : ''}</span>;
}

/** The invoice the quote became: its number and state, a link to it. */
function SuFactura({ record }: { record: Registro }) {
  if (!record.FAC_CODIGO) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-factura>
      <Button component={Link} to={`/facturas/${record.FAC_CODIGO}/show`} variant="outlined" size="small" startIcon={<ReceiptIcon />}>
        {record.FAC_NUMERO ? t('factura', { numero: record.FAC_NUMERO }) : t('factura_borrador')}
      </Button>
      {record.FAC_ESTADO && record.FAC_NUMERO && (
        <Typography variant="body2" color="text.secondary">
          {nombreEstado(record.FAC_ESTADO)}
        </Typography>
      )}
    </Box>
  );
}

function Contenido() {
  const record = useRecordContext<Registro>();
  // Opened from the list, react-admin first shows the list's row (no lines) until GET /:id answers.
  if (!record || !Array.isArray(record.lineas)) return <LinearProgress sx={{ m: 2 }} />;
  const f = (key: string, options?: object) => texto(`totales.${key}`, options);
  const tipoId =
    TIPOS_IDENTIFICACION_COMPRADOR.find((x) => x.id === record.CLI_TIPO_IDENTIFICACION)?.name ?? record.CLI_TIPO_IDENTIFICACION;
  const grid2 = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" data-numero>
          {`${texto('titulo')} ${numeroOferta(record.OFE_NUMERO)}`}
        </Typography>
        <EstadoOfertaChip estado={record.OFE_ESTADO} size="medium" />
        <SuFactura record={record} />
        <Typography variant="h6" component="span" sx={{ ml: { sm: 'auto' }, fontVariantNumeric: 'tabular-nums' }}>
          {f('total')} {dinero(record.OFE_TOTAL)}
        </Typography>
      </Box>
      <Box sx={grid2}>
        <Seccion titulo={t('datos')}>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))' }}>
            <Dato label={campo('OFE_FECHA')}>{formatDate(record.OFE_FECHA)}</Dato>
            <Dato label={campo('OFE_VALIDEZ')}>
              <span data-validez>{formatDate(record.OFE_VALIDEZ)}</span>
            </Dato>
          </Box>
          {record.OFE_ENVIADA && (
            <Box sx={{ mt: 1.5 }}>
              <Dato label={t('enviada')}>
                {t('enviada_a', { fecha: formatDateTime(record.OFE_ENVIADA), para: record.OFE_ENVIO_DETALLE ?? '' })}
              </Dato>
            </Box>
          )}
        </Seccion>
        <Seccion titulo={t('cliente')}>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))' }}>
            <Dato label={campo('CLI_RAZON_SOCIAL')}>
              <Link to={`/clientes/${record.CLI_CODIGO}/show`}>{record.CLI_RAZON_SOCIAL}</Link>
            </Dato>
            <Dato label={tipoId}>{record.CLI_IDENTIFICACION}</Dato>
          </Box>
          {record.CLI_CORREOS.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
              {record.CLI_CORREOS.join(', ')}
            </Typography>
          )}
        </Seccion>
      </Box>
      <Seccion titulo={t('lineas')}>
        <LineasDocumento lineas={record.lineas} descuentoEnTelefono />
      </Seccion>
      <Box sx={grid2}>
        <Box sx={{ minWidth: 0 }}>
          {record.OFE_NOTAS && (
            <Seccion titulo={t('notas')}>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-notas>
                {record.OFE_NOTAS}
              </Typography>
            </Seccion>
          )}
        </Box>
        <Seccion titulo={t('totales')}>
          <FilasTotales
            f={f}
            subtotales={record.subtotalesIva}
            subtotal={record.OFE_SUBTOTAL}
            total={record.OFE_TOTAL}
            antesDelIva={<FilaTotal label={f('descuentos')} valor={dinero(record.OFE_DESCUENTO)} />}
          />
        </Seccion>
      </Box>
    </Box>
  );
}

/** A quote's page: number, state and the invoice it became; its dates, client, lines, totals and notes; its actions. */
export const OfertaShow = ({ id }: { id?: Identifier }) => (
  <DocumentoProvider value={OFERTA}>
    <Show id={id} actions={<Acciones />} title={<Titulo />}>
      <Contenido />
    </Show>
  </DocumentoProvider>
);
