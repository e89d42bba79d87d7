import { Create, PasswordInput, SimpleForm, TextInput, maxLength, minLength, regex, useNotify, useRedirect } from 'react-admin';
import Box from '@mui/material/Box';
import { PASSWORD_MIN_LENGTH } from '../../../domain/messages';
import type { EmpresaGuardada } from '../../../domain/contratos/empresas';
import { DatosTab, datosToWire } from './DatosTab';

/** The optional first user: both fields or neither (the server says the same). */
const bothOrNeither = (_: unknown, values: Record<string, unknown>) =>
  Boolean(values.usuario) !== Boolean(values.clave) ? 'Indique usuario y clave, o deje ambos vacíos' : undefined;

/** A company created by hand: verified at once, with the default menus and, if given, its first user. */
export function EmpresaCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      transform={(data: Record<string, unknown>) => {
        const { usuario, clave, ...rest } = datosToWire(data);
        return { ...rest, ...(usuario ? { usuario, clave } : {}) };
      }}
      mutationOptions={{
        onSuccess: (record) => {
          const data = record as unknown as EmpresaGuardada;
          notify('resources.empresas.ficha.creada', { type: 'success' });
          for (const warning of data.advertencias ?? []) notify(warning, { type: 'warning' });
          redirect('edit', 'empresas', data.EMP_CODIGO);
        },
      }}
    >
      <SimpleForm defaultValues={{ establecimientos: [], EMP_ACTIVO: true, EMP_CONTABILIDAD: false, EMP_AMBIENTE: 1 }}>
        <DatosTab />
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 0, sm: 2 },
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
            width: '100%',
          }}
        >
          <TextInput source="usuario" validate={[maxLength(60), regex(/^\S+$/, 'El usuario no puede tener espacios'), bothOrNeither]} />
          <PasswordInput source="clave" validate={[minLength(PASSWORD_MIN_LENGTH), bothOrNeither]} autoComplete="new-password" />
        </Box>
      </SimpleForm>
    </Create>
  );
}
