import { type Identifier, Link, useCanAccess } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PercentIcon from '@mui/icons-material/Percent';
import type { LiquidacionCompraDetalle } from '../../../domain/contratos/liquidacionesCompra';
import { LineasDocumento, PagosDocumento, Seccion } from '../../comprobantes/pagina';
import { FilaTotal, FilasTotales } from '../../comprobantes/piezas';
import { dinero } from '../../ui/numeros';
import { PaginaCompra, type RegistroCompra } from '../retenciones/PaginaCompra';
import { LIQUIDACION } from './documento';
import { texto } from './textos';

type Registro = RegistroCompra & LiquidacionCompraDetalle;
const t = (key: string, options?: object) => texto(`show.${key}`, options);
const UNIDAD: Record<string, string> = { dias: 'días', meses: 'meses' };

/**
 * «Retener» on an authorized liquidación with no live retención: the retención's form with it as the support
 * document; once there is one, a link to it.
 */
function Retener({ record }: { record: Registro }) {
  const { canAccess } = useCanAccess({ resource: 'retenciones', action: 'create' });
  if (record.RETENCION)
    return (
      <Button component={Link} to={`/retenciones/${record.RETENCION.FAC_CODIGO}/show`} size="small" startIcon={<PercentIcon />}>
        {record.RETENCION.FAC_NUMERO ? t('retencion', { numero: record.RETENCION.FAC_NUMERO }) : t('retencion_borrador')}
      </Button>
    );
  if (record.FAC_ESTADO !== 'AUTORIZADA' || !canAccess) return null;
  return (
    <Button
      component={Link}
      to={`/retenciones/create?${new URLSearchParams({ documento: JSON.stringify({ sustentos: [{ RSU_LIQUIDACION: record.FAC_CODIGO }] }) })}`}
      variant="outlined"
      size="small"
      startIcon={<PercentIcon />}
      data-retener
    >
      {t('retener')}
    </Button>
  );
}

function Cuerpo({ record }: { record: Registro }) {
  const f = (key: string, options?: object) => texto(`form.${key}`, options);
  const grid2 = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } };
  return (
    <>
      <Seccion titulo={t('lineas')}>
        <LineasDocumento lineas={record.lineas} descuentoEnTelefono />
      </Seccion>
      <Box sx={grid2}>
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>
          <Seccion titulo={t('pagos')}>
            <PagosDocumento pagos={record.pagos} unidades={UNIDAD} />
          </Seccion>
          {record.FAC_ADICIONAL.length > 0 && (
            <Seccion titulo={t('adicional')}>
              {record.FAC_ADICIONAL.map((a, i) => (
                <Box key={i} sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
                  <Typography variant="body2" color="text.secondary" sx={{ flex: '0 0 120px' }}>
                    {a.nombre}
                  </Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {a.valor}
                  </Typography>
                </Box>
              ))}
            </Seccion>
          )}
        </Box>
        <Seccion titulo={t('totales')}>
          <FilasTotales
            f={f}
            subtotales={record.subtotalesIva}
            subtotal={record.FAC_SUBTOTAL}
            total={record.FAC_TOTAL}
            antesDelIva={<FilaTotal label={f('descuentos')} valor={dinero(record.FAC_DESCUENTO)} />}
          />
        </Seccion>
      </Box>
    </>
  );
}

/** A liquidación de compra's page: the purchase documents' page with its lines, payments and totals, and «Retener». */
export const LiquidacionShow = ({ id }: { id?: Identifier }) => (
  <PaginaCompra
    id={id}
    documento={LIQUIDACION}
    completa={(r) => Array.isArray((r as Registro).lineas)}
    botones={(r) => <Retener record={r as Registro} />}
    cuerpo={(r) => <Cuerpo record={r as Registro} />}
  />
);
