import type { Identifier } from 'react-admin';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { NotaCreditoDetalle } from '../../../domain/contratos/notasCredito';
import { calcularLineas } from '../../../domain/facturas/calculo';
import { tarifaIva } from '../../../domain/facturas/catalogos';
import { NotaPagina, Seccion, TotalesNota, type NotaRegistro } from '../../comprobantes/NotaPagina';
import { useNarrow } from '../../shell/catalogo';
import { dinero } from '../../ui/numeros';
import { NOTA_CREDITO } from './documento';
import { texto } from './textos';

type Registro = NotaRegistro & Pick<NotaCreditoDetalle, 'lineas'>;
const c = (key: string) => texto(`columnas.${key}`);
const num = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const sinCeros = (v: string) => (/^\d+\.\d+$/.test(v) ? v.replace(/\.?0+$/, '') : v);
const ivaDe = (codigo: string) => tarifaIva(codigo)?.nombre ?? codigo;

/** The returned lines (or the discounts): a table on a wide screen, one block per line on a phone. */
function Lineas({ record }: { record: Registro }) {
  const narrow = useNarrow();
  if (narrow)
    return (
      <Box sx={{ display: 'grid', gap: 1 }}>
        {record.lineas.map((l, i) => (
          <Box key={i} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1, minWidth: 0 }}>
            <Typography variant="body2" fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>
              {l.FDE_DESCRIPCION}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[l.FDE_PRINCIPAL, `${sinCeros(l.FDE_CANTIDAD)} × ${dinero(sinCeros(l.FDE_PRECIO))}`, ivaDe(l.FDE_IVA)]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            <Typography variant="body2" sx={num}>
              {dinero(l.FDE_SUBTOTAL)}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{c('codigo')}</TableCell>
          <TableCell>{c('descripcion')}</TableCell>
          <TableCell sx={num}>{c('cantidad')}</TableCell>
          <TableCell sx={num}>{c('precio')}</TableCell>
          <TableCell sx={num}>{c('descuento')}</TableCell>
          <TableCell>{c('iva')}</TableCell>
          <TableCell sx={num}>{c('subtotal')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {record.lineas.map((l, i) => (
          <TableRow key={i}>
            <TableCell>{l.FDE_PRINCIPAL}</TableCell>
            <TableCell>{l.FDE_DESCRIPCION}</TableCell>
            <TableCell sx={num}>{sinCeros(l.FDE_CANTIDAD)}</TableCell>
            <TableCell sx={num}>{dinero(sinCeros(l.FDE_PRECIO))}</TableCell>
            <TableCell sx={num}>{dinero(l.FDE_DESCUENTO)}</TableCell>
            <TableCell>{ivaDe(l.FDE_IVA)}</TableCell>
            <TableCell sx={num}>{dinero(l.FDE_SUBTOTAL)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Cuerpo({ record }: { record: Registro }) {
  // The per-rate subtotals as the RIDE prints them, from the stored lines by the same calculation.
  const calculo = calcularLineas(
    record.lineas.map((l) => ({
      cantidad: l.FDE_CANTIDAD,
      precioUnitario: l.FDE_PRECIO,
      descuento: l.FDE_DESCUENTO,
      codigoPorcentaje: l.FDE_IVA,
    })),
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(280px, 2fr)' } }}>
      <Seccion titulo={texto('show.lineas')}>
        <Lineas record={record} />
      </Seccion>
      <Seccion titulo={texto('show.totales')}>
        <TotalesNota subtotales={calculo.subtotalesIva} subtotal={record.FAC_SUBTOTAL} total={record.FAC_TOTAL} />
      </Seccion>
    </Box>
  );
}

/** A credit note's page: the notes' shared page with its returned lines and totals. */
export const NotaCreditoShow = ({ id }: { id?: Identifier }) => (
  <NotaPagina
    id={id}
    documento={NOTA_CREDITO}
    completa={(r) => Array.isArray((r as Registro).lineas)}
    cuerpo={(r) => <Cuerpo record={r as Registro} />}
  />
);
