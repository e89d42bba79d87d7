import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, type RaRecord } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { MSG } from '../../domain/messages';
import { formatBytes, TICKET_FILE_MAX_BYTES } from '../../domain/constants';
import { downloadAttachment, uploadAdviserFile } from './download';

type FileInfo = { ARC_NOMBRE: string; ARC_TAMANO: number } | null;

function FileRow({ title, file, onDownload }: { title: string; file: FileInfo; onDownload: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, justifyContent: 'space-between', flexWrap: 'wrap' }}>
      <Box>
        <Typography variant="subtitle2">{title}</Typography>
        <Typography variant="body2" color="text.secondary">{file ? `${file.ARC_NOMBRE} · ${formatBytes(file.ARC_TAMANO)}` : 'Sin archivo'}</Typography>
      </Box>
      {file && <Button startIcon={<DownloadIcon />} onClick={onDownload} aria-label={`Descargar ${file.ARC_NOMBRE}`}>Descargar</Button>}
    </Box>
  );
}

/** Both sides' attachments, downloadable, and the adviser's upload (same limits as the customer's). */
export function TicketAttachments() {
  const record = useRecordContext<RaRecord>()!;
  const notify = useNotify();
  const refresh = useRefresh();
  const [uploading, setUploading] = useState(false);

  const download = (side: 'Cli' | 'Ase', file: FileInfo) => () =>
    downloadAttachment(Number(record.SPT_ID), side, file!.ARC_NOMBRE).catch((e: Error) => notify(e.message, { type: 'error' }));

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!/\.(zip|rar)$/i.test(file.name)) return notify(MSG.ticketFileType, { type: 'warning' });
    if (file.size > TICKET_FILE_MAX_BYTES) return notify(MSG.ticketFileSize, { type: 'warning' });
    setUploading(true);
    try {
      notify(await uploadAdviserFile(Number(record.SPT_ID), file), { type: 'success' });
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">Archivos adjuntos</Typography>
        <FileRow title="Archivo del cliente" file={record.archivoCliente} onDownload={download('Cli', record.archivoCliente)} />
        <FileRow title="Archivo del asesor" file={record.archivoAsesor} onDownload={download('Ase', record.archivoAsesor)} />
        <div>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={uploading}>
            {uploading ? 'Subiendo...' : record.archivoAsesor ? 'Reemplazar archivo del asesor' : 'Adjuntar archivo del asesor'}
            <input hidden type="file" accept=".zip,.rar" aria-label="Archivo del asesor (.zip o .rar)" onChange={(e) => { void upload(e.target.files?.[0]); e.target.value = ''; }} />
          </Button>
          <Typography variant="caption" display="block" color="text.secondary" sx={{ mt: 0.5 }}>Un .zip o .rar de hasta 50 MB</Typography>
        </div>
      </CardContent>
    </Card>
  );
}
