import { Link } from 'react-admin';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useNarrow } from '../../shell/catalogo';
import type { ResultadoRecibido } from '../../../domain/contratos/recibidos';
import { texto } from './textos';

const t = (key: string) => texto(`importar.${key}`);
const COLOR: Record<string, 'success' | 'info' | 'error'> = { importado: 'success', duplicado: 'info', rechazado: 'error' };

const Estado = ({ estado }: { estado: string }) => (
  <Chip size="small" color={COLOR[estado] ?? 'default'} label={texto(`importar.estados.${estado}`)} />
);

/** Why it was refused or what was done besides, and a link to the document when it was kept. */
function Mensaje({ resultado: r }: { resultado: ResultadoRecibido }) {
  return (
    <>
      {r.mensaje}
      {r.REC_CODIGO && (
        <>
          {r.mensaje ? ' · ' : ''}
          <Link to={`/recibidos/${r.REC_CODIGO}/show`}>{t('ver')}</Link>
        </>
      )}
    </>
  );
}

/** Each document of an import: where it came from, its key, what happened (green, blue, red) and why; a link to it when kept. */
export function ResultadoTabla({ resultados }: { resultados: readonly ResultadoRecibido[] }) {
  const narrow = useNarrow();
  // On a phone each document is a block: the state first, then where it came from, its key and the message.
  if (narrow)
    return (
      <Box component="ul" aria-label={t('resultado')} sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {resultados.map((r, i) => (
          <Box
            component="li"
            key={`${i}-${r.clave ?? r.origen}`}
            data-estado={r.estado}
            sx={{ borderBottom: 1, borderColor: 'divider', pb: 1, minWidth: 0 }}
          >
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
              <Estado estado={r.estado} />
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {r.origen}
              </Typography>
            </Box>
            {r.clave && r.clave !== r.origen && (
              <Typography variant="caption" component="div" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {r.clave}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              <Mensaje resultado={r} />
            </Typography>
          </Box>
        ))}
      </Box>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('resultado')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('origen')}</TableCell>
            <TableCell>{t('clave')}</TableCell>
            <TableCell>{t('estado')}</TableCell>
            <TableCell>{t('mensaje')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {resultados.map((r, i) => (
            <TableRow key={`${i}-${r.clave ?? r.origen}`} data-estado={r.estado}>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>{r.origen}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem', wordBreak: 'break-all', minWidth: 160 }}>
                {r.clave ?? '—'}
              </TableCell>
              <TableCell>
                <Estado estado={r.estado} />
              </TableCell>
              <TableCell sx={{ minWidth: 160 }}>
                <Mensaje resultado={r} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
