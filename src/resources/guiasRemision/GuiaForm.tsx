import { useEffect, useMemo, useRef, useState } from 'react';
import {
  AutocompleteInput,
  Create,
  DateInput,
  type Identifier,
  Link,
  ReferenceInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import type { FacturaDetalle } from '../../../domain/contratos/facturas';
import type { GuiaDesdeFactura, GuiaRemisionDetalle } from '../../../domain/contratos/guiasRemision';
import { EdicionSri } from '../../comprobantes/EdicionDocumento';
import { FalloServidor, useFalloServidor } from '../../comprobantes/falloServidor';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { usePuntos } from '../facturas/datos';
import { PuntoInput } from '../facturas/FacturaForm';
import { DestinatariosInput } from './DestinatariosInput';
import { GUIA } from './documento';
import { formDe, formDesdeFactura, guiaToWire, nuevaGuia, validarGuia, type GuiaForm } from './formulario';
import { texto } from './textos';

const f = (key: string, options?: object) => texto(`form.${key}`, options);
const fila = { display: 'flex', columnGap: 2, rowGap: 1, flexWrap: 'wrap', alignItems: 'flex-start', minWidth: 0 } as const;

/** The carrier, searched among the company's; choosing one writes its plate, which stays editable for this trip. */
function TransportistaInput() {
  const { setValue } = useFormContext();
  return (
    <Box sx={{ ...fila, flex: '3 1 420px' }}>
      <ReferenceInput source="TRA_CODIGO" reference="transportistas">
        <AutocompleteInput
          label={f('transportista')}
          optionText={(t: RaRecord) => (t ? `${t.TRA_RAZON_SOCIAL} · ${t.TRA_IDENTIFICACION}` : '')}
          filterToQuery={(q: string) => ({ q })}
          noOptionsText={f('sin_transportistas')}
          helperText={f('buscar_transportista')}
          onChange={(_: unknown, elegido: RaRecord | '') => {
            if (elegido && elegido.TRA_PLACA) setValue('GUI_PLACA', elegido.TRA_PLACA, { shouldDirty: true, shouldValidate: true });
          }}
          sx={{ flex: '2 1 280px', minWidth: 0 }}
        />
      </ReferenceInput>
      <TextInput
        source="GUI_PLACA"
        label={f('placa')}
        helperText={f('placa_ayuda')}
        slotProps={{ htmlInput: { maxLength: 20, style: { textTransform: 'uppercase' } } }}
        sx={{ flex: '1 1 140px', minWidth: 0 }}
      />
      <Button component={Link} to="/transportistas/create" startIcon={<PersonAddIcon />} sx={{ mt: 1 }}>
        {f('nuevo_transportista')}
      </Button>
    </Box>
  );
}

/** Where the goods leave from: the chosen point's establishment address until the user writes another. */
function PartidaInput() {
  const { data: puntos } = usePuntos();
  const { setValue, getFieldState, getValues } = useFormContext();
  const punto = useWatch({ name: 'PEM_CODIGO' }) as number | '';
  // A saved or prefilled address stays; another point chosen brings its address unless the user wrote one.
  const anterior = useRef(punto);
  useEffect(() => {
    const direccion = puntos?.find((p) => p.PEM_CODIGO === punto)?.EST_DIRECCION;
    const cambio = anterior.current !== punto;
    anterior.current = punto;
    const escrita = getValues('GUI_DIR_PARTIDA') && (!cambio || getFieldState('GUI_DIR_PARTIDA').isDirty);
    if (direccion && !escrita) setValue('GUI_DIR_PARTIDA', direccion, { shouldValidate: true });
  }, [puntos, punto, setValue, getValues, getFieldState]);
  return (
    <TextInput
      source="GUI_DIR_PARTIDA"
      label={f('partida')}
      slotProps={{ htmlInput: { maxLength: 300 } }}
      sx={{ flex: '3 1 320px', minWidth: 0 }}
    />
  );
}

/** Información adicional: free name/value pairs printed on the RIDE (up to 15). */
function AdicionalesInput() {
  const { fields, append, remove } = useFieldArray({ name: 'FAC_ADICIONAL' });
  const c = (key: string) => texto(`columnas.${key}`);
  return (
    <Box component="section" aria-label={f('adicionales')} sx={{ minWidth: 0, maxWidth: 720 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {f('adicionales')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1 }}>
        {fields.map((field, i) => (
          <Box
            key={field.id}
            sx={{ display: 'grid', gap: 1, alignItems: 'center', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr) 40px' }}
          >
            <TextInput source={`FAC_ADICIONAL.${i}.nombre`} label={c('nombre')} size="small" helperText={false} sx={{ m: 0 }} />
            <TextInput source={`FAC_ADICIONAL.${i}.valor`} label={c('dato')} size="small" helperText={false} sx={{ m: 0 }} />
            <IconButton onClick={() => remove(i)} aria-label={f('quitar_campo', { numero: i + 1 })} size="small">
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Button startIcon={<AddIcon />} onClick={() => append({ nombre: '', valor: '' })} disabled={fields.length >= 15} sx={{ mt: 1 }}>
        {f('agregar_campo')}
      </Button>
    </Box>
  );
}

/** Where a server message belongs: the carrier's, the plate's and the end date's under them; the rest above the buttons. */
const campoDe = (mensaje: string) =>
  /transportista/i.test(mensaje)
    ? 'TRA_CODIGO'
    : /placa/i.test(mensaje)
      ? 'GUI_PLACA'
      : /fecha de fin/i.test(mensaje)
        ? 'GUI_FECHA_FIN'
        : undefined;

/** The form's body: emission, transport (carrier, plate, departure, dates), destinatarios with their goods, extra data. */
function Campos({ numero, fallo }: { numero?: string; fallo: string | null }) {
  return (
    <Box sx={{ width: '100%', minWidth: 0, display: 'grid', gap: 3 }}>
      <Box sx={fila}>
        <PuntoInput numero={numero} />
        <DateInput source="FAC_FECHA" label={f('fecha')} sx={{ flex: '0 1 200px', minWidth: 0 }} />
      </Box>
      <Box component="section" aria-label={f('transporte')} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
        <Typography variant="h6" component="h2">
          {f('transporte')}
        </Typography>
        <TransportistaInput />
        <Box sx={fila}>
          <PartidaInput />
          <DateInput source="GUI_FECHA_INICIO" label={f('inicio')} sx={{ flex: '1 1 170px', minWidth: 0 }} />
          <DateInput source="GUI_FECHA_FIN" label={f('fin')} sx={{ flex: '1 1 170px', minWidth: 0 }} />
        </Box>
      </Box>
      <DestinatariosInput />
      <AdicionalesInput />
      <FalloServidor mensaje={fallo} campo={campoDe} />
    </Box>
  );
}

function useValidar() {
  const translate = useTranslate();
  return useMemo(() => {
    const mensajes = {
      requerido: translate('ra.validation.required'),
      finAntes: f('fin_antes'),
      sinBienes: f('sin_bienes'),
      cantidad: f('cantidad_invalida'),
      establecimiento: f('establecimiento_invalido'),
      correo: (correo: string) => f('correo_invalido', { correo }),
    };
    return (values: Record<string, unknown>) => validarGuia(values as GuiaForm, mensajes);
  }, [translate]);
}

const transform = (values: Record<string, unknown>) => guiaToWire(values as GuiaForm);

function Barra({ correccion = false }: { correccion?: boolean }) {
  return (
    <Toolbar>
      <SaveButton label={f(correccion ? 'guardar_correccion' : 'guardar')} />
    </Toolbar>
  );
}

/** A guía prepared from an invoice (?factura=<id>): its content from the server, and the invoice's number. */
function useDesdeFactura(factura: string | null) {
  const dataProvider = useAreaDataProvider();
  return useQuery({
    queryKey: ['guiasRemision', 'desdeFactura', factura],
    queryFn: async () => {
      const [base, detalle] = await Promise.all([
        dataProvider.call<GuiaDesdeFactura>(`/api/guiasRemision/desdeFactura/${factura}`),
        dataProvider.call<FacturaDetalle>(`/api/facturas/${factura}`),
      ]);
      return { valores: formDesdeFactura(base, detalle.FAC_NUMERO), numero: detalle.FAC_NUMERO ?? '' };
    },
    enabled: Boolean(factura),
    retry: false,
    staleTime: Infinity,
  });
}

function Nueva({ defaults, aviso }: { defaults: GuiaForm; aviso?: string }) {
  const validate = useValidar();
  const { mensaje, mutationOptions } = useFalloServidor();
  return (
    <Create resource="guiasRemision" redirect="show" transform={transform} title={f('nueva')} mutationOptions={mutationOptions}>
      {aviso && (
        <Alert severity="info" sx={{ m: { xs: 1, sm: 2 }, mb: 0 }} data-desde-factura>
          {aviso}
        </Alert>
      )}
      <SimpleForm defaultValues={defaults} validate={validate} toolbar={<Barra />} sx={{ maxWidth: 1280 }}>
        <Campos fallo={mensaje} />
      </SimpleForm>
    </Create>
  );
}

/** A new guía; from an invoice's page (?factura=<id>) it starts with the invoice's buyer, lines and support. */
export function GuiaCreate() {
  const [params] = useSearchParams();
  const factura = params.get('factura');
  const { data: puntos } = usePuntos();
  const desde = useDesdeFactura(factura);
  // The only emission point goes in the defaults (see FacturaCreate why).
  const [vacia] = useState<GuiaForm>(() => {
    const nueva = nuevaGuia();
    const unico = puntos?.length === 1 ? puntos[0] : undefined;
    return unico ? { ...nueva, PEM_CODIGO: unico.PEM_CODIGO, GUI_DIR_PARTIDA: unico.EST_DIRECCION } : nueva;
  });
  if (factura && desde.isPending) return <LinearProgress sx={{ m: 2 }} aria-label={f('cargando_factura')} />;
  if (factura && desde.data)
    return <Nueva key="factura" defaults={desde.data.valores} aviso={f('desde_factura', { numero: desde.data.numero })} />;
  return (
    <>
      {desde.error && (
        <Alert severity="error" sx={{ m: { xs: 1, sm: 2 } }}>
          {desde.error.message}
        </Alert>
      )}
      <Nueva defaults={vacia} />
    </>
  );
}

type Registro = GuiaRemisionDetalle & { id: number };

/** A draft, or one the SRI returned, edited as it was saved (src/comprobantes/EdicionDocumento). */
export function GuiaEdit({ id }: { id?: Identifier }) {
  const validate = useValidar();
  return (
    <EdicionSri
      id={id}
      transform={transform}
      documento={GUIA}
      completa={(r: Registro) => Array.isArray(r.destinatarios)}
      formDe={formDe}
      validate={validate}
      barra={(correccion) => <Barra correccion={correccion} />}
    >
      {(correccion, record, fallo) => <Campos numero={correccion ? (record.FAC_NUMERO ?? undefined) : undefined} fallo={fallo} />}
    </EdicionSri>
  );
}
