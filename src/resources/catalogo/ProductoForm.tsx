import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  BooleanInput,
  Create,
  Edit,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CATALOGO_LIMITES, CATALOGO_MSG, TIPOS_PRODUCTO } from '../../../domain/catalogo';
import { IVA } from '../../../domain/facturas/catalogos';
import { ProductoEliminar } from './ProductoEliminar';
import { ivaChoices, precioCorto, productoToWire, validarIceCodigo, validarIceTarifa, validarPrecio, type Producto } from './producto';

/** A blank required text gets the server's own sentence (required() alone would say "Obligatorio"). */
const texto = (max: number, msg: string) => [required(msg), maxLength(max, msg)];

/**
 * ICE is a pair (code and rate, or neither): a change to one checks the other again, so that clearing the code also
 * clears the rate's "incomplete" error (react-hook-form validates only the field that changed).
 */
function IceEnPareja() {
  const [codigo, tarifa] = useWatch({ name: ['CAT_ICE_CODIGO', 'CAT_ICE_TARIFA'] }) as [unknown, unknown];
  const { trigger, getFieldState, formState } = useFormContext();
  const { isSubmitted } = formState;
  useEffect(() => {
    if (isSubmitted || getFieldState('CAT_ICE_CODIGO').isTouched || getFieldState('CAT_ICE_TARIFA').isTouched)
      void trigger(['CAT_ICE_CODIGO', 'CAT_ICE_TARIFA']);
  }, [codigo, tarifa, isSubmitted, trigger, getFieldState]);
  return null;
}

function ProductoFields({ ivaActual }: { ivaActual?: string }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.catalogo.${key}`);
  const half = { flex: '1 1 220px' };
  const third = { flex: '1 1 180px' };
  const row = { display: 'flex', gap: { xs: 0, sm: 2 }, flexWrap: 'wrap' } as const;
  return (
    // Room under each field for its helper or error line: the next field's label floats above its border.
    <Box sx={{ width: '100%', maxWidth: 720, '& .MuiFormControl-root': { mb: 1 } }}>
      <Box sx={row}>
        <TextInput
          source="CAT_PRINCIPAL"
          validate={texto(CATALOGO_LIMITES.principal, CATALOGO_MSG.principal)}
          helperText={t('ayuda_principal')}
          slotProps={{ htmlInput: { maxLength: CATALOGO_LIMITES.principal } }}
          sx={half}
        />
        <TextInput
          source="CAT_AUXILIAR"
          validate={maxLength(CATALOGO_LIMITES.auxiliar, CATALOGO_MSG.auxiliar)}
          slotProps={{ htmlInput: { maxLength: CATALOGO_LIMITES.auxiliar } }}
          sx={half}
        />
      </Box>
      <TextInput
        source="CAT_DESCRIPCION"
        validate={texto(CATALOGO_LIMITES.descripcion, CATALOGO_MSG.descripcion)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: CATALOGO_LIMITES.descripcion } }}
        fullWidth
      />
      <Box sx={row}>
        <SelectInput source="CAT_TIPO" choices={[...TIPOS_PRODUCTO]} validate={required(CATALOGO_MSG.tipo)} sx={third} />
        <TextInput
          source="CAT_PRECIO"
          validate={[required(CATALOGO_MSG.precio), validarPrecio]}
          helperText={t('ayuda_precio')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={third}
        />
        <SelectInput source="CAT_IVA" choices={ivaChoices(ivaActual)} validate={required(CATALOGO_MSG.iva)} sx={third} />
      </Box>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {t('ice')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('ayuda_ice')}
      </Typography>
      <Box sx={row}>
        <TextInput
          source="CAT_ICE_CODIGO"
          validate={validarIceCodigo}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          sx={half}
        />
        <TextInput source="CAT_ICE_TARIFA" validate={validarIceTarifa} slotProps={{ htmlInput: { inputMode: 'decimal' } }} sx={half} />
      </Box>
      <IceEnPareja />
      <BooleanInput source="CAT_ACTIVO" helperText={t('ayuda_activo')} />
    </Box>
  );
}

const defaults = { CAT_TIPO: 'B', CAT_IVA: IVA.quince, CAT_PRECIO: '', CAT_ACTIVO: true };

export const ProductoCreate = () => (
  <Create redirect="list" transform={productoToWire}>
    <SimpleForm defaultValues={defaults}>
      <ProductoFields />
    </SimpleForm>
  </Create>
);

function Titulo() {
  const record = useRecordContext<Producto>();
  return <span>{record ? `${record.CAT_PRINCIPAL} · ${record.CAT_DESCRIPCION}` : ''}</span>;
}

function EditToolbar() {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      <ProductoEliminar />
    </Toolbar>
  );
}

/** The stored price without its padding zeros ("12.500000" is edited as 12.50). */
function EditContenido() {
  const record = useRecordContext<Producto & { id: number }>();
  if (!record) return null;
  return (
    <SimpleForm record={{ ...record, CAT_PRECIO: precioCorto(record.CAT_PRECIO) }} toolbar={<EditToolbar />}>
      <ProductoFields ivaActual={record.CAT_IVA} />
    </SimpleForm>
  );
}

export const ProductoEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" transform={productoToWire} title={<Titulo />}>
    <EditContenido />
  </Edit>
);
