import { useState } from 'react';
import {
  BooleanInput,
  Confirm,
  Create,
  Edit,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  email,
  maxLength,
  regex,
  required,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/Key';
import type { Usuario, UsuarioCambios, UsuarioCreado, UsuarioNuevo } from '../../../domain/contratos/usuarios';
import { ROL_DESCRIPCION, ROL_NOMBRE, type RolEmpresa } from '../../../domain/clientes';
import { useNarrow } from '../../shell/catalogo';
import { ClaveTemporalDialog, type ClaveMostrada } from './ClaveTemporalDialog';
import { ROL_CHOICES, useUsuarioSesion } from './rol';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

const text = (value: unknown) => String(value ?? '').trim();

/** What POST /api/usuarios takes: the form's values trimmed. */
export function nuevoToWire(values: Record<string, unknown>): UsuarioNuevo {
  return {
    USU_USUARIO: text(values.USU_USUARIO),
    USU_NOMBRE: text(values.USU_NOMBRE),
    USU_CORREO: text(values.USU_CORREO),
    USU_ROL: values.USU_ROL as RolEmpresa,
  };
}

/** What PUT /api/usuarios/{id} takes: only what an edit may change. */
export function cambiosToWire(values: Record<string, unknown>): UsuarioCambios {
  return {
    USU_NOMBRE: text(values.USU_NOMBRE),
    USU_CORREO: text(values.USU_CORREO),
    USU_ROL: values.USU_ROL as RolEmpresa,
    USU_ACTIVO: values.USU_ACTIVO !== false,
  };
}

/** The role picker, with a line under it saying what the chosen role sees and does. */
function RolInput({ disabled, helper }: { disabled?: boolean; helper?: string }) {
  const rol = useWatch({ name: 'USU_ROL' }) as RolEmpresa | undefined;
  return (
    <SelectInput
      source="USU_ROL"
      choices={ROL_CHOICES}
      // Each option says what the role sees; the chosen one shows its name only (its line goes under the field).
      optionText={(choice: { id: RolEmpresa; name: string }) => (
        <Box sx={{ py: 0.25, whiteSpace: 'normal' }}>
          <Typography>{choice.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {ROL_DESCRIPCION[choice.id]}
          </Typography>
        </Box>
      )}
      slotProps={{ select: { renderValue: (value: unknown) => ROL_NOMBRE[value as RolEmpresa] ?? '' } }}
      validate={required()}
      disabled={disabled}
      helperText={helper ?? (rol ? ROL_DESCRIPCION[rol] : false)}
      fullWidth
    />
  );
}

function UsuarioCampos({ nuevo = false }: { nuevo?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<Usuario>();
  const { usuario } = useUsuarioSesion();
  const t = (key: string) => translate(`resources.usuarios.${key}`);
  const propio = !nuevo && record?.USU_CODIGO === usuario;
  return (
    // Room under each field for its helper or error line: the next field's label floats above its border.
    <Box sx={{ width: '100%', maxWidth: 640, '& .MuiFormControl-root': { mb: 1 } }}>
      {propio && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('propio_aviso')}
        </Alert>
      )}
      <TextInput
        source="USU_USUARIO"
        validate={nuevo ? [required(), regex(/^[A-Za-z0-9._-]{3,60}$/, 'resources.usuarios.ayuda_usuario')] : undefined}
        disabled={!nuevo}
        helperText={nuevo ? t('ayuda_usuario') : t('ayuda_usuario_fijo')}
        slotProps={{ htmlInput: { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, maxLength: 60 } }}
        fullWidth
      />
      <TextInput source="USU_NOMBRE" validate={[required(), maxLength(150)]} fullWidth />
      <TextInput
        source="USU_CORREO"
        type="email"
        validate={[required(), email(), maxLength(150)]}
        helperText={t('ayuda_correo')}
        fullWidth
      />
      <RolInput disabled={propio} helper={propio ? t('ayuda_rol_propio') : undefined} />
      {!nuevo && (
        <BooleanInput
          source="USU_ACTIVO"
          label="resources.usuarios.activo"
          disabled={propio}
          helperText={t(propio ? 'ayuda_activo_propio' : 'ayuda_activo')}
        />
      )}
      {nuevo && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('ayuda_clave_temporal')}
        </Alert>
      )}
    </Box>
  );
}

/** Gives the user a new temporary clave (after asking), then shows it once. */
function NuevaClaveButton({ onClave }: { onClave: (shown: ClaveMostrada) => void }) {
  const record = useRecordContext<Usuario>();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAreaDataProvider();
  const { usuario } = useUsuarioSesion();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  if (!record || record.USU_CODIGO === usuario || !record.USU_ACTIVO) return null;
  const t = (key: string, options?: object) => translate(`resources.usuarios.${key}`, options);
  const confirm = async () => {
    setPending(true);
    try {
      const { claveTemporal } = await dataProvider.call<{ claveTemporal: string }>(`/api/usuarios/${record.USU_CODIGO}/clave`, {
        method: 'POST',
      });
      setOpen(false);
      onClave({ usuario: record.USU_USUARIO, nombre: record.USU_NOMBRE, clave: claveTemporal });
    } catch (error) {
      setOpen(false);
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button startIcon={<KeyIcon />} onClick={() => setOpen(true)}>
        {t('nueva_clave')}
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title={t('nueva_clave_titulo', { usuario: record.USU_USUARIO })}
        content={t('nueva_clave_texto')}
        confirm={t('nueva_clave')}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function EditToolbar({ onClave }: { onClave: (shown: ClaveMostrada) => void }) {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      <NuevaClaveButton onClave={onClave} />
    </Toolbar>
  );
}

/** "Editar el usuario vendedor.1"; on a phone the user name alone, which fits the app bar. */
function UsuarioTitulo() {
  const record = useRecordContext<Usuario>();
  const translate = useTranslate();
  const narrow = useNarrow();
  if (!record) return null;
  return <span>{narrow ? record.USU_USUARIO : translate('resources.usuarios.editar_titulo', { usuario: record.USU_USUARIO })}</span>;
}

/** A new user: its data and role; the server answers a temporary clave, shown once, then back to the list. */
export function UsuarioCreate() {
  const [shown, setShown] = useState<ClaveMostrada | null>(null);
  const redirect = useRedirect();
  const notify = useNotify();
  return (
    <>
      <Create
        redirect={false}
        transform={nuevoToWire}
        title="resources.usuarios.crear"
        mutationOptions={{
          onSuccess: (data: unknown) => {
            const created = data as UsuarioCreado;
            notify('resources.usuarios.creado', { type: 'info', messageArgs: { usuario: created.USU_USUARIO } });
            setShown({ usuario: created.USU_USUARIO, nombre: created.USU_NOMBRE, clave: created.claveTemporal });
          },
        }}
      >
        <SimpleForm defaultValues={{ USU_ROL: 'vendedor' }}>
          <UsuarioCampos nuevo />
        </SimpleForm>
      </Create>
      <ClaveTemporalDialog
        shown={shown}
        onClose={() => {
          setShown(null);
          redirect('list', 'usuarios');
        }}
      />
    </>
  );
}

/** Name, email, role and state of a user, and a new temporary clave for them. */
export function UsuarioEdit() {
  const [shown, setShown] = useState<ClaveMostrada | null>(null);
  return (
    <>
      <Edit mutationMode="pessimistic" redirect="list" transform={cambiosToWire} title={<UsuarioTitulo />}>
        <SimpleForm toolbar={<EditToolbar onClave={setShown} />}>
          <UsuarioCampos />
        </SimpleForm>
      </Edit>
      <ClaveTemporalDialog shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
