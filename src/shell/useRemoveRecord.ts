import { useState } from 'react';
import { useDelete, useNotify, useRedirect, type RaRecord } from 'react-admin';

/**
 * Deleting a record from its edit page once its confirmation (`open`) is accepted: `confirm` deletes it and, as the
 * server answers, closes the confirmation, shows the server's message (or `fallback`) or its refusal, and goes back
 * to the list.
 */
export function useRemoveRecord(resource: string) {
  const notify = useNotify();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  const confirm = (record: RaRecord, fallback: string) =>
    remove(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: (data) => {
          setOpen(false);
          notify((data as { msg?: string }).msg ?? fallback, { type: 'info' });
          redirect('list', resource);
        },
        onError: (error) => {
          setOpen(false);
          notify((error as Error).message, { type: 'error' });
        },
      },
    );
  return { open, setOpen, isPending, confirm };
}
