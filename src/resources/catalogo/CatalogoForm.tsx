import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { BooleanInput, SelectInput, TextInput, maxLength, required, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import Typography from '@mui/material/Typography';
import { CATALOGO_LIMITES, CATALOGO_MSG, TIPOS_PRODUCTO } from '../../../domain/catalogo';
import { IVA } from '../../../domain/facturas/catalogos';
import { CreateForm, EditForm } from '../../shell/ResourceForm';
import { FieldColumn, FieldRow } from '../../shell/formLayout';
import { CatalogoEliminar } from './CatalogoEliminar';
import { ivaChoices, precioCorto, productoToWire, validarIceCodigo, validarIceTarifa, validarPrecio, type Producto } from './catalogo';

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

function CatalogoFields() {
  // Editing, the product's own rate stays on offer even when it is no longer a current one.
  const ivaActual = useRecordContext<Producto>()?.CAT_IVA;
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.catalogo.${key}`);
  const half = { flex: '1 1 220px' };
  const third = { flex: '1 1 180px' };
  return (
    <FieldColumn maxWidth={720} spaced>
      <FieldRow>
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
      </FieldRow>
      <TextInput
        source="CAT_DESCRIPCION"
        validate={texto(CATALOGO_LIMITES.descripcion, CATALOGO_MSG.descripcion)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: CATALOGO_LIMITES.descripcion } }}
        fullWidth
      />
      <FieldRow>
        <SelectInput source="CAT_TIPO" choices={[...TIPOS_PRODUCTO]} validate={required(CATALOGO_MSG.tipo)} sx={third} />
        <TextInput
          source="CAT_PRECIO"
          validate={[required(CATALOGO_MSG.precio), validarPrecio]}
          helperText={t('ayuda_precio')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={third}
        />
        <SelectInput source="CAT_IVA" choices={ivaChoices(ivaActual)} validate={required(CATALOGO_MSG.iva)} sx={third} />
      </FieldRow>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {t('ice')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('ayuda_ice')}
      </Typography>
      <FieldRow>
        <TextInput
          source="CAT_ICE_CODIGO"
          validate={validarIceCodigo}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          sx={half}
        />
        <TextInput source="CAT_ICE_TARIFA" validate={validarIceTarifa} slotProps={{ htmlInput: { inputMode: 'decimal' } }} sx={half} />
      </FieldRow>
      <IceEnPareja />
      <BooleanInput source="CAT_ACTIVO" helperText={t('ayuda_activo')} />
    </FieldColumn>
  );
}

const defaults = { CAT_TIPO: 'B', CAT_IVA: IVA.quince, CAT_PRECIO: '', CAT_ACTIVO: true };

export const CatalogoCreate = () => (
  <CreateForm transform={productoToWire} defaultValues={defaults}>
    <CatalogoFields />
  </CreateForm>
);

function Titulo() {
  const record = useRecordContext<Producto>();
  return <span>{record ? `${record.CAT_PRINCIPAL} · ${record.CAT_DESCRIPCION}` : ''}</span>;
}

/** The stored price without its padding zeros ("12.500000" is edited as 12.50). */
const conPrecioCorto = (record: RaRecord) => ({ ...record, CAT_PRECIO: precioCorto(record.CAT_PRECIO) });

export const CatalogoEdit = () => (
  <EditForm transform={productoToWire} title={<Titulo />} remove={<CatalogoEliminar />} asEdited={conPrecioCorto}>
    <CatalogoFields />
  </EditForm>
);
