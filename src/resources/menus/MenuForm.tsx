import {
  BooleanInput,
  NumberInput,
  SelectInput,
  TextInput,
  maxLength,
  maxValue,
  minValue,
  regex,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import Alert from '@mui/material/Alert';
import type { MenuDatos, MenuEntrada } from '../../../domain/contratos/menus';
import { ICONO, PERMISO, RUTA, useAreaChoices } from './choices';
import { RemoveButton } from '../../shell/RemoveButton';
import { CreateForm, EditForm } from '../../shell/ResourceForm';
import { FieldColumn, FieldRow } from '../../shell/formLayout';

/** What POST/PUT /menus take. */
const toWire = (values: Record<string, unknown>): MenuDatos => ({
  MEN_AREA: values.MEN_AREA as MenuDatos['MEN_AREA'],
  MEN_NOMBRE: String(values.MEN_NOMBRE ?? '').trim(),
  MEN_RUTA: String(values.MEN_RUTA ?? '').trim(),
  MEN_ICONO: String(values.MEN_ICONO ?? '').trim() || 'circle',
  MEN_ORDEN: Number(values.MEN_ORDEN ?? 0),
  MEN_PERMISO: String(values.MEN_PERMISO ?? '').trim(),
  MEN_ACTIVO: values.MEN_ACTIVO !== false,
});

function MenuFields({ edit = false }: { edit?: boolean }) {
  const record = useRecordContext<MenuEntrada>();
  const translate = useTranslate();
  const areas = useAreaChoices();
  const t = (key: string) => translate(`resources.menus.${key}`);
  const home = edit && record?.MEN_RUTA === '';
  const half = { flex: '1 1 200px', mb: 2 };
  // Room for helper texts of two or three lines (the input reserves one).
  const spaced = { mb: 2 };
  return (
    <FieldColumn>
      {home && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('inicio_fijo')}
        </Alert>
      )}
      <SelectInput
        source="MEN_AREA"
        choices={areas}
        validate={required()}
        disabled={edit}
        helperText={t('ayuda_area')}
        sx={spaced}
        fullWidth
      />
      <TextInput source="MEN_NOMBRE" validate={[required(), maxLength(80)]} fullWidth />
      <TextInput
        source="MEN_RUTA"
        validate={[maxLength(120), regex(RUTA, t('ruta_invalida'))]}
        disabled={home}
        helperText={t('ayuda_ruta')}
        sx={spaced}
        parse={(v: string) => v ?? ''}
        format={(v: string | undefined) => v ?? ''}
        fullWidth
      />
      <TextInput
        source="MEN_PERMISO"
        validate={[maxLength(60), regex(PERMISO, t('permiso_invalido'))]}
        helperText={t('ayuda_permiso')}
        sx={spaced}
        parse={(v: string) => v ?? ''}
        format={(v: string | undefined) => v ?? ''}
        fullWidth
      />
      <FieldRow>
        <TextInput
          source="MEN_ICONO"
          validate={[required(), maxLength(40), regex(ICONO, t('icono_invalido'))]}
          helperText={t('ayuda_icono')}
          sx={half}
        />
        <NumberInput
          source="MEN_ORDEN"
          validate={[required(), minValue(0), maxValue(9999)]}
          step={1}
          helperText={t('ayuda_orden')}
          sx={half}
        />
      </FieldRow>
      <BooleanInput source="MEN_ACTIVO" helperText={t('ayuda_activo')} disabled={home} />
    </FieldColumn>
  );
}

const defaults = { MEN_AREA: 'admin', MEN_RUTA: '', MEN_PERMISO: '', MEN_ICONO: 'circle', MEN_ORDEN: 50, MEN_ACTIVO: true };

export const MenuCreate = () => (
  <CreateForm transform={toWire} defaultValues={defaults}>
    <MenuFields />
  </CreateForm>
);

export const MenuEdit = () => (
  <EditForm
    transform={toWire}
    remove={<RemoveButton resource="menus" name={(r) => r.MEN_NOMBRE} hidden={(r) => r.MEN_RUTA === '' || !r.MEN_ACTIVO} />}
  >
    <MenuFields edit />
  </EditForm>
);
