import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
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
import { formatBytes } from '../../domain/archivos';
import { fileChoiceProblem, type UploadRule } from '../../domain/archivos';
import { erroresCsv, formatear, guardarTexto, type ErrorFila } from './importar';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';

/** The rejected rows shown on screen; the file has them all. */
const ERRORES_EN_PANTALLA = 50;

/** The dialog's words common to every import; each import adds its title, explanation and file label (ImportarTextos). */
const TEXTOS = {
  plantilla_csv: 'Plantilla CSV',
  plantilla_xlsx: 'Plantilla Excel',
  elegir: 'Elegir archivo',
  ninguno: 'Ningún archivo elegido',
  importar: 'Importar',
  subiendo: 'Subiendo el archivo: %{percent} %',
  procesando: 'Procesando el archivo...',
  progreso: 'Progreso de la importación',
  resumen: 'Resultado de la importación',
  resultado: '%{total} filas leídas: %{creados} creados, %{actualizados} actualizados, %{errores} con errores',
  errores: 'Filas con errores',
  primeros: 'Las primeras %{smart_count} filas con errores',
  descargar_errores: 'Descargar errores',
  omitidos:
    'Además, %{smart_count} fila con error no se lista aquí ni en el archivo; corrija las listadas e importe de nuevo |||| Además, %{smart_count} filas con error no se listan aquí ni en el archivo; corrija las listadas e importe de nuevo',
  linea: 'Línea',
  motivo: 'Motivo',
};
const t = (key: keyof typeof TEXTOS, options?: object) => formatear(TEXTOS[key], options);

export type ResultadoImportar<E extends ErrorFila> = {
  total: number;
  creados: number;
  actualizados: number;
  errores: E[];
  /** Saved rows with something to review (the clients' check digit). */
  advertencias?: number;
  /** Rejected rows past the ones listed in `errores`. */
  erroresOmitidos?: number;
};

/** What names a record in the errors: its column's title and its field in each error. */
export type ClaveError<E extends ErrorFila> = { etiqueta: string; campo: keyof E & string };

export type ImportarTextos = {
  titulo: string;
  explicacion: string;
  /** The file input's accessible name ("Archivo de clientes (.csv o .xlsx)"). */
  archivo: string;
  /** The sentence for `advertencias` saved rows, when the import has any. */
  advertencias?: (n: number) => string;
};

export type ImportarConfig<E extends ErrorFila> = {
  /** The resource whose lists are refreshed after an import (react-query key). */
  resource: string;
  /** POST endpoint of the upload (multipart, field current). */
  endpoint: string;
  /** GET endpoint of the template, ?formato=csv|xlsx is added; `plantillaNombre` is its file's name without extension. */
  plantilla: string;
  plantillaNombre: string;
  regla: UploadRule;
  clave: ClaveError<E>;
  textos: ImportarTextos;
};

/**
 * An import's dialog: the template (CSV or Excel), a file, its upload with a progress bar and then the server's work,
 * and the summary: created, updated and rejected rows with their line numbers, downloadable as a CSV built here.
 * Full screen on phones.
 */
export function ImportarDialog<E extends ErrorFila>({
  open,
  onClose,
  config,
}: {
  open: boolean;
  onClose: () => void;
  config: ImportarConfig<E>;
}) {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ResultadoImportar<E> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;

  const plantilla = (formato: 'csv' | 'xlsx') =>
    dataProvider
      .download(`${config.plantilla}?formato=${formato}`, `${config.plantillaNombre}.${formato}`)
      .catch((e: Error) => notify(e.message, { type: 'error' }));

  const importar = async () => {
    if (!file) return;
    setError(null);
    setResult(null);
    try {
      setResult(await dataProvider.upload<ResultadoImportar<E>>(config.endpoint, file, setProgress));
      await queryClient.invalidateQueries({ queryKey: [config.resource] });
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
      <DialogTitle id="importar-titulo">{config.textos.titulo}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <Typography color="text.secondary">{config.textos.explicacion}</Typography>
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
              accept={config.regla.accept}
              aria-label={config.textos.archivo}
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                e.target.value = '';
                setResult(null);
                setError(null);
                const problem = chosen && fileChoiceProblem({ ...config.regla, kinds: ['xlsx'] }, chosen);
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
        {result && <ImportarResumen result={result} clave={config.clave} advertencias={config.textos.advertencias} />}
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

/** An import's summary: the counts, then the rejected rows (the first ones on screen, all of them in the file). */
export function ImportarResumen<E extends ErrorFila>({
  result,
  clave,
  advertencias: textoAdvertencias,
}: {
  result: ResultadoImportar<E>;
  clave: ClaveError<E>;
  advertencias?: (n: number) => string;
}) {
  const { errores, advertencias = 0, erroresOmitidos = 0 } = result;
  const fallidas = errores.length + erroresOmitidos;
  return (
    <Box role="region" aria-label={t('resumen')} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Alert severity={fallidas ? 'warning' : 'success'}>
        {t('resultado', { total: result.total, creados: result.creados, actualizados: result.actualizados, errores: fallidas })}
      </Alert>
      {advertencias > 0 && textoAdvertencias && <Alert severity="info">{textoAdvertencias(advertencias)}</Alert>}
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
              onClick={() => guardarTexto(erroresCsv(errores, clave), 'errores-importacion.csv')}
            >
              {t('descargar_errores')}
            </MuiButton>
          </Box>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('linea')}</TableCell>
                  <TableCell>{clave.etiqueta}</TableCell>
                  <TableCell>{t('motivo')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {errores.slice(0, ERRORES_EN_PANTALLA).map((e) => (
                  <TableRow key={`${e.linea}-${String(e[clave.campo])}`}>
                    <TableCell>{e.linea}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{String(e[clave.campo] ?? '')}</TableCell>
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
