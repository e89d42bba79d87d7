import { useEffect } from 'react';
import { AutocompleteInput, DateInput, ReferenceInput, SelectInput, TextInput, type RaRecord } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ResumenFacturaNotas } from '../../domain/contratos/notasCredito';
import type { Factura } from '../../domain/contratos/facturas';
import { formatDate } from '../../domain/fechas';
import { usePuntos } from '../resources/facturas/datos';
import { dinero } from '../ui/numeros';
import type { Documento } from './documento';
import { rechazosDe } from './resumenFactura';

const opcionFactura = (f: RaRecord) =>
  f
    ? `${(f as unknown as Factura).FAC_NUMERO ?? ''} · ${(f as unknown as Factura).CLI_RAZON_SOCIAL} · ${dinero((f as unknown as Factura).FAC_TOTAL)}`
    : '';

/**
 * The note's header: the invoice it modifies (an autocomplete of the company's authorized invoices; fixed once the
 * draft exists), the emission point, the date and the motivo (`conMotivo`: the credit note's is required, the debit
 * note's reasons are its own). Under it, the invoice's summary and any refusal the summary already knows.
 */
export function NotaCabecera({
  documento,
  resumen,
  credito,
  fija,
  conMotivo = true,
}: {
  documento: Documento;
  resumen?: ResumenFacturaNotas;
  credito: boolean;
  fija: boolean;
  conMotivo?: boolean;
}) {
  const { texto } = documento;
  const { data: puntos, isPending } = usePuntos();
  const { setValue } = useFormContext();
  const punto = useWatch({ name: 'PEM_CODIGO' }) as number | '' | undefined;
  useEffect(() => {
    // The invoice's own emission point by default, else the only one the user has.
    if (punto || !puntos?.length) return;
    const propio = puntos.find((p) => p.PEM_CODIGO === resumen?.factura.PEM_CODIGO);
    if (propio) setValue('PEM_CODIGO', propio.PEM_CODIGO);
    else if (puntos.length === 1) setValue('PEM_CODIGO', puntos[0].PEM_CODIGO);
  }, [puntos, punto, resumen, setValue]);
  const elegido = puntos?.find((p) => p.PEM_CODIGO === punto);
  const choices = (puntos ?? []).map((p) => ({
    id: p.PEM_CODIGO,
    name: [p.serie, p.EST_NOMBRE, p.PEM_NOMBRE].filter(Boolean).join(' · '),
  }));
  const rechazos = rechazosDe(resumen, credito);
  const f = resumen?.factura;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', columnGap: 2, rowGap: 1, flexWrap: 'wrap', alignItems: 'flex-start', minWidth: 0 }}>
        <Box sx={{ flex: '2 1 360px', minWidth: 0 }}>
          <ReferenceInput
            source="FAC_MODIFICA"
            reference="facturas"
            filter={{ FAC_ESTADO: ['AUTORIZADA'] }}
            sort={{ field: 'FAC_CODIGO', order: 'DESC' }}
          >
            <AutocompleteInput
              label={texto('form.factura')}
              optionText={opcionFactura}
              filterToQuery={(q: string) => ({ q })}
              noOptionsText={texto('form.sin_facturas')}
              TextFieldProps={{ placeholder: texto('form.buscar_factura') }}
              helperText={texto('form.factura_ayuda')}
              readOnly={fija}
              fullWidth
            />
          </ReferenceInput>
        </Box>
        <SelectInput
          source="PEM_CODIGO"
          label={texto('campos.PEM_CODIGO')}
          choices={choices}
          isPending={isPending}
          helperText={elegido ? `${texto('form.siguiente')} ${elegido.serie}-${String(elegido.siguiente).padStart(9, '0')}` : false}
          sx={{ flex: '1 1 220px', minWidth: 0 }}
        />
        <DateInput source="FAC_FECHA" label={texto('form.fecha')} sx={{ flex: '0 1 190px', minWidth: 0 }} />
      </Box>
      {conMotivo && (
        <TextInput
          source="FAC_MOTIVO"
          label={texto('form.motivo')}
          helperText={texto('form.motivo_ayuda')}
          slotProps={{ htmlInput: { maxLength: 300 } }}
          multiline
          fullWidth
        />
      )}
      {f && (
        <Typography variant="body2" color="text.secondary" data-resumen-factura>
          {f.CLI_RAZON_SOCIAL} · {f.CLI_IDENTIFICACION} · {formatDate(f.FAC_FECHA)} ·{' '}
          {texto('form.total_factura', { total: dinero(f.FAC_TOTAL) })}
          {credito && (
            <>
              {' · '}
              <strong data-saldo>{texto('form.saldo', { saldo: `USD ${dinero(resumen.restante)}` })}</strong>
            </>
          )}
        </Typography>
      )}
      {rechazos.map((r) => (
        <Alert key={r} severity="error" data-rechazo>
          {r}
        </Alert>
      ))}
    </Box>
  );
}
