import { useEffect, useMemo, useState } from 'react';
import { Create, DateInput, Edit, type Identifier, Link, SaveButton, SelectInput, SimpleForm, Toolbar, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { AreaDataProvider } from '../../dataProvider/createDataProvider';
import type { FacturaDetalle } from '../../../domain/contratos/facturas';
import type { Cliente } from '../clientes/tipos';
import { AdicionalInput } from './AdicionalInput';
import { CalculoProvider, sinDescripcion } from './calculo';
import { CompradorInput } from './CompradorInput';
import { usePuntos } from './datos';
import { AvisoCorreccion, EdicionDocumento, TituloEdicion } from '../../comprobantes/EdicionDocumento';
import { FACTURA } from './documento';
import { facturaToWire, formDe, nuevaFactura, validarFactura, type FacturaForm } from './formulario';
import { LineasInput } from './LineasInput';
import { PagosInput } from './PagosInput';
import { TotalesPanel } from './TotalesPanel';
import { texto } from './textos';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { companySession } from '../../authProvider/session';
import { ROLES_PERMITIDOS } from '../../../domain/roles';

const secuencial = (n: number) => String(n).padStart(9, '0');

/** No active emission point: the company's administrator is sent where to create one, the others to ask for it. */
function SinPuntos() {
  const rol = companySession.get()?.USU_ROL;
  if (rol === undefined || !ROLES_PERMITIDOS.empresa.configurar.includes(rol))
    return <Alert severity="warning">{texto('form.sin_puntos')}</Alert>;
  return (
    <Alert
      severity="warning"
      action={
        <Button component={Link} to="/mi-empresa?seccion=establecimientos" color="inherit" size="small">
          {texto('form.crear_punto')}
        </Button>
      }
      sx={{ flexWrap: 'wrap' }}
    >
      {texto('form.sin_puntos_admin')}
    </Alert>
  );
}

/**
 * The emission points the user may invoice from; the only one is chosen for them. An invoice being corrected keeps its
 * number, so its point is fixed (`numero`).
 */
export function PuntoInput({ numero }: { numero?: string }) {
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
  if (puntos && puntos.length === 0) return <SinPuntos />;
  return (
    <SelectInput
      source="PEM_CODIGO"
      choices={choices}
      isPending={isPending}
      readOnly={Boolean(numero)}
      helperText={
        numero
          ? `${texto('form.conserva')} ${numero}`
          : punto
            ? `${texto('form.siguiente')} ${punto.serie}-${secuencial(punto.siguiente)}`
            : false
      }
      sx={{ flex: '1 1 240px', minWidth: 0 }}
    />
  );
}

/** The form's body: header, lines, then payments and additional information beside the totals. */
function Campos({ numero }: { numero?: string }) {
  return (
    <CalculoProvider>
      <Box sx={{ width: '100%', minWidth: 0, display: 'grid', gap: 3 }}>
        {/* A row gap too: on a phone the fields wrap one under another and must not touch. */}
        <Box sx={{ display: 'flex', columnGap: 2, rowGap: 1, flexWrap: 'wrap', alignItems: 'flex-start', minWidth: 0 }}>
          <PuntoInput numero={numero} />
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
  const dataProvider = useAreaDataProvider();
  const requerido = translate('ra.validation.required');
  return useMemo(() => crearValidador(dataProvider, requerido), [dataProvider, requerido]);
}

const transform = (values: Record<string, unknown>) => facturaToWire(values as FacturaForm);

function Barra({ correccion = false }: { correccion?: boolean }) {
  return (
    <Toolbar>
      <SaveButton label={texto(correccion ? 'form.guardar_correccion' : 'form.guardar')} />
    </Toolbar>
  );
}

export function FacturaCreate() {
  const validate = useValidar();
  const { data: puntos } = usePuntos();
  // The only emission point, when the list already loaded them, goes in the defaults: chosen by PuntoInput's effect, it
  // would be undone by the form's first reset, which runs after its children's effects.
  const [defaults] = useState<FacturaForm>(() => {
    const nueva = nuevaFactura();
    return puntos?.length === 1 ? { ...nueva, PEM_CODIGO: puntos[0].PEM_CODIGO } : nueva;
  });
  return (
    <Create redirect="show" transform={transform} title={texto('form.nueva')}>
      <SimpleForm defaultValues={defaults} validate={validate} toolbar={<Barra />} sx={{ maxWidth: 1280 }}>
        <Campos />
      </SimpleForm>
    </Create>
  );
}

/**
 * A draft is edited as it was saved; so is an invoice the SRI returned or refused (DEVUELTA, RECHAZADA), above its
 * messages and the number it keeps: after saving, the user sends it again from its page. Any other issued invoice is
 * never edited (the server refuses it too).
 */
function EditContenido() {
  return (
    <EdicionDocumento
      documento={FACTURA}
      completa={(r: FacturaDetalle & { id: number }) => Array.isArray(r.lineas)}
      formDe={formDe}
      validate={useValidar()}
      barra={(correccion) => <Barra correccion={correccion} />}
      aviso={(record) => <AvisoCorreccion documento={FACTURA} record={record} />}
    >
      {(correccion, record) => <Campos numero={correccion ? (record.FAC_NUMERO ?? undefined) : undefined} />}
    </EdicionDocumento>
  );
}

export function FacturaEdit({ id }: { id?: Identifier }) {
  return (
    <Edit id={id} mutationMode="pessimistic" redirect="show" transform={transform} title={<TituloEdicion documento={FACTURA} />}>
      <EditContenido />
    </Edit>
  );
}
