import { DateInput, NumberInput, SelectInput, TextInput, maxLength, regex, required, useRecordContext, useTranslate } from 'react-admin';
import type { CodigoRetencion, CodigoRetencionDatos } from '../../../domain/contratos/codigosRetencion';
import {
  CODIGO_RETENCION_MSG,
  CODIGO_RETENCION_PATTERN,
  IMPUESTO_RETENCION_CHOICES,
  IMPUESTO_RETENCION_ETIQUETA,
  porcentajeValido,
  type ImpuestoRetencion,
} from '../../../domain/codigosRetencion';
import { RemoveButton } from '../../shell/RemoveButton';
import { CreateForm, EditForm } from '../../shell/ResourceForm';
import { FieldColumn, FieldRow, UsesNotice } from '../../shell/formLayout';

/** What the API takes: the form's values trimmed, an empty hasta as null, without the list's computed columns. */
export function codigoRetencionToWire(values: Record<string, unknown>): CodigoRetencionDatos {
  const hasta = String(values.RCO_HASTA ?? '').trim();
  return {
    RCO_IMPUESTO: values.RCO_IMPUESTO as CodigoRetencionDatos['RCO_IMPUESTO'],
    RCO_CODIGO: String(values.RCO_CODIGO ?? '')
      .trim()
      .toUpperCase(),
    RCO_CONCEPTO: String(values.RCO_CONCEPTO ?? '').trim(),
    RCO_PORCENTAJE: Number(values.RCO_PORCENTAJE),
    RCO_DESDE: String(values.RCO_DESDE ?? ''),
    RCO_HASTA: hasta || null,
  };
}

const porcentaje = (value: unknown) =>
  value === null || value === undefined || value === '' || porcentajeValido(Number(value))
    ? undefined
    : CODIGO_RETENCION_MSG.porcentajeInvalido;

/** hasta, when given, not before desde. */
const hastaNoAntes = (value: unknown, values: Record<string, unknown>) =>
  value && values.RCO_DESDE && String(value) < String(values.RCO_DESDE) ? CODIGO_RETENCION_MSG.periodoInvalido : undefined;

function CodigoRetencionFields() {
  const translate = useTranslate();
  const half = { flex: '1 1 200px' };
  return (
    <FieldColumn spaced>
      <UsesNotice<CodigoRetencion> count={(r) => r.usos} message="resources.codigosRetencion.usos_aviso" />
      <FieldRow>
        <SelectInput source="RCO_IMPUESTO" choices={IMPUESTO_RETENCION_CHOICES} validate={required()} sx={half} />
        <TextInput
          source="RCO_CODIGO"
          validate={[required(), regex(new RegExp(CODIGO_RETENCION_PATTERN), CODIGO_RETENCION_MSG.codigoInvalido)]}
          parse={(value: string) => value.toUpperCase()}
          helperText={translate('resources.codigosRetencion.ayuda_codigo')}
          slotProps={{ htmlInput: { maxLength: 5 } }}
          sx={half}
        />
        <NumberInput
          source="RCO_PORCENTAJE"
          validate={[required(), porcentaje]}
          min={0}
          max={100}
          step={0.01}
          helperText={translate('resources.codigosRetencion.ayuda_porcentaje')}
          sx={half}
        />
      </FieldRow>
      <TextInput source="RCO_CONCEPTO" validate={[required(CODIGO_RETENCION_MSG.conceptoRequerido), maxLength(500)]} multiline fullWidth />
      <FieldRow>
        <DateInput source="RCO_DESDE" validate={required()} sx={half} />
        <DateInput source="RCO_HASTA" validate={hastaNoAntes} helperText={translate('resources.codigosRetencion.ayuda_hasta')} sx={half} />
      </FieldRow>
    </FieldColumn>
  );
}

/** "Renta 312 · 2.00 %". */
function CodigoRetencionTitulo() {
  const record = useRecordContext<CodigoRetencion>();
  if (!record) return <span />;
  const impuesto = IMPUESTO_RETENCION_ETIQUETA[record.RCO_IMPUESTO as ImpuestoRetencion] ?? record.RCO_IMPUESTO;
  return <span>{`${impuesto} ${record.RCO_CODIGO} · ${record.RCO_PORCENTAJE} %`}</span>;
}

const defaults = { RCO_IMPUESTO: '1' };

export const CodigoRetencionCreate = () => (
  <CreateForm transform={codigoRetencionToWire} defaultValues={defaults}>
    <CodigoRetencionFields />
  </CreateForm>
);

// A code some retención applied is closed with a date hasta, never deleted: no delete button for it.
export const CodigoRetencionEdit = () => (
  <EditForm
    transform={codigoRetencionToWire}
    title={<CodigoRetencionTitulo />}
    remove={<RemoveButton<CodigoRetencion> resource="codigosRetencion" name={(r) => r.RCO_CODIGO} hidden={(r) => r.usos > 0} />}
  >
    <CodigoRetencionFields />
  </EditForm>
);
