import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import type { Entrega, EntregaDetalle } from '../../../domain/contratos/webhooks';
import { formatDateTime } from '../../../domain/fechas';
import { CIFRA } from '../../comprobantes/pagina';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { useNarrow } from '../../shell/catalogo';
import { Dato } from '../../shell/Dato';
import { useAccion } from '../../shell/useAccion';
import { EstadoEntregaChip, nombreEvento } from './piezas';
import { texto } from './textos';

const t = (key: string, options?: object) => texto(`entrega.${key}`, options);
const PAGINA = 20;
/** While a delivery waits for its next try, the log reads itself again this often. */
const RELEER_MS = 2000;
const ESTADOS = ['PENDIENTE', 'ENTREGADA', 'FALLIDA'] as const;

export const entregasKey = (webhook: number) => ['webhooks', webhook, 'entregas'];

const fecha = (valor: string | null) => (valor ? formatDateTime(valor) : '—');

/** Reenviar: the same delivery is tried again now (a new attempt). */
function Reenviar({ entrega }: { entrega: Entrega }) {
  const dataProvider = useAreaDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { pending, run } = useAccion();
  const reenviar = () =>
    run(async () => {
      await dataProvider.call(`/api/webhooks/${entrega.WEB_CODIGO}/entregas/${entrega.ENT_CODIGO}/reenviar`, { method: 'POST' });
      notify(texto('show.reenviada'), { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['webhooks'] });
    });
  return (
    <Button
      size="small"
      startIcon={<ReplayIcon />}
      disabled={pending}
      onClick={(event) => {
        event.stopPropagation();
        void reenviar();
      }}
      aria-label={`${texto('show.reenviar')} ${entrega.ENT_CODIGO}`}
      data-reenviar={entrega.ENT_CODIGO}
    >
      {texto('show.reenviar')}
    </Button>
  );
}

/** One delivery: its data, the JSON it carries (pretty-printed) and every attempt (date, HTTP status, error, ms). */
function DetalleDialog({ entrega, onClose }: { entrega: Entrega | null; onClose: () => void }) {
  const dataProvider = useAreaDataProvider();
  const narrow = useNarrow();
  const { data } = useQuery({
    queryKey: ['webhooks', entrega?.WEB_CODIGO, 'entregas', 'detalle', entrega?.ENT_CODIGO],
    queryFn: () => dataProvider.call<EntregaDetalle>(`/api/webhooks/${entrega!.WEB_CODIGO}/entregas/${entrega!.ENT_CODIGO}`),
    enabled: entrega !== null,
  });
  const detalle = data && data.ENT_CODIGO === entrega?.ENT_CODIGO ? data : null;
  return (
    <Dialog open={entrega !== null} onClose={onClose} aria-labelledby="entrega-titulo" maxWidth="md" fullWidth fullScreen={narrow}>
      <DialogTitle id="entrega-titulo">{entrega && t('titulo', { id: entrega.ENT_CODIGO })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {!detalle ? (
          <LinearProgress />
        ) : (
          <>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' }}>
              <Dato label={t('evento')}>{nombreEvento(detalle.ENT_EVENTO)}</Dato>
              <Dato label={t('documento')}>{detalle.resumen || '—'}</Dato>
              <Dato label={t('estado')}>
                <EstadoEntregaChip estado={detalle.ENT_ESTADO} />
              </Dato>
              <Dato label={t('creada')}>{fecha(detalle.ENT_CREADA)}</Dato>
              <Dato label={detalle.ENT_ESTADO === 'PENDIENTE' ? t('proximo') : t('entregada')}>
                {fecha(detalle.ENT_ESTADO === 'PENDIENTE' ? detalle.ENT_PROXIMO : detalle.ENT_ENTREGADA)}
              </Dato>
            </Box>
            <Box component="section" aria-labelledby="entrega-intentos">
              <Typography variant="subtitle1" component="h3" id="entrega-intentos" gutterBottom>
                {t('intentos_detalle')}
              </Typography>
              {detalle.intentos.length === 0 ? (
                <Typography color="text.secondary">{t('sin_intentos')}</Typography>
              ) : (
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small" aria-labelledby="entrega-intentos" data-intentos>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('fecha')}</TableCell>
                        <TableCell sx={CIFRA}>{t('codigo')}</TableCell>
                        <TableCell>{t('error')}</TableCell>
                        <TableCell sx={CIFRA}>{t('ms')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {detalle.intentos.map((intento, i) => (
                        <TableRow key={i}>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(intento.fecha)}</TableCell>
                          <TableCell sx={CIFRA}>{intento.codigo ?? t('sin_respuesta')}</TableCell>
                          <TableCell sx={{ overflowWrap: 'break-word', minWidth: 96 }}>{intento.error ?? ''}</TableCell>
                          <TableCell sx={CIFRA}>{intento.ms}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              )}
            </Box>
            <Box component="section" aria-labelledby="entrega-cuerpo" sx={{ minWidth: 0 }}>
              <Typography variant="subtitle1" component="h3" id="entrega-cuerpo" gutterBottom>
                {t('cuerpo')}
              </Typography>
              <Box
                component="pre"
                tabIndex={0}
                data-cuerpo
                sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', maxHeight: 360, fontSize: '0.8rem' }}
              >
                {JSON.stringify(detalle.cuerpo, null, 2)}
              </Box>
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cerrar')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The log as a table: event, document, state, attempts, last HTTP status, created, delivered, and Reenviar. */
function Tabla({ filas, abrir }: { filas: Entrega[]; abrir: (e: Entrega) => void }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={texto('show.entregas')} data-entregas>
        <TableHead>
          <TableRow>
            <TableCell>{t('evento')}</TableCell>
            <TableCell>{t('documento')}</TableCell>
            <TableCell>{t('estado')}</TableCell>
            <TableCell sx={CIFRA}>{t('intentos')}</TableCell>
            <TableCell sx={CIFRA}>{t('http')}</TableCell>
            <TableCell>{t('creada')}</TableCell>
            <TableCell>{t('entregada')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {filas.map((e) => (
            <TableRow key={e.ENT_CODIGO} hover onClick={() => abrir(e)} sx={{ cursor: 'pointer' }} data-entrega={e.ENT_CODIGO}>
              <TableCell>
                <Button
                  size="small"
                  onClick={(event) => {
                    event.stopPropagation();
                    abrir(e);
                  }}
                  sx={{ textTransform: 'none', textAlign: 'left', p: 0, minWidth: 0 }}
                >
                  {nombreEvento(e.ENT_EVENTO)}
                </Button>
              </TableCell>
              <TableCell>{e.resumen || '—'}</TableCell>
              <TableCell>
                <EstadoEntregaChip estado={e.ENT_ESTADO} />
              </TableCell>
              <TableCell sx={CIFRA}>{e.ENT_INTENTOS}</TableCell>
              <TableCell sx={CIFRA} title={e.ultimoError ?? undefined}>
                {e.ultimoCodigo ?? (e.ultimoError ? t('sin_respuesta') : '—')}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{fecha(e.ENT_CREADA)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{fecha(e.ENT_ENTREGADA)}</TableCell>
              <TableCell sx={{ textAlign: 'right' }}>
                <Reenviar entrega={e} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The log on a phone: each delivery's event and state, its document, attempts and date; Reenviar under it. */
function Lista({ filas, abrir }: { filas: Entrega[]; abrir: (e: Entrega) => void }) {
  return (
    <List disablePadding aria-label={texto('show.entregas')} data-entregas>
      {filas.map((e) => (
        <ListItem key={e.ENT_CODIGO} disablePadding divider sx={{ display: 'block' }} data-entrega={e.ENT_CODIGO}>
          <ListItemButton onClick={() => abrir(e)} sx={{ px: 0, display: 'block' }}>
            <ListItemText
              primary={nombreEvento(e.ENT_EVENTO)}
              secondary={[
                e.resumen,
                `${t('intentos')}: ${e.ENT_INTENTOS}`,
                e.ultimoCodigo ? `HTTP ${e.ultimoCodigo}` : '',
                fecha(e.ENT_CREADA),
              ]
                .filter(Boolean)
                .join(' · ')}
            />
            <EstadoEntregaChip estado={e.ENT_ESTADO} />
          </ListItemButton>
          <Reenviar entrega={e} />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * An endpoint's delivery log, newest first, filtered by state; it reads itself again every two seconds while a
 * delivery is pending. A row opens the delivery.
 */
export function Entregas({ webhook }: { webhook: number }) {
  const dataProvider = useAreaDataProvider();
  const narrow = useNarrow();
  const [limite, setLimite] = useState(PAGINA);
  const [estado, setEstado] = useState('');
  const [abierta, setAbierta] = useState<Entrega | null>(null);
  const { data, isPending } = useQuery({
    queryKey: [...entregasKey(webhook), limite, estado],
    queryFn: () => {
      const query = new URLSearchParams({
        range: JSON.stringify([0, limite]),
        filter: JSON.stringify(estado ? { ENT_ESTADO: estado } : {}),
      });
      return dataProvider.call<Entrega[]>(`/api/webhooks/${webhook}/entregas?${query}`);
    },
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (query.state.data?.some((e) => e.ENT_ESTADO === 'PENDIENTE') ? RELEER_MS : false),
  });
  const filas = data ?? [];
  // The endpoint's counts above (pending, failed, last delivery) follow the log as its deliveries change state.
  const queryClient = useQueryClient();
  const estados = filas.map((e) => `${e.ENT_CODIGO}:${e.ENT_ESTADO}:${e.ENT_INTENTOS}`).join();
  useEffect(() => {
    if (estados) void queryClient.invalidateQueries({ queryKey: ['webhooks', 'getOne'] });
  }, [estados, queryClient]);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <TextField
        select
        size="small"
        label={texto('show.filtro_estado')}
        value={estado}
        onChange={(event) => setEstado(event.target.value)}
        sx={{ width: 200 }}
      >
        <MenuItem value="">{texto('show.todos')}</MenuItem>
        {ESTADOS.map((e) => (
          <MenuItem key={e} value={e}>
            {texto(`estados.${e}`)}
          </MenuItem>
        ))}
      </TextField>
      {isPending ? (
        <LinearProgress />
      ) : !filas.length ? (
        <Typography color="text.secondary">{texto('show.sin_entregas')}</Typography>
      ) : narrow ? (
        <Lista filas={filas.slice(0, limite)} abrir={setAbierta} />
      ) : (
        <Tabla filas={filas.slice(0, limite)} abrir={setAbierta} />
      )}
      {filas.length > limite && (
        <Button onClick={() => setLimite(limite + PAGINA)} sx={{ justifySelf: 'start' }}>
          {texto('show.ver_mas')}
        </Button>
      )}
      <DetalleDialog entrega={abierta} onClose={() => setAbierta(null)} />
    </Box>
  );
}
