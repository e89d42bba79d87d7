import { useState } from 'react';
import { useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { companySession } from '../../authProvider/session';
import { CLAVE_TEMPORAL_USUARIO_HORAS } from '../../../domain/clientes';
import { DatosLista } from '../../shell/DatosLista';

export type ClaveMostrada = { usuario: string; nombre: string | null; clave: string };

/** Copies text to the clipboard; false where the browser does not allow it (then the user copies it by hand). */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The temporary clave the server generated, shown once (after creating a user or giving a new clave) with what the
 * user needs to sign in, and a button to copy it. Closing it is final: the clave is not kept anywhere.
 */
export function ClaveTemporalDialog({ shown, onClose }: { shown: ClaveMostrada | null; onClose: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`resources.usuarios.${key}`, options);
  const [copied, setCopied] = useState<boolean | null>(null);
  const ruc = companySession.get()?.EMP_RUC ?? '';
  const close = () => {
    setCopied(null);
    onClose();
  };
  const datos =
    shown &&
    ([
      [t('clave_ruc'), ruc],
      [translate('resources.usuarios.fields.USU_USUARIO'), shown.usuario],
    ] as const);
  return (
    <Dialog open={shown !== null} onClose={close} aria-labelledby="clave-temporal-titulo" maxWidth="xs" fullWidth>
      <DialogTitle id="clave-temporal-titulo">{shown && t('clave_titulo', { usuario: shown.usuario })}</DialogTitle>
      {shown && (
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('clave_texto', { nombre: shown.nombre || shown.usuario, smart_count: CLAVE_TEMPORAL_USUARIO_HORAS })}
          </DialogContentText>
          <DatosLista rows={datos!} sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('clave_label')}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
            <Typography
              data-testid="clave-temporal"
              sx={{ fontFamily: 'monospace', fontSize: '1.5rem', letterSpacing: '0.08em', userSelect: 'all', overflowWrap: 'anywhere' }}
            >
              {shown.clave}
            </Typography>
            <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={async () => setCopied(await copy(shown.clave))}>
              {t('copiar')}
            </Button>
          </Box>
          {copied !== null && (
            <Alert severity={copied ? 'success' : 'warning'} sx={{ mt: 1 }} role="status">
              {t(copied ? 'copiada' : 'no_copiada')}
            </Alert>
          )}
        </DialogContent>
      )}
      <DialogActions>
        <Button variant="contained" onClick={close}>
          {t('entendido')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
