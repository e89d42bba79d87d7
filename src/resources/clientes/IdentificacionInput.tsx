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
import type { IdCheck } from '../../../domain/identifiers';
import { Aviso } from './Aviso';
import type { Consulta } from './tipos';
import { texto } from './textos';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

/** The types a user may choose: the consumidor final is the company's single fixed client, never created by hand. */
export const TIPOS_ELEGIBLES = TIPOS_IDENTIFICACION.filter((t) => t.id !== TIPO_IDENTIFICACION.consumidorFinal);

/** Types the SRI lookups know, with the length that triggers the automatic lookup. */
const CONSULTABLES: Record<string, { largo: number; ruta: string }> = {
  [TIPO_IDENTIFICACION.ruc]: { largo: 13, ruta: 'apiRuc' },
  [TIPO_IDENTIFICACION.cedula]: { largo: 10, ruta: 'apiCedula' },
};

/**
 * The book whose form holds the identification: the clients' (CLI_*, /api/clientes), the suppliers' (PRV_*,
 * /api/proveedores) or the carriers' (TRA_*, /api/transportistas). Its fields are `${prefijo}_TIPO_IDENTIFICACION`, `${prefijo}_IDENTIFICACION` and the ones a lookup
 * fills; its lookups answer what they found under `hallado` with the same names; `validar` is its identification rule.
 */
export type LibroIdentificacion = {
  recurso: string;
  prefijo: string;
  validar: (tipo: string, value: string) => IdCheck;
  hallado: 'cliente' | 'proveedor' | 'transportista';
  /** The dialog of a number the company already has. */
  existente: { titulo: string; texto: string; abrir: string };
};

const LIBRO_CLIENTES: LibroIdentificacion = {
  recurso: 'clientes',
  prefijo: 'CLI',
  validar: checkClientIdentification,
  hallado: 'cliente',
  existente: { titulo: texto('form.existente_titulo'), texto: texto('form.existente_texto'), abrir: texto('form.abrir_existente') },
};

/** The warning of a failed check digit, if the identification has one. */
export const advertenciaDe = (tipo: unknown, value: unknown, libro: LibroIdentificacion = LIBRO_CLIENTES) =>
  libro.validar(String(tipo ?? ''), String(value ?? '')).warning;

/** A failed check digit: the warning and the checkbox that accepts it (aceptarAdvertencia), required to save. */
function Advertencia({ warning, libro }: { warning: string; libro: LibroIdentificacion }) {
  const aceptada = (value: unknown, all: Record<string, unknown>) =>
    advertenciaDe(all[`${libro.prefijo}_TIPO_IDENTIFICACION`], all[`${libro.prefijo}_IDENTIFICACION`], libro) && value !== true
      ? texto('form.aceptar_requerido')
      : undefined;
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
 * GET /api/<book>/apiRuc/:ruc or apiCedula/:id and fills the form from the answer; "not found" and "service down"
 * are each an "Atencion" dialog; a number the company already has offers to open that record. The clients' book by
 * default; the suppliers' form passes its own.
 */
export function IdentificacionInput({ libro = LIBRO_CLIENTES }: { libro?: LibroIdentificacion }) {
  const { recurso, prefijo } = libro;
  const campo = (nombre: string) => `${prefijo}_${nombre}`;
  const translate = useTranslate();
  const t = (key: string) => texto(`form.${key}`);
  const dataProvider = useAreaDataProvider();
  const notify = useNotify();
  const redirect = useRedirect();
  const record = useRecordContext();
  const { setValue, getValues } = useFormContext();
  const tipo = useWatch({ name: campo('TIPO_IDENTIFICACION') }) as string | undefined;
  const value = ((useWatch({ name: campo('IDENTIFICACION') }) as string | undefined) ?? '').trim();
  const check = libro.validar(tipo ?? '', value);
  const consultable = tipo ? CONSULTABLES[tipo] : undefined;
  /** The book's rule: a wrong length or a non-digit blocks the form; a failed check digit does not (see the warning). */
  const identificacionValida = (input: unknown, all: Record<string, unknown>) =>
    libro.validar(String(all[campo('TIPO_IDENTIFICACION')] ?? ''), String(input ?? '')).error;
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
      const answer = await dataProvider.call<Consulta>(`/api/${recurso}/${consultable.ruta}/${encodeURIComponent(value)}`);
      const hallado = (answer as unknown as Record<string, Record<string, unknown>>)[libro.hallado] ?? {};
      for (const field of ['RAZON_SOCIAL', 'NOMBRE_COMERCIAL', 'DIRECCION'].map(campo)) {
        if (hallado[field]) setValue(field, hallado[field], { shouldDirty: true, shouldValidate: true });
      }
      for (const field of ['CORREOS', 'TELEFONOS'].map(campo)) {
        if ((hallado[field] as unknown[] | undefined)?.length) setValue(field, hallado[field], { shouldDirty: true, shouldValidate: true });
      }
      if (answer.existente && answer.existente !== record?.[campo('CODIGO')]) setExistente(answer.existente);
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
    if (record || !completo || consultado.current === clave || getValues(campo('RAZON_SOCIAL'))) return;
    consultado.current = clave;
    void consultar();
    // consultar reads the current values; it changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [completo, tipo, value, record]);

  return (
    <>
      <Box sx={{ display: 'flex', gap: { xs: 0, sm: 2 }, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <SelectInput source={campo('TIPO_IDENTIFICACION')} choices={TIPOS_ELEGIBLES} validate={required()} sx={{ flex: '1 1 200px' }} />
        <TextInput
          source={campo('IDENTIFICACION')}
          validate={[required(libro.validar(tipo ?? '', '').error), identificacionValida]}
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
      {check.warning && <Advertencia warning={check.warning} libro={libro} />}
      <Aviso open={mensaje !== null} titulo={mensaje?.titulo ?? ''} texto={mensaje?.texto ?? ''} onClose={() => setMensaje(null)} />
      <Aviso open={existente !== null} titulo={libro.existente.titulo} texto={libro.existente.texto} onClose={() => setExistente(null)}>
        <Button onClick={() => setExistente(null)}>{translate('ra.action.close')}</Button>
        <Button variant="contained" onClick={() => redirect('show', recurso, existente!)}>
          {libro.existente.abrir}
        </Button>
      </Aviso>
    </>
  );
}
