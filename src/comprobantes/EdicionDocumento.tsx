import { useMemo, type ReactElement, type ReactNode } from 'react';
import { Edit, type Identifier, Link, SimpleForm, type SimpleFormProps, useCreatePath, useRecordContext } from 'react-admin';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Documento, RegistroSri } from './documento';
import { esCorregible } from './estados';
import { useFalloServidor } from './falloServidor';
import { MensajesSri } from './MensajesSri';

/**
 * A document's edit form (invoice or note): a draft is edited as it was saved; so is one the SRI returned or refused,
 * above the SRI's messages (`aviso` first, when the type has more to say). Any other issued document is never edited
 * (the server refuses it too): a link to its page instead. Opened from the list, react-admin first has the list's row
 * until GET /:id answers (`completa` tells the detail); `formDe` makes the form's values of it.
 */
type EdicionProps<R extends RegistroSri, V extends object> = {
  documento: Documento;
  completa: (record: R) => boolean;
  formDe: (record: R) => V;
  validate: SimpleFormProps['validate'];
  barra: (correccion: boolean) => ReactElement;
  aviso?: (record: R) => ReactNode;
  children: (correccion: boolean, record: R) => ReactNode;
};

export function EdicionDocumento<R extends RegistroSri, V extends object>({
  documento,
  completa,
  formDe,
  validate,
  barra,
  aviso,
  children,
}: EdicionProps<R, V>) {
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

/** Above a returned or refused document's form: what happened, and that it keeps its number to be sent again. */
export function AvisoCorreccion({ documento, record }: { documento: Documento; record: RegistroSri }) {
  const { texto } = documento;
  return (
    <>
      <AlertTitle>{texto(record.FAC_ESTADO === 'DEVUELTA' ? 'sri.devuelta' : 'sri.rechazada')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {texto('form.corregir_aviso', { numero: record.FAC_NUMERO ?? '' })}
      </Typography>
    </>
  );
}

/** The edit page's title: «Corregir … 001-001-…» for a document the SRI returned, the draft's name otherwise. */
export function TituloEdicion({ documento }: { documento: Documento }) {
  const { texto } = documento;
  const record = useRecordContext<RegistroSri>();
  return (
    <span>
      {record && esCorregible(record.FAC_ESTADO) ? texto('form.corregir', { numero: record.FAC_NUMERO ?? '' }) : texto('form.editar')}
    </span>
  );
}

/**
 * A document's edit page whose returned or refused version says why (AvisoCorreccion) and keeps its number in the
 * title; a server's refusal shows where it belongs (`children` gets it as `fallo`).
 */
export function EdicionSri<R extends RegistroSri, V extends object>({
  id,
  transform,
  children,
  ...edicion
}: Omit<EdicionProps<R, V>, 'aviso' | 'children'> & {
  id?: Identifier;
  transform: (values: Record<string, unknown>) => object;
  children: (correccion: boolean, record: R, fallo: string | null) => ReactNode;
}) {
  const { mensaje, mutationOptions } = useFalloServidor();
  const { documento } = edicion;
  return (
    <Edit
      id={id}
      mutationMode="pessimistic"
      redirect="show"
      transform={transform}
      title={<TituloEdicion documento={documento} />}
      mutationOptions={mutationOptions}
    >
      <EdicionDocumento<R, V> {...edicion} aviso={(record) => <AvisoCorreccion documento={documento} record={record} />}>
        {(correccion, record) => children(correccion, record, mensaje)}
      </EdicionDocumento>
    </Edit>
  );
}
