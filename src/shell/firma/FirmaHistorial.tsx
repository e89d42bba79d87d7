import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Firma } from '../../../domain/contratos/firmas';
import { uploadedText } from './FirmaCard';

/** The signatures a company replaced (metadata only: their files were removed): a table, or cards on a phone. */
export function FirmaHistorial({ firmas }: { firmas: Firma[] }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`amelia.firma.${key}`, options);
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const validity = (firma: Firma) => t('desde_hasta', { desde: firma.FIR_DESDE, hasta: firma.FIR_HASTA });
  const uploaded = (firma: Firma) => uploadedText(t, firma.FIR_FECHA, firma.FIR_SUBIDA_POR);

  return (
    <Box component="section" aria-labelledby="firmas-anteriores">
      <Typography variant="h6" component="h2" id="firmas-anteriores" gutterBottom>
        {t('anteriores')}
      </Typography>
      {firmas.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('sin_anteriores')}
        </Typography>
      ) : narrow ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {firmas.map((firma) => (
            <Paper component="li" variant="outlined" key={firma.FIR_CODIGO} sx={{ p: 1.5, overflowWrap: 'anywhere' }}>
              <Typography variant="subtitle2">{firma.FIR_TITULAR}</Typography>
              <Typography variant="body2">{`${t('serie')}: ${firma.FIR_SERIE}`}</Typography>
              <Typography variant="body2">{validity(firma)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {uploaded(firma)}
              </Typography>
            </Paper>
          ))}
        </Box>
      ) : (
        <Table size="small" aria-labelledby="firmas-anteriores">
          <TableHead>
            <TableRow>
              <TableCell>{t('titular')}</TableCell>
              <TableCell>{t('identificacion')}</TableCell>
              <TableCell>{t('serie')}</TableCell>
              <TableCell>{t('vigencia')}</TableCell>
              <TableCell>{t('subida')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {firmas.map((firma) => (
              <TableRow key={firma.FIR_CODIGO}>
                <TableCell>{firma.FIR_TITULAR}</TableCell>
                <TableCell>{firma.FIR_IDENTIFICACION ?? t('sin_identificacion')}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{firma.FIR_SERIE}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{validity(firma)}</TableCell>
                <TableCell>{uploaded(firma)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
