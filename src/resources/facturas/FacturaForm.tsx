import { useEffect, useMemo } from 'react';
import {
  Create,
  DateInput,
  Edit,
  Link,
  SaveButton,
  SelectInput,
  SimpleForm,
  Toolbar,
  useCreatePath,
  useDataProvider,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { AreaDataProvider } from '../../dataProvider/createDataProvider';
import type { FacturaDetalle } from '../../../server/modules/facturas/contract';
import type { Cliente } from '../clientes/tipos';
import { AdicionalInput } from './AdicionalInput';
import { CalculoProvider, sinDescripcion } from './calculo';
import { CompradorInput } from './CompradorInput';
import { usePuntos } from './datos';
import { facturaToWire, formDe, nuevaFactura, validarFactura, type FacturaForm } from './formulario';
import { LineasInput } from './LineasInput';
import { PagosInput } from './PagosInput';
import { TotalesPanel } from './TotalesPanel';
import { texto } from './textos';

const secuencial = (n: number) => String(n).padStart(9, '0');

/** The emission points the user may invoice from; the only one is chosen for them. */
function PuntoInput() {
  const { data: puntos, isPending } = usePuntos();
  const { setValue } = useFormContext();
  const elegido = useWatch({ name: 'PEM_CODIGO' }) as number | '' | undefined;
  useEffect(() => {
    if (puntos?.length === 1 && !elegido) setValue('PEM_CODIGO', puntos[0].PEM_CODIGO);
  }, [puntos, elegido, setValue]);
  const punto = puntos?.find((p) => p.PEM_CODIGO === elegido);
  const choices = (puntos ?? []).map((p) => ({
    id: p.PEM_CODIGO,
    name: [p.serie, p.EST_NOMBRE, p.PEM_NOMBRE].filter(Boolean).join(' · '),
  }));
  if (puntos && puntos.length === 0) return <Alert severity="warning">{texto('form.sin_puntos')}</Alert>;
  return (
    <SelectInput
      source="PEM_CODIGO"
      choices={choices}
      isPending={isPending}
      helperText={punto ? `${texto('form.siguiente')} ${punto.serie}-${secuencial(punto.siguiente)}` : false}
      sx={{ flex: '1 1 240px', minWidth: 0 }}
    />
  );
}

/** The form's body: header, lines, then payments and additional information beside the totals. */
function Campos() {
  return (
    <CalculoProvider>
      <Box sx={{ width: '100%', minWidth: 0, display: 'grid', gap: 3 }}>
        <Box sx={{ display: 'flex', gap: { xs: 0, sm: 2 }, flexWrap: 'wrap', alignItems: 'flex-start', minWidth: 0 }}>
          <PuntoInput />
          <DateInput source="FAC_FECHA" sx={{ flex: '0 1 200px', minWidth: 0 }} />
          <Box sx={{ flex: '2 1 420px', minWidth: 0 }}>
            <CompradorInput />
          </Box>
        </Box>
        <LineasInput />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(280px, 2fr)' } }}>
          <Box sx={{ display: 'grid', gap: 3, alignContent: 'start', minWidth: 0 }}>
            <PagosInput />
            <AdicionalInput />
          </Box>
          <Box sx={{ position: { md: 'sticky' }, top: { md: 72 }, alignSelf: 'start' }}>
            <TotalesPanel />
          </Box>
        </Box>
      </Box>
    </CalculoProvider>
  );
}

/**
 * The form's validation. The buyer's identification type decides the consumidor final's limit: the autocomplete
 * already loaded the client, so getOne reads react-admin's cache and asks the API only when it is not there.
 */
function crearValidador(dataProvider: AreaDataProvider, requerido: string) {
  const tipos = new Map<number, string>();
  return async (values: Record<string, unknown>) => {
    const form = values as FacturaForm;
    const cliente = Number(form.CLI_CODIGO);
    if (cliente && !tipos.has(cliente)) {
      const { data } = await dataProvider.getOne<Cliente & { id: number }>('clientes', { id: cliente }).catch(() => ({ data: undefined }));
      if (data) tipos.set(cliente, data.CLI_TIPO_IDENTIFICACION);
    }
    return validarFactura(form, tipos.get(cliente), requerido, sinDescripcion);
  };
}

function useValidar() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AreaDataProvider>();
  const requerido = translate('ra.validation.required');
  return useMemo(() => crearValidador(dataProvider, requerido), [dataProvider, requerido]);
}

const transform = (values: Record<string, unknown>) => facturaToWire(values as FacturaForm);

function Barra() {
  return (
    <Toolbar>
      <SaveButton label={texto('form.guardar')} />
    </Toolbar>
  );
}

export function FacturaCreate() {
  const validate = useValidar();
  const defaults = useMemo(() => nuevaFactura(), []);
  return (
    <Create redirect="show" transform={transform} title={texto('form.nueva')}>
      <SimpleForm defaultValues={defaults} validate={validate} toolbar={<Barra />} sx={{ maxWidth: 1280 }}>
        <Campos />
      </SimpleForm>
    </Create>
  );
}

/** A draft is edited as it was saved; an issued invoice is never edited (the server refuses it too). */
function EditContenido() {
  const record = useRecordContext<FacturaDetalle & { id: number }>();
  const validate = useValidar();
  const createPath = useCreatePath();
  const valores = useMemo(() => (record ? formDe(record) : undefined), [record]);
  if (!record || !valores) return null;
  if (record.FAC_ESTADO !== 'BORRADOR')
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="info">
          {texto('form.emitida')} <Link to={createPath({ resource: 'facturas', type: 'show', id: record.id })}>{texto('form.ver')}</Link>
        </Alert>
      </Box>
    );
  return (
    <SimpleForm record={{ ...valores, id: record.id }} validate={validate} toolbar={<Barra />} sx={{ maxWidth: 1280 }}>
      <Campos />
    </SimpleForm>
  );
}

export function FacturaEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show" transform={transform} title={texto('form.editar')}>
      <EditContenido />
    </Edit>
  );
}
