import { Form, minLength, PasswordInput, required, SaveButton, useAuthProvider, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import Stack from '@mui/material/Stack';
import type { AreaAuthProvider } from '../authProvider/createAuthProvider';
import { MSG, PASSWORD_MIN_LENGTH } from '../../domain/messages';

type Values = { claveActual?: string; claveNueva: string; confirmacion: string };

/** The server's 400s that are about one field: shown under it, the others as a notification. */
const FIELD_OF_MESSAGE: Record<string, keyof Values> = {
  [MSG.wrongCurrentPassword]: 'claveActual',
  [MSG.samePassword]: 'claveNueva',
  [MSG.passwordTooShort]: 'claveNueva',
};

const newPassword = [required(), minLength(PASSWORD_MIN_LENGTH)];
const confirmation = [
  required(),
  (value: string, values: Values) => (value === values.claveNueva ? undefined : 'amelia.clave.no_coinciden'),
];

type Props = {
  /** False for a session that signed in with a temporary clave: the server does not ask for the forgotten one. */
  askCurrent: boolean;
  /** After the server changed the clave (its message is already notified). */
  onChanged(): void;
};

/** The signed-in user's own clave change, in either area; the area's auth provider knows which call it is. */
export function PasswordForm({ askCurrent, onChanged }: Props) {
  const authProvider = useAuthProvider<AreaAuthProvider>()!;
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const notify = useNotify();

  const save = async ({ claveActual, claveNueva }: Record<string, string>) => {
    try {
      notify(await authProvider.changePassword(askCurrent ? { claveActual, claveNueva } : { claveNueva }), { type: 'success' });
      onChanged();
    } catch (error) {
      // A closed or expired session ends here like anywhere else; a wrong clave (400) keeps it.
      if (await logoutIfAccessDenied(error)) return;
      const message = (error as Error).message;
      const field = FIELD_OF_MESSAGE[message];
      if (field) return { [field]: message };
      notify(message, { type: 'error' });
    }
  };

  return (
    // The messages stand under their fields; react-admin's general "the form is not valid" toast would add nothing.
    <Form onSubmit={save} disableInvalidFormNotification>
      <Stack sx={{ gap: 1 }}>
        {askCurrent && (
          <PasswordInput source="claveActual" label="amelia.clave.actual" validate={required()} autoComplete="current-password" fullWidth />
        )}
        <PasswordInput source="claveNueva" label="amelia.clave.nueva" validate={newPassword} autoComplete="new-password" fullWidth />
        <PasswordInput
          source="confirmacion"
          label="amelia.clave.confirmacion"
          validate={confirmation}
          autoComplete="new-password"
          fullWidth
        />
        <SaveButton label="amelia.clave.guardar" sx={{ alignSelf: 'flex-start' }} />
      </Stack>
    </Form>
  );
}
