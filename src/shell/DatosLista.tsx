import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

type Props = {
  /** Each row: its label and its value. */
  rows: ReadonlyArray<readonly [string, ReactNode]>;
  /** The grid of the list (its columns and gaps). */
  sx: SxProps<Theme>;
  /** The labels' own style. */
  labelSx?: SxProps<Theme>;
};

/** Labelled values as a description list (dl), each label in its grid column and its value beside it. */
export function DatosLista({ rows, sx, labelSx }: Props) {
  return (
    <Box component="dl" sx={sx}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={labelSx}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
