import type { ReactNode } from 'react';
import { Link, useCanAccess, useCreatePath } from 'react-admin';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import type { FacturaDetalle } from '../../domain/contratos/facturas';
import { ConsultarDeNuevo, Emitir, EnviarCorreo } from './acciones';
import { useDocumento, type RegistroSri as Registro } from './documento';
import { esCorregible, esPendiente } from './estados';
import { diaEcuador, formatDateTime } from '../../domain/fechas';
import { MensajesSri } from './MensajesSri';
import { EntregaIcono } from './piezas';
import { Dato } from '../shell/Dato';

// The moments the panel writes (only this lazy screen needs them: the company's first load stays small).
const HORA = new Intl.DateTimeFormat('es-EC', {
  timeZone: 'America/Guayaquil',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An ISO moment as the screens write it: 2026-03-15 10:32 (America/Guayaquil). */
const fechaHora = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : '');
/** Only the time (10:32:05) when the moment is today in Ecuador, the date and time otherwise. */
const cuando = (iso: string, now = new Date()) =>
  diaEcuador(new Date(iso)) === diaEcuador(now) ? HORA.format(new Date(iso)) : fechaHora(iso);

/** The document's texts of the SRI panel (sri.*), and any other of its catalogue. */
function useTextos() {
  const { texto } = useDocumento();
  return { texto, t: (key: string, options?: object) => texto(`sri.${key}`, options) };
}

/** The queue's work on it: which step, which attempt, when the next one comes and why the last one failed. */
function Cola({ cola }: { cola: NonNullable<FacturaDetalle['cola']> }) {
  const { texto, t } = useTextos();
  const paso = texto(`sri.paso_${cola.paso}`);
  return (
    <Box sx={{ mt: 0.5 }} data-cola>
      {cola.intentos > 0 && (
        <Typography variant="body2">
          {paso.startsWith('sri.') ? cola.paso : paso} · {t('intento', { intentos: cola.intentos })} ·{' '}
          {t('proximo', { cuando: cuando(cola.proximo) })}
        </Typography>
      )}
      {cola.error && (
        <Typography variant="body2" fontWeight={600}>
          {t('ultimo_error', { error: cola.error })}
        </Typography>
      )}
    </Box>
  );
}

/** The authorization's number and date, a grid of two. */
function Autorizacion({ record }: { record: Registro }) {
  const { t } = useTextos();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 2fr) minmax(0, 1fr)' }, mt: 1 }}>
      <Dato label={t('numero_autorizacion')}>
        <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.85rem' }} data-autorizacion>
          {record.FAC_AUTORIZACION ?? '—'}
        </Box>
      </Dato>
      <Dato label={t('fecha_autorizacion')}>{fechaHora(record.FAC_FECHA_AUTORIZACION) || '—'}</Dato>
    </Box>
  );
}

/** The email to the buyer: its state in words, the queue's retries, and Enviar por correo. */
function Entrega({ record }: { record: Registro }) {
  const { texto } = useTextos();
  const entrega = record.FAC_ENTREGA;
  const detalle = record.FAC_ENTREGA_DETALLE ?? '';
  const fecha = fechaHora(record.FAC_ENTREGA_FECHA);
  const estado =
    entrega === 'ENVIADA'
      ? detalle
        ? texto('entrega.ENVIADA', { para: detalle, fecha })
        : texto('entrega.ENVIADA_sin_para', { fecha })
      : entrega === 'FALLIDA'
        ? texto('entrega.FALLIDA', { motivo: detalle })
        : entrega === 'SIN_CORREO'
          ? texto('entrega.SIN_CORREO')
          : entrega === 'PENDIENTE'
            ? texto('entrega.PENDIENTE')
            : texto('entrega.sin_dato');
  const cola = record.cola?.paso === 'ENTREGAR' ? record.cola : null;
  return (
    <Card variant="outlined" component="section" aria-label={texto('entrega.titulo')} sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', '&:last-child': { pb: 2 } }}>
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography variant="subtitle2" component="h2">
            {texto('entrega.titulo')}
          </Typography>
          <Typography
            variant="body2"
            color={entrega === 'FALLIDA' ? 'error' : undefined}
            sx={{ display: 'flex', gap: 0.5, alignItems: 'center', overflowWrap: 'anywhere' }}
            data-entrega-texto={entrega ?? ''}
          >
            <EntregaIcono entrega={entrega} />
            {estado}
          </Typography>
          {cola && <Cola cola={cola} />}
        </Box>
        <EnviarCorreo record={record} />
      </CardContent>
    </Card>
  );
}

function Panel({ children }: { children: ReactNode }) {
  const { t } = useTextos();
  return (
    <Box component="section" aria-label={t('panel')} sx={{ display: 'grid', gap: 1.5, minWidth: 0 }} data-panel-sri>
      {children}
    </Box>
  );
}

/**
 * The document's state at the SRI, under its number. A draft: it is not a document yet. Waiting: what is happening,
 * the queue's next attempt and last error (the page asks again every 2 s). AUTORIZADA: number and date of the
 * authorization, the SRI's remarks, the email to the buyer. DEVUELTA or RECHAZADA: the SRI's messages with what to do,
 * Corregir and Volver a enviar. SIN_RESPUESTA: received, then 24 hours without an authorization: what to do at the
 * SRI's portal, any messages a resend got, and Consultar de nuevo. ANULADA: a banner with the reason and the date.
 */
export function EstadoSri({ record }: { record: Registro }) {
  const createPath = useCreatePath();
  const { recurso } = useDocumento();
  const { texto, t } = useTextos();
  // Correcting and sending again are for the roles that issue.
  const { canAccess: vende } = useCanAccess({ resource: recurso, action: 'emitir' });
  const estado = record.FAC_ESTADO;
  if (estado === 'BORRADOR')
    return (
      <Panel>
        <Alert severity="info">{texto('show.borrador_aviso')}</Alert>
      </Panel>
    );
  if (esPendiente(estado)) {
    const recibida = estado === 'RECIBIDA';
    return (
      <Panel>
        <Alert severity="info" icon={<CircularProgress size={20} aria-hidden />} role="status">
          <AlertTitle>{recibida ? t('esperando') : t('enviando')}</AlertTitle>
          {recibida ? t('recibida_texto') : t('firmada_texto')}
          {record.cola && <Cola cola={record.cola} />}
        </Alert>
      </Panel>
    );
  }
  if (esCorregible(estado)) {
    const devuelta = estado === 'DEVUELTA';
    return (
      <Panel>
        <Alert severity="error" sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
          <AlertTitle>{devuelta ? t('devuelta') : t('rechazada')}</AlertTitle>
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {devuelta ? t('devuelta_texto') : t('rechazada_texto')}
          </Typography>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            {t('mensajes')}
          </Typography>
          <MensajesSri mensajes={record.FAC_SRI_MENSAJES ?? []} />
          {vende && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
              <Button
                component={Link}
                to={createPath({ resource: recurso, type: 'edit', id: record.id })}
                variant="outlined"
                color="inherit"
                startIcon={<EditIcon />}
              >
                {t('corregir')}
              </Button>
              <Emitir record={record} reenviar />
            </Box>
          )}
        </Alert>
      </Panel>
    );
  }
  const advertencias = record.FAC_SRI_MENSAJES ?? [];
  if (estado === 'SIN_RESPUESTA')
    return (
      <Panel>
        <Alert severity="warning" sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }} data-sin-respuesta>
          <AlertTitle>{t('sin_respuesta')}</AlertTitle>
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {t('sin_respuesta_texto', { fecha: fechaHora(record.FAC_RECIBIDA) || '—' })}
          </Typography>
          <Typography variant="subtitle2" component="h2">
            {t('que_hacer')}
          </Typography>
          <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 2.5, display: 'grid', gap: 0.5 }}>
            {[1, 2, 3].map((paso) => (
              <Typography key={paso} component="li" variant="body2">
                {t(`sin_respuesta_paso_${paso}`)}
              </Typography>
            ))}
          </Box>
          <Box sx={{ mt: 1.5 }}>
            <Dato label={texto('show.clave')}>
              <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.85rem' }}>
                {record.FAC_CLAVE_ACCESO ?? '—'}
              </Box>
            </Dato>
          </Box>
          {advertencias.length > 0 && (
            <Box sx={{ mt: 1.5 }}>
              <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
                {t('mensajes')}
              </Typography>
              <MensajesSri mensajes={advertencias} />
            </Box>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
            <ConsultarDeNuevo record={record} />
          </Box>
        </Alert>
      </Panel>
    );
  if (estado === 'ANULADA')
    return (
      <Panel>
        <Alert severity="warning" variant="filled" sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }} data-anulada>
          <AlertTitle sx={{ fontSize: '1.25rem', fontWeight: 700, textTransform: 'uppercase' }}>{t('anulada')}</AlertTitle>
          {t('anulada_texto', { fecha: fechaHora(record.FAC_ANULACION_FECHA) })}
          {record.FAC_ANULACION_MOTIVO && (
            <Typography variant="body1" sx={{ mt: 1, overflowWrap: 'anywhere' }} data-motivo>
              <strong>{t('motivo')}:</strong> {record.FAC_ANULACION_MOTIVO}
            </Typography>
          )}
        </Alert>
        <Alert severity="success" icon={false}>
          <AlertTitle>{t('autorizada')}</AlertTitle>
          <Autorizacion record={record} />
        </Alert>
      </Panel>
    );
  if (estado === 'AUTORIZADA')
    return (
      <Panel>
        <Alert severity="success" sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
          <AlertTitle>{t('autorizada')}</AlertTitle>
          <Autorizacion record={record} />
          {advertencias.length > 0 && (
            <Box sx={{ mt: 1.5 }}>
              <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
                {t('advertencias')}
              </Typography>
              <MensajesSri mensajes={advertencias} />
            </Box>
          )}
        </Alert>
        <Entrega record={record} />
      </Panel>
    );
  return null;
}
