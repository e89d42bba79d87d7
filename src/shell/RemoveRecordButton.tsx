import type { ReactNode } from 'react';
import { Confirm, type RaRecord } from 'react-admin';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import { useRemoveRecord } from './useRemoveRecord';

type Props = {
  resource: string;
  record: RaRecord;
  /**
   * The button's words, the confirmation's title and text, its accepting button's (`confirm`; react-admin's own
   * without it), and the notice when the server's answer brings no message of its own (`done`).
   */
  texts: { label: string; title: string; content: string; done: string; confirm?: string };
  color?: 'error' | 'warning';
  icon?: ReactNode;
};

/**
 * A record's delete button (or the like: retire, deactivate): asks first, then DELETE, the server's notice and the
 * list (useRemoveRecord).
 */
export function RemoveRecordButton({ resource, record, texts, color = 'error', icon }: Props) {
  const { open, setOpen, isPending, confirm } = useRemoveRecord(resource);
  return (
    <>
      <Button color={color} startIcon={icon ?? <DeleteIcon />} onClick={() => setOpen(true)} disabled={isPending}>
        {texts.label}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={texts.title}
        content={texts.content}
        confirm={texts.confirm}
        onConfirm={() => confirm(record, texts.done)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
