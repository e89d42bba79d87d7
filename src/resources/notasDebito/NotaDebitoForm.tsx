import { useEffect, useMemo, useState } from 'react';
import { Create, Edit, type Identifier, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import type { NotaDebitoDetalle } from '../../../domain/contratos/notasDebito';
import { FORMAS_PAGO, TARIFAS_IVA_PRODUCTO, UNIDADES_TIEMPO } from '../../../domain/facturas/catalogos';
import type { NotaDebitoCalculada } from '../../../domain/notasDebito/calculo';
import { EdicionDocumento } from '../../comprobantes/EdicionDocumento';
import { FalloServidor, numeroEn, useFalloServidor } from '../../comprobantes/falloServidor';
import { NotaCabecera } from '../../comprobantes/NotaCabecera';
import { rechazosDe, useResumenFactura } from '../../comprobantes/resumenFactura';
import { FilaTotal, FilasTotales } from '../../comprobantes/piezas';
import { dinero } from '../../ui/numeros';
import { NOTA_DEBITO } from './documento';
import { calcular, formDe, motivoVacio, notaDebitoToWire, nuevaNotaDebito, pagoInicial, type NotaDebitoForm } from './formulario';
import { texto } from './textos';

const f = (key: string, options?: object) => texto(`form.${key}`, options);
const pequeno = { size: 'small', variant: 'outlined', margin: 'none' } as const;
const TARIFAS = TARIFAS_IVA_PRODUCTO as unknown as Array<{ id: string; name: string }>;
const FORMAS = FORMAS_PAGO.map((p) => ({ id: p.codigo, name: p.nombre }));
const UNIDADES = UNIDADES_TIEMPO as unknown as Array<{ id: string; name: string }>;

/** The reasons: razón, value without IVA and its rate; each its messages as the user types. */
function Motivos({ calculo }: { calculo: NotaDebitoCalculada }) {
  const { fields, append, remove } = useFieldArray({ name: 'motivos' });
  const { isSubmitted, touchedFields } = useFormContext().formState;
  const tocados = (touchedFields as { motivos?: unknown[] }).motivos;
  return (
    <Box component="section" aria-label={f('motivos')} sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box>
        <Typography variant="h6" component="h2">
          {f('motivos')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {f('motivos_ayuda')}
        </Typography>
      </Box>
      {fields.map((field, i) => {
        const mensajes = isSubmitted || tocados?.[i] ? calculo.errores.filter((e) => e.linea === i + 1).map((e) => e.mensaje) : [];
        return (
          <Box
            key={field.id}
            data-motivo={i + 1}
            sx={{
              display: 'grid',
              gap: 1,
              alignItems: 'start',
              gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr) 40px', sm: 'minmax(0, 3fr) 130px 150px 90px 40px' },
              gridTemplateAreas: { xs: `"razon razon quitar" "valor iva iva" "total total total"`, sm: `"razon valor iva total quitar"` },
            }}
          >
            <TextInput
              source={`motivos.${i}.razon`}
              label={f('razon')}
              {...pequeno}
              helperText={false}
              slotProps={{ htmlInput: { maxLength: 300, 'aria-label': f('razon_n', { numero: i + 1 }) } }}
              sx={{ gridArea: 'razon', m: 0 }}
            />
            <TextInput
              source={`motivos.${i}.valor`}
              label={f('valor')}
              {...pequeno}
              helperText={false}
              slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'aria-label': f('valor_n', { numero: i + 1 }) } }}
              sx={{ gridArea: 'valor', m: 0 }}
            />
            <SelectInput
              source={`motivos.${i}.iva`}
              label={f('iva')}
              choices={TARIFAS}
              {...pequeno}
              helperText={false}
              emptyText=""
              slotProps={{ htmlInput: { 'aria-label': f('iva_n', { numero: i + 1 }) } }}
              sx={{ gridArea: 'iva', m: 0, minWidth: 0 }}
            />
            <Typography
              variant="body2"
              fontWeight={600}
              sx={{ gridArea: 'total', alignSelf: 'center', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
              data-total-motivo={i + 1}
            >
              {dinero(calculo.motivos[i]?.total ?? '0.00')}
            </Typography>
            <IconButton
              onClick={() => remove(i)}
              disabled={fields.length === 1}
              aria-label={f('quitar_motivo', { numero: i + 1 })}
              size="small"
              sx={{ gridArea: 'quitar', justifySelf: 'end' }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
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
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => append(motivoVacio())}>
          {f('agregar_motivo')}
        </Button>
      </Box>
    </Box>
  );
}

/** The payment methods; while there is one and the user has not typed its value, it follows the note's total. */
function Pagos({ calculo }: { calculo: NotaDebitoCalculada }) {
  const { fields, append, remove } = useFieldArray({ name: 'pagos' });
  const { getValues, setValue, formState } = useFormContext();
  const [escrito, setEscrito] = useState(false);
  const unica = fields.length === 1;
  const total = calculo.valorTotal;
  useEffect(() => {
    if (unica && !escrito && getValues('pagos.0.FPA_TOTAL') !== total) setValue('pagos.0.FPA_TOTAL', total);
  }, [unica, escrito, total, getValues, setValue]);
  const mensajes =
    formState.isSubmitted || escrito ? calculo.errores.filter((e) => e.campo === 'pagos' || e.pago).map((e) => e.mensaje) : [];
  return (
    <Box component="section" aria-label={f('pagos')} sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        {f('pagos')}
      </Typography>
      {fields.map((field, i) => (
        <Box
          key={field.id}
          data-pago={i + 1}
          sx={{
            display: 'grid',
            gap: 1,
            alignItems: 'center',
            gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr) 40px', sm: 'minmax(0, 2fr) minmax(0, 1fr) 80px 110px 40px' },
            gridTemplateAreas: {
              xs: `"forma forma quitar" "valor valor valor" "plazo unidad unidad"`,
              sm: `"forma valor plazo unidad quitar"`,
            },
          }}
        >
          <SelectInput
            source={`pagos.${i}.FPA_FORMA`}
            label={f('forma')}
            choices={FORMAS}
            emptyText=""
            {...pequeno}
            helperText={false}
            slotProps={{ htmlInput: { 'aria-label': f('forma_n', { numero: i + 1 }) } }}
            sx={{ gridArea: 'forma', m: 0, minWidth: 0 }}
          />
          <TextInput
            source={`pagos.${i}.FPA_TOTAL`}
            label={f('pago_valor')}
            onChange={() => setEscrito(true)}
            {...pequeno}
            helperText={false}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'aria-label': f('pago_valor_n', { numero: i + 1 }) } }}
            sx={{ gridArea: 'valor', m: 0 }}
          />
          <TextInput
            source={`pagos.${i}.FPA_PLAZO`}
            label={f('plazo')}
            {...pequeno}
            helperText={false}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
            sx={{ gridArea: 'plazo', m: 0 }}
          />
          <SelectInput
            source={`pagos.${i}.FPA_UNIDAD`}
            label={f('unidad')}
            choices={UNIDADES}
            emptyText=""
            {...pequeno}
            helperText={false}
            sx={{ gridArea: 'unidad', m: 0, minWidth: 0 }}
          />
          <IconButton
            onClick={() => remove(i)}
            disabled={unica}
            aria-label={f('quitar_pago', { numero: i + 1 })}
            size="small"
            sx={{ gridArea: 'quitar' }}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      {mensajes.map((m) => (
        <Typography key={m} variant="caption" color="error" component="div" role="alert">
          {m}
        </Typography>
      ))}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => append(pagoInicial(Number(calculo.porPagar) > 0 ? calculo.porPagar : ''))}>
          {f('agregar_pago')}
        </Button>
      </Box>
    </Box>
  );
}

function Totales({ calculo }: { calculo: NotaDebitoCalculada }) {
  return (
    <Card variant="outlined" component="section" aria-label={f('totales')}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {f('totales')}
        </Typography>
        <FilasTotales f={f} subtotales={calculo.subtotalesIva} subtotal={calculo.totalSinImpuestos} total={calculo.valorTotal} />
        <FilaTotal label={f('pagado')} valor={dinero(calculo.totalPagos)} />
        <FilaTotal label={f('por_pagar')} valor={dinero(calculo.porPagar)} />
      </CardContent>
    </Card>
  );
}

/** Where a server message belongs: a reason's value or razón ("Motivo 2: …"), the date. */
function campoDe(mensaje: string) {
  const n = numeroEn(mensaje, 'Motivo');
  if (n !== undefined) return /razón/.test(mensaje) ? `motivos.${n - 1}.razon` : `motivos.${n - 1}.valor`;
  if (/fecha de (la nota|emisión)/i.test(mensaje)) return 'FAC_FECHA';
  return undefined;
}

function Campos({ fija, fallo }: { fija: boolean; fallo: string | null }) {
  const values = useWatch() as NotaDebitoForm;
  const { data: resumen, error } = useResumenFactura(values.FAC_MODIFICA);
  const calculo = useMemo(() => calcular(values), [values]);
  const rechazada = rechazosDe(resumen, false).length > 0;
  return (
    <Box sx={{ width: '100%', minWidth: 0, display: 'grid', gap: 3 }}>
      <NotaCabecera documento={NOTA_DEBITO} resumen={resumen} credito={false} fija={fija} conMotivo={false} />
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {!values.FAC_MODIFICA && <Alert severity="info">{f('elija_factura')}</Alert>}
      {resumen && !rechazada && (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(280px, 2fr)' } }}>
          <Box sx={{ display: 'grid', gap: 3, alignContent: 'start', minWidth: 0 }}>
            <Motivos calculo={calculo} />
            <Pagos calculo={calculo} />
          </Box>
          <Box sx={{ position: { md: 'sticky' }, top: { md: 72 }, alignSelf: 'start' }}>
            <Totales calculo={calculo} />
          </Box>
        </Box>
      )}
      <FalloServidor mensaje={fallo} campo={campoDe} />
    </Box>
  );
}

const validar = (values: Record<string, unknown>) => {
  const v = values as NotaDebitoForm;
  const errores: Record<string, string> = {};
  if (!v.FAC_MODIFICA) errores.FAC_MODIFICA = f('elija_factura');
  if (!v.PEM_CODIGO) errores.PEM_CODIGO = 'ra.validation.required';
  if (!v.FAC_FECHA) errores.FAC_FECHA = 'ra.validation.required';
  const primero = calcular(v).errores[0];
  if (primero) errores._detalle = primero.mensaje;
  return errores;
};

const transform = (values: Record<string, unknown>) => notaDebitoToWire(values as NotaDebitoForm);

function Barra({ correccion = false }: { correccion?: boolean }) {
  const factura = useWatch({ name: 'FAC_MODIFICA' }) as number | '';
  const { data: resumen } = useResumenFactura(factura);
  const bloqueada = !resumen || rechazosDe(resumen, false).length > 0;
  return (
    <Toolbar>
      <SaveButton label={f(correccion ? 'guardar_correccion' : 'guardar')} disabled={bloqueada} />
    </Toolbar>
  );
}

/** A new debit note: from the invoice's page (?factura=ID) or choosing the invoice here. */
export function NotaDebitoCreate() {
  const [params] = useSearchParams();
  const [defaults] = useState(() => nuevaNotaDebito(Number(params.get('factura')) || undefined));
  const { mensaje, mutationOptions } = useFalloServidor();
  return (
    <Create redirect="show" transform={transform} title={f('nueva')} mutationOptions={mutationOptions}>
      <SimpleForm defaultValues={defaults} validate={validar} toolbar={<Barra />} sx={{ maxWidth: 1280 }}>
        <Campos fija={false} fallo={mensaje} />
      </SimpleForm>
    </Create>
  );
}

function EditContenido({ fallo }: { fallo: string | null }) {
  return (
    <EdicionDocumento
      documento={NOTA_DEBITO}
      completa={(r: NotaDebitoDetalle & { id: number }) => Array.isArray(r.motivos)}
      formDe={formDe}
      validate={validar}
      barra={(correccion) => <Barra correccion={correccion} />}
    >
      {() => <Campos fija fallo={fallo} />}
    </EdicionDocumento>
  );
}

/** A draft (or a note the SRI returned) edited as it was saved; its invoice stays. */
export function NotaDebitoEdit({ id }: { id?: Identifier }) {
  const { mensaje, mutationOptions } = useFalloServidor();
  return (
    <Edit id={id} mutationMode="pessimistic" redirect="show" transform={transform} title={f('editar')} mutationOptions={mutationOptions}>
      <EditContenido fallo={mensaje} />
    </Edit>
  );
}
