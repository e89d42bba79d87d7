import { useQuery } from '@tanstack/react-query';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CuentaProveedor } from '../../../domain/contratos/proveedoresCuenta';
import { dinero } from '../../ui/numeros';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { PanelCard } from '../clientes/PanelCard';
import { CuentaDescargas, CuentaMovimientos } from '../clientes/CuentaMovimientos';

/** The panel's texts (Spanish), loaded with the supplier's page. */
const T = {
  titulo: 'Cuenta del proveedor',
  ayuda:
    'Lo que la empresa le debe: facturas, notas de débito y liquidaciones de compra autorizadas, menos sus notas de crédito y lo retenido en nuestras retenciones autorizadas. Amelia aún no registra pagos a proveedores.',
  pdf: 'PDF',
  excel: 'Excel',
  descargar_pdf: 'Descargar la cuenta del proveedor en PDF',
  descargar_excel: 'Descargar la cuenta del proveedor en Excel',
  comprado: 'Comprado',
  notasCredito: 'Notas de crédito',
  retenido: 'Retenido',
  saldo: 'Saldo por pagar',
  movimientos: 'Movimientos',
  sin_movimientos: 'Sin documentos de este proveedor',
  fecha: 'Fecha',
  concepto: 'Concepto',
  debe: 'Debe',
  haber: 'Haber',
} as const;

function Cifra({ etiqueta, valor }: { etiqueta: string; valor: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary">
        {etiqueta}
      </Typography>
      <Typography variant="h6" component="p" sx={{ whiteSpace: 'nowrap' }}>
        USD {dinero(valor)}
      </Typography>
    </Paper>
  );
}

/**
 * The supplier's account in its page (the supplier from react-admin's record context): what was bought, credited and
 * withheld, the balance owed, the movements with the running balance, and the account as PDF or Excel.
 */
export function CuentaPanel() {
  const record = useRecordContext<{ id?: number; PRV_CODIGO?: number }>();
  const proveedor = record?.PRV_CODIGO ?? record?.id;
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const { data, error, isPending } = useQuery({
    queryKey: ['proveedores', 'cuenta', proveedor],
    queryFn: () => dataProvider.call<CuentaProveedor>(`/api/proveedores/${proveedor}/cuenta`),
    enabled: proveedor !== undefined,
  });
  if (proveedor === undefined) return null;
  const descargar = (formato: 'pdf' | 'xlsx') =>
    dataProvider
      .download(`/api/proveedores/${proveedor}/cuenta/reporte?formato=${formato}`, `cuenta-proveedor.${formato}`)
      .catch((e: Error) => notify(e.message, { type: 'error' }));
  return (
    <PanelCard
      titulo={T.titulo}
      gap={2}
      acciones={
        <>
          <CuentaDescargas descargar={descargar} textos={T} />
        </>
      }
    >
      <Typography variant="body2" color="text.secondary">
        {T.ayuda}
      </Typography>
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {data && (
        <>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
            <Cifra etiqueta={T.comprado} valor={data.totales.comprado} />
            <Cifra etiqueta={T.notasCredito} valor={data.totales.notasCredito} />
            <Cifra etiqueta={T.retenido} valor={data.totales.retenido} />
            <Cifra etiqueta={T.saldo} valor={data.totales.saldo} />
          </Box>
          <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3">
              {T.movimientos}
            </Typography>
            <CuentaMovimientos movimientos={data.movimientos} textos={T} lado="haber" />
          </Box>
        </>
      )}
    </PanelCard>
  );
}
