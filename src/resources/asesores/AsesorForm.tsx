import {
  BooleanInput,
  Create,
  Edit,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  email,
  maxLength,
  regex,
  required,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { Asesor, AsesorDatos } from '../../../domain/contratos/asesores';
import {
  ASESOR_MSG,
  ASESOR_TELEFONO_PATTERN,
  ASESOR_TIPO_CHOICES,
  ASESOR_TIPO_DEFECTO,
  checkAsesorIdentification,
} from '../../../domain/asesores';
import { RemoveButton } from '../../shell/RemoveButton';

/** What the API takes: the form's values trimmed, without the list's computed columns. */
export function asesorToWire(values: Record<string, unknown>): AsesorDatos {
  const text = (field: string) => String(values[field] ?? '').trim();
  return {
    ASE_IDENTIFICACION: text('ASE_IDENTIFICACION'),
    ASE_NOMBRE: text('ASE_NOMBRE'),
    ASE_CORREO: text('ASE_CORREO') || null,
    ASE_TELEFONO: text('ASE_TELEFONO') || null,
    ASE_TIPO: values.ASE_TIPO as AsesorDatos['ASE_TIPO'],
    ASE_ACTIVO: values.ASE_ACTIVO !== false,
  };
}

/** The server's own rule: a wrong length, a non-digit or a failed check digit is an error (domain/asesores.ts). */
const identification = (value: unknown) => {
  const text = String(value ?? '').trim();
  return text ? checkAsesorIdentification(text).error : undefined;
};

function IdentificacionInput() {
  const translate = useTranslate();
  const value = useWatch({ name: 'ASE_IDENTIFICACION' }) as string | undefined;
  // A company RUC whose check digit fails is accepted with a warning (reference/ecuador.md).
  const warning = value ? checkAsesorIdentification(value).warning : undefined;
  return (
    <TextInput
      source="ASE_IDENTIFICACION"
      validate={[required(), identification]}
      helperText={warning ?? translate('resources.asesores.ayuda_identificacion')}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 13 } }}
      fullWidth
    />
  );
}

function TicketsAviso() {
  const record = useRecordContext<Asesor>();
  const translate = useTranslate();
  if (!record?.tickets) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {translate('resources.asesores.tickets_aviso', { smart_count: record.tickets })}
    </Alert>
  );
}

function AsesorFields() {
  const translate = useTranslate();
  const half = { flex: '1 1 220px' };
  return (
    // Room under each field for its helper or error line: the next field's label floats above its border.
    <Box sx={{ width: '100%', maxWidth: 640, '& .MuiFormControl-root': { mb: 1 } }}>
      <TicketsAviso />
      <IdentificacionInput />
      <TextInput source="ASE_NOMBRE" validate={[required(ASESOR_MSG.nameRequired), maxLength(150)]} fullWidth />
      <Box sx={{ display: 'flex', gap: { xs: 0, sm: 2 }, flexWrap: 'wrap' }}>
        <TextInput
          source="ASE_CORREO"
          slotProps={{ htmlInput: { inputMode: 'email' } }}
          validate={[email(ASESOR_MSG.invalidEmail), maxLength(150)]}
          sx={half}
        />
        <TextInput
          source="ASE_TELEFONO"
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
          validate={regex(new RegExp(ASESOR_TELEFONO_PATTERN), ASESOR_MSG.invalidPhone)}
          sx={half}
        />
      </Box>
      <SelectInput source="ASE_TIPO" choices={ASESOR_TIPO_CHOICES} validate={required()} fullWidth />
      <BooleanInput source="ASE_ACTIVO" helperText={translate('resources.asesores.ayuda_activo')} />
    </Box>
  );
}

function EditToolbar() {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      <RemoveButton
        resource="asesores"
        name={(r: RaRecord) => (r as unknown as Asesor).ASE_NOMBRE}
        uses={(r: RaRecord) => (r as unknown as Asesor).tickets}
        active={(r: RaRecord) => (r as unknown as Asesor).ASE_ACTIVO}
      />
    </Toolbar>
  );
}

const defaults = { ASE_TIPO: ASESOR_TIPO_DEFECTO, ASE_ACTIVO: true };

export const AsesorCreate = () => (
  <Create redirect="list" transform={asesorToWire}>
    <SimpleForm defaultValues={defaults}>
      <AsesorFields />
    </SimpleForm>
  </Create>
);

export const AsesorEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" transform={asesorToWire}>
    <SimpleForm toolbar={<EditToolbar />}>
      <AsesorFields />
    </SimpleForm>
  </Edit>
);
