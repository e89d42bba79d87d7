import { useState } from 'react';
import { Confirm, EditButton, Show, TopToolbar, useCanAccess, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import SendIcon from '@mui/icons-material/Send';
import type { Webhook } from '../../../domain/contratos/webhooks';
import { formatDateTime } from '../../../domain/fechas';
import { CABECERA_FIRMA } from '../../../domain/integraciones';
import { Seccion } from '../../comprobantes/pagina';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { Dato } from '../../shell/Dato';
import { useAccion } from '../../shell/useAccion';
import { RemoveRecordButton } from '../../shell/RemoveRecordButton';
import { SecretoUnaVez } from '../clavesApi/SecretoUnaVez';
import { Entregas, entregasKey } from './Entregas';
import { ActivoChip, EventosChips } from './piezas';
import { texto } from './textos';

type Registro = Webhook & { id: number };

const t = (key: string, options?: object) => texto(`show.${key}`, options);

/** Enviar prueba: a ping is queued now; the log shows it arrive. */
function EnviarPrueba({ record }: { record: Registro }) {
  const dataProvider = useAreaDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { pending, run } = useAccion();
  const enviar = () =>
    run(async () => {
      await dataProvider.call(`/api/webhooks/${record.WEB_CODIGO}/prueba`, { method: 'POST' });
      notify(t('prueba_encolada'), { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: entregasKey(record.WEB_CODIGO) });
    });
  return (
    <Button variant="contained" startIcon={<SendIcon />} onClick={() => void enviar()} disabled={pending}>
      {t('prueba')}
    </Button>
  );
}

/** Rotar secreto: confirmed; the new secret is shown once. */
function RotarSecreto({ record }: { record: Registro }) {
  const dataProvider = useAreaDataProvider();
  const { pending, run } = useAccion();
  const [confirmando, setConfirmando] = useState(false);
  const [secreto, setSecreto] = useState<string | null>(null);
  const rotar = () =>
    run(async () => {
      try {
        const respuesta = await dataProvider.call<{ secreto: string }>(`/api/webhooks/${record.WEB_CODIGO}/secreto`, { method: 'POST' });
        setSecreto(respuesta.secreto);
      } finally {
        setConfirmando(false);
      }
    });
  return (
    <>
      <Button startIcon={<AutorenewIcon />} onClick={() => setConfirmando(true)} disabled={pending}>
        {t('rotar')}
      </Button>
      <Confirm
        isOpen={confirmando}
        loading={pending}
        title={t('rotar_titulo')}
        content={t('rotar_texto')}
        confirm={t('rotar')}
        confirmColor="warning"
        onConfirm={rotar}
        onClose={() => setConfirmando(false)}
      />
      <SecretoUnaVez
        secreto={secreto}
        titulo={t('rotado_titulo')}
        etiqueta={texto('creado.etiqueta')}
        aviso={texto('creado.aviso')}
        onClose={() => setSecreto(null)}
      >
        {texto('creado.texto', { cabecera: CABECERA_FIRMA })}
      </SecretoUnaVez>
    </>
  );
}

function Eliminar({ record }: { record: Registro }) {
  return (
    <RemoveRecordButton
      resource="webhooks"
      record={record}
      texts={{ label: t('eliminar'), title: t('eliminar_titulo'), content: t('eliminar_texto'), done: t('eliminado') }}
    />
  );
}

function Acciones() {
  const record = useRecordContext<Registro>();
  const { canAccess } = useCanAccess({ resource: 'webhooks', action: 'edit' });
  if (!record || !canAccess) return <TopToolbar />;
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1, justifyContent: { xs: 'flex-start', sm: 'flex-end' } }}>
      <EnviarPrueba record={record} />
      <EditButton />
      <RotarSecreto record={record} />
      <Eliminar record={record} />
    </TopToolbar>
  );
}

function Titulo() {
  const record = useRecordContext<Registro>();
  return <span>{record?.WEB_URL ?? ''}</span>;
}

/** An endpoint's page: its URL, events and counts, and its delivery log. */
function Contenido() {
  const record = useRecordContext<Registro>();
  const translate = useTranslate();
  if (!record) return <LinearProgress sx={{ m: 2 }} />;
  const f = (source: string) => translate(`resources.webhooks.fields.${source}`);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {record.WEB_URL}
        </Typography>
        <ActivoChip activo={record.WEB_ACTIVO} />
      </Box>
      <Seccion titulo={t('datos')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
          {record.WEB_DESCRIPCION && <Dato label={f('WEB_DESCRIPCION')}>{record.WEB_DESCRIPCION}</Dato>}
          <Dato label={f('WEB_CREADO')}>{formatDateTime(record.WEB_CREADO)}</Dato>
          <Dato label={f('pendientes')}>{record.pendientes}</Dato>
          <Dato label={f('fallidas')}>{record.fallidas}</Dato>
          <Dato label={f('ultimaEntrega')}>{record.ultimaEntrega ? formatDateTime(record.ultimaEntrega) : texto('nunca')}</Dato>
        </Box>
        <Box sx={{ mt: 2 }}>
          <Dato label={f('WEB_EVENTOS')}>
            <EventosChips eventos={record.WEB_EVENTOS} />
          </Dato>
        </Box>
      </Seccion>
      <Seccion titulo={t('entregas')}>
        <Entregas webhook={record.WEB_CODIGO} />
      </Seccion>
    </Box>
  );
}

export const WebhookShow = () => (
  <Show actions={<Acciones />} title={<Titulo />}>
    <Contenido />
  </Show>
);
