import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { vigencia, type EstadoVigencia } from '../../../domain/empresas';
import { formatDateTime, hoyEcuador } from '../../../domain/fechas';
import type { Firma, FirmaComprobada } from '../../../domain/contratos/firmas';
import { DatosLista } from '../DatosLista';

/** A signature as the card shows it: a stored one (with who uploaded it and when) or one only checked. */
export type FirmaVista = Pick<Firma, 'FIR_TITULAR' | 'FIR_EMISOR' | 'FIR_SERIE' | 'FIR_IDENTIFICACION' | 'FIR_DESDE' | 'FIR_HASTA'> &
  Partial<Pick<Firma, 'FIR_FECHA' | 'FIR_SUBIDA_POR' | 'ARC_NOMBRE'> & Pick<FirmaComprobada, 'FIR_USOS'>>;

const STATUS_COLOR: Record<EstadoVigencia, 'success' | 'warning' | 'error' | 'default'> = {
  vigente: 'success',
  por_vencer: 'warning',
  vencido: 'error',
  sin: 'default',
};

/** When a signature was uploaded and by whom (nobody for the demo data's). */
export function uploadedText(t: (key: string, options?: object) => string, fecha: string, quien: string | null) {
  return quien ? t('subida_por', { fecha: formatDateTime(fecha), quien }) : formatDateTime(fecha);
}

/** Whether a signature is valid today, about to expire (DIAS_AVISO_VENCIMIENTO) or expired, as a chip. */
export function FirmaEstado({ hasta }: { hasta: string }) {
  const translate = useTranslate();
  // vigencia() reads the UTC day of its date: midnight UTC of Ecuador's today.
  const status = vigencia(hasta, new Date(`${hoyEcuador()}T00:00:00Z`));
  return <Chip size="small" color={STATUS_COLOR[status]} label={translate(`amelia.firma.estado_${status}`)} />;
}

/** The details of a signature's certificate: holder, issuer, serial, identifier, validity, and where it came from. */
export function FirmaCard({ title, firma, id }: { title: string; firma: FirmaVista; id: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`amelia.firma.${key}`, options);
  const rows: Array<[string, ReactNode]> = [
    [t('titular'), firma.FIR_TITULAR],
    [t('identificacion'), firma.FIR_IDENTIFICACION ?? t('sin_identificacion')],
    [t('emisor'), firma.FIR_EMISOR],
    [t('serie'), firma.FIR_SERIE],
    [
      t('vigencia'),
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {t('desde_hasta', { desde: firma.FIR_DESDE, hasta: firma.FIR_HASTA })}
        <FirmaEstado hasta={firma.FIR_HASTA} />
      </Box>,
    ],
  ];
  if (firma.FIR_USOS?.length) rows.push([t('usos'), firma.FIR_USOS.map((uso) => t(`uso.${uso}`, { _: uso })).join(', ')]);
  if (firma.FIR_FECHA) rows.push([t('subida'), uploadedText(t, firma.FIR_FECHA, firma.FIR_SUBIDA_POR ?? null)]);
  if (firma.ARC_NOMBRE) rows.push([t('archivo_subido'), firma.ARC_NOMBRE]);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={id}>
      <Typography variant="h6" component="h2" id={id} gutterBottom>
        {title}
      </Typography>
      <DatosLista
        rows={rows}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1 }, m: 0 }}
        labelSx={{ fontWeight: 500, mt: { xs: 1, sm: 0 } }}
      />
    </Paper>
  );
}
