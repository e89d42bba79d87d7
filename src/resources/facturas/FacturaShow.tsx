import { type Identifier, Link, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import RouteIcon from '@mui/icons-material/Route';
import { AMBIENTES, TIPOS_IDENTIFICACION_COMPRADOR, vencimiento } from '../../../domain/facturas';
import { formatDate } from '../../../domain/fechas';
import { dinero } from '../../ui/numeros';
import { EstadoFacturaChip, FilaTotal, FilasTotales } from './piezas';
import { Dato } from '../../shell/Dato';
import { texto } from './textos';
import type { FacturaDetalle } from '../../../domain/contratos/facturas';
import { EstadoSri } from '../../comprobantes/EstadoSri';
import { NotasDeFactura } from '../../comprobantes/NotasDeFactura';
import { LineasDocumento, PagosDocumento, PaginaDocumento, Seccion } from '../../comprobantes/pagina';
import { FACTURA } from './documento';

type Registro = FacturaDetalle & { id: number };
const t = (key: string, options?: object) => texto(`show.${key}`, options);
const UNIDAD: Record<string, string> = { dias: 'días', meses: 'meses' };

function Totales({ record }: { record: Registro }) {
  const f = (key: string, options?: object) => texto(`form.${key}`, options);
  return (
    <FilasTotales
      f={f}
      subtotales={record.subtotalesIva}
      subtotal={record.FAC_SUBTOTAL}
      total={record.FAC_TOTAL}
      antesDelIva={<FilaTotal label={f('descuentos')} valor={dinero(record.FAC_DESCUENTO)} />}
      antesDelTotal={Number(record.FAC_PROPINA) > 0 && <FilaTotal label={f('propina')} valor={dinero(record.FAC_PROPINA)} />}
    />
  );
}

/** «Guía de remisión» on an authorized invoice: a guía's form prepared with its buyer, lines and support. */
function Guia({ factura }: { factura: number }) {
  const { canAccess } = useCanAccess({ resource: 'guiasRemision', action: 'create' });
  if (!canAccess) return null;
  return (
    <Button
      component={Link}
      to={`/guiasRemision/create?${new URLSearchParams({ factura: String(factura) })}`}
      variant="outlined"
      size="small"
      startIcon={<RouteIcon />}
      data-guia
    >
      {t('guia')}
    </Button>
  );
}

function Contenido() {
  const record = useRecordContext<Registro>();
  const translate = useTranslate();
  // Opened from the list, react-admin first shows the list's row (no lines, no payments) until GET /:id answers.
  if (!record || !Array.isArray(record.lineas)) return <LinearProgress sx={{ m: 2 }} />;
  const f = (field: string) => translate(`resources.facturas.fields.${field}`);
  const tipoId =
    TIPOS_IDENTIFICACION_COMPRADOR.find((x) => x.id === record.CLI_TIPO_IDENTIFICACION)?.name ?? record.CLI_TIPO_IDENTIFICACION;
  const ambiente = record.FAC_AMBIENTE ? AMBIENTES[String(record.FAC_AMBIENTE) as keyof typeof AMBIENTES] : null;
  const grid2 = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" data-numero>
          {record.FAC_NUMERO ?? texto('borrador')}
        </Typography>
        <EstadoFacturaChip estado={record.FAC_ESTADO} size="medium" />
        {record.FAC_ESTADO === 'AUTORIZADA' && <Guia factura={record.FAC_CODIGO} />}
        <Typography variant="h6" component="span" sx={{ ml: { sm: 'auto' }, fontVariantNumeric: 'tabular-nums' }}>
          {texto('form.total')} {dinero(record.FAC_TOTAL)}
        </Typography>
      </Box>
      <EstadoSri record={record} />
      {record.FAC_ESTADO === 'AUTORIZADA' && <NotasDeFactura factura={record.FAC_CODIGO} />}
      <Box sx={grid2}>
        <Seccion titulo={t('emisor')}>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))' }}>
            <Dato label={f('FAC_FECHA')}>{formatDate(record.FAC_FECHA)}</Dato>
            <Dato label={t('vence')}>
              <span data-vence>{formatDate(vencimiento(record.FAC_FECHA, record.pagos))}</span>
            </Dato>
            <Dato label={f('serie')}>{`${record.EST_NUMERO}-${record.PEM_NUMERO}`}</Dato>
            {ambiente && <Dato label={texto('show.ambiente')}>{ambiente}</Dato>}
          </Box>
          {record.FAC_CLAVE_ACCESO && (
            <Box sx={{ mt: 1.5 }}>
              <Dato label={t('clave')}>
                <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.85rem' }} data-clave>
                  {record.FAC_CLAVE_ACCESO}
                </Box>
              </Dato>
            </Box>
          )}
        </Seccion>
        <Seccion titulo={t('comprador')}>
          <Dato label={tipoId}>{record.CLI_IDENTIFICACION}</Dato>
          <Box sx={{ mt: 1.5 }}>
            <Dato label={translate('resources.clientes.fields.CLI_RAZON_SOCIAL')}>{record.CLI_RAZON_SOCIAL}</Dato>
          </Box>
        </Seccion>
      </Box>
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
          <Totales record={record} />
        </Seccion>
      </Box>
    </Box>
  );
}

/**
 * An invoice's page: its state at the SRI (EstadoSri), its data, lines, payments and totals; issue a draft, download
 * an issued one's documents (the page every document shares: src/comprobantes/pagina.tsx).
 */
export const FacturaShow = ({ id }: { id?: Identifier }) => (
  <PaginaDocumento id={id} documento={FACTURA}>
    <Contenido />
  </PaginaDocumento>
);
