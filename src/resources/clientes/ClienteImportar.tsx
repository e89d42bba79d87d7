import { useState } from 'react';
import { Button, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import type { AreaDataProvider } from '../../dataProvider/createDataProvider';
import { formatBytes } from '../../domain/constants';
import { fileChoiceProblem } from '../../domain/archivos';
import { IMPORTACION_CLIENTES } from '../../domain/clientes';
import { erroresCsv, guardarTexto } from './importar';
import type { ImportResultado } from './tipos';
import { texto } from './textos';

/** The rejected rows shown on screen; the file has them all. */
const ERRORES_EN_PANTALLA = 50;

/**
 * Importar: the template (CSV or Excel), a file, its upload with a progress bar and then the server's work, and the
 * summary: created, updated and rejected rows with their line numbers, downloadable as a CSV built here.
 */
export function ClienteImportarDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dataProvider = useDataProvider<AreaDataProvider>();
  const translate = useTranslate();
  const t = (key: string, options?: object) => texto(`importar.${key}`, options);
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResultado | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;

  const plantilla = (formato: 'csv' | 'xlsx') =>
    dataProvider
      .download(`/api/clientes/import/plantilla?formato=${formato}`, `plantilla-clientes.${formato}`)
      .catch((e: Error) => notify(e.message, { type: 'error' }));

  const importar = async () => {
    if (!file) return;
    setError(null);
    setResult(null);
    try {
      setResult(await dataProvider.upload<ImportResultado>('/api/clientes/import', file, setProgress));
      await queryClient.invalidateQueries({ queryKey: ['clientes'] });
      refresh();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setProgress(null);
    }
  };

  const close = () => {
    if (busy) return;
    setFile(null);
    setResult(null);
    setError(null);
    onClose();
  };

  const percent = progress === null ? 0 : Math.round(progress * 100);
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="importar-titulo">
      <DialogTitle id="importar-titulo">{t('titulo')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <Typography color="text.secondary">{t('explicacion')}</Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <MuiButton size="small" startIcon={<DownloadIcon />} onClick={() => plantilla('csv')}>
            {t('plantilla_csv')}
          </MuiButton>
          <MuiButton size="small" startIcon={<DownloadIcon />} onClick={() => plantilla('xlsx')}>
            {t('plantilla_xlsx')}
          </MuiButton>
        </Box>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
          <MuiButton component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy}>
            {t('elegir')}
            <input
              hidden
              type="file"
              accept={IMPORTACION_CLIENTES.accept}
              aria-label={t('archivo')}
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                e.target.value = '';
                setResult(null);
                setError(null);
                const problem = chosen && fileChoiceProblem({ ...IMPORTACION_CLIENTES, kinds: ['xlsx'] }, chosen);
                setFile(problem ? null : chosen);
                if (problem) setError(problem);
              }}
            />
          </MuiButton>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {file ? `${file.name} · ${formatBytes(file.size)}` : t('ninguno')}
          </Typography>
        </Box>
        {busy && (
          <Box role="status" aria-live="polite">
            <Typography variant="body2">{percent < 100 ? t('subiendo', { percent }) : t('procesando')}</Typography>
            <LinearProgress
              aria-label={t('progreso')}
              variant={percent < 100 ? 'determinate' : 'indeterminate'}
              value={percent}
              sx={{ mt: 0.5 }}
            />
          </Box>
        )}
        {error && <Alert severity="error">{error}</Alert>}
        {result && <ImportResumen result={result} />}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={close} disabled={busy}>
          {translate('ra.action.close')}
        </MuiButton>
        <MuiButton variant="contained" onClick={importar} disabled={!file || busy}>
          {t('importar')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

export function ImportResumen({ result }: { result: ImportResultado }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => texto(`importar.${key}`, options);
  const { errores, advertencias = 0, erroresOmitidos = 0 } = result;
  const fallidas = errores.length + erroresOmitidos;
  return (
    <Box role="region" aria-label={t('resumen')} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Alert severity={fallidas ? 'warning' : 'success'}>
        {t('resultado', { total: result.total, creados: result.creados, actualizados: result.actualizados, errores: fallidas })}
      </Alert>
      {advertencias > 0 && <Alert severity="info">{t('advertencias', { smart_count: advertencias })}</Alert>}
      {erroresOmitidos > 0 && <Alert severity="info">{t('omitidos', { smart_count: erroresOmitidos })}</Alert>}
      {errores.length > 0 && (
        <>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="subtitle2">
              {errores.length > ERRORES_EN_PANTALLA ? t('primeros', { smart_count: ERRORES_EN_PANTALLA }) : t('errores')}
            </Typography>
            <MuiButton
              size="small"
              startIcon={<DownloadIcon />}
              onClick={() => guardarTexto(erroresCsv(errores), 'errores-importacion.csv')}
            >
              {t('descargar_errores')}
            </MuiButton>
          </Box>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('linea')}</TableCell>
                  <TableCell>{translate('resources.clientes.fields.CLI_IDENTIFICACION')}</TableCell>
                  <TableCell>{t('motivo')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {errores.slice(0, ERRORES_EN_PANTALLA).map((e) => (
                  <TableRow key={`${e.linea}-${e.identificacion}`}>
                    <TableCell>{e.linea}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.identificacion}</TableCell>
                    <TableCell>{e.motivo}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </Box>
  );
}

/** The list toolbar's Importar button and its dialog. */
export function ClienteImportarButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label={texto('importar.boton')} onClick={() => setOpen(true)}>
        <UploadFileIcon />
      </Button>
      <ClienteImportarDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
