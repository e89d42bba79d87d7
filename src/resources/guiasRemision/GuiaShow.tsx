import { type Identifier, Link, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { GuiaDestinatario, GuiaRemisionDetalle } from '../../../domain/contratos/guiasRemision';
import { formatDate } from '../../../domain/fechas';
import { EstadoSri } from '../../comprobantes/EstadoSri';
import { CIFRA, PaginaDocumento, Seccion } from '../../comprobantes/pagina';
import { EstadoChip } from '../../comprobantes/piezas';
import { Dato } from '../../shell/Dato';
import { useNarrow } from '../../shell/catalogo';
import { sinCeros } from '../facturas/formulario';
import { GUIA } from './documento';
import { texto } from './textos';

type Registro = GuiaRemisionDetalle & { id: number };
const t = (key: string, options?: object) => texto(`show.${key}`, options);
const c = (key: string) => texto(`columnas.${key}`);
const rejilla = { display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))' } as const;
const IDENTIFICACIONES: Record<string, string> = { '04': 'RUC', '05': 'Cédula', '06': 'Pasaporte', '08': 'Identificación del exterior' };

/** A destinatario's goods: a table on a wide screen, one block per good on a phone. */
function Bienes({ detalles }: { detalles: GuiaDestinatario['detalles'] }) {
  const narrow = useNarrow();
  const adicional = detalles.some((d) => d.GDT_CODIGO_ADICIONAL);
  if (narrow)
    return (
      <Box sx={{ display: 'grid', gap: 1 }}>
        {detalles.map((d, i) => (
          <Box key={i} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1, display: 'flex', gap: 1, minWidth: 0 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>
                {d.GDT_DESCRIPCION}
              </Typography>
              {(d.GDT_CODIGO_INTERNO || d.GDT_CODIGO_ADICIONAL) && (
                <Typography variant="body2" color="text.secondary">
                  {[d.GDT_CODIGO_INTERNO, d.GDT_CODIGO_ADICIONAL].filter(Boolean).join(' · ')}
                </Typography>
              )}
            </Box>
            <Typography variant="body2" sx={CIFRA}>
              {sinCeros(d.GDT_CANTIDAD)}
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
          {adicional && <TableCell>{c('adicional')}</TableCell>}
          <TableCell>{c('descripcion')}</TableCell>
          <TableCell sx={CIFRA}>{c('cantidad')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {detalles.map((d, i) => (
          <TableRow key={i}>
            <TableCell>{d.GDT_CODIGO_INTERNO}</TableCell>
            {adicional && <TableCell>{d.GDT_CODIGO_ADICIONAL}</TableCell>}
            <TableCell>{d.GDT_DESCRIPCION}</TableCell>
            <TableCell sx={CIFRA}>{sinCeros(d.GDT_CANTIDAD)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One destinatario: who, where, why, its support invoice (a link to it) and its goods. */
function Destinatario({ destinatario: d, numero }: { destinatario: GuiaDestinatario; numero: number }) {
  return (
    <Seccion titulo={t('destinatario', { numero })}>
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }} data-destinatario={numero}>
        <Box sx={rejilla}>
          <Dato label={texto('form.razon_social')}>
            {d.CLI_CODIGO ? <Link to={`/clientes/${d.CLI_CODIGO}/show`}>{d.GDE_RAZON_SOCIAL}</Link> : d.GDE_RAZON_SOCIAL}
          </Dato>
          <Dato label={texto('form.identificacion')}>{d.GDE_IDENTIFICACION}</Dato>
          <Dato label={texto('form.direccion')}>{d.GDE_DIRECCION}</Dato>
          <Dato label={t('motivo')}>{d.GDE_MOTIVO}</Dato>
          {d.GDE_SUSTENTO && (
            <Dato label={t('sustento')}>
              <Link to={`/facturas/${d.GDE_SUSTENTO}/show`} data-sustento>
                {t('factura', { numero: d.SUSTENTO_NUMERO ?? '', fecha: d.SUSTENTO_FECHA ? formatDate(d.SUSTENTO_FECHA) : '' })}
              </Link>
            </Dato>
          )}
          {d.GDE_CORREOS.length > 0 && (
            <Dato label={t('correos')}>
              <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                {d.GDE_CORREOS.join(', ')}
              </Box>
            </Dato>
          )}
          {d.GDE_DOC_ADUANERO && <Dato label={t('aduanero')}>{d.GDE_DOC_ADUANERO}</Dato>}
          {d.GDE_ESTAB_DESTINO && <Dato label={t('establecimiento')}>{d.GDE_ESTAB_DESTINO}</Dato>}
          {d.GDE_RUTA && <Dato label={t('ruta')}>{d.GDE_RUTA}</Dato>}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {t('bienes')}
          </Typography>
          <Bienes detalles={d.detalles} />
        </Box>
      </Box>
    </Seccion>
  );
}

function Contenido() {
  const record = useRecordContext<Registro>();
  // Opened from the list, react-admin first shows the list's row until GET /:id answers.
  if (!record || !Array.isArray(record.destinatarios)) return <LinearProgress sx={{ m: 2 }} />;
  const grid2 = {
    display: 'grid',
    gap: 2,
    alignItems: 'start',
    gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" data-numero>
          {record.FAC_NUMERO ?? texto('borrador')}
        </Typography>
        <EstadoChip estado={record.FAC_ESTADO} size="medium" />
      </Box>
      <EstadoSri record={record} />
      <Box sx={grid2}>
        <Seccion titulo={t('emision')}>
          <Box sx={rejilla}>
            <Dato label={texto('form.fecha')}>{formatDate(record.FAC_FECHA)}</Dato>
            <Dato label={t('serie')}>{`${record.EST_NUMERO}-${record.PEM_NUMERO}`}</Dato>
          </Box>
          {record.FAC_CLAVE_ACCESO && (
            <Box sx={{ mt: 1.5 }}>
              <Dato label={t('clave')}>
                <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.85rem', overflowWrap: 'anywhere' }} data-clave>
                  {record.FAC_CLAVE_ACCESO}
                </Box>
              </Dato>
            </Box>
          )}
        </Seccion>
        <Seccion titulo={t('transporte')}>
          <Box sx={rejilla}>
            <Dato label={t('transportista')}>
              <Link to={`/transportistas/${record.TRA_CODIGO}/show`} data-transportista>
                {record.TRA_RAZON_SOCIAL}
              </Link>
            </Dato>
            <Dato label={IDENTIFICACIONES[record.TRA_TIPO_IDENTIFICACION] ?? record.TRA_TIPO_IDENTIFICACION}>
              {record.TRA_IDENTIFICACION}
            </Dato>
            <Dato label={t('placa')}>{record.GUI_PLACA}</Dato>
            <Dato label={t('inicio')}>{formatDate(record.GUI_FECHA_INICIO)}</Dato>
            <Dato label={t('fin')}>{formatDate(record.GUI_FECHA_FIN)}</Dato>
          </Box>
          <Box sx={{ mt: 1.5 }}>
            <Dato label={t('partida')}>{record.GUI_DIR_PARTIDA}</Dato>
          </Box>
        </Seccion>
      </Box>
      <Box component="section" aria-label={t('destinatarios')} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        {record.destinatarios.map((d, i) => (
          <Destinatario key={i} destinatario={d} numero={i + 1} />
        ))}
      </Box>
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
  );
}

/**
 * A guía de remisión's page: number and state, its state at the SRI (the shared panel and actions: issue, downloads,
 * email to the destinatarios, annul), the emission and the transport, then each destinatario with its goods.
 */
export const GuiaShow = ({ id }: { id?: Identifier }) => (
  <PaginaDocumento id={id} documento={GUIA}>
    <Contenido />
  </PaginaDocumento>
);
