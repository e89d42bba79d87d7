import { useState, type FormEvent } from 'react';
import { Link, useCanAccess } from 'react-admin';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import BlockIcon from '@mui/icons-material/Block';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import type { NotaCreditoDetalle, NotaDeFactura } from '../../domain/contratos/notasCredito';
import { formatDate } from '../../domain/fechas';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';
import { useAccionConFallo } from '../shell/useAccion';
import { lectorDeTextos } from '../i18n/textos';
import { dinero } from '../ui/numeros';
import { CampoMotivo, FormularioDialogo, useMotivo } from './acciones';
import { rechazosDe, useResumenFactura } from './resumenFactura';
import { EstadoChip } from './piezas';

const t = lectorDeTextos({
  titulo: 'Notas de crédito y débito',
  sin_notas: 'Esta factura aún no tiene notas de crédito ni de débito.',
  saldo: 'Saldo por acreditar:',
  credito: 'Nota de crédito',
  debito: 'Nota de débito',
  borrador: 'Borrador',
  emitir_credito: 'Emitir nota de crédito',
  emitir_debito: 'Emitir nota de débito',
  anular: 'Anular con nota de crédito',
  anular_titulo: 'Anular la factura con una nota de crédito',
  anular_texto:
    'Se prepara el borrador de una nota de crédito por todo el saldo de la factura (USD %{saldo}): sus líneas con lo que queda de cada una. Después, en su página, revísela y emítala; la factura queda acreditada cuando el SRI autoriza la nota.',
  motivo: 'Motivo',
  motivo_ayuda: 'Obligatorio; el RIDE de la nota lo imprime (hasta 300 caracteres)',
  motivo_requerido: 'Escriba el motivo de la nota de crédito.',
  preparar: 'Preparar la nota de crédito',
  preparando: 'Preparando...',
});

/** "Anular con nota de crédito": the motivo, then POST /api/notasCredito/anular/:id, then the new draft's page. */
function AnularConNota({ factura, saldo }: { factura: number; saldo: string }) {
  const dataProvider = useAreaDataProvider();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [abierto, setAbierto] = useState(false);
  const estado = useMotivo();
  const { motivo, setFalta } = estado;
  const { pending, fallo, setFallo, run } = useAccionConFallo();
  const cerrar = () => {
    setAbierto(false);
    setFallo(null);
    setFalta(false);
  };
  const enviar = async (event: FormEvent) => {
    event.preventDefault();
    if (!motivo.trim()) return setFalta(true);
    await run(async () => {
      const nota = await dataProvider.call<NotaCreditoDetalle>(`/api/notasCredito/anular/${factura}`, {
        method: 'POST',
        body: { FAC_MOTIVO: motivo.trim() },
      });
      void queryClient.invalidateQueries({ queryKey: ['notasCredito'] });
      void queryClient.invalidateQueries({ queryKey: ['facturas', 'notas'] });
      navigate(`/notasCredito/${nota.FAC_CODIGO}/show`);
    });
  };
  return (
    <>
      <Button color="warning" variant="outlined" startIcon={<BlockIcon />} onClick={() => setAbierto(true)}>
        {t('anular')}
      </Button>
      <FormularioDialogo
        id="anular-nota-titulo"
        abierto={abierto}
        cerrar={cerrar}
        onSubmit={enviar}
        titulo={t('anular_titulo')}
        fallo={fallo}
        enviar={
          <Button type="submit" variant="contained" color="warning" disabled={pending}>
            {pending ? t('preparando') : t('preparar')}
          </Button>
        }
      >
        <Alert severity="info">{t('anular_texto', { saldo: dinero(saldo) })}</Alert>
        <CampoMotivo estado={estado} label={t('motivo')} requerido={t('motivo_requerido')} ayuda={t('motivo_ayuda')} />
      </FormularioDialogo>
    </>
  );
}

type Fila = NotaDeFactura & { tipo: 'notasCredito' | 'notasDebito' };

/**
 * An authorized invoice's notes (GET /api/notasCredito/factura/:id): each with its number, date, state and total,
 * what remains to credit, and for accounting the ways to issue one. A refusal the summary already knows (consumidor
 * final, more than 12 months, nothing left) replaces the credit note's buttons with the reason.
 */
export function NotasDeFactura({ factura }: { factura: number }) {
  // Without the credit notes' section in its menu the summary is not the user's to read.
  const { canAccess: lee } = useCanAccess({ resource: 'notasCredito', action: 'list' });
  const { data: resumen } = useResumenFactura(lee ? factura : undefined);
  const { canAccess: credito } = useCanAccess({ resource: 'notasCredito', action: 'create' });
  const { canAccess: debito } = useCanAccess({ resource: 'notasDebito', action: 'create' });
  if (!resumen) return null;
  const filas: Fila[] = [
    ...resumen.notas.map((n) => ({ ...n, tipo: 'notasCredito' as const })),
    ...resumen.debitos.map((n) => ({ ...n, tipo: 'notasDebito' as const })),
  ].sort((a, b) => a.FAC_FECHA.localeCompare(b.FAC_FECHA) || a.FAC_CODIGO - b.FAC_CODIGO);
  const rechazosCredito = rechazosDe(resumen, true);
  const rechazosDebito = rechazosDe(resumen, false);
  return (
    <Card variant="outlined" component="section" aria-label={t('titulo')} sx={{ minWidth: 0 }} data-notas-factura>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {t('titulo')}
          </Typography>
          <Typography variant="body1" sx={{ ml: { sm: 'auto' }, fontVariantNumeric: 'tabular-nums' }} data-saldo>
            {t('saldo')} <strong>USD {dinero(resumen.restante)}</strong>
          </Typography>
        </Box>
        {filas.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('sin_notas')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {filas.map((n) => (
              <Box
                component="li"
                key={`${n.tipo}-${n.FAC_CODIGO}`}
                data-nota={n.FAC_CODIGO}
                sx={{
                  display: 'grid',
                  gap: 1,
                  alignItems: 'center',
                  py: 0.75,
                  borderBottom: 1,
                  borderColor: 'divider',
                  gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: '150px minmax(0, 1fr) 100px 150px 110px' },
                }}
              >
                <Typography variant="body2" color="text.secondary">
                  {n.tipo === 'notasCredito' ? t('credito') : t('debito')}
                </Typography>
                <Link to={`/${n.tipo}/${n.FAC_CODIGO}/show`} sx={{ minWidth: 0 }}>
                  {n.FAC_NUMERO ?? t('borrador')}
                </Link>
                <Typography variant="body2">{formatDate(n.FAC_FECHA)}</Typography>
                <Box>
                  <EstadoChip estado={n.FAC_ESTADO} />
                </Box>
                <Typography variant="body2" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {n.tipo === 'notasCredito' ? '−' : '+'} {dinero(n.FAC_TOTAL)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
        {(credito || debito) && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
            {credito && rechazosCredito.length === 0 && (
              <>
                <Button
                  component={Link}
                  to={`/notasCredito/create?factura=${factura}`}
                  variant="contained"
                  startIcon={<RemoveCircleOutlineIcon />}
                >
                  {t('emitir_credito')}
                </Button>
                <AnularConNota factura={factura} saldo={resumen.restante} />
              </>
            )}
            {debito && rechazosDebito.length === 0 && (
              <Button
                component={Link}
                to={`/notasDebito/create?factura=${factura}`}
                variant="outlined"
                startIcon={<AddCircleOutlineIcon />}
              >
                {t('emitir_debito')}
              </Button>
            )}
          </Box>
        )}
        {credito &&
          rechazosCredito.map((r) => (
            <Typography key={r} variant="body2" color="text.secondary" sx={{ mt: 1 }} data-rechazo>
              {r}
            </Typography>
          ))}
      </CardContent>
    </Card>
  );
}
