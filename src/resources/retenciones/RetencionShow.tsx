import { type Identifier, Link } from 'react-admin';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RetencionDetalle, SustentoRetencion } from '../../../domain/contratos/retenciones';
import { formatDate } from '../../../domain/fechas';
import { nombreDocumentoSustento, nombreImpuestoRetencion, nombreSustentoTributario } from '../../../domain/retenciones';
import { CIFRA, Seccion } from '../../comprobantes/pagina';
import { FilaTotal } from '../../comprobantes/piezas';
import { Dato } from '../../shell/Dato';
import { useNarrow } from '../../shell/catalogo';
import { dinero } from '../../ui/numeros';
import { PaginaCompra, type RegistroCompra } from './PaginaCompra';
import { RETENCION } from './documento';
import { texto } from './textos';

type Registro = RegistroCompra & RetencionDetalle;
const t = (key: string, options?: object) => texto(`show.${key}`, options);
const f = (key: string, options?: object) => texto(`form.${key}`, options);
const porcentaje = (p: string) => `${Number(p).toLocaleString('es-EC', { maximumFractionDigits: 2 })} %`;

/** Where the support document's page is: a received document's, or the company's own liquidación's. */
const rutaDe = (s: SustentoRetencion) =>
  s.REC_CODIGO != null
    ? `/recibidos/${s.REC_CODIGO}/show`
    : s.RSU_LIQUIDACION != null
      ? `/liquidacionesCompra/${s.RSU_LIQUIDACION}/show`
      : null;

/** A support document: its number (a link to it), date, sustento tributario and its withholdings. */
function Sustento({ sustento }: { sustento: SustentoRetencion }) {
  const narrow = useNarrow();
  const ruta = rutaDe(sustento);
  const tipo = nombreDocumentoSustento(sustento.codDocSustento) ?? sustento.codDocSustento;
  const titulo = t('documento', { tipo, numero: sustento.numero, fecha: formatDate(sustento.fecha) });
  return (
    <Box component="section" aria-label={titulo} sx={{ display: 'grid', gap: 1, minWidth: 0 }} data-sustento={sustento.RSU_LINEA}>
      <Typography variant="subtitle1" component="h3" fontWeight={600}>
        {ruta ? <Link to={ruta}>{titulo}</Link> : titulo}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('sustento')}: {nombreSustentoTributario(sustento.RSU_SUSTENTO) ?? sustento.RSU_SUSTENTO}
      </Typography>
      {narrow ? (
        sustento.retenciones.map((r) => (
          <Box key={r.RDE_LINEA} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1, minWidth: 0 }}>
            <Typography variant="body2" fontWeight={600}>
              {nombreImpuestoRetencion(r.RDE_IMPUESTO)} · {r.RDE_CODIGO} — {r.RCO_CONCEPTO ?? ''}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {`${dinero(r.RDE_BASE)} × ${porcentaje(r.RDE_PORCENTAJE)}`}
            </Typography>
            <Typography variant="body2" sx={CIFRA}>
              {dinero(r.RDE_VALOR)}
            </Typography>
          </Box>
        ))
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('impuesto')}</TableCell>
              <TableCell>{t('codigo')}</TableCell>
              <TableCell>{t('concepto')}</TableCell>
              <TableCell sx={CIFRA}>{t('base')}</TableCell>
              <TableCell sx={CIFRA}>{t('porcentaje')}</TableCell>
              <TableCell sx={CIFRA}>{t('valor')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sustento.retenciones.map((r) => (
              <TableRow key={r.RDE_LINEA}>
                <TableCell>{nombreImpuestoRetencion(r.RDE_IMPUESTO) ?? r.RDE_IMPUESTO}</TableCell>
                <TableCell>{r.RDE_CODIGO}</TableCell>
                <TableCell>{r.RCO_CONCEPTO ?? ''}</TableCell>
                <TableCell sx={CIFRA}>{dinero(r.RDE_BASE)}</TableCell>
                <TableCell sx={CIFRA}>{porcentaje(r.RDE_PORCENTAJE)}</TableCell>
                <TableCell sx={CIFRA}>{dinero(r.RDE_VALOR)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** The warnings before issuing (more than 5 days after a document), the support documents and the totals withheld. */
function Cuerpo({ record }: { record: Registro }) {
  return (
    <>
      {record.avisos.length > 0 && (
        <Alert severity="warning" data-avisos>
          <AlertTitle>{t('avisos')}</AlertTitle>
          {record.avisos.map((a) => (
            <Typography key={a} variant="body2">
              {a}
            </Typography>
          ))}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(260px, 1fr)' } }}>
        <Seccion titulo={t('sustentos')}>
          <Box sx={{ display: 'grid', gap: 3 }}>
            {record.sustentos.map((s) => (
              <Sustento key={s.RSU_LINEA} sustento={s} />
            ))}
          </Box>
        </Seccion>
        <Box sx={{ alignSelf: 'start' }}>
          <Seccion titulo={t('totales')}>
            <FilaTotal label={f('renta')} valor={dinero(record.FAC_SUBTOTAL)} />
            <FilaTotal label={f('iva')} valor={dinero(record.FAC_IVA)} />
            <FilaTotal label={f('total')} valor={dinero(record.FAC_TOTAL)} fuerte />
          </Seccion>
        </Box>
      </Box>
    </>
  );
}

/** A retención's page: the purchase documents' page with its fiscal period, support documents and withholdings. */
export const RetencionShow = ({ id }: { id?: Identifier }) => (
  <PaginaCompra
    id={id}
    documento={RETENCION}
    completa={(r) => Array.isArray((r as Registro).sustentos)}
    datos={(r) => <Dato label={t('periodo')}>{(r as Registro).PERIODO_FISCAL}</Dato>}
    cuerpo={(r) => <Cuerpo record={r as Registro} />}
  />
);
