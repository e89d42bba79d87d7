import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { BANDERAS, type Bandera, type Banderas } from '../../../domain/clientes';

/** The flags a client has, in the order of BANDERAS. */
export const banderasDe = (banderas: Banderas | null | undefined): Bandera[] =>
  banderas ? (Object.keys(BANDERAS) as Bandera[]).filter((b) => banderas[b] === true) : [];

/**
 * The taxpayer flags as small chips (the list) or full-size ones (the client's page): a phantom company in red, the
 * others neutral; each tells its detail on hover.
 */
export function BanderaChips({ banderas, size = 'small' }: { banderas: Banderas | null | undefined; size?: 'small' | 'medium' }) {
  const flags = banderasDe(banderas);
  if (!flags.length) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
      {flags.map((flag) => (
        <Tooltip key={flag} title={BANDERAS[flag].detalle}>
          <Chip
            size={size}
            label={BANDERAS[flag].etiqueta}
            color={BANDERAS[flag].alerta ? 'error' : 'default'}
            variant={BANDERAS[flag].alerta ? 'filled' : 'outlined'}
          />
        </Tooltip>
      ))}
    </Box>
  );
}
