import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A tab of the company's page: its title with its main action beside it, then its contents. */
export function TabSection({ titulo, accion, children }: { titulo: string; accion: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {titulo}
        </Typography>
        {accion}
      </Box>
      {children}
    </Box>
  );
}

/** A tab's rows on a phone: one card each, in a list named `label`. */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} aria-label={label}>
      {children}
    </Box>
  );
}

/** One row's card in a CardList; `gap` is the space between its lines. */
export function CardItem({ gap = 0.5, children }: { gap?: number; children: ReactNode }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, display: 'grid', gap }}>
      {children}
    </Paper>
  );
}

type EstadoProps = { pending: boolean; error: unknown; rows: readonly unknown[] | undefined; vacio: string };

/** Where a tab's rows stand: loading, the error that stopped them, or `vacio` when there are none. */
export function TabEstado({ pending, error, rows, vacio }: EstadoProps) {
  const translate = useTranslate();
  return (
    <>
      {pending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {Boolean(error) && <Typography color="error">{(error as Error).message}</Typography>}
      {rows?.length === 0 && <Typography color="text.secondary">{vacio}</Typography>}
    </>
  );
}
