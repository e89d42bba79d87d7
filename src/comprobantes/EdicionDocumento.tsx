import { useMemo, type ReactElement, type ReactNode } from 'react';
import { Link, SimpleForm, type SimpleFormProps, useCreatePath, useRecordContext } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { Documento, RegistroSri } from './documento';
import { esCorregible } from './estados';
import { MensajesSri } from './MensajesSri';

/**
 * A document's edit form (invoice or note): a draft is edited as it was saved; so is one the SRI returned or refused,
 * above the SRI's messages (`aviso` first, when the type has more to say). Any other issued document is never edited
 * (the server refuses it too): a link to its page instead. Opened from the list, react-admin first has the list's row
 * until GET /:id answers (`completa` tells the detail); `formDe` makes the form's values of it.
 */
export function EdicionDocumento<R extends RegistroSri, V extends object>({
  documento,
  completa,
  formDe,
  validate,
  barra,
  aviso,
  children,
}: {
  documento: Documento;
  completa: (record: R) => boolean;
  formDe: (record: R) => V;
  validate: SimpleFormProps['validate'];
  barra: (correccion: boolean) => ReactElement;
  aviso?: (record: R) => ReactNode;
  children: (correccion: boolean, record: R) => ReactNode;
}) {
  const record = useRecordContext<R>();
  const createPath = useCreatePath();
  const detalle = record && completa(record) ? record : undefined;
  const valores = useMemo(() => (detalle ? formDe(detalle) : undefined), [detalle, formDe]);
  if (!record || !valores) return null;
  const { recurso, texto } = documento;
  const correccion = esCorregible(record.FAC_ESTADO);
  if (record.FAC_ESTADO !== 'BORRADOR' && !correccion)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="info">
          {texto('form.emitida')} <Link to={createPath({ resource: recurso, type: 'show', id: record.id })}>{texto('form.ver')}</Link>
        </Alert>
      </Box>
    );
  return (
    <>
      {correccion && (
        <Box sx={{ px: { xs: 1, sm: 2 }, pt: 2 }}>
          <Alert severity="error" sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }} data-correccion>
            {aviso?.(record)}
            <MensajesSri mensajes={record.FAC_SRI_MENSAJES ?? []} />
          </Alert>
        </Box>
      )}
      <SimpleForm record={{ ...valores, id: record.id }} validate={validate} toolbar={barra(correccion)} sx={{ maxWidth: 1280 }}>
        {children(correccion, record)}
      </SimpleForm>
    </>
  );
}
