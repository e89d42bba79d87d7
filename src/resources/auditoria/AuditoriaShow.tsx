import { Link, ListButton, Show, TopToolbar, useCreatePath, useRecordContext, useResourceDefinition, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AuditoriaDetalle } from '../../../domain/contratos/auditoria';
import { formatDateTime } from '../../../domain/fechas';
import { cambiosLegibles } from '../../../domain/etiquetas';
import { useEtiquetas } from './etiquetas';

const t = (key: string) => `resources.auditoria.${key}`;

function Titulo() {
  const record = useRecordContext();
  const translate = useTranslate();
  return <span>{record ? translate(t('titulo'), { id: record.AUD_ID }) : ''}</span>;
}

/** A labelled value of the entry. */
function Dato({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

/** The record the entry is about, linked when its resource has a page for it. */
function Registro({ entry }: { entry: AuditoriaDetalle }) {
  const createPath = useCreatePath();
  const translate = useTranslate();
  const { hasEdit } = useResourceDefinition({ resource: entry.AUD_RECURSO });
  const { recurso } = useEtiquetas();
  const text = translate(t('registro'), { recurso: recurso(entry.AUD_RECURSO), registro: entry.AUD_REGISTRO });
  if (!hasEdit || !/^\d+$/.test(entry.AUD_REGISTRO)) return <>{text}</>;
  return (
    <Link to={createPath({ resource: entry.AUD_RECURSO, id: entry.AUD_REGISTRO, type: 'edit' })} title={translate(t('ver_registro'))}>
      {text}
    </Link>
  );
}

const cell = { px: 1.5, py: 1, overflowWrap: 'anywhere' as const, whiteSpace: 'pre-wrap' as const };

/** A value before or after the change, on its tint (none where the field had no value). */
function ValorCelda({ tinte, children }: { tinte: string | undefined; children: React.ReactNode }) {
  return (
    <Box role="cell" sx={{ ...cell, borderTopStyle: 'solid', borderTopWidth: { xs: 0, sm: 1 }, borderColor: 'divider', bgcolor: tinte }}>
      {children}
    </Box>
  );
}

/** Before and after, side by side, one row per changed field. */
function Diferencias({ entry }: { entry: AuditoriaDetalle }) {
  const translate = useTranslate();
  const rows = cambiosLegibles(entry.AUD_ANTES, entry.AUD_DESPUES);
  if (!rows.length) return <Typography color="text.secondary">{translate(t('sin_valores'))}</Typography>;
  const header = { ...cell, fontWeight: 600, bgcolor: 'action.hover' };
  return (
    <Box
      role="table"
      aria-label={translate(t('titulo'), { id: entry.AUD_ID })}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'minmax(9rem, max-content) 1fr 1fr' },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      <Box role="row" sx={{ display: 'contents' }}>
        <Box role="columnheader" sx={{ ...header, display: { xs: 'none', sm: 'block' } }}>
          {translate(t('campo'))}
        </Box>
        <Box role="columnheader" sx={header}>
          {translate(t('antes'))}
        </Box>
        <Box role="columnheader" sx={header}>
          {translate(t('despues'))}
        </Box>
      </Box>
      {rows.map((row) => (
        <Box role="row" key={row.campo} sx={{ display: 'contents' }}>
          <Box
            role="rowheader"
            sx={{ ...cell, fontWeight: 600, gridColumn: { xs: '1 / -1', sm: 'auto' }, borderTop: 1, borderColor: 'divider' }}
          >
            {row.etiqueta}
          </Box>
          <ValorCelda tinte={row.antes === undefined ? undefined : 'rgba(211, 47, 47, 0.06)'}>{row.antes ?? '—'}</ValorCelda>
          <ValorCelda tinte={row.despues === undefined ? undefined : 'rgba(46, 125, 50, 0.08)'}>{row.despues ?? '—'}</ValorCelda>
        </Box>
      ))}
    </Box>
  );
}

function Contenido() {
  const record = useRecordContext();
  const translate = useTranslate();
  const { accion } = useEtiquetas();
  if (!record) return null;
  const entry = record as unknown as AuditoriaDetalle;
  const label = (field: string) => translate(`resources.auditoria.fields.${field}`);
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 3, maxWidth: 960 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Dato label={label('AUD_FECHA')}>{formatDateTime(entry.AUD_FECHA)}</Dato>
        <Dato label={label('ADM_NOMBRE')}>
          {entry.ADM_NOMBRE ?? entry.AUD_USUARIO}
          {entry.ADM_NOMBRE && (
            <Typography component="span" variant="body2" color="text.secondary">
              {` (${entry.AUD_USUARIO})`}
            </Typography>
          )}
        </Dato>
        <Dato label={label('AUD_ACCION')}>{accion(entry.AUD_ACCION)}</Dato>
        <Dato label={label('AUD_REGISTRO')}>
          <Registro entry={entry} />
        </Dato>
      </Box>
      <Diferencias entry={entry} />
    </Box>
  );
}

export const AuditoriaShow = () => (
  <Show
    title={<Titulo />}
    actions={
      <TopToolbar>
        <ListButton />
      </TopToolbar>
    }
  >
    <Contenido />
  </Show>
);
