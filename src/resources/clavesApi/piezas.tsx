import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ClaveApi } from '../../../domain/contratos/clavesApi';
import { formatDateTime } from '../../../domain/fechas';
import { haceCuanto } from './tiempo';
import { texto } from './textos';

/** The key's scopes as chips: Leer, Emitir. */
export function AlcancesChips({ alcances }: { alcances: readonly string[] }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
      {alcances.map((a) => (
        <Chip key={a} size="small" variant="outlined" label={texto(`alcances.${a}`)} />
      ))}
    </Box>
  );
}

/** Activa (green) or Revocada. */
export function EstadoClaveChip({ clave }: { clave: Pick<ClaveApi, 'CLA_REVOCADA'> }) {
  const revocada = clave.CLA_REVOCADA !== null;
  return (
    <Chip
      size="small"
      variant={revocada ? 'filled' : 'outlined'}
      color={revocada ? 'default' : 'success'}
      label={texto(revocada ? 'revocada' : 'activa')}
      data-estado-clave={revocada ? 'revocada' : 'activa'}
    />
  );
}

/** When the key was last used: «hace 5 minutos» (the exact time on hover), or «Nunca». */
export function UltimoUso({ clave }: { clave: Pick<ClaveApi, 'CLA_ULTIMO_USO'> }) {
  if (!clave.CLA_ULTIMO_USO) return <>{texto('nunca')}</>;
  return <span title={formatDateTime(clave.CLA_ULTIMO_USO)}>{haceCuanto(clave.CLA_ULTIMO_USO)}</span>;
}

/** The key's prefix as the list shows it: amk_3f9a… */
export const prefijo = (clave: Pick<ClaveApi, 'CLA_PREFIJO'>) => `${clave.CLA_PREFIJO}…`;
