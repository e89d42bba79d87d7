import { useState } from 'react';
import {
  BooleanInput,
  Button,
  Confirm,
  Edit,
  ListButton,
  PasswordInput,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  email,
  maxLength,
  minLength,
  regex,
  required,
  useGetIdentity,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import KeyIcon from '@mui/icons-material/Key';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { ADMIN_TEMPORARY_PASSWORD_HOURS } from '../../../domain/constants';
import { PASSWORD_MIN_LENGTH } from '../../../domain/messages';
import { administrador, esDistribuidor, usePerfilChoices } from './perfiles';
import { EmpresasDistribuidor } from './EmpresasDistribuidor';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { CreateForm, SaveToolbar } from '../../shell/ResourceForm';

const USUARIO = /^[A-Za-z0-9._-]{3,60}$/;
const t = (key: string) => `resources.administradores.${key}`;

type Valores = Record<string, unknown>;

/** What the API takes: the counter flag only for distributors (0 for anyone else), never the repeated clave. */
function valores({ confirmar: _confirmar, ...data }: Valores, campos?: string[]): Valores {
  const out: Valores = { ...data, DRB_CONTADOR: esDistribuidor(data.PRF_CODIGO) ? Number(data.DRB_CONTADOR ?? 0) : 0 };
  return campos ? Object.fromEntries(campos.filter((c) => c in out).map((c) => [c, out[c]])) : out;
}

const sameAsClave = (value: unknown, all: Valores) => (value === all.clave ? undefined : t('claves_distintas'));

function Campos({ crear, propio }: { crear: boolean; propio?: boolean }) {
  const record = useRecordContext();
  const perfiles = usePerfilChoices(record ? administrador(record).PRF_CODIGO : undefined);
  const perfil = useWatch({ name: 'PRF_CODIGO' });
  return (
    <>
      <TextInput
        source="ADM_USUARIO"
        validate={crear ? [required(), regex(USUARIO, t('usuario_invalido'))] : undefined}
        readOnly={!crear}
        helperText={t('ayuda_usuario')}
        autoComplete="off"
        fullWidth
      />
      <TextInput source="ADM_NOMBRE" validate={[required(), maxLength(150)]} fullWidth />
      <TextInput source="ADM_CORREO" type="email" validate={[required(), email(), maxLength(150)]} fullWidth />
      <SelectInput
        source="PRF_CODIGO"
        choices={perfiles}
        validate={required()}
        disabled={propio}
        helperText={t('ayuda_perfil')}
        fullWidth
      />
      {esDistribuidor(perfil) && (
        <BooleanInput
          source="DRB_CONTADOR"
          format={(value: unknown) => value === 1}
          parse={(checked: boolean) => (checked ? 1 : 0)}
          helperText={t('ayuda_contador')}
        />
      )}
      {crear && (
        <>
          <PasswordInput
            source="clave"
            validate={[required(), minLength(PASSWORD_MIN_LENGTH)]}
            helperText={t('ayuda_clave')}
            autoComplete="new-password"
            fullWidth
          />
          <PasswordInput source="confirmar" validate={[required(), sameAsClave]} autoComplete="new-password" fullWidth />
        </>
      )}
    </>
  );
}

const formSx = { maxWidth: 640 };

/** Save only: administration users are deactivated, never deleted (their changes stay in the audit log). */
const soloGuardar = <SaveToolbar />;

export const AdministradorCreate = () => (
  <CreateForm
    redirect="edit"
    title={t('page.create')}
    transform={(data: Valores) => valores(data)}
    sx={formSx}
    defaultValues={{ DRB_CONTADOR: 0 }}
    toolbar={soloGuardar}
  >
    <Campos crear />
  </CreateForm>
);

/** Reset the clave and (de)activate, each after a confirmation; neither for oneself (the server refuses it too). */
function Acciones() {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState<'clave' | 'desactivar' | null>(null);
  const [pending, setPending] = useState(false);
  if (!record) return <TopToolbar />;
  const adm = administrador(record);
  const propio = identity?.id === adm.ADM_CODIGO;
  const run = async (work: () => Promise<string>) => {
    setPending(true);
    try {
      notify(await work(), { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
      setAsking(null);
    }
  };
  const restablecer = () =>
    run(async () => (await dataProvider.call<{ msg: string }>(`/administradores/${adm.ADM_CODIGO}/clave`, { method: 'POST' })).msg);
  const activar = (ADM_ACTIVO: boolean) =>
    run(async () => {
      await dataProvider.call(`/administradores/${adm.ADM_CODIGO}`, { method: 'PUT', body: { ADM_ACTIVO } });
      return translate(t(ADM_ACTIVO ? 'activado' : 'desactivado'));
    });
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <ListButton />
      <Button
        label={t('restablecer')}
        onClick={() => setAsking('clave')}
        disabled={propio || pending || !adm.ADM_ACTIVO || !adm.ADM_CORREO}
        title={adm.ADM_CORREO ? undefined : translate(t('sin_correo'))}
      >
        <KeyIcon />
      </Button>
      {adm.ADM_ACTIVO ? (
        <Button label={t('desactivar')} onClick={() => setAsking('desactivar')} disabled={propio || pending} color="error">
          <BlockIcon />
        </Button>
      ) : (
        <Button label={t('activar')} onClick={() => activar(true)} disabled={pending} color="success">
          <CheckCircleIcon />
        </Button>
      )}
      <Confirm
        isOpen={asking === 'clave'}
        loading={pending}
        title={t('restablecer_titulo')}
        titleTranslateOptions={{ usuario: adm.ADM_USUARIO }}
        content={t('restablecer_texto')}
        translateOptions={{ correo: adm.ADM_CORREO ?? '', horas: ADMIN_TEMPORARY_PASSWORD_HOURS }}
        confirm={t('restablecer')}
        onConfirm={restablecer}
        onClose={() => setAsking(null)}
      />
      <Confirm
        isOpen={asking === 'desactivar'}
        loading={pending}
        title={t('desactivar_titulo')}
        titleTranslateOptions={{ usuario: adm.ADM_USUARIO }}
        content={t('desactivar_texto')}
        confirm={t('desactivar')}
        confirmColor="warning"
        onConfirm={() => activar(false)}
        onClose={() => setAsking(null)}
      />
    </TopToolbar>
  );
}

function Titulo() {
  const record = useRecordContext();
  const translate = useTranslate();
  return <span>{record ? translate(t('page.edit'), { nombre: administrador(record).ADM_NOMBRE }) : ''}</span>;
}

function EditForm() {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const propio = record !== undefined && identity?.id === administrador(record).ADM_CODIGO;
  return (
    <>
      {record && !administrador(record).ADM_ACTIVO && (
        <Alert severity="warning" sx={{ m: 2, mb: 0, maxWidth: 608 }}>
          {translate(t('desactivado_aviso'))}
        </Alert>
      )}
      <SimpleForm sx={formSx} toolbar={soloGuardar}>
        <Campos crear={false} propio={propio} />
      </SimpleForm>
      {record && esDistribuidor(administrador(record).PRF_CODIGO) && <EmpresasDistribuidor />}
    </>
  );
}

export const AdministradorEdit = () => (
  <Edit
    mutationMode="pessimistic"
    redirect={false}
    title={<Titulo />}
    actions={<Acciones />}
    transform={(data: Valores) => valores(data, ['ADM_NOMBRE', 'ADM_CORREO', 'PRF_CODIGO', 'DRB_CONTADOR'])}
  >
    <EditForm />
  </Edit>
);
