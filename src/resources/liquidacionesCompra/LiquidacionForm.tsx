import { useMemo, useState } from 'react';
import {
  AutocompleteInput,
  Create,
  DateInput,
  type Identifier,
  Link,
  ReferenceInput,
  SaveButton,
  SimpleForm,
  Toolbar,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import { IDENTIFICACIONES_LIQUIDACION, type LiquidacionCompraDetalle } from '../../../domain/contratos/liquidacionesCompra';
import { EdicionSri } from '../../comprobantes/EdicionDocumento';
import { FalloServidor, useFalloServidor } from '../../comprobantes/falloServidor';
import { AdicionalInput } from '../facturas/AdicionalInput';
import { CalculoProvider, sinDescripcion } from '../facturas/calculo';
import { usePuntos } from '../facturas/datos';
import { PuntoInput } from '../facturas/FacturaForm';
import { validarFactura } from '../facturas/formulario';
import { LineasInput } from '../facturas/LineasInput';
import { PagosInput } from '../facturas/PagosInput';
import { TotalesPanel } from '../facturas/TotalesPanel';
import { LIQUIDACION } from './documento';
import { formDe, liquidacionToWire, nuevaLiquidacion, type LiquidacionForm } from './formulario';
import { texto } from './textos';

const f = (key: string, options?: object) => texto(`form.${key}`, options);

/** Who can be bought from with a liquidación: an active supplier identified by cédula, pasaporte or from abroad. */
const SIN_RUC = { PRV_TIPO_IDENTIFICACION: [...IDENTIFICACIONES_LIQUIDACION], PRV_ACTIVO: true };

/** The supplier: searched in the book among those without RUC, with the way to add one. */
function ProveedorInput() {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <ReferenceInput source="PRV_CODIGO" reference="proveedores" filter={SIN_RUC}>
        <AutocompleteInput
          label={f('proveedor')}
          optionText={(p: RaRecord) => (p ? `${p.PRV_RAZON_SOCIAL} · ${p.PRV_IDENTIFICACION}` : '')}
          filterToQuery={(q: string) => ({ q })}
          noOptionsText={f('sin_proveedores')}
          helperText={f('proveedor_ayuda')}
          sx={{ flex: '1 1 280px', minWidth: 0 }}
        />
      </ReferenceInput>
      <Button component={Link} to="/proveedores/create" startIcon={<PersonAddIcon />} sx={{ mt: 1 }}>
        {f('nuevo_proveedor')}
      </Button>
    </Box>
  );
}

/** Where a server message belongs: the supplier's rules under the supplier; the rest above the buttons. */
const campoDe = (mensaje: string) => (/proveedor/i.test(mensaje) ? 'PRV_CODIGO' : undefined);

/** The invoice's form turned around: emission point, date and supplier, then the invoice's lines, payments and totals. */
function Campos({ numero, fallo }: { numero?: string; fallo: string | null }) {
  return (
    <CalculoProvider>
      <Box sx={{ width: '100%', minWidth: 0, display: 'grid', gap: 3 }}>
        <Box sx={{ display: 'flex', columnGap: 2, rowGap: 1, flexWrap: 'wrap', alignItems: 'flex-start', minWidth: 0 }}>
          <PuntoInput numero={numero} />
          <DateInput source="FAC_FECHA" label={f('fecha')} sx={{ flex: '0 1 200px', minWidth: 0 }} />
          <Box sx={{ flex: '2 1 420px', minWidth: 0 }}>
            <ProveedorInput />
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
        <FalloServidor mensaje={fallo} campo={campoDe} />
      </Box>
    </CalculoProvider>
  );
}

/** The invoice's validation with the supplier where the invoice has its buyer. */
function useValidar() {
  const requerido = useTranslate()('ra.validation.required');
  return useMemo(
    () => (values: Record<string, unknown>) => {
      const v = values as LiquidacionForm;
      const { CLI_CODIGO: proveedor, ...errores } = validarFactura(
        { ...v, CLI_CODIGO: v.PRV_CODIGO },
        undefined,
        requerido,
        sinDescripcion,
      );
      return proveedor ? { ...errores, PRV_CODIGO: proveedor } : errores;
    },
    [requerido],
  );
}

const transform = (values: Record<string, unknown>) => liquidacionToWire(values as LiquidacionForm);

function Barra({ correccion = false }: { correccion?: boolean }) {
  return (
    <Toolbar>
      <SaveButton label={f(correccion ? 'guardar_correccion' : 'guardar')} />
    </Toolbar>
  );
}

export function LiquidacionCreate() {
  const validate = useValidar();
  const { data: puntos } = usePuntos();
  const { mensaje, mutationOptions } = useFalloServidor();
  // The only emission point goes in the defaults (see FacturaCreate why).
  const [defaults] = useState<LiquidacionForm>(() => {
    const nueva = nuevaLiquidacion();
    return puntos?.length === 1 ? { ...nueva, PEM_CODIGO: puntos[0].PEM_CODIGO } : nueva;
  });
  return (
    <Create redirect="show" transform={transform} title={f('nueva')} mutationOptions={mutationOptions}>
      <SimpleForm defaultValues={defaults} validate={validate} toolbar={<Barra />} sx={{ maxWidth: 1280 }}>
        <Campos fallo={mensaje} />
      </SimpleForm>
    </Create>
  );
}

type Registro = LiquidacionCompraDetalle & { id: number };

/** A draft, or one the SRI returned, edited as it was saved (the invoice's rules: src/comprobantes/EdicionDocumento). */
export function LiquidacionEdit({ id }: { id?: Identifier }) {
  const validate = useValidar();
  return (
    <EdicionSri
      id={id}
      transform={transform}
      documento={LIQUIDACION}
      completa={(r: Registro) => Array.isArray(r.lineas)}
      formDe={formDe}
      validate={validate}
      barra={(correccion) => <Barra correccion={correccion} />}
    >
      {(correccion, record, fallo) => <Campos numero={correccion ? (record.FAC_NUMERO ?? undefined) : undefined} fallo={fallo} />}
    </EdicionSri>
  );
}
