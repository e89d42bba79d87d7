import { useMemo, useState } from 'react';
import { Create, Edit, type Identifier, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import type { NotaCreditoDetalle, ResumenFacturaNotas } from '../../../domain/contratos/notasCredito';
import { TARIFAS_IVA_PRODUCTO, tarifaIva } from '../../../domain/facturas/catalogos';
import { NOTAS_CREDITO_MSG } from '../../../domain/notasCredito/mensajes';
import { EdicionDocumento } from '../../comprobantes/EdicionDocumento';
import { FalloServidor, numeroEn, useFalloServidor } from '../../comprobantes/falloServidor';
import { NotaCabecera } from '../../comprobantes/NotaCabecera';
import { rechazosDe, useResumenFactura } from '../../comprobantes/resumenFactura';
import { FilasTotales } from '../../comprobantes/piezas';
import { dinero } from '../../ui/numeros';
import { NOTA_CREDITO } from './documento';
import {
  calcular,
  clave,
  descuentoVacio,
  formDe,
  lineasDe,
  notaCreditoToWire,
  nuevaNotaCredito,
  type CalculoNota,
  type NotaCreditoForm,
} from './formulario';
import { texto } from './textos';

const f = (key: string, options?: object) => texto(`form.${key}`, options);
const pequeno = { size: 'small', variant: 'outlined', margin: 'none' } as const;
const num = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const sinCeros = (v: string) => (/^\d+\.\d+$/.test(v) ? v.replace(/\.?0+$/, '') : v);

/** Description, sold, left, quantity to return (with "Devolver todo"). */
const COLUMNAS_DEVOLUCION = { xs: 'minmax(0, 1fr) 190px', sm: 'minmax(0, 1fr) 90px 100px 210px' };

/** The invoice's lines, each with what was sold, what is left and the quantity to return (at most what is left). */
function Devolucion({ resumen, calculo }: { resumen: ResumenFacturaNotas; calculo: CalculoNota }) {
  const { setValue, formState } = useFormContext();
  const enviadas = useWatch({ name: 'devolver' }) as Record<string, string> | undefined;
  const errores = (i: number) => calculo.errores.filter((e) => e.linea === i + 1 && e.campo === 'cantidad').map((e) => e.mensaje);
  return (
    <Box component="section" aria-label={f('lineas')} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Box
        aria-hidden
        sx={{
          display: { xs: 'none', sm: 'grid' },
          gap: 1,
          gridTemplateColumns: COLUMNAS_DEVOLUCION,
          borderBottom: 2,
          borderColor: 'divider',
          pb: 0.5,
          '& > *': { typography: 'caption', color: 'text.secondary', fontWeight: 600 },
        }}
      >
        <span>{f('lineas')}</span>
        <Box component="span" sx={{ textAlign: 'right' }}>
          {f('vendida')}
        </Box>
        <Box component="span" sx={{ textAlign: 'right' }}>
          {f('queda')}
        </Box>
        <span>{f('devolver')}</span>
      </Box>
      {resumen.factura.lineas.map((l, i) => {
        const agotada = Number(l.FDE_RESTANTE) <= 0;
        const mensajes = errores(i);
        return (
          <Box
            key={l.FDE_LINEA}
            data-linea-factura={l.FDE_LINEA}
            sx={{
              display: 'grid',
              gap: 1,
              alignItems: 'center',
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
              gridTemplateColumns: COLUMNAS_DEVOLUCION,
              gridTemplateAreas: { xs: `"desc desc" "datos cantidad"`, sm: `"desc vendida queda cantidad"` },
            }}
          >
            <Box sx={{ gridArea: 'desc', minWidth: 0 }}>
              <Typography variant="body2" fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>
                {l.FDE_DESCRIPCION}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {[l.FDE_PRINCIPAL, `${dinero(sinCeros(l.FDE_PRECIO))} c/u`, tarifaIva(l.FDE_IVA)?.nombre ?? l.FDE_IVA]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ ...num, gridArea: { xs: 'datos', sm: 'vendida' }, textAlign: { xs: 'left', sm: 'right' } }}>
              <Box component="span" sx={{ display: { sm: 'none' } }}>
                {f('vendida')}{' '}
              </Box>
              {sinCeros(l.FDE_CANTIDAD)}
              <Box component="span" sx={{ display: { sm: 'none' } }}>
                {' · '}
                {f('queda')} {sinCeros(l.FDE_RESTANTE)}
              </Box>
            </Typography>
            <Typography variant="body2" sx={{ ...num, display: { xs: 'none', sm: 'block' }, gridArea: 'queda' }} data-queda={l.FDE_LINEA}>
              {sinCeros(l.FDE_RESTANTE)}
            </Typography>
            <Box sx={{ gridArea: 'cantidad', display: 'flex', gap: 0.5, alignItems: 'center' }}>
              <TextInput
                source={`devolver.${clave(l.FDE_LINEA)}`}
                label={false}
                {...pequeno}
                helperText={false}
                disabled={agotada}
                slotProps={{
                  htmlInput: {
                    inputMode: 'decimal',
                    autoComplete: 'off',
                    'aria-label': f('devolver_linea', { numero: i + 1, descripcion: l.FDE_DESCRIPCION }),
                    max: l.FDE_RESTANTE,
                  },
                }}
                sx={{ m: 0, width: 96, flexShrink: 0, '& input': { textAlign: 'right' } }}
              />
              <Button
                size="small"
                disabled={agotada || enviadas?.[clave(l.FDE_LINEA)] === sinCeros(l.FDE_RESTANTE)}
                onClick={() =>
                  setValue(`devolver.${clave(l.FDE_LINEA)}`, sinCeros(l.FDE_RESTANTE), {
                    shouldDirty: true,
                    shouldValidate: formState.isSubmitted,
                  })
                }
                sx={{ minWidth: 0, px: 1, whiteSpace: 'nowrap' }}
              >
                {f('todo')}
              </Button>
            </Box>
            {mensajes.length > 0 && (
              <Box sx={{ gridColumn: '1 / -1' }} role="alert">
                {mensajes.map((m) => (
                  <Typography key={m} variant="caption" color="error" component="div">
                    {m}
                  </Typography>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

const TARIFAS = TARIFAS_IVA_PRODUCTO as unknown as Array<{ id: string; name: string }>;

/** Discounts in value: one per IVA rate the user needs, each its value without IVA. */
function Descuentos({ calculo }: { calculo: CalculoNota }) {
  const { fields, append, remove } = useFieldArray({ name: 'descuentos' });
  return (
    <Box component="section" aria-label={f('descuento')} sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      {fields.map((field, i) => {
        const mensajes = calculo.errores.filter((e) => e.linea === i + 1).map((e) => e.mensaje);
        return (
          <Box
            key={field.id}
            sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) 40px', alignItems: 'start' }}
          >
            <TextInput
              source={`descuentos.${i}.valor`}
              label={f('valor')}
              {...pequeno}
              helperText={mensajes[0] ?? false}
              error={mensajes.length > 0}
              slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'aria-label': f('valor_n', { numero: i + 1 }) } }}
              sx={{ m: 0 }}
            />
            <SelectInput
              source={`descuentos.${i}.iva`}
              label={f('iva')}
              choices={TARIFAS}
              {...pequeno}
              helperText={false}
              emptyText=""
              slotProps={{ htmlInput: { 'aria-label': f('iva_n', { numero: i + 1 }) } }}
              sx={{ m: 0, minWidth: 0 }}
            />
            <IconButton
              onClick={() => remove(i)}
              disabled={fields.length === 1}
              aria-label={f('quitar_descuento', { numero: i + 1 })}
              size="small"
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        );
      })}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => append(descuentoVacio())}>
          {f('agregar_descuento')}
        </Button>
      </Box>
    </Box>
  );
}

/** The totals as the RIDE will print them, recomputed on every keystroke, and the rules the note breaks now. */
function Totales({ calculo }: { calculo: CalculoNota }) {
  const generales = calculo.errores.filter((e) => !e.linea && e.campo !== 'comprador' && e.campo !== 'documentoModificado');
  return (
    <Card variant="outlined" component="section" aria-label={f('totales')}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {f('totales')}
        </Typography>
        <FilasTotales f={f} subtotales={calculo.subtotalesIva} subtotal={calculo.totalSinImpuestos} total={calculo.total} />
        {generales.map((e) => (
          <Typography key={e.mensaje} variant="body2" color="error" role="alert" sx={{ mt: 1 }} data-regla>
            {e.mensaje}
          </Typography>
        ))}
      </CardContent>
    </Card>
  );
}

/** Devolución or Descuento. */
function ModoInput() {
  const { setValue } = useFormContext();
  const modo = useWatch({ name: 'modo' }) as string;
  return (
    <Box>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        {f('modo')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        color="primary"
        size="small"
        value={modo}
        onChange={(_, valor: string | null) => valor && setValue('modo', valor, { shouldDirty: true })}
        aria-label={f('modo')}
      >
        <ToggleButton value="devolucion">{f('devolucion')}</ToggleButton>
        <ToggleButton value="descuento">{f('descuento')}</ToggleButton>
      </ToggleButtonGroup>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
        {modo === 'descuento' ? f('descuento_ayuda') : f('devolucion_ayuda')}
      </Typography>
    </Box>
  );
}

/** Where a server message belongs: a line's quantity, a discount's value, the motivo, the date. */
function campoDe(values: NotaCreditoForm, resumen: ResumenFacturaNotas | undefined) {
  return (mensaje: string) => {
    const n = numeroEn(mensaje, 'Línea');
    if (n !== undefined) {
      if (values.modo === 'descuento') return `descuentos.${n - 1}.valor`;
      const linea = lineasDe(values, resumen)[n - 1]?.FDE_LINEA_FACTURA;
      return linea ? `devolver.${clave(linea)}` : undefined;
    }
    if (/motivo/i.test(mensaje)) return 'FAC_MOTIVO';
    if (/fecha de (la nota|emisión)/i.test(mensaje)) return 'FAC_FECHA';
    return undefined;
  };
}

/** The form's body: the header (invoice, point, date, motivo), the mode and its inputs, the live totals. */
function Campos({ fija, fallo }: { fija: boolean; fallo: string | null }) {
  const values = useWatch() as NotaCreditoForm;
  const { data: resumen, error } = useResumenFactura(values.FAC_MODIFICA);
  const calculo = useMemo(() => calcular(values, resumen), [values, resumen]);
  const rechazada = rechazosDe(resumen, true).length > 0;
  return (
    <Box sx={{ width: '100%', minWidth: 0, display: 'grid', gap: 3 }}>
      <NotaCabecera documento={NOTA_CREDITO} resumen={resumen} credito fija={fija} />
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {!values.FAC_MODIFICA && <Alert severity="info">{f('elija_factura')}</Alert>}
      {resumen && !rechazada && (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(280px, 2fr)' } }}>
          <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>
            <ModoInput />
            {values.modo === 'descuento' ? <Descuentos calculo={calculo} /> : <Devolucion resumen={resumen} calculo={calculo} />}
          </Box>
          <Box sx={{ position: { md: 'sticky' }, top: { md: 72 }, alignSelf: 'start' }}>
            <Totales calculo={calculo} />
          </Box>
        </Box>
      )}
      <FalloServidor mensaje={fallo} campo={campoDe(values, resumen)} />
    </Box>
  );
}

/**
 * The form's validation: the header's fields, and the note's rules as the domain states them (the live panel shows
 * them); with any, the draft is not sent.
 */
function useValidar() {
  return (values: Record<string, unknown>) => {
    const v = values as NotaCreditoForm;
    const errores: Record<string, string> = {};
    if (!v.FAC_MODIFICA) errores.FAC_MODIFICA = f('elija_factura');
    if (!v.PEM_CODIGO) errores.PEM_CODIGO = 'ra.validation.required';
    if (!v.FAC_FECHA) errores.FAC_FECHA = 'ra.validation.required';
    if (!String(v.FAC_MOTIVO ?? '').trim()) errores.FAC_MOTIVO = NOTAS_CREDITO_MSG.motivoRequerido;
    return errores;
  };
}

/** The save button, disabled while the invoice refuses notes or the note has nothing to credit. */
function Barra({ correccion = false }: { correccion?: boolean }) {
  const values = useWatch() as NotaCreditoForm;
  const { data: resumen } = useResumenFactura(values.FAC_MODIFICA);
  const calculo = useMemo(() => calcular(values, resumen), [values, resumen]);
  const bloqueada = !resumen || rechazosDe(resumen, true).length > 0 || calculo.vacia || calculo.errores.some((e) => e.campo !== 'motivo');
  return (
    <Toolbar>
      <SaveButton label={f(correccion ? 'guardar_correccion' : 'guardar')} disabled={bloqueada} alwaysEnable={!bloqueada} />
    </Toolbar>
  );
}

/** The transform needs the invoice's summary (its lines) to build the lines sent: read from react-query's cache. */
function useTransform() {
  const [resumenes] = useState(() => new Map<number, ResumenFacturaNotas>());
  return {
    resumenes,
    transform: (values: Record<string, unknown>) =>
      notaCreditoToWire(values as NotaCreditoForm, resumenes.get(Number(values.FAC_MODIFICA))),
  };
}

/** Keeps the summary the form shows where the transform finds it. */
function Recordar({ resumenes }: { resumenes: Map<number, ResumenFacturaNotas> }) {
  const factura = useWatch({ name: 'FAC_MODIFICA' }) as number | '';
  const { data } = useResumenFactura(factura);
  if (data) resumenes.set(Number(factura), data);
  return null;
}

/** A new credit note: from the invoice's page (?factura=ID) or choosing the invoice here. */
export function NotaCreditoCreate() {
  const [params] = useSearchParams();
  const factura = Number(params.get('factura')) || undefined;
  const [defaults] = useState(() => nuevaNotaCredito(factura));
  const { resumenes, transform } = useTransform();
  const { mensaje, mutationOptions } = useFalloServidor();
  return (
    <Create redirect="show" transform={transform} title={f('nueva')} mutationOptions={mutationOptions}>
      <SimpleForm defaultValues={defaults} validate={useValidar()} toolbar={<Barra />} sx={{ maxWidth: 1280 }}>
        <Recordar resumenes={resumenes} />
        <Campos fija={false} fallo={mensaje} />
      </SimpleForm>
    </Create>
  );
}

function EditContenido({ fallo, resumenes }: { fallo: string | null; resumenes: Map<number, ResumenFacturaNotas> }) {
  return (
    <EdicionDocumento
      documento={NOTA_CREDITO}
      completa={(r: NotaCreditoDetalle & { id: number }) => Array.isArray(r.lineas)}
      formDe={formDe}
      validate={useValidar()}
      barra={(correccion) => <Barra correccion={correccion} />}
    >
      {() => (
        <>
          <Recordar resumenes={resumenes} />
          <Campos fija fallo={fallo} />
        </>
      )}
    </EdicionDocumento>
  );
}

/** A draft (or a note the SRI returned) edited as it was saved; its invoice stays. */
export function NotaCreditoEdit({ id }: { id?: Identifier }) {
  const { resumenes, transform } = useTransform();
  const { mensaje, mutationOptions } = useFalloServidor();
  return (
    <Edit id={id} mutationMode="pessimistic" redirect="show" transform={transform} title={f('editar')} mutationOptions={mutationOptions}>
      <EditContenido fallo={mensaje} resumenes={resumenes} />
    </Edit>
  );
}
