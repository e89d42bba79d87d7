import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useCalculo } from './calculo';
import { dinero } from '../../ui/numeros';
import { FilaTotal, FilasTotales } from './piezas';
import { texto } from './textos';

const t = (key: string, options?: object) => texto(`form.${key}`, options);

/**
 * The invoice's totals as the RIDE will print them, recomputed on every keystroke; `pagos={false}` leaves out what the
 * payments cover (a quote has none).
 */
export function TotalesPanel({ pagos = true }: { pagos?: boolean }) {
  const { calculo } = useCalculo();
  const porPagar = calculo.porPagar;
  return (
    <Card variant="outlined" component="section" aria-label={t('totales')}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('totales')}
        </Typography>
        <FilasTotales
          f={t}
          subtotales={calculo.subtotalesIva}
          subtotal={calculo.totalSinImpuestos}
          total={calculo.importeTotal}
          antesDelIva={
            <>
              <FilaTotal label={t('descuentos')} valor={dinero(calculo.totalDescuento)} />
              {Number(calculo.totalIce) > 0 && <FilaTotal label={t('ice')} valor={dinero(calculo.totalIce)} />}
            </>
          }
          antesDelTotal={Number(calculo.propina) > 0 && <FilaTotal label={t('propina')} valor={dinero(calculo.propina)} />}
        />
        {pagos && <FilaTotal label={t('pagado')} valor={dinero(calculo.totalPagos)} />}
        {pagos && (
          <Typography
            variant="body2"
            color={Number(porPagar) === 0 ? 'text.secondary' : 'error'}
            component="div"
            sx={{ display: 'flex', justifyContent: 'space-between', fontVariantNumeric: 'tabular-nums' }}
          >
            <span>{t('por_pagar')}</span>
            <span data-total={t('por_pagar')}>{dinero(porPagar)}</span>
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
