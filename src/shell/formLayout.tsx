import type { ReactNode } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

/**
 * A form's column of fields. `spaced` leaves room under each field for its helper or error line, because the next
 * field's label floats above its border.
 */
export function FieldColumn({ maxWidth = 640, spaced = false, children }: { maxWidth?: number; spaced?: boolean; children: ReactNode }) {
  return <Box sx={{ width: '100%', maxWidth, ...(spaced && { '& .MuiFormControl-root': { mb: 1 } }) }}>{children}</Box>;
}

/** Fields side by side on wide screens, one under the other on a phone. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', gap: { xs: 0, sm: 2 }, flexWrap: 'wrap' }}>{children}</Box>;
}

/**
 * How many records use this one (tickets, payments, sales), told above its form (`message`, with `smart_count`),
 * since that decides what removing it does. Nothing while none do.
 */
export function UsesNotice<T>({ count, message }: { count: (record: T) => number; message: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const uses = record ? count(record as unknown as T) : 0;
  if (!uses) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {translate(message, { smart_count: uses })}
    </Alert>
  );
}
