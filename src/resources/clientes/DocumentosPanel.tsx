import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { fileChoiceProblem } from '../../../domain/archivos';
import { DOCUMENTO_CLIENTE } from '../../../domain/clientes';
import { formatDateTime } from '../../../domain/fechas';
import { formatBytes } from '../../../domain/archivos';
import type { DocumentoCliente } from './tipos';
import { texto } from './textos';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { PanelCard } from './PanelCard';

export const documentosKey = (cliente: number) => ['clientes', 'documentos', cliente];

/** GET /api/clientes/documentos?cliente=:id, shared with the email dialog (attachments). */
export function useDocumentos(cliente: number) {
  const dataProvider = useAreaDataProvider();
  return useQuery({
    queryKey: documentosKey(cliente),
    queryFn: () => dataProvider.call<DocumentoCliente[]>(`/api/clientes/documentos?cliente=${cliente}`),
  });
}

/** A client's documents: the list, each downloadable and removable, and the upload with its progress bar. */
export function DocumentosPanel({ cliente }: { cliente: number }) {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const t = (key: string, options?: object) => texto(`documentos.${key}`, options);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: documentos, error, isPending } = useDocumentos(cliente);
  const [progress, setProgress] = useState<number | null>(null);
  const [borrar, setBorrar] = useState<DocumentoCliente | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: documentosKey(cliente) });

  const subir = async (file: File | undefined) => {
    if (!file) return;
    // What the browser can tell before sending: the extension and the 15 MB limit (the server checks the content).
    const problem = fileChoiceProblem(DOCUMENTO_CLIENTE, file);
    if (problem) return notify(problem, { type: 'warning' });
    try {
      await dataProvider.upload(`/api/clientes/documentos?cliente=${cliente}`, file, setProgress);
      notify(t('subido', { nombre: file.name }), { type: 'success' });
      await reload();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setProgress(null);
    }
  };

  const descargar = (doc: DocumentoCliente) =>
    dataProvider
      .download(`/api/clientes/documentos/${doc.CDO_ID}/descarga`, doc.CDO_NOMBRE)
      .catch((e: Error) => notify(e.message, { type: 'error' }));

  const eliminar = async () => {
    const doc = borrar!;
    setBorrar(null);
    try {
      const answer = await dataProvider.call<{ msg?: string }>(`/api/clientes/documentos/${doc.CDO_ID}`, { method: 'DELETE' });
      notify(answer?.msg ?? t('eliminado'), { type: 'info' });
      await reload();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };

  const uploading = progress !== null;
  return (
    <PanelCard
      titulo={t('titulo')}
      gap={1}
      acciones={
        <Button component="label" variant="outlined" size="small" startIcon={<UploadFileIcon />} disabled={uploading}>
          {uploading ? t('subiendo') : t('subir')}
          <input
            hidden
            type="file"
            accept={DOCUMENTO_CLIENTE.accept}
            aria-label={t('archivo')}
            onChange={(e) => {
              void subir(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Button>
      }
      dialogos={
        <Confirm
          isOpen={borrar !== null}
          title={t('eliminar_titulo')}
          content={t('eliminar_texto', { nombre: borrar?.CDO_NOMBRE ?? '' })}
          onConfirm={eliminar}
          onClose={() => setBorrar(null)}
        />
      }
    >
      {uploading && <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={t('progreso')} />}
      <Typography variant="caption" color="text.secondary">
        {t('ayuda')}
      </Typography>
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {documentos?.length === 0 && <Typography color="text.secondary">{t('vacio')}</Typography>}
      {documentos && documentos.length > 0 && (
        <List dense disablePadding>
          {documentos.map((doc) => (
            <ListItem
              key={doc.CDO_ID}
              disableGutters
              secondaryAction={
                <Box sx={{ display: 'flex' }}>
                  <IconButton aria-label={t('descargar', { nombre: doc.CDO_NOMBRE })} onClick={() => descargar(doc)}>
                    <DownloadIcon />
                  </IconButton>
                  <IconButton aria-label={t('eliminar', { nombre: doc.CDO_NOMBRE })} onClick={() => setBorrar(doc)} edge="end">
                    <DeleteIcon />
                  </IconButton>
                </Box>
              }
              sx={{ pr: 10 }}
            >
              <ListItemText
                primary={doc.CDO_NOMBRE}
                secondary={[formatBytes(doc.CDO_BYTES), formatDateTime(doc.CDO_FECHA), doc.usuario].filter(Boolean).join(' · ')}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </PanelCard>
  );
}
