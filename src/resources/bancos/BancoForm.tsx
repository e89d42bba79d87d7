import { BooleanInput, SelectInput, TextInput, maxLength, regex, required, useRecordContext, useTranslate } from 'react-admin';
import type { BancoAdmin, BancoDatos } from '../../../domain/contratos/bancos';
import { BANCO_MSG, BANCO_NUMERO_PATTERN, BANCO_TIPO_CHOICES, bancoTipoEtiqueta } from '../../../domain/bancos';
import { RemoveButton } from '../../shell/RemoveButton';
import { CreateForm, EditForm } from '../../shell/ResourceForm';
import { FieldColumn, FieldRow, UsesNotice } from '../../shell/formLayout';

/** What the API takes: the form's values trimmed, without the list's computed columns. */
export function bancoToWire(values: Record<string, unknown>): BancoDatos {
  return {
    BAN_NOMBRE: String(values.BAN_NOMBRE ?? '').trim(),
    BAN_TIPO_CUENTA: values.BAN_TIPO_CUENTA as BancoDatos['BAN_TIPO_CUENTA'],
    BAN_NUMERO: String(values.BAN_NUMERO ?? '').trim(),
    BAN_ACTIVO: values.BAN_ACTIVO !== false,
  };
}

function BancoFields() {
  const translate = useTranslate();
  const half = { flex: '1 1 220px' };
  return (
    <FieldColumn spaced>
      <UsesNotice<BancoAdmin> count={(r) => r.pagos} message="resources.bancos.pagos_aviso" />
      <TextInput source="BAN_NOMBRE" validate={[required(BANCO_MSG.nameRequired), maxLength(120)]} fullWidth />
      <FieldRow>
        <SelectInput source="BAN_TIPO_CUENTA" choices={BANCO_TIPO_CHOICES} validate={required()} sx={half} />
        <TextInput
          source="BAN_NUMERO"
          validate={[required(), regex(new RegExp(BANCO_NUMERO_PATTERN), BANCO_MSG.invalidNumber)]}
          helperText={translate('resources.bancos.ayuda_numero')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
          sx={half}
        />
      </FieldRow>
      <BooleanInput source="BAN_ACTIVO" helperText={translate('resources.bancos.ayuda_activo')} />
    </FieldColumn>
  );
}

/** "Banco Guayaquil · Ahorros 0012345678" (the resource's own name would repeat "Banco"). */
function BancoTitulo() {
  const record = useRecordContext<BancoAdmin>();
  return <span>{record ? `${record.BAN_NOMBRE} · ${bancoTipoEtiqueta(record.BAN_TIPO_CUENTA)} ${record.BAN_NUMERO}` : ''}</span>;
}

const defaults = { BAN_TIPO_CUENTA: 'AHORROS', BAN_ACTIVO: true };

export const BancoCreate = () => (
  <CreateForm transform={bancoToWire} defaultValues={defaults}>
    <BancoFields />
  </CreateForm>
);

export const BancoEdit = () => (
  <EditForm
    transform={bancoToWire}
    title={<BancoTitulo />}
    remove={<RemoveButton<BancoAdmin> resource="bancos" name={(r) => r.BAN_NOMBRE} uses={(r) => r.pagos} active={(r) => r.BAN_ACTIVO} />}
  >
    <BancoFields />
  </EditForm>
);
