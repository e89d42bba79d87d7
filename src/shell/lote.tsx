import { useState } from 'react';
import { Button, Confirm, useListContext, useNotify, useRefresh } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';

/**
 * A bulk action over a list's selected rows: PUT (or `method`) `path` with `{ ids, ...body }`, the server's message as a
 * notification, then the selection cleared, the counts under `invalidate` and the list read again.
 */
export function useLote<R>(
  path: string,
  options: { invalidate: readonly unknown[]; message: (result: R) => string; method?: 'PUT' | 'POST' },
) {
  const dataProvider = useAreaDataProvider();
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const run = async (body: Record<string, unknown>) => {
    setPending(true);
    try {
      const result = await dataProvider.call<R>(path, { method: options.method ?? 'PUT', body: { ids: selectedIds, ...body } });
      notify(options.message(result), { type: 'success' });
      onUnselectItems();
      await queryClient.invalidateQueries({ queryKey: options.invalidate });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return { run, pending, count: selectedIds.length };
}

export type Lote = ReturnType<typeof useLote>;

/** Activate the selected rows at once; deactivate them after a confirmation that says how many. */
export function ActivarDesactivarLote(props: {
  lote: Lote;
  activar: { label: string; run: () => Promise<void> };
  desactivar: { label: string; confirmacion: string; run: () => Promise<void> };
}) {
  const { lote, activar, desactivar } = props;
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button label={activar.label} onClick={activar.run} disabled={lote.pending}>
        <CheckCircleIcon />
      </Button>
      <Button label={desactivar.label} onClick={() => setConfirming(true)} disabled={lote.pending}>
        <BlockIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title={desactivar.label}
        content={desactivar.confirmacion}
        onConfirm={async () => {
          setConfirming(false);
          await desactivar.run();
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
