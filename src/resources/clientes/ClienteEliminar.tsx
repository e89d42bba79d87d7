import { useState } from 'react';
import { Confirm, useDelete, useNotify, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import { CLIENTE_MSG } from '../../../domain/clientes';
import { Aviso } from './Aviso';
import type { Cliente } from './tipos';
import { texto } from './textos';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

/**
 * Eliminar, confirmed. When the server refuses (a client with documents), the "Error" dialog says
 * "Ocurrió un inconveniente: " and the server's msg, and offers to deactivate the client instead.
 */
export function ClienteEliminar({ record }: { record: Cliente }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => texto(`eliminar.${key}`, options);
  const dataProvider = useAreaDataProvider();
  const notify = useNotify();
  const redirect = useRedirect();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [remove, { isPending }] = useDelete();
  const [confirming, setConfirming] = useState(false);
  const [fallo, setFallo] = useState<string | null>(null);

  const eliminar = () =>
    remove(
      'clientes',
      { id: record.CLI_CODIGO, previousData: { ...record, id: record.CLI_CODIGO } },
      {
        mutationMode: 'pessimistic',
        onSuccess: (data) => {
          setConfirming(false);
          notify((data as { msg?: string }).msg ?? t('eliminado'), { type: 'info' });
          void queryClient.invalidateQueries({ queryKey: ['clientes', 'total'] });
          redirect('list', 'clientes');
        },
        onError: (error) => {
          setConfirming(false);
          setFallo((error as Error).message);
        },
      },
    );

  const desactivar = async () => {
    setFallo(null);
    try {
      await dataProvider.call('/api/clientes/lote', { method: 'PUT', body: { ids: [record.CLI_CODIGO], accion: 'desactivar' } });
      notify(t('desactivado'), { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)} disabled={isPending}>
        {t('boton')}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title={t('titulo', { nombre: record.CLI_RAZON_SOCIAL })}
        content={t('texto')}
        onConfirm={eliminar}
        onClose={() => setConfirming(false)}
      />
      <Aviso
        open={fallo !== null}
        titulo={t('error_titulo')}
        texto={`${CLIENTE_MSG.eliminarError}${fallo ?? ''}`}
        onClose={() => setFallo(null)}
      >
        <Button onClick={() => setFallo(null)}>{translate('ra.action.close')}</Button>
        {record.CLI_ACTIVO && (
          <Button variant="contained" color="warning" onClick={desactivar}>
            {t('desactivar')}
          </Button>
        )}
      </Aviso>
    </>
  );
}
