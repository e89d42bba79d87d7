import { BooleanInput, Create, Edit, SimpleForm, TextInput, maxLength, required, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import { TIPO_IDENTIFICACION } from '../../../domain/clientes';
import {
  checkPlaca,
  checkTransportistaIdentification,
  placaTransportista,
  TRANSPORTISTA_LIMITES,
  TRANSPORTISTA_MSG,
} from '../../../domain/transportistas';
import type { Transportista, TransportistaDatos } from '../../../domain/contratos/transportistas';
import { advertenciaDe, type LibroIdentificacion } from '../clientes/IdentificacionInput';
import { limpio, TerceroCampos, terceroToWire } from '../clientes/TerceroCampos';
import { texto } from './textos';

/** The carriers' book for the shared identification input: TRA_* fields, /api/transportistas lookups, its own rule. */
const LIBRO: LibroIdentificacion = {
  recurso: 'transportistas',
  prefijo: 'TRA',
  validar: checkTransportistaIdentification,
  hallado: 'transportista',
  existente: { titulo: texto('form.existente_titulo'), texto: texto('form.existente_texto'), abrir: texto('form.abrir_existente') },
};

/** What the API takes: the form's values trimmed, lists without blanks or repeats, the plate in capitals. */
export function transportistaToWire(values: Record<string, unknown>): TransportistaDatos {
  // A carrier has no commercial name: the shared part's is left out.
  const { TRA_NOMBRE_COMERCIAL: _sinNombre, ...tercero } = terceroToWire('TRA', values);
  return {
    TRA_TIPO_IDENTIFICACION: values.TRA_TIPO_IDENTIFICACION as TransportistaDatos['TRA_TIPO_IDENTIFICACION'],
    ...tercero,
    TRA_PLACA: placaTransportista(String(values.TRA_PLACA ?? '')),
    TRA_ACTIVO: values.TRA_ACTIVO !== false,
    TRA_OBSERVACION: limpio(values.TRA_OBSERVACION) || null,
    aceptarAdvertencia: values.aceptarAdvertencia === true,
  };
}

const placaValida = (value: unknown) => checkPlaca(String(value ?? ''));
const aMayusculas = (value: unknown) => String(value ?? '').toUpperCase();

function TransportistaFields() {
  return (
    // Room under each field for its helper or error line: the next field's label floats above its border.
    <Box sx={{ width: '100%', maxWidth: 760, '& .MuiFormControl-root': { mb: 1 } }}>
      <TerceroCampos libro={LIBRO} limites={TRANSPORTISTA_LIMITES} msg={TRANSPORTISTA_MSG} />
      <TextInput
        source="TRA_PLACA"
        validate={[required(TRANSPORTISTA_MSG.placaRequerida), placaValida]}
        parse={aMayusculas}
        helperText={texto('form.ayuda_placa')}
        slotProps={{ htmlInput: { maxLength: TRANSPORTISTA_LIMITES.placa, autoComplete: 'off' } }}
        sx={{ width: '100%', maxWidth: 360 }}
      />
      <BooleanInput source="TRA_ACTIVO" helperText={texto('form.ayuda_activo')} />
      <TextInput source="TRA_OBSERVACION" multiline minRows={2} validate={maxLength(TRANSPORTISTA_LIMITES.observacion)} fullWidth />
    </Box>
  );
}

const defaults = {
  TRA_TIPO_IDENTIFICACION: TIPO_IDENTIFICACION.ruc,
  TRA_IDENTIFICACION: '',
  TRA_PLACA: '',
  TRA_CORREOS: [],
  TRA_TELEFONOS: [],
  TRA_ACTIVO: true,
  aceptarAdvertencia: false,
};

export const TransportistaCreate = () => (
  <Create redirect="show" transform={transportistaToWire}>
    <SimpleForm defaultValues={defaults}>
      <TransportistaFields />
    </SimpleForm>
  </Create>
);

function Titulo() {
  const record = useRecordContext<Transportista>();
  return <span>{record ? `${record.TRA_RAZON_SOCIAL} · ${record.TRA_PLACA}` : ''}</span>;
}

function EditContenido() {
  const record = useRecordContext<Transportista>();
  if (!record) return null;
  // The number the carrier was saved with: its check-digit warning was accepted then, so it stays accepted.
  const aceptada = Boolean(advertenciaDe(record.TRA_TIPO_IDENTIFICACION, record.TRA_IDENTIFICACION, LIBRO));
  return (
    <SimpleForm defaultValues={{ aceptarAdvertencia: aceptada }}>
      <TransportistaFields />
    </SimpleForm>
  );
}

export const TransportistaEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show" transform={transportistaToWire} title={<Titulo />}>
    <EditContenido />
  </Edit>
);
