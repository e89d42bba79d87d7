import { useTranslate } from 'react-admin';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export type Aviso = { titulo: string; texto: string; confirmar?: string; onConfirm?: () => void };

/**
 * A dialog of the users and payments tabs: a question (with `onConfirm`: Cancelar / the action) or a message
 * (the server's Spanish msg, a result) with Cerrar.
 */
export function UsuarioAviso({ aviso, pending, onClose }: { aviso: Aviso | null; pending?: boolean; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={aviso !== null} onClose={onClose} aria-labelledby="aviso-titulo" aria-describedby="aviso-texto" maxWidth="xs" fullWidth>
      <DialogTitle id="aviso-titulo">{aviso?.titulo}</DialogTitle>
      <DialogContent>
        <DialogContentText id="aviso-texto">{aviso?.texto}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {aviso?.onConfirm ? (
          <>
            <Button onClick={onClose} disabled={pending}>
              {translate('ra.action.cancel')}
            </Button>
            <Button variant="contained" onClick={aviso.onConfirm} disabled={pending}>
              {aviso.confirmar}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={onClose} autoFocus>
            {translate('ra.action.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
