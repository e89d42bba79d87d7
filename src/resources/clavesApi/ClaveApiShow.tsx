import { useState, type FormEvent } from 'react';
import { Confirm, Show, TopToolbar, useCanAccess, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import type { ActividadClave, ClaveApi } from '../../../domain/contratos/clavesApi';
import { formatDateTime } from '../../../domain/fechas';
import { FormularioDialogo } from '../../comprobantes/acciones';
import { Seccion } from '../../comprobantes/pagina';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { Dato } from '../../shell/Dato';
import { useAccion, useAccionConFallo } from '../../shell/useAccion';
import { AlcancesChips, EstadoClaveChip, prefijo, UltimoUso } from './piezas';
import { texto } from './textos';

type Registro = ClaveApi & { id: number };

const t = (key: string, options?: object) => texto(`show.${key}`, options);
const PAGINA = 20;

/** After an action: the page and the keys' list read again. */
function useReleer() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['clavesApi'] });
    refresh();
  };
}

/** Renombrar: a dialog with the name; PUT { CLA_NOMBRE }. The scopes never change: another key is created instead. */
function Renombrar({ record }: { record: Registro }) {
  const dataProvider = useAreaDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const releer = useReleer();
  const [abierto, setAbierto] = useState(false);
  const [nombre, setNombre] = useState(record.CLA_NOMBRE);
  const { pending, fallo, setFallo, run } = useAccionConFallo();
  const guardar = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      await dataProvider.call(`/api/clavesApi/${record.CLA_CODIGO}`, { method: 'PUT', body: { CLA_NOMBRE: nombre.trim() } });
      notify(t('renombrada'), { type: 'success' });
      setAbierto(false);
      releer();
    });
  };
  return (
    <>
      <Button
        startIcon={<EditIcon />}
        onClick={() => {
          setNombre(record.CLA_NOMBRE);
          setFallo(null);
          setAbierto(true);
        }}
      >
        {t('renombrar')}
      </Button>
      <FormularioDialogo
        id="clave-renombrar-titulo"
        abierto={abierto}
        cerrar={() => setAbierto(false)}
        onSubmit={(event) => void guardar(event)}
        titulo={t('renombrar_titulo')}
        fallo={fallo}
        enviar={
          <Button type="submit" variant="contained" disabled={pending}>
            {t('renombrar')}
          </Button>
        }
      >
        <TextField
          label={translate('resources.clavesApi.fields.CLA_NOMBRE')}
          value={nombre}
          onChange={(e) => setNombre(e.target.value)}
          helperText={texto('form.nombre_ayuda')}
          slotProps={{ htmlInput: { maxLength: 60, autoComplete: 'off' } }}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
        />
      </FormularioDialogo>
    </>
  );
}

/** Revocar: confirmed (the integrations using it stop at once), POST revocar. */
function Revocar({ record }: { record: Registro }) {
  const dataProvider = useAreaDataProvider();
  const notify = useNotify();
  const releer = useReleer();
  const { pending, run } = useAccion();
  const [confirmando, setConfirmando] = useState(false);
  const revocar = () =>
    run(async () => {
      try {
        await dataProvider.call(`/api/clavesApi/${record.CLA_CODIGO}/revocar`, { method: 'POST' });
        notify(t('revocada'), { type: 'success' });
        releer();
      } finally {
        setConfirmando(false);
      }
    });
  return (
    <>
      <Button color="error" variant="outlined" startIcon={<BlockIcon />} onClick={() => setConfirmando(true)} disabled={pending}>
        {t('revocar')}
      </Button>
      <Confirm
        isOpen={confirmando}
        loading={pending}
        title={t('revocar_titulo', { nombre: record.CLA_NOMBRE })}
        content={t('revocar_texto')}
        confirm={t('revocar')}
        confirmColor="warning"
        onConfirm={revocar}
        onClose={() => setConfirmando(false)}
      />
    </>
  );
}

function Acciones() {
  const record = useRecordContext<Registro>();
  const { canAccess } = useCanAccess({ resource: 'clavesApi', action: 'edit' });
  if (!record || !canAccess) return <TopToolbar />;
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Renombrar record={record} />
      {record.CLA_REVOCADA === null && <Revocar record={record} />}
    </TopToolbar>
  );
}

/** What the key did (the company's history lines it made), newest first; «Ver más» asks for the next page. */
function Actividad({ clave }: { clave: number }) {
  const dataProvider = useAreaDataProvider();
  const [limite, setLimite] = useState(PAGINA);
  const { data, isPending } = useQuery({
    queryKey: ['clavesApi', clave, 'actividad', limite],
    // One row more than shown: it tells whether there is more.
    queryFn: () =>
      dataProvider.call<ActividadClave[]>(`/api/clavesApi/${clave}/actividad?range=${encodeURIComponent(JSON.stringify([0, limite]))}`),
    placeholderData: (previous) => previous,
  });
  if (isPending) return <LinearProgress />;
  const filas = data ?? [];
  if (!filas.length) return <Typography color="text.secondary">{t('sin_actividad')}</Typography>;
  return (
    <>
      <List aria-label={t('actividad')} disablePadding data-actividad>
        {filas.slice(0, limite).map((linea) => (
          <ListItem key={linea.HIS_ID} divider sx={{ display: 'block', px: 0 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {linea.HIS_DESCRIPCION}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(linea.HIS_FECHA)}
            </Typography>
          </ListItem>
        ))}
      </List>
      {filas.length > limite && (
        <Button onClick={() => setLimite(limite + PAGINA)} sx={{ mt: 1 }}>
          {t('ver_mas')}
        </Button>
      )}
    </>
  );
}

function Titulo() {
  const record = useRecordContext<Registro>();
  return <span>{record?.CLA_NOMBRE ?? ''}</span>;
}

/** A key's page: its name and state, its data, and what it did. */
function Contenido() {
  const record = useRecordContext<Registro>();
  const translate = useTranslate();
  if (!record) return <LinearProgress sx={{ m: 2 }} />;
  const f = (source: string) => translate(`resources.clavesApi.fields.${source}`);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {record.CLA_NOMBRE}
        </Typography>
        <EstadoClaveChip clave={record} />
      </Box>
      <Seccion titulo={t('datos')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
          <Dato label={f('CLA_PREFIJO')}>
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {prefijo(record)}
            </Box>
          </Dato>
          <Dato label={f('CLA_ALCANCES')}>
            <AlcancesChips alcances={record.CLA_ALCANCES} />
          </Dato>
          <Dato label={f('USU_USUARIO')}>{record.USU_USUARIO}</Dato>
          <Dato label={f('CLA_CREADA')}>{formatDateTime(record.CLA_CREADA)}</Dato>
          <Dato label={f('CLA_ULTIMO_USO')}>
            <UltimoUso clave={record} />
          </Dato>
          {record.CLA_REVOCADA && <Dato label={f('CLA_REVOCADA')}>{t('revocada_el', { fecha: formatDateTime(record.CLA_REVOCADA) })}</Dato>}
        </Box>
      </Seccion>
      <Seccion titulo={t('actividad')}>
        <Actividad clave={record.CLA_CODIGO} />
      </Seccion>
    </Box>
  );
}

export const ClaveApiShow = () => (
  <Show actions={<Acciones />} title={<Titulo />}>
    <Contenido />
  </Show>
);
