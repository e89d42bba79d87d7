import type { FormEvent, ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { planT, usePantallaCompleta } from './PlanCampos';
import { FormDialogActions } from '../../shell/FormDialogActions';

/**
 * The frame of the plan dialogs (sell, edit, upload the authorization): a form with its title, the error the last
 * attempt got, Cancelar and the action. Full screen on a phone; it cannot be closed while it is sending.
 */
export function PlanDialogo({
  id,
  titulo,
  accion,
  sending,
  error,
  onClose,
  onSubmit,
  children,
}: {
  id: string;
  titulo: string;
  accion: string;
  sending: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const t = planT(useTranslate());
  const fullScreen = usePantallaCompleta();
  return (
    <Dialog open onClose={sending ? undefined : onClose} fullWidth fullScreen={fullScreen} maxWidth="sm" aria-labelledby={`${id}-titulo`}>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={`${id}-titulo`}>{titulo}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 1, whiteSpace: 'pre-line' }} role="alert">
              {error}
            </Alert>
          )}
          {children}
        </DialogContent>
        <FormDialogActions cancel={t('cancelar')} onClose={onClose} action={accion} pending={sending} />
      </form>
    </Dialog>
  );
}
