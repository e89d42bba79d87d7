import { useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { RemoveRecordButton } from './RemoveRecordButton';
import DeleteIcon from '@mui/icons-material/Delete';
import BlockIcon from '@mui/icons-material/Block';

type Props<R> = {
  resource: string;
  /** The record's name in the confirmation's title. */
  name: (record: R) => string;
  /** How many records use it (tickets, payments): then it is deactivated, never deleted. Without it: delete. */
  uses?: (record: R) => number;
  active?: (record: R) => boolean;
  /** Records that offer no removal at all (a fixed profile, a home menu entry). */
  hidden?: (record: R) => boolean;
};

/**
 * The back office's delete button: deletes a record nothing uses, or deactivates one that is used (the server decides
 * and says which): the button and its confirmation say what will happen, and the notice is the server's own message.
 */
export function RemoveButton<R = RaRecord>({ resource, name, uses = () => 0, active = () => true, hidden = () => false }: Props<R>) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const typed = record as unknown as R;
  if (hidden(typed)) return null;
  const used = uses(typed);
  // Used and already inactive: nothing left to do.
  if (used > 0 && !active(typed)) return null;
  const t = (key: string, options?: object) => translate(`resources.${resource}.${key}`, options);
  const action = used > 0 ? 'desactivar' : 'eliminar';
  return (
    <RemoveRecordButton
      resource={resource}
      record={record}
      texts={{
        label: t(action),
        title: t(`${action}_titulo`, { nombre: name(typed) }),
        content: used > 0 ? `${t('desactivar_texto', { smart_count: used })}. ${t('desactivar_detalle')}` : t('eliminar_texto'),
        confirm: t(action),
        done: t(action),
      }}
      color={used > 0 ? 'warning' : 'error'}
      icon={used > 0 ? <BlockIcon /> : <DeleteIcon />}
    />
  );
}
