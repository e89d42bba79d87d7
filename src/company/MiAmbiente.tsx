import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';

const PRODUCCION = 2;

/**
 * The environment the company issues in: pruebas (the SRI's test service, no tax effect) or producción. The
 * administrator changes it; going to producción asks first, in plain words, what it means.
 */
export function MiAmbiente({ ambiente, editable }: { ambiente: number; editable: boolean }) {
  const dataProvider = useAreaDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [preguntar, setPreguntar] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const produccion = ambiente === PRODUCCION;

  const cambiar = async (nuevo: number) => {
    setPending(true);
    setError(null);
    try {
      const { msg } = await dataProvider.call<{ msg: string }>('/miEmpresa/ambiente', {
        method: 'PUT',
        body: { ambiente: nuevo, confirmar: nuevo === PRODUCCION },
      });
      await queryClient.invalidateQueries({ queryKey: ['miEmpresa'] });
      notify(msg, { type: 'success' });
      setPreguntar(false);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography>Su empresa emite en:</Typography>
        <Chip label={produccion ? 'Producción' : 'Pruebas'} color={produccion ? 'success' : 'warning'} />
      </Box>
      <Typography color="text.secondary">
        {produccion
          ? 'Sus comprobantes autorizados tienen validez tributaria y se descuentan de su plan.'
          : 'En pruebas sus facturas van al ambiente de pruebas del SRI: sirven para revisar sus datos, su firma y sus puntos de emisión, pero no tienen validez tributaria.'}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {editable &&
        (produccion ? (
          <Button variant="outlined" onClick={() => void cambiar(1)} disabled={pending}>
            Volver a pruebas
          </Button>
        ) : (
          <Button variant="contained" onClick={() => setPreguntar(true)} disabled={pending}>
            Pasar a producción
          </Button>
        ))}
      <Dialog
        open={preguntar}
        onClose={pending ? undefined : () => setPreguntar(false)}
        aria-labelledby="produccion-titulo"
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id="produccion-titulo">¿Pasar a producción?</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="warning">En producción cada comprobante autorizado tiene validez tributaria y se descuenta de su plan.</Alert>
          <DialogContentText>
            Antes de pasar, emita al menos una factura de prueba y revise que sus datos, su firma electrónica y sus puntos de emisión sean
            correctos. Las facturas autorizadas en producción no se pueden borrar: solo se anulan en el portal del SRI.
          </DialogContentText>
          {error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPreguntar(false)} disabled={pending}>
            Cancelar
          </Button>
          <Button variant="contained" color="warning" onClick={() => void cambiar(PRODUCCION)} disabled={pending}>
            Sí, pasar a producción
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
