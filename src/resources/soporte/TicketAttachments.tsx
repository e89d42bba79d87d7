import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, type RaRecord } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { fileChoiceProblem, TICKET_FILE } from '../../../domain/archivos';
import { formatBytes } from '../../../domain/archivos';
import type { TicketFile as FileInfo } from '../../../domain/contratos/soporte';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

function FileRow({ title, file, onDownload }: { title: string; file: FileInfo; onDownload: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, justifyContent: 'space-between', flexWrap: 'wrap' }}>
      <Box>
        <Typography variant="subtitle2">{title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {file ? `${file.ARC_NOMBRE} · ${formatBytes(file.ARC_TAMANO)}` : 'Sin archivo'}
        </Typography>
      </Box>
      {file && (
        <Button startIcon={<DownloadIcon />} onClick={onDownload} aria-label={`Descargar ${file.ARC_NOMBRE}`}>
          Descargar
        </Button>
      )}
    </Box>
  );
}

/** Both sides' attachments, downloadable, and the adviser's upload (same rule as the customer's), with its progress. */
export function TicketAttachments() {
  const record = useRecordContext<RaRecord>()!;
  const dataProvider = useAreaDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [progress, setProgress] = useState<number | null>(null);

  const download = (side: 'Cli' | 'Ase', file: FileInfo) => () =>
    dataProvider
      .download(`/soporte/descarga${side}/${record.SPT_ID}`, file!.ARC_NOMBRE)
      .catch((e: Error) => notify(e.message, { type: 'error' }));

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const problem = fileChoiceProblem(TICKET_FILE, file);
    if (problem) return notify(problem, { type: 'warning' });
    try {
      const { msg } = await dataProvider.upload(`/soporte/docAse/${record.SPT_ID}`, file, setProgress);
      notify(msg, { type: 'success' });
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Archivos adjuntos
        </Typography>
        <FileRow title="Archivo del cliente" file={record.archivoCliente} onDownload={download('Cli', record.archivoCliente)} />
        <FileRow title="Archivo del asesor" file={record.archivoAsesor} onDownload={download('Ase', record.archivoAsesor)} />
        <div>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={uploading}>
            {uploading ? 'Subiendo...' : record.archivoAsesor ? 'Reemplazar archivo del asesor' : 'Adjuntar archivo del asesor'}
            <input
              hidden
              type="file"
              accept={TICKET_FILE.accept}
              aria-label="Archivo del asesor (.zip o .rar)"
              onChange={(e) => {
                void upload(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </Button>
          {uploading && (
            <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Progreso de la subida" sx={{ mt: 1 }} />
          )}
          <Typography variant="caption" display="block" color="text.secondary" sx={{ mt: 0.5 }}>
            Un .zip o .rar de hasta 50 MB
          </Typography>
        </div>
      </CardContent>
    </Card>
  );
}
