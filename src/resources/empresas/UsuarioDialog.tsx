import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { UsuarioEmpresa } from '../../../domain/contratos/usuarios';
import { FormDialogActions } from '../../shell/FormDialogActions';

export type UsuarioValores = { USU_USUARIO: string; USU_NOMBRE: string; USU_CORREO: string; clave?: string };

type Props = {
  /** The user being edited; undefined to create one (then the form asks for its first clave). */
  usuario?: UsuarioEmpresa;
  onClose: () => void;
  /** Saves; a rejection's message (the server's Spanish msg) is shown in the dialog, which stays open. */
  onSave: (values: UsuarioValores) => Promise<void>;
};

/** Create or edit a company user: labelled fields, the server's message when it refuses. */
export function UsuarioDialog({ usuario, onClose, onSave }: Props) {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.usuarios.fields.${field}`);
  const [values, setValues] = useState<UsuarioValores>({
    USU_USUARIO: usuario?.USU_USUARIO ?? '',
    USU_NOMBRE: usuario?.USU_NOMBRE ?? '',
    USU_CORREO: usuario?.USU_CORREO ?? '',
    ...(usuario ? {} : { clave: '' }),
  });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const field = (name: keyof UsuarioValores) => ({
    id: `usuario-${name}`,
    name,
    label: label(name),
    value: values[name] ?? '',
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    fullWidth: true,
    margin: 'dense' as const,
    required: true,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await onSave(values);
    } catch (e) {
      setError((e as Error).message);
      setPending(false);
    }
  };

  const title = usuario
    ? translate('resources.usuarios.editar_titulo', { usuario: usuario.USU_USUARIO })
    : translate('resources.usuarios.crear');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="usuario-dialogo-titulo">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="usuario-dialogo-titulo">{title}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 1 }} role="alert">
              {error}
            </Alert>
          )}
          <TextField {...field('USU_USUARIO')} autoFocus helperText={translate('resources.usuarios.ayuda_usuario')} autoComplete="off" />
          <TextField {...field('USU_NOMBRE')} />
          <TextField {...field('USU_CORREO')} type="email" />
          {!usuario && (
            <TextField
              {...field('clave')}
              type="password"
              autoComplete="new-password"
              helperText={translate('resources.usuarios.ayuda_clave')}
            />
          )}
        </DialogContent>
        <FormDialogActions
          cancel={translate('ra.action.cancel')}
          onClose={onClose}
          action={usuario ? translate('resources.usuarios.guardar') : translate('resources.usuarios.crear')}
          pending={pending}
        />
      </form>
    </Dialog>
  );
}
