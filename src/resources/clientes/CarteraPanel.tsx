import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { TRAMOS_CARTERA, type CarteraDeCliente, type FacturaCartera } from '../../../domain/contratos/cuentas';
import { formatDate } from '../../../domain/fechas';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { CifrasTramos, DescargasCartera } from './cartera';
import { estadoCuentaKey } from './EstadoCuentaPanel';
import { PanelCard } from './PanelCard';
import { texto } from './textos';

const t = (key: string, options?: object) => texto(`cartera.${key}`, options);

function Tramo({ f }: { f: FacturaCartera }) {
  const nombre = TRAMOS_CARTERA.find((x) => x.clave === f.tramo)?.nombre ?? f.tramo;
  return f.tramo === 'porVencer' ? (
    <Chip size="small" variant="outlined" label={nombre} data-tramo={f.tramo} />
  ) : (
    <Chip size="small" color="error" label={nombre} data-tramo={f.tramo} />
  );
}

/** The invoices that owe with their bucket: a table from 600 px, cards below. */
function Facturas({ facturas }: { facturas: FacturaCartera[] }) {
  if (facturas.length === 0) return <Typography color="text.secondary">{t('sin_facturas')}</Typography>;
  return (
    <>
      <Table size="small" sx={{ display: { xs: 'none', sm: 'table' } }} aria-label={t('titulo')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('factura')}</TableCell>
            <TableCell>{t('vence')}</TableCell>
            <TableCell align="right">{t('dias')}</TableCell>
            <TableCell align="right">{t('saldo')}</TableCell>
            <TableCell>{t('tramo')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {facturas.map((f) => (
            <TableRow key={f.FAC_CODIGO}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.FAC_NUMERO}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(f.vencimiento)}</TableCell>
              <TableCell align="right">{f.diasVencida > 0 ? f.diasVencida : ''}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {f.saldo}
              </TableCell>
              <TableCell>
                <Tramo f={f} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ display: { xs: 'grid', sm: 'none' }, gap: 1 }} role="list" aria-label={t('titulo')}>
        {facturas.map((f) => (
          <Paper key={f.FAC_CODIGO} variant="outlined" role="listitem" sx={{ p: 1.5, display: 'grid', gap: 0.5 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{f.FAC_NUMERO}</Typography>
              <Tramo f={f} />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t('vence')} {formatDate(f.vencimiento)}
              {f.diasVencida > 0 ? ` · ${t('dias')} ${f.diasVencida}` : ''}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('saldo')} {f.saldo}
            </Typography>
          </Paper>
        ))}
      </Box>
    </>
  );
}

/**
 * The client's aging on its page: its balance by days overdue and the invoices that owe, each in its bucket, with the
 * report as PDF or Excel. Under the statement's query key: registering or undoing a collection refreshes it too.
 */
export function CarteraPanel({ cliente }: { cliente: number }) {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const { data, error, isPending } = useQuery({
    queryKey: [...estadoCuentaKey(cliente), 'cartera'],
    queryFn: () => dataProvider.call<CarteraDeCliente>(`/api/clientes/cartera/${cliente}`),
  });
  return (
    <PanelCard
      titulo={t('titulo')}
      gap={2}
      acciones={<DescargasCartera path={`/api/clientes/cartera/${cliente}/reporte`} archivo="antiguedad-cartera" />}
    >
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {data && (
        <>
          <CifrasTramos totales={data.totales} />
          <Facturas facturas={data.facturas} />
        </>
      )}
    </PanelCard>
  );
}
