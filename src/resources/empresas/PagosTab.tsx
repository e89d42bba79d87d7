import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddCardIcon from '@mui/icons-material/AddCard';
import DownloadIcon from '@mui/icons-material/Download';
import { formatDateTime } from '../../../domain/fechas';
import { formatBytes } from '../../../domain/archivos';
import { MSG } from '../../../domain/messages';
import type { Pago } from '../../../domain/contratos/pagos';
import { PagoDialog } from './PagoDialog';
import { UsuarioAviso, type Aviso } from './UsuarioAviso';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { CardItem, CardList, TabEstado, TabSection } from './TabSection';
import { usd } from '../../ui/numeros';

/** The pagos tab of a company: its payments (the registration's proof too) with their files, and recording a new one. */
export function PagosTab({ empresa }: { empresa: number }) {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const queryKey = ['empresas', empresa, 'pagos'];
  const { data: pagos, error, isPending } = useQuery({ queryKey, queryFn: () => dataProvider.call<Pago[]>(`/empresas/pagos/${empresa}`) });
  const [creating, setCreating] = useState(false);
  const [aviso, setAviso] = useState<Aviso | null>(null);
  const t = (key: string, options?: object) => translate(`resources.pagos.${key}`, options);
  const label = (field: string) => t(`fields.${field}`);
  const none = t('sin_dato');

  const download = (pago: Pago) =>
    dataProvider
      .download(`/empresas/descarga/${empresa}/${pago.PAG_CODIGO}`, pago.ARC_NOMBRE ?? 'comprobante')
      .catch((e: Error) => setAviso({ titulo: MSG.loginErrorTitle, texto: e.message }));

  const saved = async (msg: string) => {
    setCreating(false);
    setAviso({ titulo: MSG.recoveryOkTitle, texto: msg });
    // The header counts the payments too ("La empresa no tiene pagos registrados"): react-admin's record is read again.
    await Promise.all([queryClient.invalidateQueries({ queryKey }), queryClient.invalidateQueries({ queryKey: ['empresas', 'getOne'] })]);
  };

  const origin = (pago: Pago) => (
    <Chip
      size="small"
      variant="outlined"
      color={pago.PAG_ORIGEN === 'registro' ? 'info' : 'default'}
      label={pago.PAG_ORIGEN === 'registro' ? t('origen_registro') : t('origen_admin', { usuario: pago.ADM_USUARIO ?? none })}
    />
  );
  const amount = (pago: Pago) => (pago.PAG_MONTO ? usd(pago.PAG_MONTO) : none);
  const file = (pago: Pago) =>
    pago.ARC_NOMBRE ? (
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        onClick={() => void download(pago)}
        aria-label={t('descargar_archivo', { nombre: pago.ARC_NOMBRE })}
        sx={{ textTransform: 'none', textAlign: 'left', overflowWrap: 'anywhere' }}
      >
        {`${pago.ARC_NOMBRE} · ${formatBytes(pago.ARC_TAMANO ?? 0)}`}
      </Button>
    ) : (
      none
    );

  return (
    <TabSection
      titulo={t('titulo')}
      accion={
        <Button variant="contained" startIcon={<AddCardIcon />} onClick={() => setCreating(true)}>
          {t('registrar')}
        </Button>
      }
    >
      <TabEstado pending={isPending} error={error} rows={pagos} vacio={t('vacio')} />
      {pagos && pagos.length > 0 && narrow && (
        <CardList label={t('titulo')}>
          {pagos.map((pago) => (
            <CardItem key={pago.PAG_CODIGO}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{amount(pago)}</Typography>
                {origin(pago)}
              </Box>
              <Typography variant="body2">
                {`${label('PAG_FECHAPAGO')}: ${pago.PAG_FECHAPAGO ?? formatDateTime(pago.PAG_FECHA)} · ${pago.BAN_NOMBRE ?? none}`}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {`${label('PAG_REFERENCIA')}: ${pago.PAG_REFERENCIA}`}
              </Typography>
              <div>{file(pago)}</div>
            </CardItem>
          ))}
        </CardList>
      )}
      {pagos && pagos.length > 0 && !narrow && (
        <Table size="small" aria-label={t('titulo')}>
          <TableHead>
            <TableRow>
              {['PAG_FECHAPAGO', 'PAG_MONTO', 'BAN_NOMBRE', 'PAG_REFERENCIA', 'PAG_ORIGEN', 'ARC_NOMBRE', 'PAG_FECHA'].map((field) => (
                <TableCell key={field}>{label(field)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {pagos.map((pago) => (
              <TableRow key={pago.PAG_CODIGO}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{pago.PAG_FECHAPAGO ?? none}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{amount(pago)}</TableCell>
                <TableCell>{pago.BAN_NOMBRE ?? none}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{pago.PAG_REFERENCIA}</TableCell>
                <TableCell>{origin(pago)}</TableCell>
                <TableCell>{file(pago)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(pago.PAG_FECHA)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {creating && <PagoDialog empresa={empresa} onClose={() => setCreating(false)} onSaved={(msg) => void saved(msg)} />}
      <UsuarioAviso aviso={aviso} onClose={() => setAviso(null)} />
    </TabSection>
  );
}
