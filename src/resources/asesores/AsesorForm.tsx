import { BooleanInput, SelectInput, TextInput, email, maxLength, regex, required, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Asesor, AsesorDatos } from '../../../domain/contratos/asesores';
import {
  ASESOR_MSG,
  ASESOR_TELEFONO_PATTERN,
  ASESOR_TIPO_CHOICES,
  ASESOR_TIPO_DEFECTO,
  checkAsesorIdentification,
} from '../../../domain/asesores';
import { RemoveButton } from '../../shell/RemoveButton';
import { CreateForm, EditForm } from '../../shell/ResourceForm';
import { FieldColumn, FieldRow, UsesNotice } from '../../shell/formLayout';

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
  // A company RUC whose check digit fails is accepted with a warning: the SRI has issued real company RUCs that fail it.
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

function AsesorFields() {
  const translate = useTranslate();
  const half = { flex: '1 1 220px' };
  return (
    <FieldColumn spaced>
      <UsesNotice<Asesor> count={(r) => r.tickets} message="resources.asesores.tickets_aviso" />
      <IdentificacionInput />
      <TextInput source="ASE_NOMBRE" validate={[required(ASESOR_MSG.nameRequired), maxLength(150)]} fullWidth />
      <FieldRow>
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
      </FieldRow>
      <SelectInput source="ASE_TIPO" choices={ASESOR_TIPO_CHOICES} validate={required()} fullWidth />
      <BooleanInput source="ASE_ACTIVO" helperText={translate('resources.asesores.ayuda_activo')} />
    </FieldColumn>
  );
}

const defaults = { ASE_TIPO: ASESOR_TIPO_DEFECTO, ASE_ACTIVO: true };

export const AsesorCreate = () => (
  <CreateForm transform={asesorToWire} defaultValues={defaults}>
    <AsesorFields />
  </CreateForm>
);

export const AsesorEdit = () => (
  <EditForm
    transform={asesorToWire}
    remove={<RemoveButton<Asesor> resource="asesores" name={(r) => r.ASE_NOMBRE} uses={(r) => r.tickets} active={(r) => r.ASE_ACTIVO} />}
  >
    <AsesorFields />
  </EditForm>
);
