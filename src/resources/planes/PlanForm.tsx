import { BooleanInput, NumberInput, SelectInput, TextInput, maxLength, maxValue, minValue, required, useTranslate } from 'react-admin';
import type { Plan, PlanCuerpo } from '../../../domain/contratos/planes';
import { PLAN_MSG, PRECIO, PLAN_TIPO_DEFECTO, PLAN_CLASE } from '../../../domain/planes';
import { CLASE_CHOICES, TIPO_CHOICES } from './choices';
import { PrecioConIva } from './PrecioConIva';
import { leerNumero } from '../../ui/numeros';
import { PlanDeleteButton } from './PlanDeleteButton';
import { CreateForm, EditForm } from '../../shell/ResourceForm';
import { FieldColumn, FieldRow, UsesNotice } from '../../shell/formLayout';

/** What the API takes (PlanCuerpo): the form's values without the list's computed columns, the price with 2 decimals. */
export function planToWire(values: Record<string, unknown>): PlanCuerpo {
  const descripcion = String(values.PLAN_DESCRIPCION ?? '').trim();
  return {
    PLAN_NOMBRE: String(values.PLAN_NOMBRE ?? '').trim(),
    PLAN_TIPO: values.PLAN_TIPO as PlanCuerpo['PLAN_TIPO'],
    PLAN_CLASE: values.PLAN_CLASE as PlanCuerpo['PLAN_CLASE'],
    PLAN_COMPROBANTES: Number(values.PLAN_COMPROBANTES),
    PLAN_DIAS: Number(values.PLAN_DIAS),
    PLAN_PRECIO: Number(leerNumero(String(values.PLAN_PRECIO)) ?? NaN).toFixed(2),
    PLAN_DESCRIPCION: descripcion || null,
    PLAN_ACTIVO: values.PLAN_ACTIVO !== false,
  };
}

/** The price as typed, "25,50" or "25.50": 2 decimals at most, 0 to 99 999.99. */
const precioValido = (valor: unknown) => (PRECIO.test(leerNumero(String(valor ?? '')) ?? '') ? undefined : PLAN_MSG.invalidPrice);

function PlanFields() {
  const translate = useTranslate();
  const half = { flex: '1 1 200px' };
  return (
    <FieldColumn>
      <UsesNotice<Plan> count={(r) => r.vendidos} message="resources.planes.vendido_aviso" />
      <TextInput source="PLAN_NOMBRE" validate={[required(), maxLength(120)]} fullWidth />
      <FieldRow>
        <SelectInput source="PLAN_TIPO" choices={TIPO_CHOICES} validate={required()} sx={half} />
        <SelectInput source="PLAN_CLASE" choices={CLASE_CHOICES} validate={required()} sx={half} />
      </FieldRow>
      <FieldRow>
        <NumberInput source="PLAN_COMPROBANTES" validate={[required(), minValue(1), maxValue(10_000_000)]} step={1} sx={half} />
        <NumberInput
          source="PLAN_DIAS"
          validate={[required(), minValue(1), maxValue(3660)]}
          step={1}
          helperText="resources.planes.ayuda_dias"
          sx={half}
        />
      </FieldRow>
      <TextInput
        source="PLAN_PRECIO"
        validate={[required(), precioValido]}
        helperText="resources.planes.ayuda_precio"
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        fullWidth
      />
      <PrecioConIva field="PLAN_PRECIO" />
      <TextInput source="PLAN_DESCRIPCION" validate={maxLength(300)} multiline minRows={2} fullWidth />
      <BooleanInput source="PLAN_ACTIVO" helperText={translate('resources.planes.ayuda_activo')} />
    </FieldColumn>
  );
}

const defaults = { PLAN_TIPO: PLAN_TIPO_DEFECTO, PLAN_CLASE: PLAN_CLASE.electronico, PLAN_ACTIVO: true };

export const PlanCreate = () => (
  <CreateForm transform={planToWire} defaultValues={defaults}>
    <PlanFields />
  </CreateForm>
);

export const PlanEdit = () => (
  <EditForm transform={planToWire} remove={<PlanDeleteButton />}>
    <PlanFields />
  </EditForm>
);
