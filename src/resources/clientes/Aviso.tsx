import { useId, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import { texto as textoDe } from './textos';

/**
 * A message the user must read (the "Atencion" and "Error" dialogs): a title, the text and the actions given,
 * or Aceptar alone.
 */
export function Aviso({
  open,
  titulo,
  texto,
  onClose,
  children,
}: {
  open: boolean;
  titulo: string;
  texto: ReactNode;
  onClose: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-titulo`} aria-describedby={`${id}-texto`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-titulo`}>{titulo}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-texto`}>{texto}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {children ?? (
          <Button onClick={onClose} variant="contained" autoFocus>
            {textoDe('aceptar')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
