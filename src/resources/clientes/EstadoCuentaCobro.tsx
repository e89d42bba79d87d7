import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { FORMAS_PAGO } from '../../../domain/facturas/catalogos';
import { formatDate, hoyEcuador } from '../../../domain/fechas';
import type { Cobro, FacturaCuenta } from '../../../domain/contratos/cuentas';
import { aCentavos, aplicaciones, proponerReparto, usd } from './EstadoCuentaReparto';
import { texto } from './textos';
import { dinero } from '../../ui/numeros';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

const t = (key: string, options?: object) => texto(`cuenta.${key}`, options);

/**
 * "Registrar cobro": date, amount, method, reference, and how much goes to each invoice that owes (proposed the
 * oldest due first as the amount is typed, editable). The server has the last word: its refusal shows in the dialog.
 */
export function RegistrarCobroDialog({
  cliente,
  facturas,
  open,
  onClose,
  onSaved,
}: {
  cliente: number;
  facturas: FacturaCuenta[];
  open: boolean;
  onClose: () => void;
  onSaved: (cobro: Cobro) => void;
}) {
  const dataProvider = useAreaDataProvider();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const pendientes = useMemo(() => facturas.filter((f) => (aCentavos(f.saldo) ?? 0n) > 0n), [facturas]);
  const [fecha, setFecha] = useState(hoyEcuador());
  const [valor, setValor] = useState('');
  const [forma, setForma] = useState('20');
  const [referencia, setReferencia] = useState('');
  const [reparto, setReparto] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const cambiarValor = (nuevo: string) => {
    setValor(nuevo);
    setReparto(proponerReparto(nuevo, pendientes));
  };
  const centavos = aCentavos(valor);
  const aplicado = aplicaciones(reparto);
  const sumaDistinta = centavos !== null && aplicado !== null && aplicado.suma !== centavos;

  const guardar = async () => {
    setError(null);
    setSaving(true);
    try {
      const cobro = await dataProvider.call<Cobro>(`/api/clientes/cobroEstadoCuenta/${cliente}`, {
        method: 'POST',
        body: { fecha, valor: valor.trim(), forma, referencia: referencia.trim() || null, aplicaciones: aplicado?.lista ?? [] },
      });
      setValor('');
      setReferencia('');
      setReparto({});
      onSaved(cobro);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="registrar-cobro-titulo">
      <DialogTitle id="registrar-cobro-titulo">{t('registrar')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {pendientes.length === 0 && <Alert severity="info">{t('sin_saldo')}</Alert>}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label={t('fecha')}
            type="date"
            value={fecha}
            onChange={(e) => setFecha(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: hoyEcuador() } }}
            required
          />
          <TextField
            label={t('valor')}
            value={valor}
            onChange={(e) => cambiarValor(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            required
            autoFocus
          />
          <TextField select label={t('forma')} value={forma} onChange={(e) => setForma(e.target.value)}>
            {FORMAS_PAGO.map((f) => (
              <MenuItem key={f.codigo} value={f.codigo}>
                {f.nombre}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('referencia')}
            value={referencia}
            onChange={(e) => setReferencia(e.target.value)}
            helperText={t('referencia_ayuda')}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
        </Box>
        {pendientes.length > 0 && (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle1" sx={{ mb: 0.5 }}>
              {t('aplicar')}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('aplicar_ayuda')}
            </Typography>
            {pendientes.map((f) => {
              const puesto = aCentavos(reparto[f.FAC_CODIGO] ?? '');
              const excede = puesto !== null && puesto > (aCentavos(f.saldo) ?? 0n);
              return (
                <Box key={f.FAC_CODIGO} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {f.FAC_NUMERO}
                    </Typography>
                    <Typography variant="caption" color={f.diasVencida > 0 ? 'error' : 'text.secondary'}>
                      {t('debe_factura', { saldo: dinero(f.saldo), fecha: formatDate(f.vencimiento) })}
                    </Typography>
                  </Box>
                  <TextField
                    size="small"
                    sx={{ width: 140 }}
                    value={reparto[f.FAC_CODIGO] ?? ''}
                    onChange={(e) => setReparto({ ...reparto, [f.FAC_CODIGO]: e.target.value })}
                    error={excede}
                    helperText={excede ? t('excede') : undefined}
                    slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': t('aplicar_a', { numero: f.FAC_NUMERO }) } }}
                  />
                </Box>
              );
            })}
            {centavos !== null && aplicado !== null && (
              <Typography variant="body2" color={sumaDistinta ? 'error' : 'text.secondary'} role="status">
                {t('suma', { aplicado: dinero(usd(aplicado.suma)), valor: dinero(usd(centavos)) })}
                {sumaDistinta && ` · ${t('suma_distinta')}`}
              </Typography>
            )}
          </Box>
        )}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancelar')}</Button>
        <Button variant="contained" onClick={guardar} disabled={saving || !valor.trim() || pendientes.length === 0}>
          {t('guardar')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "Anular cobro": the reason is required; the server keeps the collection, struck out. */
export function AnularCobroDialog({ cobro, onClose, onDone }: { cobro: Cobro | null; onClose: () => void; onDone: () => void }) {
  const dataProvider = useAreaDataProvider();
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const anular = async () => {
    if (!cobro) return;
    setError(null);
    setSaving(true);
    try {
      await dataProvider.call(`/api/clientes/cobroEstadoCuenta/${cobro.COB_CODIGO}/anular`, { method: 'POST', body: { motivo } });
      setMotivo('');
      onDone();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={cobro !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="anular-cobro-titulo">
      <DialogTitle id="anular-cobro-titulo">
        {cobro ? t('anular_de', { valor: dinero(cobro.COB_VALOR), fecha: formatDate(cobro.COB_FECHA) }) : ''}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <Typography variant="body2">{t('anular_texto')}</Typography>
        <TextField
          label={t('motivo')}
          value={motivo}
          onChange={(e) => setMotivo(e.target.value)}
          required
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 300 } }}
          autoFocus
        />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancelar')}</Button>
        <Button color="error" variant="contained" onClick={anular} disabled={saving || !motivo.trim()}>
          {t('anular')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
