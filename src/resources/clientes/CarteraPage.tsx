import { useQuery } from '@tanstack/react-query';
import { Link, Title, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Cartera, CarteraCliente } from '../../../domain/contratos/cuentas';
import { formatDate } from '../../../domain/fechas';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { CifrasTramos, COLUMNAS_TRAMOS, DescargasCartera, vencido } from './cartera';
import { texto } from './textos';

const t = (key: string, options?: object) => texto(`cartera.${key}`, options);
const num = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const enlace = (c: CarteraCliente) => `/clientes/${c.CLI_CODIGO}/show`;

/** A wide screen: one row per client with its buckets, and the totals row. */
function Tabla({ data }: { data: Cartera }) {
  return (
    <Box sx={{ display: { xs: 'none', md: 'block' }, overflowX: 'auto' }}>
      <Table size="small" aria-label={t('titulo')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('cliente')}</TableCell>
            {COLUMNAS_TRAMOS.map((c) => (
              <TableCell key={c.clave} sx={num}>
                {c.nombre}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.clientes.map((c) => (
            <TableRow key={c.CLI_CODIGO} hover data-cliente={c.CLI_CODIGO}>
              <TableCell sx={{ minWidth: 200 }}>
                <Link to={enlace(c)}>{c.CLI_RAZON_SOCIAL}</Link>
                <Typography variant="body2" color="text.secondary">
                  {c.CLI_IDENTIFICACION}
                </Typography>
              </TableCell>
              {COLUMNAS_TRAMOS.map(({ clave }) => (
                <TableCell
                  key={clave}
                  data-tramo={clave}
                  sx={{
                    ...num,
                    color: vencido(clave, c[clave]) ? 'error.main' : undefined,
                    fontWeight: clave === 'saldo' ? 600 : undefined,
                  }}
                >
                  {c[clave]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow data-total>
            <TableCell sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' }}>
              {t('total', { smart_count: data.clientes.length })}
            </TableCell>
            {COLUMNAS_TRAMOS.map(({ clave }) => (
              <TableCell key={clave} data-tramo={clave} sx={{ ...num, fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' }}>
                {data.totales[clave]}
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
      </Table>
    </Box>
  );
}

/** A phone or a tablet: one card per client with the buckets that hold money. */
function Tarjetas({ data }: { data: Cartera }) {
  return (
    <Box sx={{ display: { xs: 'grid', md: 'none' }, gap: 1 }} role="list" aria-label={t('titulo')}>
      {data.clientes.map((c) => (
        <Paper key={c.CLI_CODIGO} variant="outlined" role="listitem" sx={{ p: 1.5, display: 'grid', gap: 0.5, minWidth: 0 }}>
          <Box sx={{ minWidth: 0 }}>
            <Link to={enlace(c)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {c.CLI_RAZON_SOCIAL}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {c.CLI_IDENTIFICACION}
            </Typography>
          </Box>
          {COLUMNAS_TRAMOS.filter(({ clave }) => clave === 'saldo' || c[clave] !== '0.00').map(({ clave, nombre }) => (
            <Box key={clave} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: clave === 'saldo' ? 600 : undefined }}>
                {nombre}
              </Typography>
              <Typography
                variant="body2"
                sx={{ ...num, color: vencido(clave, c[clave]) ? 'error.main' : undefined, fontWeight: clave === 'saldo' ? 600 : undefined }}
              >
                {c[clave]}
              </Typography>
            </Box>
          ))}
        </Paper>
      ))}
    </Box>
  );
}

/**
 * "Antigüedad de cartera" (#/clientes/cartera): every client that owes, its balance split by days overdue, the totals,
 * and the report as PDF or Excel. A seller sees their clients only (the server decides).
 */
export function CarteraPage() {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const { data, error, isPending } = useQuery({
    queryKey: ['clientes', 'cartera'],
    queryFn: () => dataProvider.call<Cartera>('/api/clientes/cartera'),
  });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={t('titulo')} />
      <Card variant="outlined" component="section" aria-label={t('titulo')}>
        <CardContent sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h1">
              {t('titulo')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <DescargasCartera path="/api/clientes/cartera/reporte" archivo="antiguedad-cartera" />
            </Box>
          </Box>
          {error && <Alert severity="error">{(error as Error).message}</Alert>}
          {isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
          {data && (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('explicacion', { fecha: formatDate(data.hoy) })}
              </Typography>
              <CifrasTramos totales={data.totales} />
              {data.clientes.length === 0 ? (
                <Typography color="text.secondary">{t('sin_saldo')}</Typography>
              ) : (
                <>
                  <Tabla data={data} />
                  <Tarjetas data={data} />
                </>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
