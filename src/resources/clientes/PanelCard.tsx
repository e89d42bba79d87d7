import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

type Props = {
  titulo: string;
  /** The space between the panel's blocks. */
  gap: number;
  /** The panel's buttons, beside its title. */
  acciones?: ReactNode;
  /** The panel's dialogs, outside its content. */
  dialogos?: ReactNode;
  children: ReactNode;
};

/** One panel of a client's page: a card named by its title, its buttons beside the title (under it on a phone). */
export function PanelCard({ titulo, gap, acciones, dialogos, children }: Props) {
  return (
    <Card variant="outlined" component="section" aria-label={titulo}>
      <CardContent sx={{ display: 'grid', gap }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {titulo}
          </Typography>
          {acciones && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{acciones}</Box>}
        </Box>
        {children}
      </CardContent>
      {dialogos}
    </Card>
  );
}
