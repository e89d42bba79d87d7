import { useState } from 'react';
import { SelectInput, TextInput } from 'react-admin';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { LIMITES_FACTURA, TARIFAS_IVA_PRODUCTO } from '../../../domain/facturas';
import { useCalculo } from './calculo';
import { useProductos, type Producto } from './datos';
import { lineaVacia, sinCeros } from './formulario';
import { alSalir, dinero } from '../../ui/numeros';
import { texto } from './textos';

const c = (key: string) => texto(`columnas.${key}`);

/** Code, description, quantity, price, discount, IVA, subtotal, remove: the desktop table's columns. */
const COLUMNAS = '110px minmax(180px, 1fr) 96px 120px 96px 150px 96px 40px';

/**
 * The line's description: typing searches the company's catalogue (code or name); choosing a product fills its code,
 * description, price and IVA; anything else typed stays as a free-text line.
 */
function DescripcionInput({ indice, etiqueta }: { indice: number; etiqueta: boolean }) {
  const base = `lineas.${indice}`;
  const { setValue, getFieldState, formState } = useFormContext();
  const valor = (useWatch({ name: `${base}.FDE_DESCRIPCION` }) as string | undefined) ?? '';
  const [abierto, setAbierto] = useState(false);
  const { data: productos = [], isFetching } = useProductos(valor, abierto);
  const { isTouched } = getFieldState(`${base}.FDE_DESCRIPCION`, formState);
  const elegir = (p: Producto) => {
    const opciones = { shouldDirty: true, shouldTouch: true, shouldValidate: formState.isSubmitted };
    setValue(`${base}.CAT_CODIGO`, p.CAT_CODIGO, opciones);
    setValue(`${base}.FDE_PRINCIPAL`, p.CAT_PRINCIPAL, opciones);
    setValue(`${base}.FDE_AUXILIAR`, p.CAT_AUXILIAR ?? null, opciones);
    setValue(`${base}.FDE_DESCRIPCION`, p.CAT_DESCRIPCION, opciones);
    setValue(`${base}.FDE_PRECIO`, alSalir(sinCeros(p.CAT_PRECIO)), opciones);
    setValue(`${base}.FDE_IVA`, p.CAT_IVA, opciones);
    setValue(`${base}.FDE_ICE_CODIGO`, p.CAT_ICE_CODIGO ?? null, opciones);
    setValue(`${base}.FDE_ICE_TARIFA`, p.CAT_ICE_TARIFA ?? null, opciones);
  };
  const etiquetaTexto = `${c('descripcion')}${etiqueta ? '' : `, ${texto('form.linea', { numero: indice + 1 })}`}`;
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
        setValue(`${base}.FDE_DESCRIPCION`, nuevo, { shouldDirty: true });
        // Edited by hand, the line no longer is the catalogue's product (its code stays: the user may keep it).
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
                {p.CAT_PRINCIPAL} · {dinero(sinCeros(p.CAT_PRECIO))} ·{' '}
                {TARIFAS_IVA_PRODUCTO.find((t) => t.id === p.CAT_IVA)?.name ?? p.CAT_IVA}
              </Typography>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={etiqueta ? c('descripcion') : undefined}
          placeholder={texto('form.buscar_producto')}
          size="small"
          variant="outlined"
          onBlur={() => setValue(`${base}.FDE_DESCRIPCION`, valor, { shouldTouch: true })}
          slotProps={{ htmlInput: { ...params.inputProps, maxLength: LIMITES_FACTURA.texto, 'aria-label': etiquetaTexto } }}
          error={isTouched && !valor.trim()}
        />
      )}
      sx={{ minWidth: 0 }}
    />
  );
}

const pequeno = { size: 'small', variant: 'outlined', helperText: false, margin: 'none' } as const;
const decimal = (aria: string) => ({ htmlInput: { inputMode: 'decimal' as const, 'aria-label': aria, autoComplete: 'off' } });

/** One line: a table row on a wide screen, a card of its own on a phone. */
function Linea({ indice, tarjeta, quitar, unica }: { indice: number; tarjeta: boolean; quitar: () => void; unica: boolean }) {
  const { calculo, avisos, tocada } = useCalculo();
  const base = `lineas.${indice}`;
  const numero = indice + 1;
  const sufijo = tarjeta ? '' : `, ${texto('form.linea', { numero })}`;
  const label = (key: string) => (tarjeta ? c(key) : false);
  const subtotal = calculo.lineas[indice]?.precioTotalSinImpuesto ?? '0.00';
  const mensajes = tocada(indice) ? (avisos.lineas.get(numero) ?? []) : [];
  const { getValues, setValue } = useFormContext();
  /** Money leaves its field with 2 decimals at least, as the invoice's page shows it ("12.5" → "12.50"). */
  const conCentavos = (campo: string) => () => {
    const escrito = String(getValues(`${base}.${campo}`) ?? '');
    if (alSalir(escrito) !== escrito) setValue(`${base}.${campo}`, alSalir(escrito), { shouldDirty: true });
  };
  const campos = (
    <>
      <TextInput
        source={`${base}.FDE_PRINCIPAL`}
        label={label('codigo')}
        {...pequeno}
        slotProps={{ htmlInput: { maxLength: LIMITES_FACTURA.codigoProducto, 'aria-label': `${c('codigo')}${sufijo}` } }}
        sx={{ gridArea: 'codigo', m: 0 }}
      />
      <Box sx={{ gridArea: 'descripcion', minWidth: 0 }}>
        <DescripcionInput indice={indice} etiqueta={tarjeta} />
      </Box>
      <TextInput
        source={`${base}.FDE_CANTIDAD`}
        label={label('cantidad')}
        {...pequeno}
        slotProps={decimal(`${c('cantidad')}${sufijo}`)}
        sx={{ gridArea: 'cantidad', m: 0 }}
      />
      <TextInput
        source={`${base}.FDE_PRECIO`}
        label={label('precio')}
        {...pequeno}
        slotProps={decimal(`${c('precio')}${sufijo}`)}
        onBlur={conCentavos('FDE_PRECIO')}
        sx={{ gridArea: 'precio', m: 0 }}
      />
      <TextInput
        source={`${base}.FDE_DESCUENTO`}
        label={label('descuento')}
        {...pequeno}
        slotProps={decimal(`${c('descuento')}${sufijo}`)}
        onBlur={conCentavos('FDE_DESCUENTO')}
        sx={{ gridArea: 'descuento', m: 0 }}
      />
      <SelectInput
        source={`${base}.FDE_IVA`}
        label={label('iva')}
        choices={TARIFAS_IVA_PRODUCTO as Array<{ id: string; name: string }>}
        {...pequeno}
        emptyText=""
        slotProps={{ htmlInput: { 'aria-label': `${c('iva')}${sufijo}` } }}
        sx={{ gridArea: 'iva', m: 0, minWidth: 0 }}
      />
      <Box
        sx={{ gridArea: 'subtotal', textAlign: 'right', alignSelf: 'center', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        aria-label={`${c('subtotal')}, ${texto('form.linea', { numero })}`}
      >
        {tarjeta && (
          <Typography variant="caption" color="text.secondary" component="span" sx={{ mr: 1 }}>
            {c('subtotal')}
          </Typography>
        )}
        <Typography component="span" variant="body2" fontWeight={600} data-subtotal-linea={numero}>
          {dinero(subtotal)}
        </Typography>
      </Box>
      <IconButton
        onClick={quitar}
        disabled={unica}
        aria-label={texto('form.quitar_linea', { numero })}
        size="small"
        sx={{ gridArea: 'quitar', justifySelf: 'end', alignSelf: 'center' }}
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
      {mensajes.length > 0 && (
        <Box sx={{ gridArea: 'mensajes' }} role="alert">
          {mensajes.map((m) => (
            <Typography key={m} variant="caption" color="error" component="div">
              {m}
            </Typography>
          ))}
        </Box>
      )}
    </>
  );
  if (tarjeta)
    return (
      <Card variant="outlined" sx={{ p: 1.5 }} data-linea={numero}>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
            gridTemplateAreas: `"titulo quitar" "descripcion descripcion" "codigo iva" "cantidad precio" "descuento subtotal" "mensajes mensajes"`,
          }}
        >
          <Typography variant="subtitle2" sx={{ gridArea: 'titulo', alignSelf: 'center' }}>
            {texto('form.linea', { numero })}
          </Typography>
          {campos}
        </Box>
      </Card>
    );
  return (
    <Box
      data-linea={numero}
      sx={{
        display: 'grid',
        gap: 1,
        py: 0.75,
        alignItems: 'start',
        gridTemplateColumns: COLUMNAS,
        gridTemplateAreas: `"codigo descripcion cantidad precio descuento iva subtotal quitar" "mensajes mensajes mensajes mensajes mensajes mensajes mensajes mensajes"`,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {campos}
    </Box>
  );
}

/** The invoice's lines: a table on a wide screen, cards on a phone; each line's subtotal and messages live. */
export function LineasInput() {
  const tarjetas = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const { fields, append, remove } = useFieldArray({ name: 'lineas' });
  const { avisos, tocada } = useCalculo();
  const generales = tocada(0) ? avisos.generales : [];
  return (
    <Box component="section" aria-label={texto('form.lineas')} sx={{ width: '100%', minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {texto('form.lineas')}
      </Typography>
      {!tarjetas && (
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: COLUMNAS,
            borderBottom: 2,
            borderColor: 'divider',
            pb: 0.5,
            '& > *': { typography: 'caption', color: 'text.secondary', fontWeight: 600 },
          }}
        >
          <span>{c('codigo')}</span>
          <span>{c('descripcion')}</span>
          <span>{c('cantidad')}</span>
          <span>{c('precio')}</span>
          <span>{c('descuento')}</span>
          <span>{c('iva')}</span>
          <Box component="span" sx={{ textAlign: 'right' }}>
            {c('subtotal')}
          </Box>
          <span />
        </Box>
      )}
      <Box sx={{ display: 'grid', gap: tarjetas ? 1.5 : 0 }}>
        {fields.map((field, indice) => (
          <Linea key={field.id} indice={indice} tarjeta={tarjetas} quitar={() => remove(indice)} unica={fields.length === 1} />
        ))}
      </Box>
      {generales.map((m) => (
        <Typography key={m} variant="caption" color="error" component="div" role="alert">
          {m}
        </Typography>
      ))}
      <Button startIcon={<AddIcon />} onClick={() => append(lineaVacia())} sx={{ mt: 1 }}>
        {texto('form.agregar_linea')}
      </Button>
    </Box>
  );
}
