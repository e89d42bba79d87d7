import { useEffect, useState } from 'react';
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
  useCreateSuggestionContext,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { CLIENTE_LIMITES, CLIENTE_MSG, TIPO_IDENTIFICACION } from '../../../domain/clientes';
import { useGrupos, useTiposCliente, useTiposJuridicos, useVendedores } from './catalogos';
import { ClienteDatosCard } from './ClienteDatos';
import { advertenciaDe } from './IdentificacionInput';
import { limpio, TerceroCampos, terceroToWire } from './TerceroCampos';
import type { Cliente, ClienteDatos, GrupoCliente } from './tipos';
import { texto } from './textos';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { leerNumero } from '../../ui/numeros';

const codigo = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** What the API takes: the form's values trimmed, lists without blanks or repeats, codes as numbers or null. */
export function clienteToWire(values: Record<string, unknown>): ClienteDatos {
  const limite = Number(leerNumero(limpio(values.CLI_LIMITE_CREDITO) || '0') ?? NaN);
  return {
    CLI_TIPO_IDENTIFICACION: values.CLI_TIPO_IDENTIFICACION as ClienteDatos['CLI_TIPO_IDENTIFICACION'],
    ...terceroToWire('CLI', values),
    TCL_CODIGO: codigo(values.TCL_CODIGO),
    GCL_CODIGO: codigo(values.GCL_CODIGO),
    TJU_CODIGO: codigo(values.TJU_CODIGO),
    CLI_VENDEDOR: codigo(values.CLI_VENDEDOR),
    CLI_DIAS_CREDITO: Number(values.CLI_DIAS_CREDITO ?? 0) || 0,
    CLI_LIMITE_CREDITO: (Number.isFinite(limite) ? limite : 0).toFixed(2),
    CLI_ACTIVO: values.CLI_ACTIVO !== false,
    CLI_OBSERVACION: limpio(values.CLI_OBSERVACION) || null,
    aceptarAdvertencia: values.aceptarAdvertencia === true,
  };
}

/** "Nuevo grupo" inside the group select: POST /api/grupoClientes, then the new group is chosen. */
function GrupoNuevo() {
  const { filter, onCancel, onCreate } = useCreateSuggestionContext();
  const dataProvider = useAreaDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const [nombre, setNombre] = useState(filter ?? '');
  const [pending, setPending] = useState(false);
  const crear = async () => {
    setPending(true);
    try {
      const grupo = await dataProvider.call<GrupoCliente>('/api/grupoClientes', { method: 'POST', body: { GCL_NOMBRE: nombre.trim() } });
      queryClient.setQueryData<GrupoCliente[]>(['clientes', 'grupos'], (old = []) => [...old, grupo]);
      onCreate(grupo);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby="grupo-nuevo-titulo">
      <DialogTitle id="grupo-nuevo-titulo">{texto('form.grupo_nuevo')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={texto('form.grupo_nombre')}
          value={nombre}
          onChange={(e) => setNombre(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={crear} disabled={!nombre.trim() || pending}>
          {translate('ra.action.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The legal type, among those the identification type allows; a choice that no longer fits is cleared. */
function TipoJuridicoInput() {
  const tipo = useWatch({ name: 'CLI_TIPO_IDENTIFICACION' }) as string | undefined;
  const actual = useWatch({ name: 'TJU_CODIGO' }) as number | null | undefined;
  const { setValue } = useFormContext();
  const { data: tipos, isPending } = useTiposJuridicos(tipo);
  useEffect(() => {
    if (tipos && actual != null && !tipos.some((t) => t.TJU_CODIGO === actual)) setValue('TJU_CODIGO', null);
  }, [tipos, actual, setValue]);
  return (
    <SelectInput
      source="TJU_CODIGO"
      choices={tipos ?? []}
      optionValue="TJU_CODIGO"
      optionText="TJU_NOMBRE"
      isPending={Boolean(tipo) && isPending}
      sx={{ flex: '1 1 220px' }}
    />
  );
}

function ClienteFields() {
  const t = (key: string) => texto(`form.${key}`);
  const { data: tipos = [] } = useTiposCliente();
  const { data: grupos = [] } = useGrupos();
  const { data: vendedores = [] } = useVendedores();
  const half = { flex: '1 1 220px' };
  const row = { display: 'flex', gap: { xs: 0, sm: 2 }, flexWrap: 'wrap' } as const;
  return (
    // Room under each field for its helper or error line: the next field's label floats above its border.
    <Box sx={{ width: '100%', maxWidth: 760, '& .MuiFormControl-root': { mb: 1 } }}>
      <TerceroCampos limites={CLIENTE_LIMITES} msg={CLIENTE_MSG} />
      <Box sx={row}>
        <SelectInput source="TCL_CODIGO" choices={tipos} optionValue="TCL_CODIGO" optionText="TCL_NOMBRE" sx={half} />
        <SelectInput
          source="GCL_CODIGO"
          choices={grupos}
          optionValue="GCL_CODIGO"
          optionText="GCL_NOMBRE"
          create={<GrupoNuevo />}
          createLabel={t('grupo_nuevo')}
          sx={half}
        />
      </Box>
      <Box sx={row}>
        <TipoJuridicoInput />
        <SelectInput source="CLI_VENDEDOR" choices={vendedores} optionValue="USU_CODIGO" optionText="nombre" sx={half} />
      </Box>
      <Box sx={row}>
        <NumberInput
          source="CLI_DIAS_CREDITO"
          min={0}
          max={CLIENTE_LIMITES.diasCredito}
          step={1}
          validate={[minValue(0), maxValue(CLIENTE_LIMITES.diasCredito)]}
          sx={half}
        />
        <TextInput
          source="CLI_LIMITE_CREDITO"
          validate={regex(/^\d{1,9}([.,]\d{1,2})?$/, texto('form.limite_invalido'))}
          helperText={t('ayuda_limite')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={half}
        />
      </Box>
      <BooleanInput source="CLI_ACTIVO" helperText={t('ayuda_activo')} />
      <TextInput source="CLI_OBSERVACION" multiline minRows={2} validate={maxLength(CLIENTE_LIMITES.observacion)} fullWidth />
    </Box>
  );
}

const defaults = {
  CLI_TIPO_IDENTIFICACION: TIPO_IDENTIFICACION.ruc,
  CLI_IDENTIFICACION: '',
  CLI_CORREOS: [],
  CLI_TELEFONOS: [],
  CLI_DIAS_CREDITO: 0,
  CLI_LIMITE_CREDITO: '0.00',
  CLI_ACTIVO: true,
  aceptarAdvertencia: false,
};

export const ClienteCreate = () => (
  <Create redirect="show" transform={clienteToWire}>
    <SimpleForm defaultValues={defaults}>
      <ClienteFields />
    </SimpleForm>
  </Create>
);

function Titulo() {
  const record = useRecordContext<Cliente>();
  return <span>{record ? `${record.CLI_RAZON_SOCIAL} · ${record.CLI_IDENTIFICACION}` : ''}</span>;
}

/** The consumidor final is shown, never edited (the server refuses it too). */
function EditContenido() {
  const record = useRecordContext<Cliente>();
  if (!record) return null;
  if (record.CLI_CONSUMIDOR_FINAL)
    return (
      <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
        <Alert severity="info">{CLIENTE_MSG.consumidorFinal}</Alert>
        <ClienteDatosCard record={record} />
      </Box>
    );
  // The number the client was saved with: its check-digit warning was accepted then, so it stays accepted.
  const aceptada = Boolean(advertenciaDe(record.CLI_TIPO_IDENTIFICACION, record.CLI_IDENTIFICACION));
  return (
    <SimpleForm
      defaultValues={{ aceptarAdvertencia: aceptada }}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <ClienteFields />
    </SimpleForm>
  );
}

export const ClienteEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show" transform={clienteToWire} title={<Titulo />}>
    <EditContenido />
  </Edit>
);
