import {
  BooleanInput,
  Create,
  Edit,
  NumberInput,
  SimpleForm,
  TextInput,
  maxLength,
  maxValue,
  minValue,
  useRecordContext,
} from 'react-admin';
import Box from '@mui/material/Box';
import { TIPO_IDENTIFICACION } from '../../../domain/clientes';
import { checkProveedorIdentification, PROVEEDOR_LIMITES, PROVEEDOR_MSG } from '../../../domain/proveedores';
import type { Proveedor, ProveedorDatos } from '../../../domain/contratos/proveedores';
import { advertenciaDe, type LibroIdentificacion } from '../clientes/IdentificacionInput';
import { limpio, TerceroCampos, terceroToWire } from '../clientes/TerceroCampos';
import { texto } from './textos';

/** The suppliers' book for the shared identification input: PRV_* fields, /api/proveedores lookups, its own rule. */
const LIBRO: LibroIdentificacion = {
  recurso: 'proveedores',
  prefijo: 'PRV',
  validar: checkProveedorIdentification,
  hallado: 'proveedor',
  existente: { titulo: texto('form.existente_titulo'), texto: texto('form.existente_texto'), abrir: texto('form.abrir_existente') },
};

/** What the API takes: the form's values trimmed, lists without blanks or repeats. */
export function proveedorToWire(values: Record<string, unknown>): ProveedorDatos {
  return {
    PRV_TIPO_IDENTIFICACION: values.PRV_TIPO_IDENTIFICACION as ProveedorDatos['PRV_TIPO_IDENTIFICACION'],
    ...terceroToWire('PRV', values),
    PRV_CONTACTO: limpio(values.PRV_CONTACTO) || null,
    PRV_DIAS_CREDITO: Number(values.PRV_DIAS_CREDITO ?? 0) || 0,
    PRV_ACTIVO: values.PRV_ACTIVO !== false,
    PRV_OBSERVACION: limpio(values.PRV_OBSERVACION) || null,
    aceptarAdvertencia: values.aceptarAdvertencia === true,
  };
}

function ProveedorFields() {
  const t = (key: string) => texto(`form.${key}`);
  const half = { flex: '1 1 220px' };
  return (
    // Room under each field for its helper or error line: the next field's label floats above its border.
    <Box sx={{ width: '100%', maxWidth: 760, '& .MuiFormControl-root': { mb: 1 } }}>
      <TerceroCampos libro={LIBRO} limites={PROVEEDOR_LIMITES} msg={PROVEEDOR_MSG} />
      <Box sx={{ display: 'flex', gap: { xs: 0, sm: 2 }, flexWrap: 'wrap' }}>
        <TextInput source="PRV_CONTACTO" validate={maxLength(PROVEEDOR_LIMITES.contacto)} helperText={t('ayuda_contacto')} sx={half} />
        <NumberInput
          source="PRV_DIAS_CREDITO"
          min={0}
          max={PROVEEDOR_LIMITES.diasCredito}
          step={1}
          validate={[minValue(0), maxValue(PROVEEDOR_LIMITES.diasCredito, PROVEEDOR_MSG.diasCredito)]}
          helperText={t('ayuda_dias')}
          sx={half}
        />
      </Box>
      <BooleanInput source="PRV_ACTIVO" helperText={t('ayuda_activo')} />
      <TextInput source="PRV_OBSERVACION" multiline minRows={2} validate={maxLength(PROVEEDOR_LIMITES.observacion)} fullWidth />
    </Box>
  );
}

const defaults = {
  PRV_TIPO_IDENTIFICACION: TIPO_IDENTIFICACION.ruc,
  PRV_IDENTIFICACION: '',
  PRV_CORREOS: [],
  PRV_TELEFONOS: [],
  PRV_DIAS_CREDITO: 0,
  PRV_ACTIVO: true,
  aceptarAdvertencia: false,
};

export const ProveedorCreate = () => (
  <Create redirect="show" transform={proveedorToWire}>
    <SimpleForm defaultValues={defaults}>
      <ProveedorFields />
    </SimpleForm>
  </Create>
);

function Titulo() {
  const record = useRecordContext<Proveedor>();
  return <span>{record ? `${record.PRV_RAZON_SOCIAL} · ${record.PRV_IDENTIFICACION}` : ''}</span>;
}

function EditContenido() {
  const record = useRecordContext<Proveedor>();
  if (!record) return null;
  // The number the supplier was saved with: its check-digit warning was accepted then, so it stays accepted.
  const aceptada = Boolean(advertenciaDe(record.PRV_TIPO_IDENTIFICACION, record.PRV_IDENTIFICACION, LIBRO));
  return (
    <SimpleForm defaultValues={{ aceptarAdvertencia: aceptada }}>
      <ProveedorFields />
    </SimpleForm>
  );
}

export const ProveedorEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show" transform={proveedorToWire} title={<Titulo />}>
    <EditContenido />
  </Edit>
);
