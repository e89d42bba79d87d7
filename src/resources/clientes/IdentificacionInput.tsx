import { useEffect, useRef, useState } from 'react';
import {
  HttpError,
  SelectInput,
  TextInput,
  required,
  useInput,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  ValidationError,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import SearchIcon from '@mui/icons-material/Search';
import { CLIENTE_MSG, TIPO_IDENTIFICACION, TIPOS_IDENTIFICACION, checkClientIdentification } from '../../../domain/clientes';
import { Aviso } from './Aviso';
import type { Cliente, Consulta } from './tipos';
import { texto } from './textos';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

/** The types a user may choose: the consumidor final is the company's single fixed client, never created by hand. */
export const TIPOS_ELEGIBLES = TIPOS_IDENTIFICACION.filter((t) => t.id !== TIPO_IDENTIFICACION.consumidorFinal);

/** Types the SRI lookups know, with the length that triggers the automatic lookup. */
const CONSULTABLES: Record<string, { largo: number; ruta: string }> = {
  [TIPO_IDENTIFICACION.ruc]: { largo: 13, ruta: 'apiRuc' },
  [TIPO_IDENTIFICACION.cedula]: { largo: 10, ruta: 'apiCedula' },
};

/** The shared rule: a wrong length or a non-digit blocks the form; a failed check digit does not (see the warning). */
const identificacionValida = (value: unknown, all: Record<string, unknown>) =>
  checkClientIdentification(String(all.CLI_TIPO_IDENTIFICACION ?? ''), String(value ?? '')).error;

/** The warning of a failed check digit, if the identification has one. */
export const advertenciaDe = (tipo: unknown, value: unknown) => checkClientIdentification(String(tipo ?? ''), String(value ?? '')).warning;

const aceptada = (value: unknown, all: Record<string, unknown>) =>
  advertenciaDe(all.CLI_TIPO_IDENTIFICACION, all.CLI_IDENTIFICACION) && value !== true ? texto('form.aceptar_requerido') : undefined;

/** A failed check digit: the warning and the checkbox that accepts it (aceptarAdvertencia), required to save. */
function Advertencia({ warning }: { warning: string }) {
  const { field, fieldState } = useInput({ source: 'aceptarAdvertencia', validate: aceptada, defaultValue: false });
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {warning}
      <FormControlLabel
        sx={{ display: 'flex', mt: 0.5 }}
        control={<Checkbox checked={field.value === true} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />}
        label={texto('form.usar_igual')}
      />
      {fieldState.error?.message && (
        <FormHelperText error>
          <ValidationError error={fieldState.error.message} />
        </FormHelperText>
      )}
    </Alert>
  );
}

type Mensaje = { titulo: string; texto: string } | null;

/**
 * Identification type and number with the SRI lookup: "Consultar" (and, when creating, the full number typed) asks
 * GET /api/clientes/apiRuc/:ruc or apiCedula/:id and fills the form from the answer; "not found" and "service down"
 * are each an "Atencion" dialog; a number the company already has offers to open that client.
 */
export function IdentificacionInput() {
  const translate = useTranslate();
  const t = (key: string) => texto(`form.${key}`);
  const dataProvider = useAreaDataProvider();
  const notify = useNotify();
  const redirect = useRedirect();
  const record = useRecordContext<Cliente>();
  const { setValue, getValues } = useFormContext();
  const tipo = useWatch({ name: 'CLI_TIPO_IDENTIFICACION' }) as string | undefined;
  const value = ((useWatch({ name: 'CLI_IDENTIFICACION' }) as string | undefined) ?? '').trim();
  const check = checkClientIdentification(tipo ?? '', value);
  const consultable = tipo ? CONSULTABLES[tipo] : undefined;
  const [pending, setPending] = useState(false);
  const [mensaje, setMensaje] = useState<Mensaje>(null);
  const [existente, setExistente] = useState<number | null>(null);

  // A new number needs its own acceptance: the one given to the previous number does not carry over.
  const first = useRef(`${tipo}|${value}`);
  useEffect(() => {
    if (`${tipo}|${value}` !== first.current) setValue('aceptarAdvertencia', false);
  }, [tipo, value, setValue]);

  const consultar = async () => {
    if (!consultable || check.error) return;
    setPending(true);
    try {
      const answer = await dataProvider.call<Consulta>(`/api/clientes/${consultable.ruta}/${encodeURIComponent(value)}`);
      const hallado = answer.cliente;
      for (const field of ['CLI_RAZON_SOCIAL', 'CLI_NOMBRE_COMERCIAL', 'CLI_DIRECCION'] as const) {
        if (hallado[field]) setValue(field, hallado[field], { shouldDirty: true, shouldValidate: true });
      }
      for (const field of ['CLI_CORREOS', 'CLI_TELEFONOS'] as const) {
        if (hallado[field]?.length) setValue(field, hallado[field], { shouldDirty: true, shouldValidate: true });
      }
      if (answer.existente && answer.existente !== record?.CLI_CODIGO) setExistente(answer.existente);
      else notify(t('consulta_llenada'), { type: 'info' });
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 0;
      const body = error instanceof HttpError ? (error.body as { titulo?: string } | undefined) : undefined;
      if (status === 404) setMensaje({ titulo: body?.titulo ?? CLIENTE_MSG.noEncontradoTitulo, texto: (error as Error).message });
      else if (status === 503) setMensaje({ titulo: CLIENTE_MSG.noEncontradoTitulo, texto: (error as Error).message });
      else notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  };

  // Creating: the full number typed asks the SRI once, unless the names are already filled in.
  const consultado = useRef('');
  const completo = Boolean(consultable && value.length === consultable.largo && !check.error);
  useEffect(() => {
    const clave = `${tipo}|${value}`;
    if (record || !completo || consultado.current === clave || getValues('CLI_RAZON_SOCIAL')) return;
    consultado.current = clave;
    void consultar();
    // consultar reads the current values; it changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [completo, tipo, value, record]);

  return (
    <>
      <Box sx={{ display: 'flex', gap: { xs: 0, sm: 2 }, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <SelectInput source="CLI_TIPO_IDENTIFICACION" choices={TIPOS_ELEGIBLES} validate={required()} sx={{ flex: '1 1 200px' }} />
        <TextInput
          source="CLI_IDENTIFICACION"
          validate={[required(CLIENTE_MSG.identificacionRequerida), identificacionValida]}
          helperText={t(
            tipo === TIPO_IDENTIFICACION.ruc ? 'ayuda_ruc' : tipo === TIPO_IDENTIFICACION.cedula ? 'ayuda_cedula' : 'ayuda_otro',
          )}
          slotProps={{ htmlInput: { maxLength: 20, autoComplete: 'off', inputMode: consultable ? 'numeric' : 'text' } }}
          sx={{ flex: '2 1 240px' }}
        />
        {consultable && (
          <Button
            variant="outlined"
            onClick={consultar}
            disabled={pending || Boolean(check.error)}
            startIcon={pending ? <CircularProgress size={16} /> : <SearchIcon />}
            sx={{ mt: { xs: 0, sm: 1 }, mb: 2, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          >
            {pending ? t('consultando') : t('consultar')}
          </Button>
        )}
      </Box>
      {check.warning && <Advertencia warning={check.warning} />}
      <Aviso open={mensaje !== null} titulo={mensaje?.titulo ?? ''} texto={mensaje?.texto ?? ''} onClose={() => setMensaje(null)} />
      <Aviso open={existente !== null} titulo={t('existente_titulo')} texto={t('existente_texto')} onClose={() => setExistente(null)}>
        <Button onClick={() => setExistente(null)}>{translate('ra.action.close')}</Button>
        <Button variant="contained" onClick={() => redirect('show', 'clientes', existente!)}>
          {t('abrir_existente')}
        </Button>
      </Aviso>
    </>
  );
}
