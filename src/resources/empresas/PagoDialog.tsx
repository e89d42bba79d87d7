import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PAYMENT_FILE } from '../../../domain/archivos';
import { hoyEcuador } from '../../../domain/fechas';
import { PAYMENT_FIELDS, readPaymentFields, type PaymentField } from '../../../domain/pagos';
import { FilePicker } from '../../ui/FilePicker';
import { leerNumero } from '../../ui/numeros';
import { useCheckedFile } from '../../ui/useCheckedFile';
import type { Banco } from '../../../domain/contratos/bancos';
import type { PagoGuardado } from '../../../domain/contratos/pagos';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { FormDialogActions } from '../../shell/FormDialogActions';

/**
 * Records a payment of a company: amount, date, bank, reference and the proof, checked here with the server's rules
 * (domain/pagos.ts) and sent with upload progress; the fields travel before the file.
 */
export function PagoDialog({ empresa, onClose, onSaved }: { empresa: number; onClose: () => void; onSaved: (msg: string) => void }) {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.pagos.fields.${field}`);
  const today = hoyEcuador();
  const { data: bancos } = useQuery({ queryKey: ['empresas', 'bancos'], queryFn: () => dataProvider.call<Banco[]>('/empresas/bancos') });
  const [values, setValues] = useState<Record<PaymentField, string>>({ monto: '', fecha: today, banco: '', referencia: '' });
  const { file, error: fileError, setError: setFileError, pick } = useCheckedFile(PAYMENT_FILE);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  // The amount as the server takes it: "60,00" and "60.00" are both 60.00.
  const read = readPaymentFields({ ...values, monto: leerNumero(values.monto) ?? values.monto }, today);
  // After a first attempt the fields are checked again as the user types: no error stays once it is corrected.
  const problem = tried && 'problem' in read ? read : null;
  const fieldError = (field: PaymentField) => (problem?.field === field ? problem.problem : null);

  const change = (field: PaymentField) => (event: { target: { value: string } }) => {
    setError(null);
    setValues((current) => ({ ...current, [field]: event.target.value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setError(null);
    if ('problem' in read) return;
    if (!file) return setFileError(translate('resources.pagos.ayuda_archivo'));
    try {
      const fields = Object.fromEntries(PAYMENT_FIELDS.map((f) => [f, String(read.campos[f])]));
      const { msg } = await dataProvider.upload<PagoGuardado>(`/empresas/pago/${empresa}`, file, setProgress, fields);
      onSaved(msg);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setProgress(null);
    }
  };

  const sending = progress !== null;
  return (
    <Dialog open onClose={sending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="pago-dialogo-titulo">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="pago-dialogo-titulo">{translate('resources.pagos.registrar')}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 1 }} role="alert">
              {error}
            </Alert>
          )}
          <TextField
            id="pago-monto"
            label={label('monto')}
            value={values.monto}
            onChange={change('monto')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            error={Boolean(fieldError('monto'))}
            helperText={fieldError('monto') ?? translate('resources.pagos.ayuda_monto')}
            required
            fullWidth
            margin="dense"
            autoFocus
          />
          <TextField
            id="pago-fecha"
            label={label('fecha')}
            type="date"
            value={values.fecha}
            onChange={change('fecha')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
            error={Boolean(fieldError('fecha'))}
            helperText={fieldError('fecha')}
            required
            fullWidth
            margin="dense"
          />
          <TextField
            id="pago-banco"
            select
            label={label('banco')}
            value={values.banco}
            onChange={change('banco')}
            error={Boolean(fieldError('banco'))}
            helperText={fieldError('banco')}
            required
            fullWidth
            margin="dense"
          >
            {(bancos ?? []).map((banco) => (
              <MenuItem key={banco.BAN_CODIGO} value={String(banco.BAN_CODIGO)}>
                {`${banco.BAN_NOMBRE} · ${banco.BAN_TIPO_CUENTA} ${banco.BAN_NUMERO}`}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            id="pago-referencia"
            label={label('referencia')}
            value={values.referencia}
            onChange={change('referencia')}
            slotProps={{ htmlInput: { maxLength: 60 } }}
            error={Boolean(fieldError('referencia'))}
            helperText={fieldError('referencia')}
            required
            fullWidth
            margin="dense"
          />
          <FilePicker
            id="pago-archivo"
            label={label('current')}
            accept={PAYMENT_FILE.accept}
            file={file}
            onPick={pick}
            help={translate('resources.pagos.ayuda_archivo')}
            error={fileError}
            progress={progress}
            required
          />
        </DialogContent>
        <FormDialogActions
          cancel={translate('ra.action.cancel')}
          onClose={onClose}
          action={translate('resources.pagos.guardar')}
          pending={sending}
        />
      </form>
    </Dialog>
  );
}
