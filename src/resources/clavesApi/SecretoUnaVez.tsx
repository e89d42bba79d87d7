import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { texto } from './textos';

/** Copies text to the clipboard; false where the browser does not allow it (then the user copies it by hand). */
async function copiar(valor: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(valor);
    return true;
  } catch {
    return false;
  }
}

type Props = {
  /** The secret to show; null closes the dialog. */
  secreto: string | null;
  titulo: string;
  /** What the field is called: «Clave de API», «Secreto de firma». */
  etiqueta: string;
  /** The warning above it: that it is shown this once. */
  aviso: string;
  children?: ReactNode;
  onClose: () => void;
};

/**
 * A secret the server shows once (an API key, a webhook's signing secret): read only in a monospace field, a Copiar
 * button, and the warning that it will not be shown again. Closing it is final: the screens keep it nowhere.
 */
export function SecretoUnaVez({ secreto, titulo, etiqueta, aviso, children, onClose }: Props) {
  const [copiado, setCopiado] = useState<boolean | null>(null);
  const cerrar = () => {
    setCopiado(null);
    onClose();
  };
  return (
    <Dialog open={secreto !== null} aria-labelledby="secreto-una-vez-titulo" maxWidth="sm" fullWidth>
      <DialogTitle id="secreto-una-vez-titulo">{titulo}</DialogTitle>
      {secreto !== null && (
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="warning">{aviso}</Alert>
          {children && <DialogContentText component="div">{children}</DialogContentText>}
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
            <TextField
              label={etiqueta}
              value={secreto}
              fullWidth
              multiline
              slotProps={{
                htmlInput: {
                  readOnly: true,
                  'data-secreto': true,
                  spellCheck: false,
                  style: { fontFamily: 'monospace', wordBreak: 'break-all' },
                },
              }}
              onFocus={(event) => event.target.select()}
            />
            <Button
              variant="outlined"
              startIcon={<ContentCopyIcon />}
              onClick={async () => setCopiado(await copiar(secreto))}
              sx={{ flexShrink: 0, mt: { sm: 1 } }}
            >
              {texto('secreto.copiar')}
            </Button>
          </Box>
          {copiado !== null && (
            <Alert severity={copiado ? 'success' : 'warning'} role="status">
              {texto(copiado ? 'secreto.copiada' : 'secreto.no_copiada')}
            </Alert>
          )}
        </DialogContent>
      )}
      <DialogActions>
        <Button variant="contained" onClick={cerrar}>
          {texto('secreto.entendido')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
