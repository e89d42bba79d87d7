import { useState } from 'react';
import { Button, useTranslate } from 'react-admin';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import PersonAddIcon from '@mui/icons-material/PersonAdd';

type Props = {
  /** The button's and the confirmation's text ("Asignar vendedor"). */
  label: string;
  /** The dialog's title, already translated ("Asignar un vendedor a 3 clientes"). */
  title: string;
  /** The select's label, and its first choice: leaving the selected rows without anyone. */
  field: string;
  none: string;
  choices: ReadonlyArray<{ id: number; name: string }>;
  disabled: boolean;
  /** The chosen id, or null for `none`. */
  onConfirm: (id: number | null) => Promise<void>;
};

/** A bulk action of a list that gives the selected rows one person (a seller, a distributor), chosen in a dialog. */
export function AsignarLoteButton({ label, title, field, none, choices, disabled, onConfirm }: Props) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const close = () => setOpen(false);
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)} disabled={disabled}>
        <PersonAddIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="asignar-lote-titulo">
        <DialogTitle id="asignar-lote-titulo">{title}</DialogTitle>
        <DialogContent>
          <TextField select fullWidth margin="dense" label={field} value={value} onChange={(event) => setValue(event.target.value)}>
            <MenuItem value="none">{none}</MenuItem>
            {choices.map((choice) => (
              <MenuItem key={choice.id} value={String(choice.id)}>
                {choice.name}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton
            variant="contained"
            disabled={!value || disabled}
            onClick={async () => {
              close();
              await onConfirm(value === 'none' ? null : Number(value));
            }}
          >
            {label}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
