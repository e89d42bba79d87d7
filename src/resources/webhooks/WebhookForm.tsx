import { useState } from 'react';
import {
  BooleanInput,
  CheckboxGroupInput,
  Create,
  Edit,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  minLength,
  required,
  useRecordContext,
  useRedirect,
  type Validator,
} from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { EVENTOS_WEBHOOK, NOMBRES_EVENTO, CABECERA_FIRMA } from '../../../domain/integraciones';
import type { Webhook, WebhookCreado, WebhookDatos, WebhookEdicion } from '../../../domain/contratos/webhooks';
import { useFalloServidor } from '../../comprobantes/falloServidor';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { useAccionConFallo } from '../../shell/useAccion';
import { SecretoUnaVez } from '../clavesApi/SecretoUnaVez';
import { texto } from './textos';

const EVENTOS = EVENTOS_WEBHOOK.map((id) => ({ id, name: NOMBRES_EVENTO[id] }));
const alMenosUno: Validator = (value: unknown) => (Array.isArray(value) && value.length ? undefined : texto('form.eventos_falta'));
const urlValida: Validator = (value: unknown) =>
  /^https?:\/\/[^\s/]+/i.test(String(value ?? '').trim()) ? undefined : 'La URL debe empezar por https:// o http://';

/** What PUT takes: the editable fields, trimmed; an empty description is none. */
export function webhookToWire(values: Record<string, unknown>): WebhookEdicion {
  const descripcion = String(values.WEB_DESCRIPCION ?? '').trim();
  return {
    WEB_URL: String(values.WEB_URL ?? '').trim(),
    WEB_DESCRIPCION: descripcion || null,
    WEB_EVENTOS: values.WEB_EVENTOS as WebhookEdicion['WEB_EVENTOS'],
    WEB_ACTIVO: values.WEB_ACTIVO !== false,
  };
}

/** URL, description, events, active; the secret only when registering (rotating it is the page's action). */
function Campos({ nuevo, fallo }: { nuevo: boolean; fallo: string | null }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 760, display: 'grid', gap: 1 }}>
      <TextInput
        source="WEB_URL"
        validate={[required(), maxLength(500), urlValida]}
        helperText={texto('form.url_ayuda')}
        slotProps={{ htmlInput: { maxLength: 500, autoComplete: 'off', inputMode: 'url', spellCheck: false } }}
        fullWidth
      />
      <TextInput source="WEB_DESCRIPCION" validate={maxLength(100)} slotProps={{ htmlInput: { maxLength: 100 } }} fullWidth />
      <CheckboxGroupInput source="WEB_EVENTOS" label={texto('form.eventos')} choices={EVENTOS} row={false} validate={alMenosUno} />
      <BooleanInput source="WEB_ACTIVO" helperText={texto('form.activo_ayuda')} />
      {nuevo && (
        <TextInput
          source="secreto"
          validate={[minLength(16), maxLength(200)]}
          helperText={texto('form.secreto_ayuda')}
          slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off', spellCheck: false } }}
          fullWidth
        />
      )}
      {fallo && (
        <Alert severity="error" role="alert">
          {fallo}
        </Alert>
      )}
    </Box>
  );
}

const Barra = () => (
  <Toolbar>
    <SaveButton label={texto('form.guardar')} />
  </Toolbar>
);

/**
 * A new endpoint. The secret (the one typed, or the one the server generated) goes from the server's answer to a
 * dialog that shows it once, never into react-admin's cache; closing it opens the endpoint's page.
 */
export function WebhookCreate() {
  const dataProvider = useAreaDataProvider();
  const queryClient = useQueryClient();
  const redirect = useRedirect();
  const [creado, setCreado] = useState<WebhookCreado | null>(null);
  const { fallo, run } = useAccionConFallo();
  const crear = (values: Record<string, unknown>) =>
    run(async () => {
      const secreto = String(values.secreto ?? '').trim();
      const body: WebhookDatos = { ...(webhookToWire(values) as WebhookDatos), ...(secreto ? { secreto } : {}) };
      setCreado(await dataProvider.call<WebhookCreado>('/api/webhooks', { method: 'POST', body }));
      void queryClient.invalidateQueries({ queryKey: ['webhooks'] });
    });
  return (
    <>
      <Create title={texto('form.nuevo')}>
        <SimpleForm
          onSubmit={crear}
          defaultValues={{ WEB_URL: '', WEB_DESCRIPCION: '', WEB_EVENTOS: [...EVENTOS_WEBHOOK], WEB_ACTIVO: true, secreto: '' }}
          toolbar={<Barra />}
        >
          <Campos nuevo fallo={fallo} />
        </SimpleForm>
      </Create>
      <SecretoUnaVez
        secreto={creado?.secreto ?? null}
        titulo={texto('creado.titulo')}
        etiqueta={texto('creado.etiqueta')}
        aviso={texto('creado.aviso')}
        onClose={() => {
          const id = creado?.WEB_CODIGO;
          setCreado(null);
          if (id) redirect('show', 'webhooks', id);
        }}
      >
        {texto('creado.texto', { cabecera: CABECERA_FIRMA })}
      </SecretoUnaVez>
    </>
  );
}

function Titulo() {
  const record = useRecordContext<Webhook>();
  return <span>{record ? `${texto('form.editar')} · ${record.WEB_URL}` : ''}</span>;
}

function EditContenido({ fallo }: { fallo: string | null }) {
  return (
    <SimpleForm toolbar={<Barra />}>
      <Campos nuevo={false} fallo={fallo} />
    </SimpleForm>
  );
}

export function WebhookEdit() {
  const { mensaje, mutationOptions } = useFalloServidor();
  return (
    <Edit mutationMode="pessimistic" redirect="show" transform={webhookToWire} title={<Titulo />} mutationOptions={mutationOptions}>
      <EditContenido fallo={mensaje} />
    </Edit>
  );
}
