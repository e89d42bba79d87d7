import { useMemo } from 'react';
import {
  Create,
  DateInput,
  Edit,
  type Identifier,
  Link,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useCreatePath,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { OFERTAS_MSG, type OfertaDetalle } from '../../../domain/contratos/ofertas';
import { FalloServidor, useFalloServidor } from '../../comprobantes/falloServidor';
import { CalculoProvider, sinDescripcion } from '../facturas/calculo';
import { CompradorInput } from '../facturas/CompradorInput';
import { LineasInput } from '../facturas/LineasInput';
import { TotalesPanel } from '../facturas/TotalesPanel';
import { esEditable, formDe, nuevaOferta, ofertaToWire, validarOferta, type OfertaForm } from './formulario';
import { numeroOferta } from '../../../domain/ofertas';
import { texto } from './textos';

const f = (key: string, options?: object) => texto(`form.${key}`, options);
const campo = (source: string) => texto(`campos.${source}`);

/** Where a server message belongs: the client's rules under the client, the validity under it; the rest above the buttons. */
const campoDe = (mensaje: string) =>
  /cliente|consumidor/i.test(mensaje) ? 'CLI_CODIGO' : /válida/i.test(mensaje) ? 'OFE_VALIDEZ' : undefined;

/** Client, date and validity, then the invoice's lines editor, the notes beside the totals (no payments: not a sale yet). */
function Campos({ fallo }: { fallo: string | null }) {
  return (
    <CalculoProvider>
      <Box sx={{ width: '100%', minWidth: 0, display: 'grid', gap: 3 }}>
        <Box sx={{ display: 'flex', columnGap: 2, rowGap: 1, flexWrap: 'wrap', alignItems: 'flex-start', minWidth: 0 }}>
          <Box sx={{ flex: '2 1 420px', minWidth: 0 }}>
            <CompradorInput consumidorFinal={false} label={campo('CLI_CODIGO')} />
          </Box>
          {/* Both dates on one row, a phone's too. */}
          <Box sx={{ flex: '1 1 300px', display: 'flex', gap: 2, minWidth: 0 }}>
            <DateInput source="OFE_FECHA" label={campo('OFE_FECHA')} sx={{ flex: '1 1 0', minWidth: 0 }} />
            <DateInput
              source="OFE_VALIDEZ"
              label={campo('OFE_VALIDEZ')}
              helperText={f('validez_ayuda')}
              sx={{ flex: '1 1 0', minWidth: 0 }}
            />
          </Box>
        </Box>
        <LineasInput />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(280px, 2fr)' } }}>
          <TextInput
            source="OFE_NOTAS"
            label={campo('OFE_NOTAS')}
            helperText={f('notas_ayuda')}
            multiline
            minRows={4}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
            sx={{ m: 0, minWidth: 0 }}
          />
          <Box sx={{ position: { md: 'sticky' }, top: { md: 72 }, alignSelf: 'start' }}>
            <TotalesPanel pagos={false} />
          </Box>
        </Box>
        <FalloServidor mensaje={fallo} campo={campoDe} />
      </Box>
    </CalculoProvider>
  );
}

function useValidar() {
  const requerido = useTranslate()('ra.validation.required');
  return useMemo(() => (values: Record<string, unknown>) => validarOferta(values as OfertaForm, requerido, sinDescripcion), [requerido]);
}

const transform = (values: Record<string, unknown>) => ofertaToWire(values as OfertaForm);

const Barra = () => (
  <Toolbar>
    <SaveButton label={f('guardar')} />
  </Toolbar>
);

/** A new quote: today's date, valid 15 days, one empty line; then its page. */
export function OfertaCreate() {
  const validate = useValidar();
  const { mensaje, mutationOptions } = useFalloServidor();
  const defaults = useMemo(() => nuevaOferta(), []);
  return (
    <Create redirect="show" transform={transform} title={f('nueva')} mutationOptions={mutationOptions}>
      <SimpleForm defaultValues={defaults} validate={validate} toolbar={<Barra />} sx={{ maxWidth: 1280 }}>
        <Campos fallo={mensaje} />
      </SimpleForm>
    </Create>
  );
}

type Registro = OfertaDetalle & { id: number };

/**
 * A quote in BORRADOR or ENVIADA is edited as it was saved (a sent one stays sent: the notice says to send it again),
 * an expired one to give it a new validity; any other only links to its page (the server refuses it too). Opened from the list, react-admin first has the list's
 * row (no lines) until GET /:id answers.
 */
function EditContenido({ fallo }: { fallo: string | null }) {
  const record = useRecordContext<Registro>();
  const createPath = useCreatePath();
  const validate = useValidar();
  const detalle = record && Array.isArray(record.lineas) ? record : undefined;
  const valores = useMemo(() => (detalle ? formDe(detalle) : undefined), [detalle]);
  if (!record || !valores) return <LinearProgress sx={{ m: 2 }} />;
  if (!esEditable(record))
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="info">
          {f('no_editable')} <Link to={createPath({ resource: 'ofertas', type: 'show', id: record.id })}>{f('ver')}</Link>
        </Alert>
      </Box>
    );
  return (
    <>
      {record.OFE_ESTADO !== 'BORRADOR' && (
        <Box sx={{ px: { xs: 1, sm: 2 }, pt: 2 }}>
          {record.OFE_ESTADO === 'VENCIDA' ? (
            <Alert severity="warning">{OFERTAS_MSG.vencida}</Alert>
          ) : (
            <Alert severity="info">{f('enviada_aviso')}</Alert>
          )}
        </Box>
      )}
      <SimpleForm record={{ ...valores, id: record.id }} validate={validate} toolbar={<Barra />} sx={{ maxWidth: 1280 }}>
        <Campos fallo={fallo} />
      </SimpleForm>
    </>
  );
}

function EditTitulo() {
  const record = useRecordContext<Registro>();
  return <span>{record ? f('editar', { numero: numeroOferta(record.OFE_NUMERO) }) : ''}</span>;
}

export function OfertaEdit({ id }: { id?: Identifier }) {
  const { mensaje, mutationOptions } = useFalloServidor();
  return (
    <Edit id={id} mutationMode="pessimistic" redirect="show" transform={transform} title={<EditTitulo />} mutationOptions={mutationOptions}>
      <EditContenido fallo={mensaje} />
    </Edit>
  );
}
