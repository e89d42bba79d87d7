import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../domain/fechas';
import type { HistorialEntrada } from '../../../domain/contratos/empresas';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { cambiosLegibles } from '../../../domain/etiquetas';

const PAGE = 25;

/** Before → after on one line; long values (menus, establishments) on two labelled lines, which read better. */
function Change({ before, after }: { before?: string; after?: string }) {
  const translate = useTranslate();
  if (before === undefined) return <>{after ?? '—'}</>;
  const long = (before.length > 40 || (after ?? '').length > 40) && after !== undefined;
  if (!long && after !== undefined) return <>{`${before} → ${after}`}</>;
  return (
    <>
      {translate('resources.empresas.ficha.antes')}: {before}
      {after !== undefined && (
        <>
          <br />
          {translate('resources.empresas.ficha.despues')}: {after}
        </>
      )}
    </>
  );
}

/** One change: which field, what it was and what it became, as people read them (domain/etiquetas.ts). */
function Changes({ entry }: { entry: HistorialEntrada }) {
  const rows = cambiosLegibles(entry.HIS_ANTES, entry.HIS_DESPUES);
  if (!rows.length) return null;
  return (
    <Box
      component="dl"
      sx={{ m: 0, mt: 1, display: 'grid', gap: 0.5, gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, max-content) 1fr' } }}
    >
      {rows.map((row) => (
        <Box key={row.campo} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {row.etiqueta}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            <Change before={row.antes} after={row.despues} />
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
