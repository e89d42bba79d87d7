import {
  BooleanInput,
  Create,
  Edit,
  NumberInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  maxValue,
  minValue,
  regex,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { Plan, PlanCuerpo } from '../../../domain/contratos/planes';
import { PLAN_MSG, PRECIO, PLAN_TIPO_DEFECTO, PLAN_CLASE } from '../../../domain/planes';
import { CLASE_CHOICES, TIPO_CHOICES } from './choices';
import { PrecioConIva } from './PrecioConIva';
import { PlanDeleteButton } from './PlanDeleteButton';

/** What the API takes (PlanCuerpo): the form's values without the list's computed columns, the price with 2 decimals. */
export function planToWire(values: Record<string, unknown>): PlanCuerpo {
  const descripcion = String(values.PLAN_DESCRIPCION ?? '').trim();
  return {
    PLAN_NOMBRE: String(values.PLAN_NOMBRE ?? '').trim(),
    PLAN_TIPO: values.PLAN_TIPO as PlanCuerpo['PLAN_TIPO'],
    PLAN_CLASE: values.PLAN_CLASE as PlanCuerpo['PLAN_CLASE'],
    PLAN_COMPROBANTES: Number(values.PLAN_COMPROBANTES),
    PLAN_DIAS: Number(values.PLAN_DIAS),
    PLAN_PRECIO: Number(String(values.PLAN_PRECIO).trim()).toFixed(2),
    PLAN_DESCRIPCION: descripcion || null,
    PLAN_ACTIVO: values.PLAN_ACTIVO !== false,
  };
}

function VendidoAviso() {
  const record = useRecordContext<Plan>();
  const translate = useTranslate();
  if (!record?.vendidos) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {translate('resources.planes.vendido_aviso', { smart_count: record.vendidos })}
    </Alert>
  );
}

function PlanFields() {
  const translate = useTranslate();
  const half = { flex: '1 1 200px' };
  return (
    <Box sx={{ width: '100%', maxWidth: 640 }}>
      <VendidoAviso />
      <TextInput source="PLAN_NOMBRE" validate={[required(), maxLength(120)]} fullWidth />
      <Box sx={{ display: 'flex', gap: { xs: 0, sm: 2 }, flexWrap: 'wrap' }}>
        <SelectInput source="PLAN_TIPO" choices={TIPO_CHOICES} validate={required()} sx={half} />
        <SelectInput source="PLAN_CLASE" choices={CLASE_CHOICES} validate={required()} sx={half} />
      </Box>
      <Box sx={{ display: 'flex', gap: { xs: 0, sm: 2 }, flexWrap: 'wrap' }}>
        <NumberInput source="PLAN_COMPROBANTES" validate={[required(), minValue(1), maxValue(10_000_000)]} step={1} sx={half} />
        <NumberInput
          source="PLAN_DIAS"
          validate={[required(), minValue(1), maxValue(3660)]}
          step={1}
          helperText="resources.planes.ayuda_dias"
          sx={half}
        />
      </Box>
      <TextInput
        source="PLAN_PRECIO"
        validate={[required(), regex(PRECIO, PLAN_MSG.invalidPrice)]}
        helperText="resources.planes.ayuda_precio"
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        fullWidth
      />
      <PrecioConIva field="PLAN_PRECIO" />
      <TextInput source="PLAN_DESCRIPCION" validate={maxLength(300)} multiline minRows={2} fullWidth />
      <BooleanInput source="PLAN_ACTIVO" helperText={translate('resources.planes.ayuda_activo')} />
    </Box>
  );
}

function EditToolbar() {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      <PlanDeleteButton />
    </Toolbar>
  );
}

const defaults = { PLAN_TIPO: PLAN_TIPO_DEFECTO, PLAN_CLASE: PLAN_CLASE.electronico, PLAN_ACTIVO: true };

export const PlanCreate = () => (
  <Create redirect="list" transform={planToWire}>
    <SimpleForm defaultValues={defaults}>
      <PlanFields />
    </SimpleForm>
  </Create>
);

export const PlanEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" transform={planToWire}>
    <SimpleForm toolbar={<EditToolbar />}>
      <PlanFields />
    </SimpleForm>
  </Edit>
);
