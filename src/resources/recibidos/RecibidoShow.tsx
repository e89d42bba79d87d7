import { Fragment, type ReactNode } from 'react';
import { type Identifier, Link, Show, TopToolbar, useCanAccess, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CodeIcon from '@mui/icons-material/Code';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import type { RecibidoDetalle } from '../../../domain/contratos/recibidos';
import { AMBIENTES, nombreFormaPago, tarifaIva } from '../../../domain/facturas/catalogos';
import { formatDate, formatDateTime } from '../../../domain/fechas';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { CIFRA, Seccion } from '../../comprobantes/pagina';
import { Dato } from '../../shell/Dato';
import { RemoveRecordButton } from '../../shell/RemoveRecordButton';
import { useNarrow } from '../../shell/catalogo';
import { useAccion } from '../../shell/useAccion';
import { dinero } from '../../ui/numeros';
import { emisorEnlace, RetencionCelda, RetenerBoton } from './piezas';
import { nombreTipo, texto } from './textos';

type Registro = RecibidoDetalle & { id: number };
const t = (key: string, options?: object) => texto(`show.${key}`, options);
const c = (key: string) => texto(`columnas.${key}`);
const impuesto = (codigo: string) => texto(`impuestos.${codigo}`);
const UNIDAD: Record<string, string> = { dias: 'días', meses: 'meses' };
const grid2 = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } };
const datos = { display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' };
/** The file names the server gives, for a browser that does not read Content-Disposition. */
const archivo = (r: Registro, extension: string) =>
  `recibido-${nombreTipo(r.REC_TIPO).toLowerCase().replace(/\s+/g, '-')}-${r.REC_NUMERO}.${extension}`;

function Descargar({ record, tipo }: { record: Registro; tipo: 'xml' | 'ride' }) {
  const dataProvider = useAreaDataProvider();
  const { pending, run } = useAccion();
  return (
    <Button
      startIcon={tipo === 'xml' ? <CodeIcon /> : <PictureAsPdfIcon />}
      disabled={pending}
      onClick={() =>
        run(() => dataProvider.download(`/api/recibidos/${record.REC_CODIGO}/${tipo}`, archivo(record, tipo === 'xml' ? 'xml' : 'pdf')))
      }
    >
      {t(tipo)}
    </Button>
  );
}

/** Forgets the document after asking; the server refuses (409, its words) while a retention or a collection rests on it. */
function Eliminar({ record }: { record: Registro }) {
  return (
    <RemoveRecordButton
      resource="recibidos"
      record={record}
      texts={{ label: t('eliminar'), title: t('eliminar_titulo'), content: t('eliminar_texto'), done: t('eliminado') }}
    />
  );
}

function Acciones() {
  const record = useRecordContext<Registro>();
  const { canAccess: registra } = useCanAccess({ resource: 'recibidos', action: 'delete' });
  if (!record) return <TopToolbar />;
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      <RetenerBoton record={record} variant="outlined" />
      <Descargar record={record} tipo="ride" />
      <Descargar record={record} tipo="xml" />
      {registra && <Eliminar record={record} />}
    </TopToolbar>
  );
}

function Titulo() {
  const record = useRecordContext<Registro>();
  return <span>{record ? `${nombreTipo(record.REC_TIPO)} ${record.REC_NUMERO}` : ''}</span>;
}

/**
 * A section's table; on a phone each row is a block of labelled values, as a table of figures does not fit 390 px.
 */
function Tabla({ columnas, filas, label }: { columnas: Array<{ titulo: string; cifra?: boolean }>; filas: ReactNode[][]; label: string }) {
  const narrow = useNarrow();
  if (narrow)
    return (
      <Box component="ul" aria-label={label} sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {filas.map((fila, i) => (
          <Box
            component="li"
            key={i}
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto minmax(0, 1fr)',
              columnGap: 2,
              borderBottom: 1,
              borderColor: 'divider',
              pb: 1,
            }}
          >
            {fila.map((celda, j) => (
              <Fragment key={j}>
                <Typography variant="body2" color="text.secondary">
                  {columnas[j]?.titulo}
                </Typography>
                <Typography variant="body2" sx={{ ...CIFRA, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                  {celda}
                </Typography>
              </Fragment>
            ))}
          </Box>
        ))}
      </Box>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columnas.map((col) => (
              <TableCell key={col.titulo} sx={col.cifra ? CIFRA : undefined}>
                {col.titulo}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {filas.map((fila, i) => (
            <TableRow key={i}>
              {fila.map((celda, j) => (
                <TableCell key={j} sx={columnas[j]?.cifra ? CIFRA : undefined}>
                  {celda}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Impuestos({ record }: { record: Registro }) {
  const { impuestos } = record.REC_DATOS;
  const tarifa = (i: (typeof impuestos)[number]) =>
    i.codigo === '2'
      ? (tarifaIva(i.codigoPorcentaje)?.nombre ?? i.tarifa ?? i.codigoPorcentaje)
      : i.tarifa
        ? `${i.tarifa} %`
        : i.codigoPorcentaje;
  return (
    <Seccion titulo={t('impuestos')}>
      <Tabla
        label={t('impuestos')}
        columnas={[
          { titulo: c('impuesto') },
          { titulo: c('tarifa') },
          { titulo: c('base'), cifra: true },
          { titulo: c('valor'), cifra: true },
        ]}
        filas={impuestos.map((i) => [impuesto(i.codigo), tarifa(i), dinero(i.baseImponible), dinero(i.valor)])}
      />
      <Box sx={{ display: 'grid', gap: 0.5, mt: 2, justifyContent: 'end', gridTemplateColumns: 'auto auto', columnGap: 3 }}>
        <Typography variant="body2">{texto('lista.subtotal')}</Typography>
        <Typography variant="body2" sx={CIFRA}>
          {dinero(record.REC_SUBTOTAL)}
        </Typography>
        <Typography variant="body2">{texto('lista.iva')}</Typography>
        <Typography variant="body2" sx={CIFRA}>
          {dinero(record.REC_IVA)}
        </Typography>
        <Typography variant="body2" fontWeight={700}>
          {texto('lista.total')}
        </Typography>
        <Typography variant="body2" fontWeight={700} sx={CIFRA} data-total>
          {dinero(record.REC_TOTAL)}
        </Typography>
      </Box>
    </Seccion>
  );
}

function Retenciones({ record }: { record: Registro }) {
  const { retenciones = [], periodoFiscal } = record.REC_DATOS;
  return (
    <Seccion titulo={t('retenciones')}>
      {periodoFiscal && (
        <Box sx={{ mb: 1.5 }}>
          <Dato label={t('periodo')}>{periodoFiscal}</Dato>
        </Box>
      )}
      <Tabla
        label={t('retenciones')}
        columnas={[
          { titulo: c('impuesto') },
          { titulo: c('codigo') },
          { titulo: c('sustento') },
          { titulo: c('base'), cifra: true },
          { titulo: c('porcentaje'), cifra: true },
          { titulo: c('retenido'), cifra: true },
        ]}
        filas={retenciones.map((r) => [
          impuesto(r.codigo),
          r.codigoRetencion,
          `${nombreTipo(r.codDocSustento)} ${r.numDocSustento}${r.fechaEmisionDocSustento ? ` · ${formatDate(r.fechaEmisionDocSustento)}` : ''}`,
          dinero(r.baseImponible),
          r.porcentajeRetener,
          dinero(r.valorRetenido),
        ])}
      />
    </Seccion>
  );
}

/** A client's retención applied as a collection: the invoices it settled and how much of each. */
function Cobro({ record }: { record: Registro }) {
  const cobro = record.COBRO;
  return (
    <Seccion titulo={t('cobro')}>
      {cobro ? (
        <>
          <Tabla
            label={t('cobro')}
            columnas={[{ titulo: c('factura') }, { titulo: c('valor'), cifra: true }]}
            filas={cobro.facturas.map((f) => [
              <Link key={f.FAC_CODIGO} to={`/facturas/${f.FAC_CODIGO}/show`}>
                {f.FAC_NUMERO}
              </Link>,
              dinero(f.CFA_VALOR),
            ])}
          />
          <Typography variant="body2" sx={{ mt: 1, textAlign: 'right' }}>
            {t('cobro_total')} <strong>{dinero(cobro.COB_VALOR)}</strong>
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('sin_cobro')}
        </Typography>
      )}
    </Seccion>
  );
}

function Contenido() {
  const record = useRecordContext<Registro>();
  // Opened from the list, react-admin first shows the list's row (no REC_DATOS) until GET /:id answers.
  if (!record?.REC_DATOS) return <LinearProgress sx={{ m: 2 }} />;
  const d = record.REC_DATOS;
  const enlace = emisorEnlace(record);
  const esRetencion = record.REC_TIPO === '07';
  const ambiente = AMBIENTES[String(record.REC_AMBIENTE) as keyof typeof AMBIENTES];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" data-numero>
          {nombreTipo(record.REC_TIPO)} {record.REC_NUMERO}
        </Typography>
        {record.RETENCION && <RetencionCelda record={record} />}
        <Typography variant="h6" component="span" sx={{ ml: { sm: 'auto' }, fontVariantNumeric: 'tabular-nums' }}>
          {texto('lista.total')} {dinero(record.REC_TOTAL)}
        </Typography>
      </Box>
      <Box sx={grid2}>
        <Seccion titulo={t('documento')}>
          <Box sx={datos}>
            <Dato label={texto('lista.tipo')}>{nombreTipo(record.REC_TIPO)}</Dato>
            <Dato label={t('fecha')}>{formatDate(record.REC_FECHA)}</Dato>
            {ambiente && <Dato label={t('ambiente')}>{ambiente}</Dato>}
            <Dato label={t('fecha_autorizacion')}>
              {record.REC_FECHA_AUTORIZACION ? formatDateTime(record.REC_FECHA_AUTORIZACION) : '—'}
            </Dato>
            <Dato label={t('origen')}>{texto(`origenes.${record.REC_ORIGEN}`)}</Dato>
            <Dato label={t('registrado')}>{formatDateTime(record.REC_CREADO)}</Dato>
          </Box>
          <Box sx={{ mt: 1.5, display: 'grid', gap: 1.5 }}>
            <Dato label={t('clave')}>
              <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.85rem' }} data-clave>
                {record.REC_CLAVE_ACCESO}
              </Box>
            </Dato>
            {record.REC_AUTORIZACION !== record.REC_CLAVE_ACCESO && (
              <Dato label={t('autorizacion')}>
                <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.85rem' }}>
                  {record.REC_AUTORIZACION}
                </Box>
              </Dato>
            )}
          </Box>
        </Seccion>
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>
          <Seccion titulo={t('emisor')}>
            <Box sx={datos}>
              <Dato label={t('ruc')}>{record.REC_EMISOR_RUC}</Dato>
              <Dato label={t('razon_social')}>
                {enlace ? <Link to={enlace}>{record.REC_EMISOR_RAZON_SOCIAL}</Link> : record.REC_EMISOR_RAZON_SOCIAL}
              </Dato>
            </Box>
          </Seccion>
          <Seccion titulo={t('receptor')}>
            <Box sx={datos}>
              <Dato label={t('identificacion')}>{d.receptor.identificacion}</Dato>
              <Dato label={t('razon_social')}>{d.receptor.razonSocial}</Dato>
            </Box>
          </Seccion>
        </Box>
      </Box>
      {d.modificado && (
        <Seccion titulo={t('modificado')}>
          <Box sx={datos}>
            <Dato label={texto('lista.tipo')}>{nombreTipo(d.modificado.codDoc)}</Dato>
            <Dato label={t('numero')}>{d.modificado.numero}</Dato>
            {d.modificado.fecha && <Dato label={t('fecha')}>{formatDate(d.modificado.fecha)}</Dato>}
            {d.motivo && <Dato label={t('motivo')}>{d.motivo}</Dato>}
          </Box>
        </Seccion>
      )}
      {esRetencion ? (
        <>
          <Retenciones record={record} />
          <Cobro record={record} />
        </>
      ) : (
        <Box sx={grid2}>
          <Impuestos record={record} />
          {d.pagos.length > 0 && (
            <Seccion titulo={t('pagos')}>
              <Tabla
                label={t('pagos')}
                columnas={[{ titulo: c('forma') }, { titulo: c('plazo') }, { titulo: c('valor'), cifra: true }]}
                filas={d.pagos.map((p) => [
                  nombreFormaPago(p.formaPago) ?? p.formaPago,
                  p.plazo ? `${p.plazo} ${UNIDAD[p.unidadTiempo ?? ''] ?? p.unidadTiempo ?? ''}`.trim() : '—',
                  dinero(p.total),
                ])}
              />
            </Seccion>
          )}
        </Box>
      )}
    </Box>
  );
}

/**
 * A received document's page: its type, number and total with our retention on it (or Retener), the authorization,
 * the issuer (a link to the supplier or client), whom it is addressed to, its taxes and payments, a note's modified
 * document, a retención's withholdings and the invoices it settled; downloads of its XML and RIDE, and Eliminar.
 */
export const RecibidoShow = ({ id }: { id?: Identifier }) => (
  <Show id={id} actions={<Acciones />} title={<Titulo />}>
    <Contenido />
  </Show>
);
