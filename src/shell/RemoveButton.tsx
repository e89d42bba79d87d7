import { useState } from 'react';
import { Confirm, useDelete, useNotify, useRecordContext, useRedirect, useTranslate, type RaRecord } from 'react-admin';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import BlockIcon from '@mui/icons-material/Block';

type Props = {
  resource: string;
  /** The record's name in the confirmation's title. */
  name: (record: RaRecord) => string;
  /** How many records use it (tickets, payments): then it is deactivated, never deleted. Without it: delete. */
  uses?: (record: RaRecord) => number;
  active?: (record: RaRecord) => boolean;
  /** Records that offer no removal at all (a fixed profile, a home menu entry). */
  hidden?: (record: RaRecord) => boolean;
};

/**
 * The back office's delete button: deletes a record nothing uses, or deactivates one that is used (the server decides
 * and says which): the button and its confirmation say what will happen, and the notice is the server's own message.
 */
export function RemoveButton({ resource, name, uses = () => 0, active = () => true, hidden = () => false }: Props) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record || hidden(record)) return null;
  const used = uses(record);
  // Used and already inactive: nothing left to do.
  if (used > 0 && !active(record)) return null;
  const t = (key: string, options?: object) => translate(`resources.${resource}.${key}`, options);
  const action = used > 0 ? 'desactivar' : 'eliminar';
  const confirm = () =>
    remove(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: (data) => {
          setOpen(false);
          notify((data as { msg?: string }).msg ?? t(action), { type: 'info' });
          redirect('list', resource);
        },
        onError: (error) => {
          setOpen(false);
          notify((error as Error).message, { type: 'error' });
        },
      },
    );
  return (
    <>
      <Button
        color={used > 0 ? 'warning' : 'error'}
        startIcon={used > 0 ? <BlockIcon /> : <DeleteIcon />}
        onClick={() => setOpen(true)}
        disabled={isPending}
      >
        {t(action)}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={t(`${action}_titulo`, { nombre: name(record) })}
        content={used > 0 ? `${t('desactivar_texto', { smart_count: used })}. ${t('desactivar_detalle')}` : t('eliminar_texto')}
        confirm={t(action)}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
