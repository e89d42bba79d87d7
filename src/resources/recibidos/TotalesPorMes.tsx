import { Fragment, useState } from 'react';
import { useListContext } from 'react-admin';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { RecibidosTotales } from '../../../domain/contratos/recibidos';
import { formatCount } from '../../../domain/listas';
import { dinero } from '../../ui/numeros';
import { useNarrow } from '../../shell/catalogo';
import { useTotalesRecibidos } from './piezas';
import { nombreTipo, texto } from './textos';

const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
/** "2026-03" → "marzo 2026". */
const nombreMes = (mes: string) => {
  const [anio, numero] = mes.split('-');
  return `${MESES[Number(numero) - 1] ?? numero} ${anio}`;
};
const cifra = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type Fila = RecibidosTotales['porMes'][number];

/** The rows grouped by month, newest first, each month's types in the SRI's order. */
function porMes(filas: readonly Fila[]): Array<[string, Fila[]]> {
  const grupos = new Map<string, Fila[]>();
  for (const fila of [...filas].sort((a, b) => b.mes.localeCompare(a.mes) || a.REC_TIPO.localeCompare(b.REC_TIPO)))
    grupos.set(fila.mes, [...(grupos.get(fila.mes) ?? []), fila]);
  return [...grupos];
}

/** The month × type table of the filtered documents: how many, subtotal, IVA and total (a retención's total is what it withheld). */
function Tabla({ filas }: { filas: readonly Fila[] }) {
  const l = (key: string) => texto(`lista.${key}`);
  const narrow = useNarrow();
  if (filas.length === 0) return <Typography color="text.secondary">{l('sin_datos')}</Typography>;
  // On a phone each month and type is a block: six columns do not fit 390 px.
  if (narrow)
    return (
      <Box component="ul" aria-label={l('por_mes_titulo')} sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {porMes(filas).flatMap(([mes, tipos]) =>
          tipos.map((f) => (
            <Box
              component="li"
              key={`${mes}-${f.REC_TIPO}`}
              data-mes={mes}
              data-tipo={f.REC_TIPO}
              sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}
            >
              <Typography variant="body2" fontWeight={600}>
                {nombreMes(mes)} · {nombreTipo(f.REC_TIPO)} · {formatCount(f.cantidad)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {l('subtotal')} {dinero(f.subtotal)} · {l('iva')} {dinero(f.iva)} · {l('total')} <strong>{dinero(f.total)}</strong>
              </Typography>
            </Box>
          )),
        )}
      </Box>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={l('por_mes_titulo')}>
        <TableHead>
          <TableRow>
            <TableCell>{l('mes')}</TableCell>
            <TableCell>{l('tipo')}</TableCell>
            <TableCell sx={cifra}>{l('cantidad')}</TableCell>
            <TableCell sx={cifra}>{l('subtotal')}</TableCell>
            <TableCell sx={cifra}>{l('iva')}</TableCell>
            <TableCell sx={cifra}>{l('total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {porMes(filas).map(([mes, tipos]) => (
            <Fragment key={mes}>
              {tipos.map((f, i) => (
                <TableRow key={f.REC_TIPO} data-mes={mes} data-tipo={f.REC_TIPO}>
                  {i === 0 && (
                    <TableCell component="th" scope="rowgroup" rowSpan={tipos.length} sx={{ verticalAlign: 'top', fontWeight: 600 }}>
                      {nombreMes(mes)}
                    </TableCell>
                  )}
                  <TableCell>{nombreTipo(f.REC_TIPO)}</TableCell>
                  <TableCell sx={cifra}>{formatCount(f.cantidad)}</TableCell>
                  <TableCell sx={cifra}>{dinero(f.subtotal)}</TableCell>
                  <TableCell sx={cifra}>{dinero(f.iva)}</TableCell>
                  <TableCell sx={cifra}>{dinero(f.total)}</TableCell>
                </TableRow>
              ))}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** "Totales por mes", folded under the list; opened, it shows the table with the list's filters (the footer's same query). */
export function TotalesPorMes() {
  const { filterValues } = useListContext();
  const [abierto, setAbierto] = useState(false);
  const { data } = useTotalesRecibidos(filterValues);
  return (
    <Accordion expanded={abierto} onChange={(_, expanded) => setAbierto(expanded)} disableGutters elevation={0} square>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="recibidos-por-mes" id="recibidos-por-mes-titulo">
        <Typography variant="subtitle2">{texto('lista.por_mes')}</Typography>
      </AccordionSummary>
      <AccordionDetails id="recibidos-por-mes">{abierto && data && <Tabla filas={data.porMes} />}</AccordionDetails>
    </Accordion>
  );
}
