import { useEffect, useRef, useState } from 'react';
import { SelectInput, TextInput } from 'react-admin';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { escalar, formatear, FORMAS_PAGO, leerDecimal, UNIDAD_CREDITO, UNIDADES_TIEMPO, vencimiento } from '../../../domain/facturas';
import { esDia } from '../../../domain/fechas';
import { useCalculo } from './calculo';
import { pagoInicial, type PagoForm } from './formulario';
import { texto } from './textos';

const FORMAS = FORMAS_PAGO.map((f) => ({ id: f.codigo, name: f.nombre }));
const UNIDADES = UNIDADES_TIEMPO as unknown as Array<{ id: string; name: string }>;
const c = (key: string) => texto(`columnas.${key}`);
/** a + b in exact cents ("10,5" + "2.25" → "12.75"); an unreadable or over-precise a counts as 0. */
function sumarDinero(a: unknown, b: string): string {
  const centavos = (valor: unknown) => {
    const l = leerDecimal(valor as string);
    return l.ok && l.decimales <= 2 ? escalar(l, 2) : 0n;
  };
  return formatear(centavos(a) + centavos(b), 2);
}
const pequeno = { size: 'small', variant: 'outlined', helperText: false, margin: 'none' } as const;

/**
 * The buyer's credit days as the term (in días) of the payments without one, when a buyer is chosen; a term the
 * previous buyer's credit days wrote follows the new buyer's. A saved draft opens with its payments as saved. The
 * server applies the same rule to what it receives.
 */
function useDiasDeCredito(cliente: unknown, dias: number | undefined) {
  const { getValues, setValue } = useFormContext();
  const inicial = useRef(cliente);
  const aplicado = useRef<{ cliente: unknown; dias: number } | null>(null);
  useEffect(() => {
    if (dias === undefined || aplicado.current?.cliente === cliente) return;
    const antes = aplicado.current?.dias ?? 0;
    aplicado.current = { cliente, dias };
    if (cliente === inicial.current) return;
    inicial.current = undefined;
    (getValues('pagos') as PagoForm[]).forEach((p, i) => {
      const plazo = String(p?.FPA_PLAZO ?? '').trim();
      const delAnterior = antes > 0 && plazo === String(antes) && p.FPA_UNIDAD === UNIDAD_CREDITO;
      if (plazo !== '' && !delAnterior) return;
      setValue(`pagos.${i}.FPA_PLAZO`, dias > 0 ? String(dias) : '', { shouldDirty: true });
      setValue(`pagos.${i}.FPA_UNIDAD`, UNIDAD_CREDITO, { shouldDirty: true });
    });
  }, [cliente, dias, getValues, setValue]);
}

/** "Vence: YYYY-MM-DD": the invoice's date plus the longest term of its payments; and the buyer's credit days. */
function Vence({ dias }: { dias: number | undefined }) {
  const [fecha, pagos] = useWatch({ name: ['FAC_FECHA', 'pagos'] }) as [string, PagoForm[] | undefined];
  if (!esDia(String(fecha ?? ''))) return null;
  return (
    <Typography variant="body2" sx={{ mt: 1 }} data-vence>
      <strong>{texto('form.vence', { fecha: vencimiento(fecha, pagos ?? []) })}</strong>
      {dias ? ` · ${texto('form.credito', { smart_count: dias })}` : ''}
    </Typography>
  );
}

/**
 * The payment methods (the SRI's formaPago) with amount and term. While there is one payment and the user has not
 * typed its amount, it follows the invoice's total: the usual sale is paid one way, whole.
 */
export function PagosInput() {
  const { fields, append, remove } = useFieldArray({ name: 'pagos' });
  const { setValue, getValues, formState } = useFormContext();
  const { calculo, avisos, pagosTocados, comprador } = useCalculo();
  const cliente = useWatch({ name: 'CLI_CODIGO' }) as number | '' | undefined;
  // The buyer's record once loaded (the previous buyer's while the new one loads does not count).
  const dias = comprador && comprador.CLI_CODIGO === Number(cliente) ? comprador.CLI_DIAS_CREDITO : undefined;
  useDiasDeCredito(cliente, dias);
  const total = calculo.importeTotal;
  const porPagar = calculo.porPagar;

  const unica = fields.length === 1;
  // Typed by the user (not react-hook-form's dirty state: adding a line recomputes it against the defaults).
  const [escrito, setEscrito] = useState(false);
  useEffect(() => {
    if (unica && !escrito && getValues('pagos.0.FPA_TOTAL') !== total) setValue('pagos.0.FPA_TOTAL', total);
  }, [unica, escrito, total, getValues, setValue]);

  const completar = (indice: number) => {
    const nuevo = sumarDinero(getValues(`pagos.${indice}.FPA_TOTAL`), porPagar);
    setValue(`pagos.${indice}.FPA_TOTAL`, nuevo, { shouldDirty: true, shouldTouch: true, shouldValidate: formState.isSubmitted });
  };

  return (
    <Box component="section" aria-label={texto('form.pagos')} sx={{ minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {texto('form.pagos')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {fields.map((field, indice) => {
          const numero = indice + 1;
          const sufijo = `, ${texto('form.pagos').toLowerCase()} ${numero}`;
          return (
            <Box
              key={field.id}
              data-pago={numero}
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
                source={`pagos.${indice}.FPA_FORMA`}
                label={c('forma')}
                choices={FORMAS}
                emptyText=""
                {...pequeno}
                slotProps={{ htmlInput: { 'aria-label': `${c('forma')}${sufijo}` } }}
                sx={{ gridArea: 'forma', m: 0, minWidth: 0 }}
              />
              <TextInput
                source={`pagos.${indice}.FPA_TOTAL`}
                label={c('valor')}
                onChange={() => setEscrito(true)}
                {...pequeno}
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'aria-label': `${c('valor')}${sufijo}` } }}
                sx={{ gridArea: 'valor', m: 0 }}
              />
              <TextInput
                source={`pagos.${indice}.FPA_PLAZO`}
                label={c('plazo')}
                {...pequeno}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'aria-label': `${c('plazo')}${sufijo}` } }}
                sx={{ gridArea: 'plazo', m: 0 }}
              />
              <SelectInput
                source={`pagos.${indice}.FPA_UNIDAD`}
                label={c('unidad')}
                choices={UNIDADES}
                emptyText=""
                {...pequeno}
                sx={{ gridArea: 'unidad', m: 0, minWidth: 0 }}
              />
              <IconButton
                onClick={() => remove(indice)}
                disabled={unica}
                aria-label={texto('form.quitar_pago', { numero })}
                size="small"
                sx={{ gridArea: 'quitar', justifySelf: 'end' }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          );
        })}
      </Box>
      <Vence dias={dias} />
      {pagosTocados &&
        avisos.pagos.map((m) => (
          <Typography key={m} variant="caption" color="error" component="div" role="alert" sx={{ mt: 0.5 }}>
            {m}
          </Typography>
        ))}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Button
          startIcon={<AddIcon />}
          onClick={() =>
            append({
              ...pagoInicial(Number(porPagar) > 0 ? porPagar : ''),
              ...(dias ? { FPA_PLAZO: String(dias) } : {}),
            } satisfies PagoForm)
          }
        >
          {texto('form.agregar_pago')}
        </Button>
        {Number(porPagar) > 0 && fields.length > 0 && (
          <Button onClick={() => completar(fields.length - 1)}>{texto('form.completar_pago')}</Button>
        )}
      </Box>
    </Box>
  );
}
