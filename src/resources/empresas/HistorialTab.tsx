import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../domain/constants';
import type { HistorialEntrada } from '../../../domain/contratos/empresas';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

const PAGE = 25;

/** A stored value as people read it: yes/no, lists separated by commas, and a dash for nothing. */
function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(show).join(', ') : '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  return String(value);
}

/** Before → after on one line; lists (menus, establishments) on two labelled lines, which read better. */
function Change({ before, after }: { before: unknown; after: unknown }) {
  const translate = useTranslate();
  if (!Array.isArray(before) && !Array.isArray(after)) return <>{`${show(before)} → ${show(after)}`}</>;
  return (
    <>
      {translate('resources.empresas.ficha.antes')}: {show(before)}
      <br />
      {translate('resources.empresas.ficha.despues')}: {show(after)}
    </>
  );
}

/** One change: which field, what it was and what it became. */
function Changes({ entry }: { entry: HistorialEntrada }) {
  const translate = useTranslate();
  const keys = [...new Set([...Object.keys(entry.HIS_ANTES ?? {}), ...Object.keys(entry.HIS_DESPUES ?? {})])];
  if (!keys.length) return null;
  return (
    <Box
      component="dl"
      sx={{ m: 0, mt: 1, display: 'grid', gap: 0.5, gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, max-content) 1fr' } }}
    >
      {keys.map((key) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {translate(`resources.empresas.fields.${key}`, { _: key })}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            <Change before={entry.HIS_ANTES?.[key]} after={entry.HIS_DESPUES?.[key]} />
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Every change to the company, newest first: who, what, before → after, when. */
export function HistorialTab({ empresa }: { empresa: number }) {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const [limit, setLimit] = useState(PAGE);
  const { data, isPending } = useQuery({
    queryKey: ['empresas', empresa, 'historial', limit],
    queryFn: () =>
      dataProvider.call<HistorialEntrada[]>(`/empresas/historial/${empresa}?range=${encodeURIComponent(JSON.stringify([0, limit]))}`),
    placeholderData: (previous) => previous,
  });
  if (isPending) return <LinearProgress />;
  const rows = data ?? [];
  if (!rows.length) return <Typography>{translate('resources.empresas.ficha.sin_historial')}</Typography>;
  return (
    <>
      <List aria-label={translate('resources.empresas.ficha.historial')} disablePadding>
        {rows.slice(0, limit).map((entry) => (
          <ListItem key={entry.HIS_ID} divider sx={{ display: 'block', px: 0 }}>
            <Typography variant="subtitle2" component="p">
              {entry.HIS_DESCRIPCION}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(entry.HIS_FECHA)} · {entry.HIS_USUARIO}
            </Typography>
            <Changes entry={entry} />
          </ListItem>
        ))}
      </List>
      {/* One row more than shown was asked for: it tells whether there is more. */}
      {rows.length > limit && (
        <Button onClick={() => setLimit(limit + PAGE)} sx={{ mt: 1 }}>
          {translate('resources.empresas.ficha.ver_mas')}
        </Button>
      )}
    </>
  );
}
