import { useEffect, useMemo, useState } from 'react';
import {
  AutocompleteInput,
  Create,
  DateInput,
  type Identifier,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  type RaRecord,
} from 'react-admin';
import { useController, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import type { CodigoRetencionVigente } from '../../../domain/contratos/codigosRetencion';
import type { DocumentoSustento, RetencionDetalle } from '../../../domain/contratos/retenciones';
import { formatDate } from '../../../domain/fechas';
import { IMPUESTO_RETENCION, nombreDocumentoSustento, SUSTENTOS_TRIBUTARIOS, type RetencionCalculo } from '../../../domain/retenciones';
import { EdicionSri } from '../../comprobantes/EdicionDocumento';
import { FalloServidor, useFalloServidor } from '../../comprobantes/falloServidor';
import { FilaTotal } from '../../comprobantes/piezas';
import { dinero } from '../../ui/numeros';
import { usePuntos } from '../facturas/datos';
import { PuntoInput } from '../facturas/FacturaForm';
import { useCodigos, useSustentos } from './datos';
import { RETENCION } from './documento';
import {
  basePorDefecto,
  calcular,
  codigoDe,
  formDe,
  lineaNueva,
  mismoDocumento,
  nuevaRetencion,
  pedidoDe,
  retencionToWire,
  sustentoNuevo,
  type RetencionForm,
  type SustentoForm,
} from './formulario';
import { texto } from './textos';

const f = (key: string, options?: object) => texto(`form.${key}`, options);
const pequeno = { size: 'small', variant: 'outlined', margin: 'none' } as const;
const SUSTENTOS = SUSTENTOS_TRIBUTARIOS.map((s) => ({ id: s.codigo, name: `${s.codigo} — ${s.nombre}` }));
/** A company withholds income tax and IVA on local purchases (ISD is a bank's). */
const IMPUESTOS = [
  { id: IMPUESTO_RETENCION.renta, name: 'Renta' },
  { id: IMPUESTO_RETENCION.iva, name: 'IVA' },
];
const porcentaje = (p: string) => `${Number(p).toLocaleString('es-EC', { maximumFractionDigits: 2 })} %`;
/** "303 — Honorarios profesionales — 10 %": how the SRI's table names a code. */
export const nombreCodigo = (c: CodigoRetencionVigente) => `${c.RCO_CODIGO} — ${c.RCO_CONCEPTO} — ${porcentaje(c.RCO_PORCENTAJE)}`;
const nombreDocumento = (d: DocumentoSustento) =>
  f('documento', { tipo: nombreDocumentoSustento(d.codDocSustento) ?? d.codDocSustento, numero: d.numero });

/** The day's codes of both taxes the company withholds, and the calculation of what is typed. */
function useEstado() {
  const values = useWatch() as RetencionForm;
  const fecha = values.FAC_FECHA ?? '';
  const renta = useCodigos(fecha, IMPUESTO_RETENCION.renta);
  const iva = useCodigos(fecha, IMPUESTO_RETENCION.iva);
  const calculo = useMemo(() => calcular(values), [values]);
  return { calculo, listas: { [IMPUESTO_RETENCION.renta]: renta, [IMPUESTO_RETENCION.iva]: iva } as Record<string, typeof renta> };
}

type Listas = ReturnType<typeof useEstado>['listas'];

/** The code of a withholding, chosen from the table in force on the retención's day for its tax. */
function CodigoInput({ name, lista, etiqueta }: { name: string; lista: Listas[string] | undefined; etiqueta: string }) {
  const { field, fieldState } = useController({ name: `${name}.RCO_ID` });
  const { setValue, getValues } = useFormContext();
  const opciones = useMemo(() => lista?.data ?? [], [lista?.data]);
  const elegido = opciones.find((c) => c.RCO_ID === field.value) ?? null;
  const cargado = Boolean(lista?.isSuccess);
  // Once the day's table is here, the row chosen is the table's (a saved draft's, or after the date changed), or none.
  useEffect(() => {
    if (!cargado || field.value === '') return;
    const fila = opciones.find((c) => c.RCO_ID === field.value);
    if (!fila) {
      setValue(`${name}.RCO_ID`, '');
      setValue(`${name}.codigo`, null);
    } else if (JSON.stringify(getValues(`${name}.codigo`)) !== JSON.stringify(codigoDe(fila))) setValue(`${name}.codigo`, codigoDe(fila));
  }, [cargado, opciones, field.value, name, setValue, getValues]);
  const elegir = (c: CodigoRetencionVigente | null) => {
    field.onChange(c ? c.RCO_ID : '');
    setValue(`${name}.codigo`, c ? codigoDe(c) : null);
  };
  return (
    <Autocomplete
      options={opciones}
      value={elegido}
      onChange={(_, c) => elegir(c)}
      onBlur={field.onBlur}
      getOptionLabel={nombreCodigo}
      isOptionEqualToValue={(a, b) => a.RCO_ID === b.RCO_ID}
      noOptionsText={f('sin_codigos')}
      size="small"
      sx={{ gridArea: 'codigo', minWidth: 0 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={f('codigo')}
          error={Boolean(fieldState.error)}
          slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': etiqueta } }}
        />
      )}
    />
  );
}

/** One support document: its codSustento, then its withholdings (tax, code, base; percentage and value computed). */
function Sustento({ indice, calculo, listas, quitar }: { indice: number; calculo: RetencionCalculo; listas: Listas; quitar: () => void }) {
  const base = `sustentos.${indice}`;
  const { fields, append, remove } = useFieldArray({ name: `${base}.retenciones` });
  const { setValue, getValues } = useFormContext();
  const { isSubmitted, touchedFields } = useFormState();
  const sustento = useWatch({ name: base }) as SustentoForm | undefined;
  if (!sustento) return null;
  const documento = sustento.documento;
  const n = indice + 1;
  const calculado = calculo.sustentos[indice];
  const tocado = isSubmitted || Boolean((touchedFields as { sustentos?: unknown[] }).sustentos?.[indice]);
  const mensajes = tocado ? calculo.errores.filter((e) => e.linea === n).map((e) => e.mensaje) : [];
  /** A new tax: its codes differ, and its base is the document's subtotal or IVA. */
  const cambiarImpuesto = (j: number, impuesto: string) => {
    setValue(`${base}.retenciones.${j}.RCO_ID`, '');
    setValue(`${base}.retenciones.${j}.codigo`, null);
    setValue(`${base}.retenciones.${j}.RDE_BASE`, basePorDefecto(getValues(`${base}.documento`) as DocumentoSustento, impuesto));
  };
  const siguiente = sustento.retenciones.some((r) => r.impuesto === IMPUESTO_RETENCION.renta)
    ? IMPUESTO_RETENCION.iva
    : IMPUESTO_RETENCION.renta;
  return (
    <Card variant="outlined" component="section" aria-label={nombreDocumento(documento)} data-sustento={n} sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="subtitle1" component="h3" fontWeight={600}>
              {nombreDocumento(documento)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {f('documento_detalle', {
                fecha: formatDate(documento.fecha),
                subtotal: dinero(documento.totalSinImpuestos),
                iva: dinero(documento.iva),
                total: dinero(documento.importeTotal),
              })}
            </Typography>
          </Box>
          <IconButton onClick={quitar} size="small" aria-label={f('quitar_documento', { numero: documento.numero })}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
        <SelectInput
          source={`${base}.RSU_SUSTENTO`}
          label={f('sustento')}
          choices={SUSTENTOS}
          {...pequeno}
          helperText={false}
          emptyText=""
          slotProps={{ htmlInput: { 'aria-label': f('sustento_n', { numero: documento.numero }) } }}
          sx={{ m: 0, minWidth: 0 }}
        />
        {fields.map((field, j) => {
          const fila = sustento.retenciones[j];
          const calc = calculado?.retenciones[j];
          const r = { documento: n, numero: j + 1 };
          return (
            <Box
              key={field.id}
              data-retencion={`${n}.${j + 1}`}
              sx={{
                display: 'grid',
                gap: 1,
                alignItems: 'center',
                gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr) 40px', md: '110px minmax(0, 3fr) 130px 70px 110px 40px' },
                gridTemplateAreas: {
                  xs: `"impuesto base quitar" "codigo codigo codigo" "porcentaje valor valor"`,
                  md: `"impuesto codigo base porcentaje valor quitar"`,
                },
              }}
            >
              <SelectInput
                source={`${base}.retenciones.${j}.impuesto`}
                label={f('impuesto')}
                choices={IMPUESTOS}
                {...pequeno}
                helperText={false}
                emptyText=""
                onChange={(e) => cambiarImpuesto(j, String(e.target.value))}
                slotProps={{ htmlInput: { 'aria-label': f('impuesto_n', r) } }}
                sx={{ gridArea: 'impuesto', m: 0, minWidth: 0 }}
              />
              <CodigoInput name={`${base}.retenciones.${j}`} lista={listas[fila?.impuesto ?? '']} etiqueta={f('codigo_n', r)} />
              <TextInput
                source={`${base}.retenciones.${j}.RDE_BASE`}
                label={f('base')}
                {...pequeno}
                helperText={false}
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'aria-label': f('base_n', r) } }}
                sx={{ gridArea: 'base', m: 0 }}
              />
              <Typography variant="body2" color="text.secondary" sx={{ gridArea: 'porcentaje', textAlign: 'right' }} data-porcentaje>
                {fila?.RCO_ID ? porcentaje(calc?.porcentaje ?? '0') : '—'}
              </Typography>
              <Typography
                variant="body2"
                fontWeight={600}
                aria-label={f('valor_n', r)}
                sx={{ gridArea: 'valor', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                data-valor={`${n}.${j + 1}`}
              >
                {dinero(calc?.valor ?? '0')}
              </Typography>
              <IconButton
                onClick={() => remove(j)}
                disabled={fields.length === 1}
                size="small"
                aria-label={f('quitar', r)}
                sx={{ gridArea: 'quitar', justifySelf: 'end' }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          );
        })}
        {mensajes.length > 0 && (
          <Box role="alert">
            {mensajes.map((m) => (
              <Typography key={m} variant="caption" color="error" component="div">
                {m}
              </Typography>
            ))}
          </Box>
        )}
        <Box>
          <Button startIcon={<AddIcon />} onClick={() => append(lineaNueva(documento, siguiente))}>
            {f('agregar')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** The supplier's documents with no retención yet, each a checkbox that adds it to the retención or takes it out. */
function Disponibles({ append, remove }: { append: (s: SustentoForm) => void; remove: (i: number) => void }) {
  const [proveedor, fecha] = useWatch({ name: ['PRV_CODIGO', 'FAC_FECHA'] }) as [number | '', string];
  const elegidos = (useWatch({ name: 'sustentos' }) as SustentoForm[] | undefined) ?? [];
  const { data, isPending, error } = useSustentos(proveedor ? { PRV_CODIGO: proveedor, fecha } : undefined);
  if (!proveedor) return <Alert severity="info">{f('elija_proveedor')}</Alert>;
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (isPending) return <LinearProgress aria-label={f('cargando')} />;
  // The draft's own documents are withheld by it, so the server no longer lists them: they stay checked here.
  const lista = [
    ...elegidos.map((s) => ({ ...s.documento, aviso: null })),
    ...data.filter((d) => !elegidos.some((s) => mismoDocumento(s.documento, d))),
  ];
  if (lista.length === 0) return <Alert severity="warning">{f('sin_disponibles')}</Alert>;
  const alternar = (d: DocumentoSustento) => {
    const i = elegidos.findIndex((s) => mismoDocumento(s.documento, d));
    if (i >= 0) remove(i);
    else append(sustentoNuevo(d));
  };
  return (
    <Box component="section" aria-label={f('disponibles')} sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="h6" component="h2">
        {f('disponibles')}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {f('disponibles_ayuda')}
      </Typography>
      {lista.map((d) => (
        <Box key={`${d.REC_CODIGO ?? ''}-${d.RSU_LIQUIDACION ?? ''}`} sx={{ display: 'grid', minWidth: 0 }}>
          <FormControlLabel
            control={<Checkbox checked={elegidos.some((s) => mismoDocumento(s.documento, d))} onChange={() => alternar(d)} />}
            label={
              <Box component="span" sx={{ display: 'block', minWidth: 0 }}>
                <Box component="span" sx={{ display: 'block' }}>
                  {nombreDocumento(d)}
                </Box>
                <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                  {f('documento_detalle', {
                    fecha: formatDate(d.fecha),
                    subtotal: dinero(d.totalSinImpuestos),
                    iva: dinero(d.iva),
                    total: dinero(d.importeTotal),
                  })}
                </Typography>
              </Box>
            }
          />
        </Box>
      ))}
    </Box>
  );
}

/** Opened by «Retener» (?documento=): the document's supplier and the document itself, once the server gives them. */
function Prellenar({ pedido }: { pedido: ReturnType<typeof pedidoDe> }) {
  const { setValue, getValues } = useFormContext();
  const { data, error } = useSustentos(pedido);
  // Once, when the document arrives (the user may then take it out): the supplier and the document chosen.
  useEffect(() => {
    const documento = data?.[0];
    if (!documento) return;
    if (!getValues('PRV_CODIGO') && documento.PRV_CODIGO) setValue('PRV_CODIGO', documento.PRV_CODIGO);
    if ((getValues('sustentos') as SustentoForm[]).length === 0) setValue('sustentos', [sustentoNuevo(documento)]);
  }, [data, getValues, setValue]);
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (data && data.length === 0) return <Alert severity="warning">{f('sin_disponibles')}</Alert>;
  return null;
}

/** A new supplier empties the documents chosen: they were the other one's. */
function ProveedorInput() {
  const { setValue, getValues } = useFormContext();
  return (
    <ReferenceInput source="PRV_CODIGO" reference="proveedores" filter={{ PRV_ACTIVO: true }}>
      <AutocompleteInput
        label={f('proveedor')}
        optionText={(p: RaRecord) => (p ? `${p.PRV_RAZON_SOCIAL} · ${p.PRV_IDENTIFICACION}` : '')}
        filterToQuery={(q: string) => ({ q })}
        helperText={false}
        onChange={(id) => {
          const actuales = getValues('sustentos') as SustentoForm[];
          if (actuales.some((s) => s.documento.PRV_CODIGO !== id)) setValue('sustentos', []);
        }}
        sx={{ minWidth: 0 }}
      />
    </ReferenceInput>
  );
}

function Totales({ calculo }: { calculo: RetencionCalculo }) {
  return (
    <Card variant="outlined" component="section" aria-label={f('totales')}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {f('totales')}
        </Typography>
        <FilaTotal label={f('renta')} valor={dinero(calculo.renta)} />
        <FilaTotal label={f('iva')} valor={dinero(calculo.iva)} />
        {Number(calculo.isd) > 0 && <FilaTotal label={f('isd')} valor={dinero(calculo.isd)} />}
        <FilaTotal label={f('total')} valor={dinero(calculo.total)} fuerte />
      </CardContent>
    </Card>
  );
}

/** Where a server message belongs: the date's under the date; the supplier's under the supplier; the rest above the buttons. */
const campoDe = (mensaje: string) => (/proveedor/i.test(mensaje) ? 'PRV_CODIGO' : /fecha anterior/.test(mensaje) ? 'FAC_FECHA' : undefined);

function Campos({ numero, fallo, pedido }: { numero?: string; fallo: string | null; pedido?: ReturnType<typeof pedidoDe> }) {
  const { calculo, listas } = useEstado();
  const { fields, append, remove } = useFieldArray({ name: 'sustentos' });
  return (
    <Box sx={{ width: '100%', minWidth: 0, display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', columnGap: 2, rowGap: 1, flexWrap: 'wrap', alignItems: 'flex-start', minWidth: 0 }}>
        <PuntoInput numero={numero} />
        <DateInput source="FAC_FECHA" label={f('fecha')} sx={{ flex: '0 1 200px', minWidth: 0 }} />
        <Box sx={{ flex: '2 1 360px', minWidth: 0 }}>
          <ProveedorInput />
        </Box>
      </Box>
      {pedido && <Prellenar pedido={pedido} />}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(260px, 1fr)' } }}>
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>
          <Disponibles append={append} remove={remove} />
          {fields.map((field, i) => (
            <Sustento key={field.id} indice={i} calculo={calculo} listas={listas} quitar={() => remove(i)} />
          ))}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', position: { md: 'sticky' }, top: { md: 72 }, alignSelf: 'start' }}>
          <Totales calculo={calculo} />
          {calculo.avisos.length > 0 && (
            <Alert severity="warning" data-avisos>
              <AlertTitle>{f('avisos')}</AlertTitle>
              {calculo.avisos.map((a) => (
                <Typography key={a} variant="body2">
                  {a}
                </Typography>
              ))}
            </Alert>
          )}
        </Box>
      </Box>
      <FalloServidor mensaje={fallo} campo={campoDe} />
    </Box>
  );
}

/** The header's required fields on their inputs; a rule of the documents or withholdings under `_detalle`. */
const validate = (values: Record<string, unknown>) => {
  const v = values as RetencionForm;
  const errores: Record<string, string> = {};
  if (!v.PEM_CODIGO) errores.PEM_CODIGO = 'ra.validation.required';
  if (!v.FAC_FECHA) errores.FAC_FECHA = 'ra.validation.required';
  if (!v.PRV_CODIGO) errores.PRV_CODIGO = 'ra.validation.required';
  const primero = v.sustentos.length === 0 ? f('elija_documento') : calcular(v).errores[0]?.mensaje;
  if (primero) errores._detalle = primero;
  return errores;
};

const transform = (values: Record<string, unknown>) => retencionToWire(values as RetencionForm);

function Barra({ correccion = false }: { correccion?: boolean }) {
  return (
    <Toolbar>
      <SaveButton label={f(correccion ? 'guardar_correccion' : 'guardar')} />
    </Toolbar>
  );
}

/**
 * A new retención: from the list (choose the supplier, then its documents) or from a received document's or a
 * liquidación's «Retener» (?documento={"sustentos":[{"REC_CODIGO":5}]}, or RSU_LIQUIDACION), prefilled with it. Not
 * react-admin's `?source=`: its Form resets the values with that object, and half a support document breaks the form.
 */
export function RetencionCreate() {
  const [params] = useSearchParams();
  const [pedido] = useState(() => pedidoDe(params.get('documento')));
  const { data: puntos } = usePuntos();
  const { mensaje, mutationOptions } = useFalloServidor();
  const [defaults] = useState<RetencionForm>(() => {
    const nueva = nuevaRetencion();
    return puntos?.length === 1 ? { ...nueva, PEM_CODIGO: puntos[0].PEM_CODIGO } : nueva;
  });
  return (
    <Create redirect="show" transform={transform} title={f('nueva')} mutationOptions={mutationOptions}>
      <SimpleForm defaultValues={defaults} validate={validate} toolbar={<Barra />} sx={{ maxWidth: 1280 }}>
        <Campos fallo={mensaje} pedido={pedido} />
      </SimpleForm>
    </Create>
  );
}

type Registro = RetencionDetalle & { id: number };

/** A draft, or one the SRI returned, edited as it was saved. */
export function RetencionEdit({ id }: { id?: Identifier }) {
  return (
    <EdicionSri
      id={id}
      transform={transform}
      documento={RETENCION}
      completa={(r: Registro) => Array.isArray(r.sustentos)}
      formDe={formDe}
      validate={validate}
      barra={(correccion) => <Barra correccion={correccion} />}
    >
      {(correccion, record, fallo) => <Campos numero={correccion ? (record.FAC_NUMERO ?? undefined) : undefined} fallo={fallo} />}
    </EdicionSri>
  );
}
