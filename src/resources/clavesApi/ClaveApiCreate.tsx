import { useState } from 'react';
import {
  CheckboxGroupInput,
  Create,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  required,
  useRedirect,
  type Validator,
} from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { ALCANCES_CLAVE } from '../../../domain/integraciones';
import type { ClaveApiCreada, ClaveApiNueva } from '../../../domain/contratos/clavesApi';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { useAccionConFallo } from '../../shell/useAccion';
import { SecretoUnaVez } from './SecretoUnaVez';
import { texto } from './textos';

const ALCANCES = ALCANCES_CLAVE.map((id) => ({ id, name: `${texto(`alcances.${id}`)}: ${texto(`alcances_ayuda.${id}`)}` }));

const alMenosUno: Validator = (value: unknown) => (Array.isArray(value) && value.length ? undefined : texto('form.alcances_falta'));

const Barra = () => (
  <Toolbar>
    <SaveButton label={texto('form.guardar')} />
  </Toolbar>
);

/**
 * A new key: its name and scopes (both by default). The key goes straight from the server's answer to a dialog that
 * shows it once; it never enters react-admin's cache. Closing the dialog opens the key's page.
 */
export function ClaveApiCreate() {
  const dataProvider = useAreaDataProvider();
  const queryClient = useQueryClient();
  const redirect = useRedirect();
  const [creada, setCreada] = useState<ClaveApiCreada | null>(null);
  const { fallo, run } = useAccionConFallo();
  const crear = (values: Record<string, unknown>) =>
    run(async () => {
      const body: ClaveApiNueva = {
        CLA_NOMBRE: String(values.CLA_NOMBRE ?? '').trim(),
        CLA_ALCANCES: values.CLA_ALCANCES as ClaveApiNueva['CLA_ALCANCES'],
      };
      setCreada(await dataProvider.call<ClaveApiCreada>('/api/clavesApi', { method: 'POST', body }));
      void queryClient.invalidateQueries({ queryKey: ['clavesApi'] });
    });
  return (
    <>
      <Create title={texto('form.titulo')}>
        <SimpleForm
          onSubmit={crear}
          defaultValues={{ CLA_NOMBRE: '', CLA_ALCANCES: [...ALCANCES_CLAVE] }}
          toolbar={<Barra />}
          sx={{ maxWidth: 640 }}
        >
          <Box sx={{ width: '100%', display: 'grid', gap: 1 }}>
            <TextInput
              source="CLA_NOMBRE"
              validate={[required(), maxLength(60)]}
              helperText={texto('form.nombre_ayuda')}
              slotProps={{ htmlInput: { maxLength: 60, autoComplete: 'off' } }}
              fullWidth
            />
            <CheckboxGroupInput source="CLA_ALCANCES" label={texto('form.alcances')} choices={ALCANCES} row={false} validate={alMenosUno} />
            {fallo && (
              <Alert severity="error" role="alert">
                {fallo}
              </Alert>
            )}
          </Box>
        </SimpleForm>
      </Create>
      <SecretoUnaVez
        secreto={creada?.clave ?? null}
        titulo={creada ? texto('creada.titulo', { nombre: creada.CLA_NOMBRE }) : ''}
        etiqueta={texto('creada.etiqueta')}
        aviso={texto('creada.aviso')}
        onClose={() => {
          const id = creada?.CLA_CODIGO;
          setCreada(null);
          if (id) redirect('show', 'clavesApi', id);
        }}
      >
        {texto('creada.texto')}
      </SecretoUnaVez>
    </>
  );
}
