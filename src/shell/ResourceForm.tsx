import type { ReactNode } from 'react';
import {
  Create,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useRecordContext,
  type CreateProps,
  type EditProps,
  type RaRecord,
  type SimpleFormProps,
} from 'react-admin';

/** Save at the left and, for a stored record, its removal at the right; they wrap on a phone. */
export function SaveToolbar({ children }: { children?: ReactNode }) {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      {children}
    </Toolbar>
  );
}

type CreateFormProps = Pick<CreateProps, 'transform' | 'redirect' | 'title'> & Omit<SimpleFormProps, 'title'>;

/** A new record's page: the form's values go through `transform`, then back to the list (or where `redirect` says). */
export function CreateForm({ transform, redirect = 'list', title, ...form }: CreateFormProps) {
  return (
    <Create redirect={redirect} transform={transform} title={title}>
      <SimpleForm {...form} />
    </Create>
  );
}

type EditFormProps = Pick<EditProps, 'transform' | 'title'> &
  Omit<SimpleFormProps, 'toolbar' | 'record' | 'title'> & {
    /** The record's removal button, at the toolbar's right end. */
    remove?: ReactNode;
    /** The record as the form shows it, where that differs from the stored one. */
    asEdited?: (record: RaRecord) => RaRecord;
  };

/** A stored record's page: saved only once the server accepts it (pessimistic), then back to the list. */
export function EditForm({ transform, title, ...form }: EditFormProps) {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={transform} title={title}>
      <EditSimpleForm {...form} />
    </Edit>
  );
}

function EditSimpleForm({ remove, asEdited, ...form }: Omit<EditFormProps, 'transform' | 'title'>) {
  const record = useRecordContext();
  if (asEdited && !record) return null;
  return <SimpleForm record={asEdited && record ? asEdited(record) : undefined} toolbar={<SaveToolbar>{remove}</SaveToolbar>} {...form} />;
}
