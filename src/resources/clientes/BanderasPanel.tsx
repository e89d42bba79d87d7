import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { BANDERAS, TIPO_IDENTIFICACION } from '../../../domain/clientes';
import { formatDateTime } from '../../../domain/fechas';
import { BanderaChips, banderasDe } from './chips';
import type { BanderasConsulta, Cliente } from './tipos';
import type { Proveedor } from '../../../domain/contratos/proveedores';
import { texto } from './textos';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { PanelCard } from './PanelCard';
import { useAccion } from '../../shell/useAccion';

/** What the panel reads of a client or of a supplier (both books keep the same flags). */
const datosDe = (record: Cliente | Proveedor) =>
  'CLI_CODIGO' in record
    ? {
        ruta: `/api/clientes/${record.CLI_CODIGO}/banderas`,
        banderas: record.CLI_BANDERAS,
        consultable: record.CLI_TIPO_IDENTIFICACION === TIPO_IDENTIFICACION.ruc && !record.CLI_CONSUMIDOR_FINAL,
      }
    : {
        ruta: `/api/proveedores/${record.PRV_CODIGO}/banderas`,
        banderas: record.PRV_BANDERAS,
        consultable: record.PRV_TIPO_IDENTIFICACION === TIPO_IDENTIFICACION.ruc,
      };

/**
 * The taxpayer's flags at the SRI (phantom company in red with its consequence, special taxpayer, withholding agent,
 * RIMPE) and its cadastre data, with "Consultar en el SRI" (POST /api/clientes/:id/banderas, or the supplier's
 * /api/proveedores/:id/banderas) for a RUC.
 */
export function BanderasPanel({ record }: { record: Cliente | Proveedor }) {
  const dataProvider = useAreaDataProvider();
  const t = (key: string, options?: object) => texto(`banderas.${key}`, options);
  const notify = useNotify();
  const refresh = useRefresh();
  const { pending, run } = useAccion();
  const [noDisponibles, setNoDisponibles] = useState<string[]>([]);
  const { ruta, banderas, consultable } = datosDe(record);
  const flags = banderasDe(banderas);
  const catastro = banderas?.catastro;

  const consultar = () =>
    run(async () => {
      const answer = await dataProvider.call<BanderasConsulta>(ruta, { method: 'POST' });
      setNoDisponibles(answer.noDisponibles ?? []);
      notify(t('actualizadas'), { type: 'success' });
      refresh();
    });

  return (
    <PanelCard
      titulo={t('titulo')}
      gap={1.5}
      acciones={
        consultable && (
          <Button
            variant="outlined"
            size="small"
            onClick={consultar}
            disabled={pending}
            startIcon={pending ? <CircularProgress size={16} /> : <TravelExploreIcon />}
          >
            {pending ? t('consultando') : t('consultar')}
          </Button>
        )
      }
    >
      {banderas?.fantasma && (
        <Alert severity="error">
          <AlertTitle>{BANDERAS.fantasma.etiqueta}</AlertTitle>
          {BANDERAS.fantasma.detalle}
        </Alert>
      )}
      {flags.length > 0 ? (
        <BanderaChips banderas={banderas} size="medium" />
      ) : (
        <Typography color="text.secondary">{banderas?.consultado ? t('ninguna') : t('sin_consultar')}</Typography>
      )}
      {catastro && (catastro.estado || catastro.actividad || catastro.inicioActividades) && (
        <Typography variant="body2" color="text.secondary">
          {[
            catastro.estado && t('estado', { estado: catastro.estado }),
            catastro.actividad,
            catastro.inicioActividades && t('inicio', { fecha: catastro.inicioActividades }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      )}
      {banderas?.consultado && (
        <Typography variant="caption" color="text.secondary">
          {t('consultado', { fecha: formatDateTime(banderas.consultado) })}
        </Typography>
      )}
      {noDisponibles.length > 0 && <Alert severity="warning">{t('no_disponibles', { servicios: noDisponibles.join(', ') })}</Alert>}
    </PanelCard>
  );
}
