import { useState } from 'react';
import { Button, Confirm, useDataProvider, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import type { AreaDataProvider } from '../../dataProvider/createDataProvider';
import { AsignarLoteButton } from '../../shell/AsignarLoteButton';
import { useVendedores } from './catalogos';
import { ClienteExportar } from './ClienteExportar';
import type { LoteAccion } from './tipos';
import { texto } from './textos';

/** PUT /api/clientes/lote on the selected clients, then the list and the home's counts are read again. */
export function useLote() {
  const dataProvider = useDataProvider<AreaDataProvider>();
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const run = async (accion: LoteAccion, CLI_VENDEDOR?: number | null) => {
    setPending(true);
    try {
      const { actualizados } = await dataProvider.call<{ actualizados: number }>('/api/clientes/lote', {
        method: 'PUT',
        body: { ids: selectedIds, accion, ...(accion === 'asignarVendedor' ? { CLI_VENDEDOR } : {}) },
      });
      notify(texto('lista.actualizados', { smart_count: actualizados }), { type: 'success' });
      onUnselectItems();
      await queryClient.invalidateQueries({ queryKey: ['clientes', 'total'] });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return { run, pending, count: selectedIds.length };
}

function AsignarVendedor({ lote }: { lote: ReturnType<typeof useLote> }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => texto(`lista.${key}`, options);
  const { data: vendedores = [] } = useVendedores();
  return (
    <AsignarLoteButton
      label={t('asignar')}
      title={t('asignar_titulo', { smart_count: lote.count })}
      field={translate('resources.clientes.fields.CLI_VENDEDOR')}
      none={t('sin_vendedor')}
      choices={vendedores.map((v) => ({ id: v.USU_CODIGO, name: v.nombre }))}
      disabled={lote.pending}
      onConfirm={(id) => lote.run('asignarVendedor', id)}
    />
  );
}

/** Over the selected rows: assign a seller, activate, deactivate (confirmed), export the selection. */
export function ClienteBulkActions() {
  const t = (key: string, options?: object) => texto(`lista.${key}`, options);
  const lote = useLote();
  const { selectedIds } = useListContext();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <AsignarVendedor lote={lote} />
      <Button label={t('activar')} onClick={() => lote.run('activar')} disabled={lote.pending}>
        <CheckCircleIcon />
      </Button>
      <Button label={t('desactivar')} onClick={() => setConfirming(true)} disabled={lote.pending}>
        <BlockIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title={t('desactivar')}
        content={t('confirmar_desactivar', { smart_count: lote.count })}
        onConfirm={async () => {
          setConfirming(false);
          await lote.run('desactivar');
        }}
        onClose={() => setConfirming(false)}
      />
      <ClienteExportar ids={selectedIds} label={t('exportar_seleccion')} />
    </>
  );
}
