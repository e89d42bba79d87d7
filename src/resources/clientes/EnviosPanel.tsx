import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import EmailIcon from '@mui/icons-material/Email';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { CLIENTE_MSG } from '../../../domain/clientes';
import { formatDateTime } from '../../../domain/fechas';
import { useDocumentos } from './DocumentosPanel';
import type { Cliente, EnvioCliente, EnvioRespuesta } from './tipos';
import { texto } from './textos';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { PanelCard } from './PanelCard';

export const enviosKey = (cliente: number) => ['clientes', 'envios', cliente];

function useEnviar() {
  const dataProvider = useAreaDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const enviar = async (path: string, body: Record<string, unknown>, cliente: number) => {
    setPending(true);
    try {
      const answer = await dataProvider.call<EnvioRespuesta>(path, { method: 'POST', body });
      notify(answer.msg, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: enviosKey(cliente) });
      return answer;
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      return null;
    } finally {
      setPending(false);
    }
  };
  return { enviar, pending };
}

/** "Enviar correo": subject, message, which of the client's addresses, and documents of theirs as attachments. */
function CorreoDialog({ record, open, onClose }: { record: Cliente; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => texto(`envios.${key}`, options);
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const { data: documentos = [] } = useDocumentos(record.CLI_CODIGO);
  const { enviar, pending } = useEnviar();
  const [asunto, setAsunto] = useState('');
  const [mensaje, setMensaje] = useState('');
  const [correos, setCorreos] = useState<string[]>(record.CLI_CORREOS);
  const [adjuntos, setAdjuntos] = useState<number[]>([]);
  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  const enviarCorreo = async () => {
    const answer = await enviar(
      '/api/clientes/enviar',
      { CLI_CODIGO: record.CLI_CODIGO, asunto: asunto.trim(), mensaje: mensaje.trim(), correos, documentos: adjuntos },
      record.CLI_CODIGO,
    );
    if (answer) {
      setAsunto('');
      setMensaje('');
      setAdjuntos([]);
      onClose();
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="correo-titulo">
      <DialogTitle id="correo-titulo">{t('correo_titulo', { nombre: record.CLI_RAZON_SOCIAL })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        {record.CLI_CORREOS.length === 0 ? (
          <Alert severity="warning">{CLIENTE_MSG.sinCorreo}</Alert>
        ) : (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
            <FormLabel component="legend">{t('para')}</FormLabel>
            <FormGroup>
              {record.CLI_CORREOS.map((correo) => (
                <FormControlLabel
                  key={correo}
                  control={<Checkbox checked={correos.includes(correo)} onChange={() => setCorreos(toggle(correos, correo))} />}
                  label={correo}
                  sx={{ overflowWrap: 'anywhere' }}
                />
              ))}
            </FormGroup>
          </Box>
        )}
        <TextField
          label={t('asunto')}
          value={asunto}
          onChange={(e) => setAsunto(e.target.value)}
          required
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField label={t('mensaje')} value={mensaje} onChange={(e) => setMensaje(e.target.value)} required multiline minRows={4} />
        {documentos.length > 0 && (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">{t('adjuntar')}</FormLabel>
            <FormGroup>
              {documentos.map((doc) => (
                <FormControlLabel
                  key={doc.CDO_ID}
                  control={<Checkbox checked={adjuntos.includes(doc.CDO_ID)} onChange={() => setAdjuntos(toggle(adjuntos, doc.CDO_ID))} />}
                  label={doc.CDO_NOMBRE}
                  sx={{ overflowWrap: 'anywhere' }}
                />
              ))}
            </FormGroup>
          </Box>
        )}
        {pending && <LinearProgress aria-label={t('enviando')} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={enviarCorreo} disabled={pending || !asunto.trim() || !mensaje.trim() || correos.length === 0}>
          {t('enviar')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * "Enviar WhatsApp": the message and the phone; sent through the WhatsApp Cloud API when the server has it, otherwise
 * the server answers a wa.me link with the prepared text, opened in a new tab.
 */
function WhatsAppDialog({ record, open, onClose }: { record: Cliente; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => texto(`envios.${key}`, options);
  const { enviar, pending } = useEnviar();
  const [mensaje, setMensaje] = useState('');
  const [telefono, setTelefono] = useState(record.CLI_TELEFONOS[0] ?? '');
  const enviarWS = async () => {
    // Opened now, while the click still counts as the user's: a tab opened after the answer would be blocked.
    const tab = window.open('about:blank', '_blank');
    const answer = await enviar(
      '/api/clientes/enviarWS',
      { CLI_CODIGO: record.CLI_CODIGO, mensaje: mensaje.trim(), ...(telefono ? { telefono } : {}) },
      record.CLI_CODIGO,
    );
    if (answer?.enlace && tab) tab.location.href = answer.enlace;
    else tab?.close();
    if (answer) {
      setMensaje('');
      onClose();
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="whatsapp-titulo">
      <DialogTitle id="whatsapp-titulo">{t('whatsapp_titulo', { nombre: record.CLI_RAZON_SOCIAL })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        {record.CLI_TELEFONOS.length === 0 ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {CLIENTE_MSG.sinTelefono}
          </Alert>
        ) : (
          <TextField select label={t('telefono')} value={telefono} onChange={(e) => setTelefono(e.target.value)} sx={{ mt: 1 }}>
            {record.CLI_TELEFONOS.map((tel) => (
              <MenuItem key={tel} value={tel}>
                {tel}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField label={t('mensaje')} value={mensaje} onChange={(e) => setMensaje(e.target.value)} required multiline minRows={4} />
        {pending && <LinearProgress aria-label={t('enviando')} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={enviarWS} disabled={pending || !mensaje.trim() || record.CLI_TELEFONOS.length === 0}>
          {t('enviar')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The sending panel: email and WhatsApp, and the history (GET /api/clientes/:id/envios: who, when, channel, result). */
export function EnviosPanel({ record }: { record: Cliente }) {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const t = (key: string, options?: object) => texto(`envios.${key}`, options);
  const [dialog, setDialog] = useState<'correo' | 'whatsapp' | null>(null);
  const {
    data: envios,
    error,
    isPending,
  } = useQuery({
    queryKey: enviosKey(record.CLI_CODIGO),
    queryFn: () => dataProvider.call<EnvioCliente[]>(`/api/clientes/${record.CLI_CODIGO}/envios`),
  });
  return (
    <PanelCard
      titulo={t('titulo')}
      gap={1}
      acciones={
        <>
          <Button variant="outlined" size="small" startIcon={<EmailIcon />} onClick={() => setDialog('correo')}>
            {t('correo')}
          </Button>
          <Button variant="outlined" size="small" startIcon={<WhatsAppIcon />} onClick={() => setDialog('whatsapp')}>
            {t('whatsapp')}
          </Button>
        </>
      }
      dialogos={
        <>
          {dialog === 'correo' && <CorreoDialog record={record} open onClose={() => setDialog(null)} />}
          {dialog === 'whatsapp' && <WhatsAppDialog record={record} open onClose={() => setDialog(null)} />}
        </>
      }
    >
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {envios?.length === 0 && <Typography color="text.secondary">{t('vacio')}</Typography>}
      {envios && envios.length > 0 && (
        <List dense disablePadding aria-label={t('historial')}>
          {envios.map((envio) => (
            <ListItem key={envio.CEN_ID} disableGutters sx={{ alignItems: 'flex-start', gap: 1 }}>
              <Chip
                size="small"
                icon={envio.CEN_CANAL === 'whatsapp' ? <WhatsAppIcon /> : <EmailIcon />}
                label={t(`canal_${envio.CEN_CANAL === 'whatsapp' ? 'whatsapp' : 'correo'}`)}
                sx={{ mt: 0.75 }}
              />
              <ListItemText
                primary={[envio.CEN_ASUNTO, envio.CEN_DESTINO].filter(Boolean).join(' · ')}
                secondary={[formatDateTime(envio.CEN_FECHA), envio.usuario, envio.CEN_RESULTADO, envio.CEN_DETALLE]
                  .filter(Boolean)
                  .join(' · ')}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </PanelCard>
  );
}
