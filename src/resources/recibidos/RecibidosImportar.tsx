import { useState, type DragEvent } from 'react';
import { Button, useRefresh, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MuiButton from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { formatBytes } from '../../../domain/archivos';
import type { ResultadoImportacion } from '../../../domain/contratos/recibidos';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { leerClaves } from './claves';
import { ResultadoTabla } from './ResultadoTabla';
import { texto } from './textos';

const t = (key: string, options?: object) => texto(`importar.${key}`, options);
type Pestana = 'archivos' | 'claves' | 'reporte';
const PESTANAS: readonly Pestana[] = ['archivos', 'claves', 'reporte'];
const XML_O_ZIP = /\.(xml|zip)$/i;

/** The files chosen so far: drop or choose, several at a time; the same name and size is the same file. */
function ArchivosElegidos({ archivos, cambiar }: { archivos: File[]; cambiar: (archivos: File[], error?: string) => void }) {
  const [encima, setEncima] = useState(false);
  const agregar = (nuevos: readonly File[]) => {
    const malo = nuevos.find((f) => !XML_O_ZIP.test(f.name));
    const buenos = nuevos.filter((f) => XML_O_ZIP.test(f.name) && !archivos.some((a) => a.name === f.name && a.size === f.size));
    cambiar([...archivos, ...buenos], malo ? t('no_admitido', { nombre: malo.name }) : undefined);
  };
  const soltar = (event: DragEvent) => {
    event.preventDefault();
    setEncima(false);
    agregar([...event.dataTransfer.files]);
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography color="text.secondary">{t('archivos_ayuda')}</Typography>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setEncima(true);
        }}
        onDragLeave={() => setEncima(false)}
        onDrop={soltar}
        data-soltar
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: encima ? 'primary.main' : 'divider',
          bgcolor: encima ? 'action.hover' : undefined,
          borderRadius: 1,
          p: { xs: 2, sm: 3 },
          display: 'grid',
          justifyItems: 'center',
          gap: 1,
          textAlign: 'center',
        }}
      >
        <MoveToInboxIcon color="action" fontSize="large" />
        <Typography variant="body2">{t('soltar')}</Typography>
        <MuiButton component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          {t('elegir')}
          <input
            hidden
            type="file"
            multiple
            accept=".xml,.zip,text/xml,application/xml,application/zip"
            aria-label={t('elegir_etiqueta')}
            onChange={(event) => {
              agregar([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </MuiButton>
      </Box>
      {archivos.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('ninguno')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }} aria-label={t('elegir_etiqueta')}>
          {archivos.map((archivo) => (
            <Box component="li" key={`${archivo.name}-${archivo.size}`} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0, flex: 1 }}>
                {archivo.name} · {formatBytes(archivo.size)}
              </Typography>
              <IconButton
                size="small"
                aria-label={t('quitar', { nombre: archivo.name })}
                onClick={() => cambiar(archivos.filter((a) => a !== archivo))}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The pasted keys and, as they are typed, how many valid keys the text holds. */
function ClavesEscritas({ valor, cambiar }: { valor: string; cambiar: (valor: string) => void }) {
  const { validas, invalidas, repetidas } = leerClaves(valor);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography color="text.secondary" id="claves-ayuda">
        {t('claves_ayuda')}
      </Typography>
      <TextField
        label={t('claves_etiqueta')}
        value={valor}
        onChange={(event) => cambiar(event.target.value)}
        multiline
        minRows={6}
        maxRows={14}
        fullWidth
        slotProps={{
          htmlInput: { 'aria-describedby': 'claves-ayuda claves-conteo', spellCheck: false, style: { fontFamily: 'monospace' } },
        }}
      />
      <Box id="claves-conteo" role="status" aria-live="polite" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Chip
          color={validas.length ? 'success' : 'default'}
          label={t('claves_validas', { smart_count: validas.length })}
          data-claves-validas={validas.length}
        />
        {invalidas > 0 && <Chip color="error" variant="outlined" label={t('claves_invalidas', { smart_count: invalidas })} />}
        {repetidas > 0 && <Chip variant="outlined" label={t('claves_repetidas', { smart_count: repetidas })} />}
      </Box>
    </Box>
  );
}

/** The SRI portal's report of received documents: one .txt, with where to download it. */
function ReporteElegido({ archivo, cambiar }: { archivo: File | null; cambiar: (archivo: File | null) => void }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography color="text.secondary">{t('reporte_ayuda')}</Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
        <MuiButton component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          {t('reporte_elegir')}
          <input
            hidden
            type="file"
            accept=".txt,text/plain"
            aria-label={t('reporte_etiqueta')}
            onChange={(event) => {
              cambiar(event.target.files?.[0] ?? null);
              event.target.value = '';
            }}
          />
        </MuiButton>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {archivo ? `${archivo.name} · ${formatBytes(archivo.size)}` : t('ninguno')}
        </Typography>
      </Box>
    </Box>
  );
}

/** The counts of an import, then each document's fate. */
function Resultado({ resultado }: { resultado: ResultadoImportacion }) {
  const { importados, duplicados, rechazados, proveedoresNuevos } = resultado;
  return (
    <Box role="region" aria-label={t('resultado')} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Alert severity={rechazados ? 'warning' : 'success'} data-conteo>
        {t('conteo', { importados, duplicados, rechazados })}
        {proveedoresNuevos > 0 && ` · ${t('proveedores_nuevos', { smart_count: proveedoresNuevos })}`}
      </Alert>
      <ResultadoTabla resultados={resultado.resultados} />
    </Box>
  );
}

/**
 * Importar on the list: a dialog with three ways in (XML or ZIP files, access keys, the SRI's report), each sent to its
 * route; the answer says what happened to each document and the list is read again. Full screen on phones.
 */
export function ImportarRecibidos() {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [abierto, setAbierto] = useState(false);
  const [pestana, setPestana] = useState<Pestana>('archivos');
  const [archivos, setArchivos] = useState<File[]>([]);
  const [claves, setClaves] = useState('');
  const [reporte, setReporte] = useState<File | null>(null);
  const [progreso, setProgreso] = useState<number | null>(null);
  const [resultado, setResultado] = useState<ResultadoImportacion | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ocupado = progreso !== null;

  const listo = { archivos: archivos.length > 0, claves: leerClaves(claves).validas.length > 0, reporte: reporte !== null }[pestana];

  const enviar = (): Promise<ResultadoImportacion> => {
    if (pestana === 'claves') return dataProvider.call<ResultadoImportacion>('/api/recibidos/claves', { method: 'POST', body: { claves } });
    if (pestana === 'reporte')
      return dataProvider.upload<ResultadoImportacion>('/api/recibidos/reporte', reporte!, setProgreso, undefined, 'archivo');
    const cuerpo = new FormData();
    for (const archivo of archivos) cuerpo.append('archivos', archivo);
    return dataProvider.call<ResultadoImportacion>('/api/recibidos/archivos', { method: 'POST', body: cuerpo });
  };

  const importar = async () => {
    setError(null);
    setResultado(null);
    setProgreso(1);
    try {
      setResultado(await enviar());
      if (pestana === 'archivos') setArchivos([]);
      if (pestana === 'claves') setClaves('');
      if (pestana === 'reporte') setReporte(null);
      await queryClient.invalidateQueries({ queryKey: ['recibidos'] });
      refresh();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setProgreso(null);
    }
  };

  const cerrar = () => {
    if (ocupado) return;
    setAbierto(false);
    setResultado(null);
    setError(null);
  };

  const porcentaje = progreso === null ? 0 : Math.round(progreso * 100);
  return (
    <>
      <Button label={texto('lista.importar')} onClick={() => setAbierto(true)}>
        <UploadFileIcon />
      </Button>
      <Dialog open={abierto} onClose={cerrar} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="importar-recibidos-titulo">
        <DialogTitle id="importar-recibidos-titulo">{t('titulo')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <Tabs
            value={pestana}
            onChange={(_, valor: Pestana) => {
              setPestana(valor);
              setError(null);
            }}
            aria-label={t('pestanas')}
            variant="scrollable"
            allowScrollButtonsMobile
          >
            {PESTANAS.map((p) => (
              <Tab key={p} value={p} label={t(p)} id={`importar-${p}`} aria-controls={`importar-${p}-panel`} disabled={ocupado} />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`importar-${pestana}-panel`} aria-labelledby={`importar-${pestana}`}>
            {pestana === 'archivos' && (
              <ArchivosElegidos
                archivos={archivos}
                cambiar={(nuevos, problema) => {
                  setArchivos(nuevos);
                  setError(problema ?? null);
                }}
              />
            )}
            {pestana === 'claves' && <ClavesEscritas valor={claves} cambiar={setClaves} />}
            {pestana === 'reporte' && <ReporteElegido archivo={reporte} cambiar={setReporte} />}
          </Box>
          {ocupado && (
            <Box role="status" aria-live="polite">
              <Typography variant="body2">{porcentaje < 100 ? t('subiendo', { percent: porcentaje }) : t('procesando')}</Typography>
              <LinearProgress
                aria-label={t('progreso')}
                variant={porcentaje < 100 ? 'determinate' : 'indeterminate'}
                value={porcentaje}
                sx={{ mt: 0.5 }}
              />
            </Box>
          )}
          {error && <Alert severity="error">{error}</Alert>}
          {resultado && <Resultado resultado={resultado} />}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={cerrar} disabled={ocupado}>
            {translate('ra.action.close')}
          </MuiButton>
          <MuiButton variant="contained" onClick={importar} disabled={!listo || ocupado}>
            {t('importar')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
