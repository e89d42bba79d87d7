import { useState } from 'react';
import { useCanAccess, useNotify, useRefresh, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ESTADO_COMPROBACION, ESTADO_COMPROBACION_ETIQUETA, type EstadoComprobacion } from '../../../domain/empresas';
import type { EmpresaFicha } from '../../../domain/contratos/empresas';
import { ComprobacionChip } from './chips';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

type Props = { empresa: EmpresaFicha; onVerPagos: () => void };

/**
 * The company's check state with what an administrator does about it: open the payment proof (the pagos tab), then
 * verify it or reject it with a reason; both are emailed to the company. Distributors only see the state.
 */
export function ComprobacionPanel({ empresa, onVerPagos }: Props) {
  const translate = useTranslate();
  const dataProvider = useAreaDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess: canVerify } = useCanAccess({ resource: 'empresas', action: 'verificar' });
  const [asking, setAsking] = useState<EstadoComprobacion | null>(null);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const t = (key: string, options?: object) => translate(`resources.empresas.ficha.${key}`, options);
  const estado = empresa.EMP_COMPROBACION as EstadoComprobacion;

  const change = async (to: EstadoComprobacion) => {
    setPending(true);
    setError(null);
    try {
      await dataProvider.call(`/empresas/comprobarEmpresaEstado/${empresa.EMP_CODIGO}`, {
        method: 'PUT',
        body: to === ESTADO_COMPROBACION.rechazada ? { estado: to, motivo: motivo.trim() } : { estado: to },
      });
      setAsking(null);
      setMotivo('');
      notify(`${translate('resources.empresas.fields.EMP_COMPROBACION')}: ${ESTADO_COMPROBACION_ETIQUETA[to]}`, { type: 'success' });
      refresh();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  };

  const rejecting = asking === ESTADO_COMPROBACION.rechazada;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <ComprobacionChip estado={estado} />
      {empresa.pagos ? (
        <Button size="small" onClick={onVerPagos}>
          {t('ver_pagos')} ({t('pagos_registrados', { smart_count: empresa.pagos })})
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('sin_pagos')}
        </Typography>
      )}
      {canVerify && estado !== ESTADO_COMPROBACION.verificada && (
        <Button size="small" variant="contained" color="success" onClick={() => setAsking(ESTADO_COMPROBACION.verificada)}>
          {t('verificar')}
        </Button>
      )}
      {canVerify && estado !== ESTADO_COMPROBACION.rechazada && (
        <Button size="small" variant="outlined" color="error" onClick={() => setAsking(ESTADO_COMPROBACION.rechazada)}>
          {t('rechazar')}
        </Button>
      )}
      {canVerify && estado !== ESTADO_COMPROBACION.pendiente && (
        <Button size="small" onClick={() => change(ESTADO_COMPROBACION.pendiente)} disabled={pending}>
          {t('pendiente')}
        </Button>
      )}
      {estado === ESTADO_COMPROBACION.rechazada && empresa.EMP_MOTIVO_RECHAZO && (
        <Alert severity="error" sx={{ width: '100%' }}>
          {t('motivo')}: {empresa.EMP_MOTIVO_RECHAZO}
        </Alert>
      )}
      {error && asking === null && (
        <Alert severity="error" sx={{ width: '100%' }}>
          {error}
        </Alert>
      )}
      <Dialog open={asking !== null} onClose={() => setAsking(null)} fullWidth maxWidth="sm" aria-labelledby="comprobacion-titulo">
        <DialogTitle id="comprobacion-titulo">
          {t(rejecting ? 'rechazar_titulo' : 'verificar_titulo', { nombre: empresa.EMP_NOMBREC })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{t(rejecting ? 'rechazar_texto' : 'verificar_texto', { correo: empresa.EMP_CORREO })}</DialogContentText>
          {rejecting && (
            <TextField
              label={t('motivo')}
              value={motivo}
              onChange={(e) => setMotivo(e.target.value)}
              required
              fullWidth
              multiline
              minRows={3}
              margin="normal"
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{t('cancelar')}</Button>
          <Button
            variant="contained"
            color={rejecting ? 'error' : 'success'}
            disabled={pending || (rejecting && !motivo.trim())}
            onClick={() => change(asking!)}
          >
            {t(rejecting ? 'rechazar' : 'verificar')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
