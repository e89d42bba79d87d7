import {
  BooleanInput,
  Edit,
  type EditProps,
  Labeled,
  RadioButtonGroupInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  required,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { VALUE_KEYS, type SettingRow } from '../../../domain/configuraciones';
import { SETTING_FORMS, settingField, type SettingField } from '../../../domain/configuraciones-valores';
import { reloadSettings } from '../../settings/SettingsProvider';
import { bytesHint, emptyToNull, settingValidator, switchOn, switchValue, telToText } from './valores';
import { ImageValueInput } from './ImageValueInput';

/** A setting's images are saved as they are uploaded or removed: its form has no Save. */
const imagesOnly = (code: number | undefined) => SETTING_FORMS[code ?? -1]?.fields.every((f) => f.kind === 'image') ?? false;

// A setting is only changed, never deleted (the API has no delete), so the form offers Save alone.
function SaveOnly() {
  const record = useRecordContext<SettingRow>();
  if (imagesOnly(record?.CON_CODIGO)) return null;
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

const MAX = maxLength(2000);

function BytesHelp({ field }: { field: SettingField }) {
  const value = useWatch({ name: field.key }) as string | null;
  const hint = bytesHint(value);
  return <>{hint ? `Equivale a ${hint}` : (field.help ?? '')}</>;
}

/** One value of a setting, edited as what it means. */
export function ValueInput({ field, record }: { field: SettingField; record: SettingRow }) {
  const original = record[field.key];
  const check = settingValidator(field, original);
  const common = { source: field.key, label: field.label, fullWidth: true, helperText: field.help } as const;
  switch (field.kind) {
    case 'switch':
      return (
        <BooleanInput
          source={field.key}
          label={field.label}
          format={(value: string | null) => switchOn(value)}
          parse={(on: boolean) => switchValue(on)}
          helperText={false}
        />
      );
    case 'choice':
      // A radio group has no fullWidth (MUI would pass it on to a <div>).
      return (
        <RadioButtonGroupInput
          source={field.key}
          label={field.label}
          helperText={field.help}
          choices={[...(field.choices ?? [])]}
          validate={check}
        />
      );
    case 'image':
      return <ImageValueInput field={field} record={record} />;
    case 'tel':
      return <TextInput {...common} type="tel" format={telToText} parse={emptyToNull} validate={check} />;
    case 'phone':
      return <TextInput {...common} type="tel" parse={emptyToNull} validate={[check, MAX]} />;
    case 'email':
      return <TextInput {...common} inputMode="email" parse={emptyToNull} validate={[check, MAX]} />;
    case 'url':
      return <TextInput {...common} inputMode="url" parse={emptyToNull} validate={[check, MAX]} />;
    case 'bytes':
      return <TextInput {...common} inputMode="numeric" helperText={<BytesHelp field={field} />} parse={emptyToNull} validate={check} />;
    case 'text':
      return <TextInput {...common} parse={emptyToNull} validate={MAX} />;
  }
}

/** The values of the setting being edited: its own form, or eight plain texts for a setting no form describes. */
function SettingFields() {
  const record = useRecordContext<SettingRow>();
  const translate = useTranslate();
  if (!record) return null;
  const form = SETTING_FORMS[record.CON_CODIGO];
  if (!form) {
    return (
      <>
        <TextInput source="CON_NOMBRE" validate={[required(), maxLength(120)]} fullWidth />
        {VALUE_KEYS.map((key) => (
          <TextInput key={key} source={key} validate={MAX} fullWidth parse={emptyToNull} />
        ))}
      </>
    );
  }
  return (
    <>
      <Labeled label={translate('resources.configuraciones.fields.CON_NOMBRE')} sx={{ mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: { xs: '1.05rem', sm: '1.25rem' } }}>
          {record.CON_NOMBRE}
        </Typography>
      </Labeled>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {form.description}
      </Typography>
      {form.fields.map((field) => (
        <ValueInput key={field.key} field={settingField(record.CON_CODIGO, field.key)} record={record} />
      ))}
      {imagesOnly(record.CON_CODIGO) && (
        <Alert severity="info" sx={{ mt: 1, maxWidth: 720 }}>
          {translate('resources.configuraciones.sin_cambios')}
        </Alert>
      )}
    </>
  );
}

/** A setting's form: each value named and checked by what it means (domain/configuraciones.ts). */
export function ConfiguracionEdit(props: Pick<EditProps, 'id'>) {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      {...props}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          // The open page (and the sign-in pages reached from it) shows the change without a reload.
          void reloadSettings().catch(() => undefined);
          notify('resources.configuraciones.guardada', { type: 'info' });
          redirect('list', 'configuraciones');
        },
      }}
    >
      <SimpleForm toolbar={<SaveOnly />} sx={{ maxWidth: 760 }}>
        <SettingFields />
      </SimpleForm>
    </Edit>
  );
}
