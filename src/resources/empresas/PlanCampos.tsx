import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { fileChoiceProblem } from '../../../domain/archivos';
import { formatDate } from '../../../domain/fechas';
import { conIva, PLAN_FILE, PRECIO } from '../../../domain/planes';
import { FilePicker } from '../../ui/FilePicker';
import type { Pago } from '../../../domain/contratos/pagos';
import { leerNumero, usd } from '../../ui/numeros';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

export const planT = (translate: ReturnType<typeof useTranslate>) => (key: string, options?: object) =>
  translate(`resources.planesEmpresa.${key}`, options);

/** Plan dialogs take the whole screen on a phone. */
export const usePantallaCompleta = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

/** The price charged (USD before IVA, 2 decimals at most) with its IVA and total as it is typed. */
export function PrecioCampo({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = planT(useTranslate());
  const leido = leerNumero(value) ?? value.trim();
  const valid = PRECIO.test(leido);
  const { iva, total } = conIva(valid ? leido : 0);
  return (
    <>
      <TextField
        id="plan-precio"
        label={t('fields.PLANEMPRESA_PRECIO')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        error={value !== '' && !valid}
        helperText={t('ayuda_precio')}
        required
        fullWidth
        margin="dense"
      />
      {valid && (
        <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="plan-con-iva">
          {t('con_iva', { iva: usd(iva), total: usd(total) })}
        </Typography>
      )}
    </>
  );
}

/** The company payment the plan comes from (optional): its payments, newest first, as the pagos tab lists them. */
function PagoCampo({ empresa, value, onChange }: { empresa: number; value: string; onChange: (value: string) => void }) {
  const dataProvider = useAreaDataProvider();
  const t = planT(useTranslate());
  const { data: pagos } = useQuery({
    queryKey: ['empresas', empresa, 'pagos'],
    queryFn: () => dataProvider.call<Pago[]>(`/empresas/pagos/${empresa}`),
  });
  const known = value === '' || (pagos ?? []).some((p) => String(p.PAG_CODIGO) === value);
  return (
    <TextField
      id="plan-pago"
      select
      label={t('fields.PAG_CODIGO')}
      value={known ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      fullWidth
      margin="dense"
    >
      <MenuItem value="">{t('sin_pago')}</MenuItem>
      {(pagos ?? []).map((pago) => (
        <MenuItem key={pago.PAG_CODIGO} value={String(pago.PAG_CODIGO)}>
          {[pago.PAG_FECHAPAGO ?? formatDate(pago.PAG_FECHA), pago.PAG_MONTO ? usd(pago.PAG_MONTO) : null, pago.PAG_REFERENCIA]
            .filter(Boolean)
            .join(' · ')}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ObservacionCampo({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = planT(useTranslate());
  return (
    <TextField
      id="plan-observacion"
      label={t('fields.PLANEMPRESA_OBSERVACION')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { maxLength: 300 } }}
      multiline
      minRows={2}
      fullWidth
      margin="dense"
    />
  );
}

type Documento = { file: File | null; error: string | null; progress: number | null };

/** The file picker of the authorization document; the choice is checked here and again by the server. */
export function DocumentoCampo({ value, onChange }: { value: Documento; onChange: (value: Documento) => void }) {
  const t = planT(useTranslate());
  const rule = PLAN_FILE;
  return (
    <FilePicker
      id="plan-documento"
      label={t('fields.documento')}
      accept={rule.accept}
      file={value.file}
      onPick={(picked) => {
        if (!picked) return;
        const problem = fileChoiceProblem(rule, picked);
        onChange({ ...value, error: problem, file: problem ? null : picked });
      }}
      help={t('ayuda_documento')}
      error={value.error}
      progress={value.progress}
    />
  );
}

export const SIN_DOCUMENTO: Documento = { file: null, error: null, progress: null };

/**
 * The authorization document chosen in a plan dialog, and `enviar`, which sends it to a sold plan
 * (POST /empresas/planes/{id}/documento, field `current`) showing its progress; `detenido` clears the progress
 * after a failed send.
 */
export function useDocumento() {
  const dataProvider = useAreaDataProvider();
  const [documento, setDocumento] = useState<Documento>(SIN_DOCUMENTO);
  const enviar = (id: number, file: File) =>
    dataProvider.upload<{ msg: string }>(`/empresas/planes/${id}/documento`, file, (progress) => setDocumento((d) => ({ ...d, progress })));
  const detenido = () => setDocumento((d) => ({ ...d, progress: null }));
  return { documento, setDocumento, enviar, detenido };
}

/** The payment a plan comes from and its observation, as selling and correcting ask them; `campos` as the API takes them. */
export function usePagoObservacion(inicial: { pago: string; observacion: string }) {
  const [pago, setPago] = useState(inicial.pago);
  const [observacion, setObservacion] = useState(inicial.observacion);
  const campos = { PAG_CODIGO: pago ? Number(pago) : null, PLANEMPRESA_OBSERVACION: observacion.trim() || null };
  return { pago, setPago, observacion, setObservacion, campos };
}

/** The payment and observation fields of a plan dialog. */
export function PagoObservacionCampos({ empresa, estado }: { empresa: number; estado: ReturnType<typeof usePagoObservacion> }) {
  return (
    <>
      <PagoCampo empresa={empresa} value={estado.pago} onChange={estado.setPago} />
      <ObservacionCampo value={estado.observacion} onChange={estado.setObservacion} />
    </>
  );
}

type FechaProps = { id: string; label: string; value: string; onChange: (value: string) => void; helperText?: string; fullWidth?: boolean };

/** A required day of a plan dialog, with the browser's date picker. */
export function FechaCampo({ id, label, value, onChange, helperText, fullWidth }: FechaProps) {
  return (
    <TextField
      id={id}
      type="date"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
      helperText={helperText}
      required
      fullWidth={fullWidth}
      margin="dense"
    />
  );
}
