import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

type Props = {
  /** The cancel button's text; it closes the dialog. */
  cancel: string;
  onClose: () => void;
  /** The submit button's text. */
  action: string;
  /** While the form is being sent, both buttons wait. */
  pending: boolean;
};

/** The buttons of a dialog that holds a form: cancel, then the form's submit button. */
export function FormDialogActions({ cancel, onClose, action, pending }: Props) {
  return (
    <DialogActions>
      <Button onClick={onClose} disabled={pending}>
        {cancel}
      </Button>
      <Button type="submit" variant="contained" disabled={pending}>
        {action}
      </Button>
    </DialogActions>
  );
}
