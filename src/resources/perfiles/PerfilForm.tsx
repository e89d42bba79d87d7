import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BooleanInput,
  NumberInput,
  TextInput,
  maxLength,
  minValue,
  required,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import type { Perfil } from '../../../domain/contratos/perfiles';
import type { MenuRolAsignado } from '../../../domain/contratos/menus';
import { MenusPerfilInput } from './MenusPerfilInput';
import { RemoveButton } from '../../shell/RemoveButton';
import { CreateForm, EditForm } from '../../shell/ResourceForm';
import { FieldColumn } from '../../shell/formLayout';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

const nombre = [required(), maxLength(60)];

/** What PUT /empresas/perfiles/{id} takes. */
const toWire = (values: Record<string, unknown>) => ({
  PRF_NOMBRE: String(values.PRF_NOMBRE ?? '').trim(),
  PRF_ACTIVO: values.PRF_ACTIVO !== false,
});

export const PerfilCreate = () => {
  const translate = useTranslate();
  return (
    <CreateForm
      redirect="edit"
      transform={(values: Record<string, unknown>) => ({
        ...toWire(values),
        ...(values.PRF_CODIGO ? { PRF_CODIGO: Number(values.PRF_CODIGO) } : {}),
      })}
      defaultValues={{ PRF_ACTIVO: true }}
    >
      <FieldColumn maxWidth={560}>
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('resources.perfiles.ayuda_crear')}
        </Alert>
        <TextInput source="PRF_NOMBRE" validate={nombre} fullWidth />
        <NumberInput
          source="PRF_CODIGO"
          validate={minValue(3)}
          step={1}
          helperText="resources.perfiles.ayuda_codigo"
          sx={{ mb: 1 }}
          fullWidth
        />
        <BooleanInput source="PRF_ACTIVO" helperText="resources.perfiles.ayuda_activo" />
      </FieldColumn>
    </CreateForm>
  );
};

function DatosPerfil() {
  const record = useRecordContext<Perfil>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <FieldColumn maxWidth={560}>
      {record.fijo && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('resources.perfiles.fijo_ayuda')}
        </Alert>
      )}
      <TextInput source="PRF_CODIGO" disabled fullWidth />
      <TextInput source="PRF_NOMBRE" validate={nombre} fullWidth />
      <BooleanInput source="PRF_ACTIVO" helperText="resources.perfiles.ayuda_activo" disabled={record.fijo} />
    </FieldColumn>
  );
}

/**
 * A profile's page: its name and state, and the checklist of the administration menus it grants. One save writes both
 * (PUT the profile, then POST /menus/menuRolesAdmin with the whole list).
 */
export function PerfilEdit() {
  const { id } = useParams<{ id: string }>();
  const perfil = Number(id);
  const dataProvider = useAreaDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  const checklist = useQuery({
    queryKey: ['perfiles', perfil, 'menus'],
    queryFn: () => dataProvider.call<MenuRolAsignado[]>(`/menus/menuRolesAdmin/${perfil}`),
    enabled: Number.isInteger(perfil),
  });
  const save = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.update('perfiles', { id: perfil, data: toWire(values), previousData: values as RaRecord });
      const menus = await dataProvider.call<MenuRolAsignado[]>('/menus/menuRolesAdmin', {
        method: 'POST',
        body: { PRF_CODIGO: perfil, menus: (values.asignados as number[] | undefined) ?? [] },
      });
      queryClient.setQueryData(['perfiles', perfil, 'menus'], menus);
      await queryClient.invalidateQueries({ queryKey: ['perfiles'] });
      notify('resources.perfiles.guardado', { type: 'info' });
      redirect('list', 'perfiles');
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  if (!checklist.data) {
    return checklist.isError ? (
      <Alert severity="error" sx={{ mt: 2 }}>
        {(checklist.error as Error).message}
      </Alert>
    ) : (
      <Box sx={{ mt: 2 }}>
        <LinearProgress aria-label={translate('resources.perfiles.menus_cargando')} />
      </Box>
    );
  }
  const asignados = checklist.data.filter((m) => m.asignado).map((m) => m.MEN_CODIGO);
  return (
    <EditForm
      remove={<RemoveButton resource="perfiles" name={(r) => r.PRF_NOMBRE} hidden={(r) => Boolean(r.fijo)} />}
      onSubmit={save}
      defaultValues={{ asignados }}
    >
      <DatosPerfil />
      <Divider flexItem sx={{ my: 2 }} />
      <MenusPerfilInput perfil={perfil} menus={checklist.data} />
    </EditForm>
  );
}
