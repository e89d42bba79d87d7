import { useState } from 'react';
import { Confirm, useDelete, useNotify, useRecordContext, useRedirect, useTranslate, useUpdate } from 'react-admin';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import DeleteIcon from '@mui/icons-material/Delete';
import { productoToWire, type Producto } from './catalogo';

/**
 * Eliminar, confirmed. A product on an invoice stays (the server refuses and says why): its message is shown in a
 * dialog that offers to deactivate the product instead.
 */
export function CatalogoEliminar() {
  const record = useRecordContext<Producto & { id: number }>();
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`resources.catalogo.${key}`, options);
  const notify = useNotify();
  const redirect = useRedirect();
  const [remove, { isPending }] = useDelete();
  const [update, { isPending: desactivando }] = useUpdate();
  const [confirming, setConfirming] = useState(false);
  const [fallo, setFallo] = useState<string | null>(null);
  if (!record) return null;

  const eliminar = () =>
    remove(
      'catalogo',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: (data) => {
          setConfirming(false);
          notify((data as { msg?: string }).msg ?? t('eliminar'), { type: 'info' });
          redirect('list', 'catalogo');
        },
        onError: (error) => {
          setConfirming(false);
          setFallo((error as Error).message);
        },
      },
    );

  const desactivar = () =>
    update(
      'catalogo',
      { id: record.id, data: productoToWire({ ...record, CAT_ACTIVO: false }), previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setFallo(null);
          notify(t('desactivado'), { type: 'success' });
          redirect('list', 'catalogo');
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );

  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)} disabled={isPending}>
        {t('eliminar')}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title={t('eliminar_titulo', { nombre: record.CAT_DESCRIPCION })}
        content={t('eliminar_texto')}
        confirm={t('eliminar')}
        onConfirm={eliminar}
        onClose={() => setConfirming(false)}
      />
      <Dialog open={fallo !== null} onClose={() => setFallo(null)} maxWidth="xs" fullWidth aria-labelledby="catalogo-fallo-titulo">
        <DialogTitle id="catalogo-fallo-titulo">{t('no_eliminado')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{fallo}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setFallo(null)}>{translate('ra.action.close')}</Button>
          {record.CAT_ACTIVO && (
            <Button variant="contained" color="warning" onClick={desactivar} disabled={desactivando}>
              {t('desactivar')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
