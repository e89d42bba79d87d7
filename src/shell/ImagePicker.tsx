import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/Upload';
import DeleteIcon from '@mui/icons-material/Delete';
import type { UploadRule } from '../../domain/archivos';
import { FilePicker } from '../ui/FilePicker';
import { useCheckedFile } from '../ui/useCheckedFile';

type Props = {
  /** The file field's id. */
  id: string;
  /** The section's heading (and help), whose element carries the id `titleId`. */
  heading: ReactNode;
  titleId: string;
  rule: UploadRule;
  /** The file field's label. */
  label: string;
  /** The block's texts by key: actual (the preview's alternative text), ayuda, subir, quitar. */
  t: (key: 'actual' | 'ayuda' | 'subir' | 'quitar') => string;
  /** The image shown, or null while there is none to show: then the preview says `empty` (in red when `failed`). */
  src: string | null;
  empty: string;
  failed?: boolean;
  /** Sends the chosen file, reporting its progress (0 to 1); the chosen file is forgotten once it resolves. */
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<void>;
  onUploadError: (error: unknown) => void;
  /** Asks to remove the stored image (the caller confirms it); offered only while there is one. */
  onRemove?: () => void;
  /** A removal under way: the buttons wait. */
  removing: boolean;
  /** The space under the section, and the preview's width. */
  spacing: number;
  previewWidth: number;
  /** A light checkerboard behind the preview, where transparent images must show as such. */
  checkerboard?: boolean;
  /** The removal's confirmation. */
  children: ReactNode;
};

/**
 * An image stored on its own (a company's logo, a white-label image): its preview, choosing a new one checked
 * against its rule, uploading it with progress, and removing the stored one. Each change is saved at once by its own
 * call, outside any form.
 */
export function ImagePicker(props: Props) {
  const { id, heading, titleId, rule, label, t, src, empty, failed, upload, onUploadError, onRemove, removing, checkerboard } = props;
  const chosen = useCheckedFile(rule);
  const [progress, setProgress] = useState<number | null>(null);

  const send = async () => {
    if (!chosen.file) return;
    try {
      await upload(chosen.file, setProgress);
      chosen.setFile(null);
    } catch (e) {
      onUploadError(e);
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null || removing;
  return (
    <Box component="section" sx={{ width: '100%', mb: props.spacing }} aria-labelledby={titleId}>
      {heading}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Box
          sx={{
            width: props.previewWidth,
            maxWidth: '100%',
            height: 120,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            p: 1,
            ...(checkerboard
              ? { background: 'repeating-conic-gradient(#f2f2f2 0% 25%, #fff 0% 50%) 50% / 16px 16px' }
              : { bgcolor: 'background.paper' }),
          }}
        >
          {src ? (
            <Box component="img" src={src} alt={t('actual')} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
          ) : (
            <Typography variant="body2" color={failed ? 'error' : 'text.secondary'} sx={{ textAlign: 'center' }}>
              {empty}
            </Typography>
          )}
        </Box>
        <Box sx={{ flex: '1 1 260px', minWidth: 0, display: 'grid', gap: 1 }}>
          <FilePicker
            id={id}
            label={label}
            accept={rule.accept}
            file={chosen.file}
            onPick={chosen.pick}
            help={t('ayuda')}
            error={chosen.error}
            progress={progress}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => void send()} disabled={busy || !chosen.file}>
              {t('subir')}
            </Button>
            {onRemove && (
              <Button color="error" startIcon={<DeleteIcon />} disabled={busy} onClick={onRemove}>
                {t('quitar')}
              </Button>
            )}
          </Box>
        </Box>
      </Box>
      {props.children}
    </Box>
  );
}
