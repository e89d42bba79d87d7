import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useNotify, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TextField from '@mui/material/TextField';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddCardIcon from '@mui/icons-material/AddCard';
import BlockIcon from '@mui/icons-material/Block';
import { referenciaCobro, type Cobro, type EstadoCuenta, type FacturaCuenta } from '../../../domain/contratos/cuentas';
import { AnularCobroDialog, RegistrarCobroDialog } from './EstadoCuentaCobro';
import { formatDate } from '../../../domain/fechas';
import { aCentavos, usd } from './EstadoCuentaReparto';
import { texto } from './textos';
import { dinero } from '../../ui/numeros';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { PanelCard } from './PanelCard';
import { CuentaDescargas, CuentaMovimientos } from './CuentaMovimientos';

const t = (key: string, options?: object) => texto(`cuenta.${key}`, options);
/** Every period of the client's statement: a collection registered or undone refreshes them all. */
export const estadoCuentaKey = (cliente: number) => ['clientes', 'estadoCuenta', cliente];

type Periodo = { desde: string; hasta: string };
/** `path` with the period's days that are set (and `otros` parameters) as its query. */
const conPeriodo = (path: string, { desde, hasta }: Periodo, otros: Record<string, string> = {}) => {
  const q = new URLSearchParams({ ...otros, ...(desde ? { desde } : {}), ...(hasta ? { hasta } : {}) });
  return q.size ? `${path}?${q}` : path;
};

/** The period's two days; "Todo" clears them. Days the API refuses (desde after hasta) come back as its message. */
function Periodo({ periodo, cambiar }: { periodo: Periodo; cambiar: (p: Periodo) => void }) {
  const dia = (campo: keyof Periodo) => (
    <TextField
      type="date"
      size="small"
      label={t(campo)}
      value={periodo[campo]}
      onChange={(e) => cambiar({ ...periodo, [campo]: e.target.value })}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: { xs: '100%', sm: 170 } }}
    />
  );
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }} role="group" aria-label={t('periodo')}>
      {dia('desde')}
      {dia('hasta')}
      {(periodo.desde || periodo.hasta) && (
        <Button size="small" onClick={() => cambiar({ desde: '', hasta: '' })}>
          {t('todo')}
        </Button>
      )}
    </Box>
  );
}

/** What the client owed before the period, and with the period's balance. */
function Anterior({ data }: { data: EstadoCuenta }) {
  if (!data.anterior || !data.desde) return null;
  const total = dinero(usd((aCentavos(data.anterior.saldo) ?? 0n) + (aCentavos(data.totales.saldo) ?? 0n)));
  return (
    <Alert severity={data.anterior.vencido !== '0.00' ? 'warning' : 'info'}>
      {t('anterior', { fecha: formatDate(data.desde), saldo: dinero(data.anterior.saldo), vencido: dinero(data.anterior.vencido) })} ·{' '}
      <strong>{t('saldo_total', { total })}</strong>
    </Alert>
  );
}
const conSaldo = (f: FacturaCuenta) => f.saldo !== '0.00';
/** An invoice's AUTORIZADA notes in a few characters ("NC −20.00 · ND +5.50"); '' without any. */
const notasDe = (f: FacturaCuenta) =>
  [
    f.notasCredito !== '0.00' ? t('nota_credito', { valor: dinero(f.notasCredito) }) : '',
    f.notasDebito !== '0.00' ? t('nota_debito', { valor: dinero(f.notasDebito) }) : '',
  ]
    .filter(Boolean)
    .join(' · ');

/** What the invoices' notes add up to, as a sentence; null when none has notes. */
function sumaNotas(facturas: FacturaCuenta[]) {
  let credito = 0n;
  let debito = 0n;
  for (const f of facturas) {
    credito += aCentavos(f.notasCredito) ?? 0n;
    debito += aCentavos(f.notasDebito) ?? 0n;
  }
  if (credito + debito === 0n) return null;
  const detalle = [
    credito > 0n ? t('notas_credito_incluidas', { valor: dinero(usd(credito)) }) : '',
    debito > 0n ? t('notas_debito_incluidas', { valor: dinero(usd(debito)) }) : '',
  ]
    .filter(Boolean)
    .join(' y ');
  return t('notas_incluidas', { detalle });
}

function Cifra({ etiqueta, valor, alerta }: { etiqueta: string; valor: string; alerta?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0, borderColor: alerta ? 'error.main' : undefined }}>
      <Typography variant="caption" color="text.secondary">
        {etiqueta}
      </Typography>
      <Typography variant="h6" component="p" color={alerta ? 'error' : undefined} sx={{ whiteSpace: 'nowrap' }}>
        USD {dinero(valor)}
      </Typography>
    </Paper>
  );
}

const Vencida = ({ f }: { f: FacturaCuenta }) =>
  f.diasVencida > 0 ? (
    <Chip size="small" color="error" label={t('vencida', { smart_count: f.diasVencida })} />
  ) : (
    <Chip size="small" variant="outlined" label={t('al_dia')} />
  );

/** The invoices that owe: a table from 600 px, cards below (a phone). Overdue ones in red. */
function Facturas({ facturas }: { facturas: FacturaCuenta[] }) {
  if (facturas.length === 0) return <Typography color="text.secondary">{t('sin_facturas')}</Typography>;
  const conNotas = facturas.some((f) => notasDe(f) !== '');
  return (
    <>
      <Table size="small" sx={{ display: { xs: 'none', sm: 'table' } }} aria-label={t('facturas')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('factura')}</TableCell>
            <TableCell>{t('emision')}</TableCell>
            <TableCell>{t('vence')}</TableCell>
            <TableCell align="right">{t('total')}</TableCell>
            {conNotas && <TableCell align="right">{t('notas')}</TableCell>}
            <TableCell align="right">{t('cobrado')}</TableCell>
            <TableCell align="right">{t('saldo')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {facturas.map((f) => (
            <TableRow key={f.FAC_CODIGO} sx={f.diasVencida > 0 ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : undefined}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.FAC_NUMERO}</TableCell>
              <TableCell>{formatDate(f.FAC_FECHA)}</TableCell>
              <TableCell sx={{ color: f.diasVencida > 0 ? 'error.main' : undefined }}>{formatDate(f.vencimiento)}</TableCell>
              <TableCell align="right">{dinero(f.FAC_TOTAL)}</TableCell>
              {conNotas && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {notasDe(f)}
                </TableCell>
              )}
              <TableCell align="right">{f.cobrado}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {dinero(f.saldo)}
              </TableCell>
              <TableCell>
                <Vencida f={f} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ display: { xs: 'grid', sm: 'none' }, gap: 1 }} role="list" aria-label={t('facturas')}>
        {facturas.map((f) => (
          <Paper
            key={f.FAC_CODIGO}
            variant="outlined"
            role="listitem"
            sx={{ p: 1.5, borderColor: f.diasVencida > 0 ? 'error.main' : undefined, display: 'grid', gap: 0.5 }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{f.FAC_NUMERO}</Typography>
              <Vencida f={f} />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t('emision')} {formatDate(f.FAC_FECHA)} · {t('vence')} {formatDate(f.vencimiento)}
            </Typography>
            <Typography variant="body2">
              {t('total')} {dinero(f.FAC_TOTAL)} · {notasDe(f) ? `${notasDe(f)} · ` : ''}
              {t('cobrado')} {dinero(f.cobrado)} ·{' '}
              <Box component="strong">
                {t('saldo')} {dinero(f.saldo)}
              </Box>
            </Typography>
          </Paper>
        ))}
      </Box>
    </>
  );
}

/** The account's downloads' texts. */
const TEXTOS_DESCARGAS = { pdf: t('pdf'), excel: t('excel'), descargar_pdf: t('descargar_pdf'), descargar_excel: t('descargar_excel') };

/** The texts of the movements of the shown invoices (invoices, their notes, collections) with the running balance. */
const TEXTOS_MOVIMIENTOS = {
  movimientos: t('movimientos'),
  sin_movimientos: t('sin_movimientos'),
  fecha: t('fecha'),
  concepto: t('concepto'),
  debe: t('debe'),
  haber: t('haber'),
  saldo: t('saldo'),
};

/** The collections; `anular` (undefined for the roles that may not undo one) offers "Anular cobro" on each standing one. */
function Cobros({ cobros, anular }: { cobros: Cobro[]; anular?: (c: Cobro) => void }) {
  if (cobros.length === 0) return <Typography color="text.secondary">{t('sin_cobros')}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} aria-label={t('cobros')}>
      {cobros.map((c) => (
        <Paper component="li" key={c.COB_CODIGO} variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0, color: c.COB_ANULADO ? 'text.disabled' : undefined }}>
            <Typography sx={{ fontWeight: 600, textDecoration: c.COB_ANULADO ? 'line-through' : undefined }}>
              {formatDate(c.COB_FECHA)} · USD {dinero(c.COB_VALOR)} · {c.forma}
            </Typography>
            <Typography variant="body2" sx={{ textDecoration: c.COB_ANULADO ? 'line-through' : undefined, overflowWrap: 'anywhere' }}>
              {[referenciaCobro(c), `${t('aplicado')} ${c.aplicaciones.map((a) => `${a.FAC_NUMERO} (${a.valor})`).join(', ')}`]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            {c.COB_ANULADO && (
              <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                {t('anulado', { motivo: c.COB_ANULACION_MOTIVO ?? '' })}
                {c.anuladoPor ? ` · ${c.anuladoPor}` : ''}
              </Typography>
            )}
          </Box>
          {!c.COB_ANULADO && anular && (
            <IconButton
              aria-label={`${t('anular')} ${formatDate(c.COB_FECHA)} USD ${dinero(c.COB_VALOR)}`}
              onClick={() => anular(c)}
              edge="end"
            >
              <BlockIcon />
            </IconButton>
          )}
        </Paper>
      ))}
    </Box>
  );
}

/**
 * The client's account: totals (invoiced after the notes, collected, balance, overdue), the invoices that owe with their
 * due dates and notes, the movements with the running balance, the collections (undone ones struck through with their reason), "Registrar cobro", "Anular cobro", and the statement
 * as PDF or Excel.
 */
export function EstadoCuentaPanel({ cliente }: { cliente: number }) {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [periodo, setPeriodo] = useState<Periodo>({ desde: '', hasta: '' });
  const { data, error, isPending } = useQuery({
    queryKey: [...estadoCuentaKey(cliente), periodo],
    queryFn: () => dataProvider.call<EstadoCuenta>(conPeriodo(`/api/clientes/estadoCuenta/${cliente}`, periodo)),
    // The last period's figures stay while a new day is typed, instead of the panel blinking empty.
    placeholderData: keepPreviousData,
  });
  const [registrar, setRegistrar] = useState(false);
  const [anular, setAnular] = useState<Cobro | null>(null);
  const { canAccess: anula } = useCanAccess({ resource: 'clientes', action: 'anularCobro' });
  const reload = () => queryClient.invalidateQueries({ queryKey: estadoCuentaKey(cliente) });
  const descargar = (formato: 'pdf' | 'xlsx') =>
    dataProvider
      .download(conPeriodo(`/api/clientes/estadoCuenta/${cliente}/reporte`, periodo, { formato }), `estado-cuenta.${formato}`)
      .catch((e: Error) => notify(e.message, { type: 'error' }));

  const pendientes = data?.facturas.filter(conSaldo) ?? [];
  const notas = data ? sumaNotas(data.facturas) : null;
  const pagadas = (data?.facturas.length ?? 0) - pendientes.length;
  return (
    <PanelCard
      titulo={t('titulo')}
      gap={2}
      acciones={
        <>
          <Button variant="contained" size="small" startIcon={<AddCardIcon />} onClick={() => setRegistrar(true)} disabled={!data}>
            {t('registrar')}
          </Button>
          <CuentaDescargas descargar={descargar} textos={TEXTOS_DESCARGAS} />
        </>
      }
    >
      <Periodo periodo={periodo} cambiar={setPeriodo} />
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {data && (
        <>
          <Anterior data={data} />
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
            <Cifra etiqueta={t('facturado')} valor={data.totales.facturado} />
            <Cifra etiqueta={t('cobrado')} valor={data.totales.cobrado} />
            <Cifra etiqueta={t('saldo')} valor={data.totales.saldo} />
            <Cifra etiqueta={t('vencido')} valor={data.totales.vencido} alerta={data.totales.vencido !== '0.00'} />
          </Box>
          {notas && (
            <Typography variant="body2" color="text.secondary">
              {notas}
            </Typography>
          )}
          <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3">
              {t('facturas')}
            </Typography>
            <Facturas facturas={pendientes} />
            {pagadas > 0 && (
              <Typography variant="caption" color="text.secondary">
                {t('pagadas', { smart_count: pagadas })}
              </Typography>
            )}
          </Box>
          <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3">
              {t('movimientos')}
            </Typography>
            <CuentaMovimientos movimientos={data.movimientos} textos={TEXTOS_MOVIMIENTOS} lado="debe" />
            <Typography sx={{ fontWeight: 600, textAlign: 'right' }}>
              {/* With a period, the alert above gives the total with what came before it. */}
              {t(data.desde || data.hasta ? 'saldo_periodo' : 'saldo_total', { total: dinero(data.totales.saldo) })}
            </Typography>
          </Box>
          <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3">
              {t('cobros')}
            </Typography>
            <Cobros cobros={data.cobros} anular={anula ? setAnular : undefined} />
          </Box>
          <RegistrarCobroDialog
            cliente={cliente}
            facturas={data.facturas}
            open={registrar}
            onClose={() => setRegistrar(false)}
            onSaved={() => {
              setRegistrar(false);
              notify(t('registrado'), { type: 'success' });
              void reload();
            }}
          />
          <AnularCobroDialog
            cobro={anular}
            onClose={() => setAnular(null)}
            onDone={() => {
              setAnular(null);
              notify(t('anulado_ok'), { type: 'info' });
              void reload();
            }}
          />
        </>
      )}
    </PanelCard>
  );
}
