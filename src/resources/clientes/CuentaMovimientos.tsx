import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import TableViewIcon from '@mui/icons-material/TableView';
import { formatDate } from '../../../domain/fechas';
import { dinero } from '../../ui/numeros';

/** A movement of a client's or a supplier's account: a document, a note, a collection, a withholding. */
type MovimientoCuenta = { tipo: string; id: number; fecha: string; concepto: string; debe: string; haber: string; saldo: string };
type Textos = Record<'movimientos' | 'sin_movimientos' | 'fecha' | 'concepto' | 'debe' | 'haber' | 'saldo', string>;

/**
 * The movements in date order with the running balance: a table from 600 px, a list below (a phone), where each line
 * names the side that moves the account (`lado`: debe for a client's, haber for a supplier's), else the other one.
 */
export function CuentaMovimientos({
  movimientos,
  textos,
  lado,
}: {
  movimientos: MovimientoCuenta[];
  textos: Textos;
  lado: 'debe' | 'haber';
}) {
  if (movimientos.length === 0) return <Typography color="text.secondary">{textos.sin_movimientos}</Typography>;
  const valor = (v: string) => (v === '0.00' ? '' : dinero(v));
  const otro = lado === 'debe' ? 'haber' : 'debe';
  return (
    <>
      <Table size="small" sx={{ display: { xs: 'none', sm: 'table' } }} aria-label={textos.movimientos}>
        <TableHead>
          <TableRow>
            <TableCell>{textos.fecha}</TableCell>
            <TableCell>{textos.concepto}</TableCell>
            <TableCell align="right">{textos.debe}</TableCell>
            <TableCell align="right">{textos.haber}</TableCell>
            <TableCell align="right">{textos.saldo}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {movimientos.map((m) => (
            <TableRow key={`${m.tipo}-${m.id}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(m.fecha)}</TableCell>
              <TableCell>{m.concepto}</TableCell>
              <TableCell align="right">{valor(m.debe)}</TableCell>
              <TableCell align="right">{valor(m.haber)}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {dinero(m.saldo)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box
        component="ul"
        sx={{ display: { xs: 'grid', sm: 'none' }, listStyle: 'none', p: 0, m: 0, gap: 0.5 }}
        aria-label={textos.movimientos}
      >
        {movimientos.map((m) => (
          <Box component="li" key={`${m.tipo}-${m.id}`} sx={{ borderBottom: 1, borderColor: 'divider', pb: 0.5 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {formatDate(m.fecha)} · {m.concepto}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {m[lado] !== '0.00' ? `${textos[lado]} ${dinero(m[lado])}` : `${textos[otro]} ${dinero(m[otro])}`} ·{' '}
              <Box component="strong" sx={{ color: 'text.primary' }}>
                {textos.saldo} {dinero(m.saldo)}
              </Box>
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}

/** The account as PDF or Excel: the panel's two download buttons. */
export function CuentaDescargas({
  descargar,
  textos,
}: {
  descargar: (formato: 'pdf' | 'xlsx') => void;
  textos: Record<'pdf' | 'excel' | 'descargar_pdf' | 'descargar_excel', string>;
}) {
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<PictureAsPdfIcon />}
        onClick={() => descargar('pdf')}
        aria-label={textos.descargar_pdf}
      >
        {textos.pdf}
      </Button>
      <Button
        size="small"
        variant="outlined"
        startIcon={<TableViewIcon />}
        onClick={() => descargar('xlsx')}
        aria-label={textos.descargar_excel}
      >
        {textos.excel}
      </Button>
    </>
  );
}
