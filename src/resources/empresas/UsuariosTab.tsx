import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { MSG } from '../../../domain/messages';
import type { UsuarioEmpresa } from '../../../domain/contratos/usuarios';
import { UsuarioDialog, type UsuarioValores } from './UsuarioDialog';
import { UsuarioAviso, type Aviso } from './UsuarioAviso';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { CardItem, CardList, TabEstado, TabSection } from './TabSection';

/** The usuarios tab of a company: its users, and creating, editing, (de)activating them and resetting their clave. */
export function UsuariosTab({ empresa }: { empresa: number }) {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const queryKey = ['empresas', empresa, 'usuarios'];
  const {
    data: usuarios,
    error,
    isPending,
  } = useQuery({
    queryKey,
    queryFn: () => dataProvider.call<UsuarioEmpresa[]>(`/empresas/usuario/${empresa}`),
  });
  const [editing, setEditing] = useState<UsuarioEmpresa | 'nuevo' | null>(null);
  const [aviso, setAviso] = useState<Aviso | null>(null);
  const [pending, setPending] = useState(false);
  const t = (key: string, options?: object) => translate(`resources.usuarios.${key}`, options);

  /** The header counts the users too: react-admin's record of the company is read again. */
  const reload = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey }), queryClient.invalidateQueries({ queryKey: ['empresas', 'getOne'] })]);

  const save = async (values: UsuarioValores) => {
    if (editing === 'nuevo') await dataProvider.call(`/empresas/usuario/${empresa}`, { method: 'POST', body: values });
    else if (editing) await dataProvider.call(`/empresas/usuario/${empresa}/${editing.USU_CODIGO}`, { method: 'PUT', body: values });
    setEditing(null);
    await reload();
  };

  /** Runs an action confirmed in the dialog; the dialog then shows its result or the server's message. */
  const run = async (action: () => Promise<string | null>) => {
    setPending(true);
    try {
      const result = await action();
      setAviso(result ? { titulo: MSG.recoveryOkTitle, texto: result } : null);
      await reload();
    } catch (e) {
      setAviso({ titulo: MSG.loginErrorTitle, texto: (e as Error).message });
    } finally {
      setPending(false);
    }
  };

  const askReset = (usuario: UsuarioEmpresa) =>
    setAviso({
      titulo: t('restablecer_titulo', { usuario: usuario.USU_USUARIO }),
      texto: t('restablecer_texto', { usuario: usuario.USU_USUARIO, correo: usuario.USU_CORREO ?? t('correo_empresa') }),
      confirmar: t('restablecer'),
      onConfirm: () =>
        run(async () => {
          const { msg } = await dataProvider.call<{ msg: string }>(`/empresas/usuario/${empresa}/${usuario.USU_CODIGO}/clave`, {
            method: 'POST',
          });
          return msg;
        }),
    });

  const setActive = (usuario: UsuarioEmpresa, USU_ACTIVO: boolean) =>
    run(async () => {
      await dataProvider.call(`/empresas/usuario/${empresa}/${usuario.USU_CODIGO}`, { method: 'PUT', body: { USU_ACTIVO } });
      return null;
    });

  const askToggle = (usuario: UsuarioEmpresa) =>
    usuario.USU_ACTIVO
      ? setAviso({
          titulo: t('desactivar_titulo', { usuario: usuario.USU_USUARIO }),
          texto: t('desactivar_texto'),
          confirmar: t('desactivar'),
          onConfirm: () => void setActive(usuario, false),
        })
      : void setActive(usuario, true);

  const actions = (usuario: UsuarioEmpresa) => (
    <Box
      sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: narrow ? 'flex-start' : 'flex-end' }}
      role="group"
      aria-label={t('acciones', { usuario: usuario.USU_USUARIO })}
    >
      <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(usuario)}>
        {t('editar')}
      </Button>
      <Button size="small" startIcon={<KeyIcon />} onClick={() => askReset(usuario)} disabled={!usuario.USU_ACTIVO}>
        {t('restablecer')}
      </Button>
      <Button
        size="small"
        color={usuario.USU_ACTIVO ? 'error' : 'success'}
        startIcon={usuario.USU_ACTIVO ? <BlockIcon /> : <CheckCircleIcon />}
        onClick={() => askToggle(usuario)}
        disabled={pending}
      >
        {usuario.USU_ACTIVO ? t('desactivar') : t('activar')}
      </Button>
    </Box>
  );
  const state = (usuario: UsuarioEmpresa) => (
    <Chip size="small" label={usuario.USU_ACTIVO ? t('activo') : t('inactivo')} color={usuario.USU_ACTIVO ? 'success' : 'default'} />
  );
  const label = (field: string) => t(`fields.${field}`);

  return (
    <TabSection
      titulo={t('titulo')}
      accion={
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setEditing('nuevo')}>
          {t('crear')}
        </Button>
      }
    >
      <TabEstado pending={isPending} error={error} rows={usuarios} vacio={t('vacio')} />
      {usuarios && usuarios.length > 0 && narrow && (
        <CardList label={t('titulo')}>
          {usuarios.map((usuario) => (
            <CardItem key={usuario.USU_CODIGO}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{usuario.USU_USUARIO}</Typography>
                {state(usuario)}
              </Box>
              <Typography variant="body2">{usuario.USU_NOMBRE}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {usuario.USU_CORREO}
              </Typography>
              {actions(usuario)}
            </CardItem>
          ))}
        </CardList>
      )}
      {usuarios && usuarios.length > 0 && !narrow && (
        <Table size="small" aria-label={t('titulo')}>
          <TableHead>
            <TableRow>
              <TableCell>{label('USU_USUARIO')}</TableCell>
              <TableCell>{label('USU_NOMBRE')}</TableCell>
              <TableCell>{label('USU_CORREO')}</TableCell>
              <TableCell>{label('USU_ACTIVO')}</TableCell>
              <TableCell align="right">{t('acciones_columna')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {usuarios.map((usuario) => (
              <TableRow key={usuario.USU_CODIGO}>
                <TableCell sx={{ fontWeight: 600 }}>{usuario.USU_USUARIO}</TableCell>
                <TableCell>{usuario.USU_NOMBRE}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{usuario.USU_CORREO}</TableCell>
                <TableCell>{state(usuario)}</TableCell>
                <TableCell align="right">{actions(usuario)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && <UsuarioDialog usuario={editing === 'nuevo' ? undefined : editing} onClose={() => setEditing(null)} onSave={save} />}
      <UsuarioAviso aviso={aviso} pending={pending} onClose={() => setAviso(null)} />
    </TabSection>
  );
}
