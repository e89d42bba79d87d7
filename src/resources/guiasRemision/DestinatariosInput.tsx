import { useState } from 'react';
import { AutocompleteInput, ReferenceInput, TextInput, useDataProvider, type RaRecord } from 'react-admin';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import type { FacturaDetalle } from '../../../domain/contratos/facturas';
import type { Cliente } from '../clientes/tipos';
import { useProductos, type Producto } from '../facturas/datos';
import { useNarrow } from '../../shell/catalogo';
import { bienesDeLineas, bienVacio, destinatarioVacio, sinBienes, type BienForm, type DestinatarioForm } from './formulario';
import { MOTIVOS, texto } from './textos';

const f = (key: string, options?: object) => texto(`form.${key}`, options);
const pequeno = { size: 'small', variant: 'outlined', margin: 'none' } as const;
const AUTORIZADAS = { FAC_ESTADO: 'AUTORIZADA' };
const MOTIVOS_ID = 'guia-motivos';
const opciones = { shouldDirty: true, shouldTouch: true } as const;

/** A good's description: typing searches the catalogue; choosing a product fills its codes; anything else stays typed. */
function DescripcionBien({ base, aria }: { base: string; aria: string }) {
  const { setValue, getFieldState, formState } = useFormContext();
  const valor = (useWatch({ name: `${base}.GDT_DESCRIPCION` }) as string | undefined) ?? '';
  const [abierto, setAbierto] = useState(false);
  const { data: productos = [], isFetching } = useProductos(valor, abierto);
  const { error } = getFieldState(`${base}.GDT_DESCRIPCION`, formState);
  const elegir = (p: Producto) => {
    setValue(`${base}.CAT_CODIGO`, p.CAT_CODIGO, opciones);
    setValue(`${base}.GDT_CODIGO_INTERNO`, p.CAT_PRINCIPAL, opciones);
    setValue(`${base}.GDT_CODIGO_ADICIONAL`, p.CAT_AUXILIAR ?? '', opciones);
    setValue(`${base}.GDT_DESCRIPCION`, p.CAT_DESCRIPCION, { ...opciones, shouldValidate: formState.isSubmitted });
  };
  return (
    <Autocomplete<Producto, false, false, true>
      freeSolo
      open={abierto && productos.length > 0}
      onOpen={() => setAbierto(true)}
      onClose={() => setAbierto(false)}
      options={productos}
      loading={isFetching}
      filterOptions={(x) => x}
      inputValue={valor}
      value={null}
      onInputChange={(_, nuevo, motivo) => {
        if (motivo === 'reset') return;
        setValue(`${base}.GDT_DESCRIPCION`, nuevo, { shouldDirty: true });
        setValue(`${base}.CAT_CODIGO`, null);
      }}
      onChange={(_, elegido) => {
        if (elegido && typeof elegido !== 'string') elegir(elegido);
      }}
      getOptionLabel={(p) => (typeof p === 'string' ? p : p.CAT_DESCRIPCION)}
      renderOption={(props, p) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2">{p.CAT_DESCRIPCION}</Typography>
              <Typography variant="caption" color="text.secondary">
                {p.CAT_PRINCIPAL}
              </Typography>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={f('descripcion')}
          size="small"
          onBlur={() => setValue(`${base}.GDT_DESCRIPCION`, valor, { shouldTouch: true })}
          slotProps={{ htmlInput: { ...params.inputProps, maxLength: 300, 'aria-label': aria } }}
          error={Boolean(error)}
          helperText={error?.message}
        />
      )}
      sx={{ minWidth: 0 }}
    />
  );
}

/** A destinatario's goods: code, description (from the catalogue or typed) and quantity; one row each. */
function Bienes({ indice }: { indice: number }) {
  const base = `destinatarios.${indice}.detalles`;
  const numero = indice + 1;
  const narrow = useNarrow();
  const { fields, append, remove } = useFieldArray({ name: base });
  // On a phone the description takes its own row, the code and quantity share the next one.
  const rejilla = narrow
    ? {
        gridTemplateColumns: 'minmax(0, 1fr) 96px 40px',
        gridTemplateAreas: '"descripcion descripcion descripcion" "codigo cantidad quitar"',
      }
    : { gridTemplateColumns: '140px minmax(0, 1fr) 120px 40px', gridTemplateAreas: '"codigo descripcion cantidad quitar"' };
  return (
    <Box component="section" aria-label={f('bienes', { numero })} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {f('bienes', { numero })}
      </Typography>
      {fields.map((field, i) => {
        const bien = `${base}.${i}`;
        const nombre = f('bien', { bien: i + 1, numero });
        return (
          <Box
            key={field.id}
            sx={{
              display: 'grid',
              gap: 1,
              alignItems: 'start',
              minWidth: 0,
              ...rejilla,
              ...(narrow ? { pb: 1, borderBottom: 1, borderColor: 'divider' } : {}),
            }}
            data-bien={`${numero}-${i + 1}`}
          >
            <TextInput
              source={`${bien}.GDT_CODIGO_INTERNO`}
              label={f('codigo')}
              {...pequeno}
              helperText={false}
              slotProps={{ htmlInput: { maxLength: 25, 'aria-label': `${f('codigo')}, ${nombre}` } }}
              sx={{ m: 0, gridArea: 'codigo' }}
            />
            <Box sx={{ gridArea: 'descripcion', minWidth: 0 }}>
              <DescripcionBien base={bien} aria={`${f('descripcion')}, ${nombre}`} />
            </Box>
            <TextInput
              source={`${bien}.GDT_CANTIDAD`}
              label={f('cantidad')}
              {...pequeno}
              slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'aria-label': `${f('cantidad')}, ${nombre}` } }}
              sx={{ m: 0, gridArea: 'cantidad', '& .MuiFormHelperText-root:empty': { display: 'none' } }}
            />
            <IconButton
              onClick={() => remove(i)}
              disabled={fields.length === 1}
              aria-label={f('quitar_bien', { bien: i + 1, numero })}
              size="small"
              sx={{ mt: 0.5, gridArea: 'quitar' }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        );
      })}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => append(bienVacio())} disabled={fields.length >= 1000} size="small">
          {f('agregar_bien')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The support invoice: an authorized invoice of the company, shown by its number; once chosen, its lines can become
 * the destinatario's goods (at once when it has none yet).
 */
function Sustento({ indice }: { indice: number }) {
  const base = `destinatarios.${indice}`;
  const { setValue, getValues } = useFormContext();
  const dataProvider = useDataProvider();
  const elegida = useWatch({ name: `${base}.GDE_SUSTENTO` }) as number | null | undefined;
  const [cargando, setCargando] = useState(false);
  const cargar = async (factura: number) => {
    setCargando(true);
    try {
      const { data } = await dataProvider.getOne('facturas', { id: factura });
      setValue(`${base}.detalles`, bienesDeLineas((data as unknown as FacturaDetalle).lineas ?? []), opciones);
    } finally {
      setCargando(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', minWidth: 0 }}>
      <ReferenceInput source={`${base}.GDE_SUSTENTO`} reference="facturas" filter={AUTORIZADAS}>
        <AutocompleteInput
          label={f('sustento')}
          optionText={(r: RaRecord) => (r ? `${r.FAC_NUMERO} · ${r.CLI_RAZON_SOCIAL ?? ''}` : '')}
          filterToQuery={(q: string) => ({ q })}
          noOptionsText={f('sin_facturas')}
          helperText={f('sustento_ayuda')}
          onChange={(id: number | null, factura: RaRecord | '') => {
            setValue(`${base}.SUSTENTO_NUMERO`, factura ? factura.FAC_NUMERO : null);
            if (id && sinBienes(getValues(`${base}.detalles`) as BienForm[])) void cargar(id);
          }}
          sx={{ flex: '1 1 260px', minWidth: 0 }}
        />
      </ReferenceInput>
      {elegida ? (
        <Button startIcon={<PlaylistAddIcon />} onClick={() => void cargar(elegida)} disabled={cargando} sx={{ mt: 1 }} data-cargar-lineas>
          {f('cargar_lineas')}
        </Button>
      ) : null}
    </Box>
  );
}

/** Who receives: a client chosen from the book fills identification, name, address and emails; or all typed. */
function Destinatario({ indice, quitar, unico }: { indice: number; quitar: () => void; unico: boolean }) {
  const base = `destinatarios.${indice}`;
  const numero = indice + 1;
  const { setValue } = useFormContext();
  const fila = { display: 'flex', columnGap: 2, rowGap: 1, flexWrap: 'wrap', alignItems: 'flex-start', minWidth: 0 } as const;
  const campo = (flex: string) => ({ flex, minWidth: 0, m: 0 });
  const elegirCliente = (c?: Cliente) => {
    if (!c) return;
    setValue(`${base}.GDE_IDENTIFICACION`, c.CLI_IDENTIFICACION, opciones);
    setValue(`${base}.GDE_RAZON_SOCIAL`, c.CLI_RAZON_SOCIAL, opciones);
    setValue(`${base}.GDE_DIRECCION`, c.CLI_DIRECCION ?? '', opciones);
    setValue(`${base}.GDE_CORREOS`, (c.CLI_CORREOS ?? []).join(', '), opciones);
  };
  return (
    <Card variant="outlined" component="section" aria-label={f('destinatario', { numero })} sx={{ minWidth: 0 }} data-destinatario={numero}>
      <CardContent sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle1" component="h3" fontWeight={600} sx={{ flex: 1 }}>
            {f('destinatario', { numero })}
          </Typography>
          <IconButton onClick={quitar} disabled={unico} aria-label={f('quitar_destinatario', { numero })} size="small">
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
        <ReferenceInput source={`${base}.CLI_CODIGO`} reference="clientes">
          <AutocompleteInput
            label={f('cliente')}
            optionText={(c: RaRecord) => (c ? `${c.CLI_RAZON_SOCIAL} · ${c.CLI_IDENTIFICACION}` : '')}
            filterToQuery={(q: string) => ({ q })}
            noOptionsText={f('sin_clientes')}
            helperText={f('buscar_cliente')}
            onChange={(_: unknown, c: RaRecord | '') => elegirCliente(c ? (c as unknown as Cliente) : undefined)}
            sx={{ m: 0 }}
          />
        </ReferenceInput>
        <Box sx={fila}>
          <TextInput
            source={`${base}.GDE_IDENTIFICACION`}
            label={f('identificacion')}
            slotProps={{ htmlInput: { maxLength: 20 } }}
            sx={campo('1 1 180px')}
          />
          <TextInput
            source={`${base}.GDE_RAZON_SOCIAL`}
            label={f('razon_social')}
            slotProps={{ htmlInput: { maxLength: 300 } }}
            sx={campo('3 1 280px')}
          />
        </Box>
        <Box sx={fila}>
          <TextInput
            source={`${base}.GDE_DIRECCION`}
            label={f('direccion')}
            slotProps={{ htmlInput: { maxLength: 300 } }}
            sx={campo('3 1 280px')}
          />
          <TextInput
            source={`${base}.GDE_CORREOS`}
            label={f('correos')}
            helperText={f('correos_ayuda')}
            slotProps={{ htmlInput: { inputMode: 'email' } }}
            sx={campo('2 1 240px')}
          />
        </Box>
        <Box sx={fila}>
          <TextInput
            source={`${base}.GDE_MOTIVO`}
            label={f('motivo')}
            slotProps={{ htmlInput: { maxLength: 300, list: MOTIVOS_ID } }}
            sx={campo('2 1 240px')}
          />
          <TextInput source={`${base}.GDE_RUTA`} label={f('ruta')} slotProps={{ htmlInput: { maxLength: 300 } }} sx={campo('3 1 240px')} />
        </Box>
        <Box sx={fila}>
          <Box sx={{ flex: '3 1 380px', minWidth: 0 }}>
            <Sustento indice={indice} />
          </Box>
          <TextInput
            source={`${base}.GDE_ESTAB_DESTINO`}
            label={f('establecimiento')}
            helperText={f('establecimiento_ayuda')}
            slotProps={{ htmlInput: { maxLength: 3, inputMode: 'numeric' } }}
            sx={campo('1 1 180px')}
          />
          <TextInput
            source={`${base}.GDE_DOC_ADUANERO`}
            label={f('aduanero')}
            slotProps={{ htmlInput: { maxLength: 20 } }}
            sx={campo('1 1 160px')}
          />
        </Box>
        <Bienes indice={indice} />
      </CardContent>
    </Card>
  );
}

/** The guía's destinatarios, each with its goods; the motivo's usual reasons as the browser's suggestions. */
export function DestinatariosInput() {
  const { fields, append, remove } = useFieldArray({ name: 'destinatarios' });
  return (
    <Box component="section" aria-label={f('destinatarios')} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        {f('destinatarios')}
      </Typography>
      <datalist id={MOTIVOS_ID}>
        {MOTIVOS.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      {fields.map((field, i) => (
        <Destinatario key={field.id} indice={i} quitar={() => remove(i)} unico={fields.length === 1} />
      ))}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() => append(destinatarioVacio() satisfies DestinatarioForm)}
          disabled={fields.length >= 100}
          variant="outlined"
        >
          {f('agregar_destinatario')}
        </Button>
      </Box>
    </Box>
  );
}
