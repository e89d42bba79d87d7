import {
  BooleanInput,
  Create,
  Edit,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  regex,
  required,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { BancoAdmin, BancoDatos } from '../../../domain/contratos/bancos';
import { BANCO_MSG, BANCO_NUMERO_PATTERN, BANCO_TIPO_CHOICES, bancoTipoEtiqueta } from '../../../domain/bancos';
import { RemoveButton } from '../../shell/RemoveButton';

/** What the API takes: the form's values trimmed, without the list's computed columns. */
export function bancoToWire(values: Record<string, unknown>): BancoDatos {
  return {
    BAN_NOMBRE: String(values.BAN_NOMBRE ?? '').trim(),
    BAN_TIPO_CUENTA: values.BAN_TIPO_CUENTA as BancoDatos['BAN_TIPO_CUENTA'],
    BAN_NUMERO: String(values.BAN_NUMERO ?? '').trim(),
    BAN_ACTIVO: values.BAN_ACTIVO !== false,
  };
}

function PagosAviso() {
  const record = useRecordContext<BancoAdmin>();
  const translate = useTranslate();
  if (!record?.pagos) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {translate('resources.bancos.pagos_aviso', { smart_count: record.pagos })}
    </Alert>
  );
}

function BancoFields() {
  const translate = useTranslate();
  const half = { flex: '1 1 220px' };
  return (
    // Room under each field for its helper or error line: the next field's label floats above its border.
    <Box sx={{ width: '100%', maxWidth: 640, '& .MuiFormControl-root': { mb: 1 } }}>
      <PagosAviso />
      <TextInput source="BAN_NOMBRE" validate={[required(BANCO_MSG.nameRequired), maxLength(120)]} fullWidth />
      <Box sx={{ display: 'flex', gap: { xs: 0, sm: 2 }, flexWrap: 'wrap' }}>
        <SelectInput source="BAN_TIPO_CUENTA" choices={BANCO_TIPO_CHOICES} validate={required()} sx={half} />
        <TextInput
          source="BAN_NUMERO"
          validate={[required(), regex(new RegExp(BANCO_NUMERO_PATTERN), BANCO_MSG.invalidNumber)]}
          helperText={translate('resources.bancos.ayuda_numero')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
          sx={half}
        />
      </Box>
      <BooleanInput source="BAN_ACTIVO" helperText={translate('resources.bancos.ayuda_activo')} />
    </Box>
  );
}

function EditToolbar() {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      <RemoveButton
        resource="bancos"
        name={(r: RaRecord) => (r as unknown as BancoAdmin).BAN_NOMBRE}
        uses={(r: RaRecord) => (r as unknown as BancoAdmin).pagos}
        active={(r: RaRecord) => (r as unknown as BancoAdmin).BAN_ACTIVO}
      />
    </Toolbar>
  );
}

/** "Banco Guayaquil · Ahorros 0012345678" (the resource's own name would repeat "Banco"). */
function BancoTitulo() {
  const record = useRecordContext<BancoAdmin>();
  return <span>{record ? `${record.BAN_NOMBRE} · ${bancoTipoEtiqueta(record.BAN_TIPO_CUENTA)} ${record.BAN_NUMERO}` : ''}</span>;
}

const defaults = { BAN_TIPO_CUENTA: 'AHORROS', BAN_ACTIVO: true };

export const BancoCreate = () => (
  <Create redirect="list" transform={bancoToWire}>
    <SimpleForm defaultValues={defaults}>
      <BancoFields />
    </SimpleForm>
  </Create>
);

export const BancoEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" transform={bancoToWire} title={<BancoTitulo />}>
    <SimpleForm toolbar={<EditToolbar />}>
      <BancoFields />
    </SimpleForm>
  </Edit>
);
