import { useState } from 'react';
import { Confirm, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/Upload';
import DeleteIcon from '@mui/icons-material/Delete';
import { fileChoiceProblem } from '../../../domain/archivos';
import type { SettingRow } from '../../../domain/configuraciones';
import { SETTING_IMAGE, type SettingField } from '../../../domain/configuraciones-valores';
import { FilePicker } from '../../ui/FilePicker';
import { reloadSettings } from '../../settings/SettingsProvider';
import { imageSrc } from './valores';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

type Props = { field: SettingField; record: SettingRow };

/**
 * A white-label image (logo, cover, favicon): its preview, uploading a new one (with progress) and removing it. Each
 * change is saved at once by its own call; the record is then read again and the open page rebranded.
 */
export function ImageValueInput({ field, record }: Props) {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const t = (key: string) => translate(`resources.configuraciones.imagen.${key}`, { nombre: field.label });
  const value = useWatch({ name: field.key }) as string | null;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const id = `configuracion-${record.CON_CODIGO}-${field.key}`;
  const src = imageSrc(value);

  const done = (message: string) => {
    notify(message, { type: 'success' });
    refresh();
    void reloadSettings().catch(() => undefined);
  };
  const failed = (e: unknown) => notify((e as Error).message, { type: 'error' });

  const send = async () => {
    if (!file) return;
    try {
      await dataProvider.upload(`/configuraciones/${record.CON_CODIGO}/imagen/${field.key.slice(-1)}`, file, setProgress);
      setFile(null);
      done(t('guardada'));
    } catch (e) {
      failed(e);
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setPending(true);
    try {
      await dataProvider.update('configuraciones', {
        id: record.CON_CODIGO,
        data: { CON_CODIGO: record.CON_CODIGO, [field.key]: null },
        previousData: { ...record, id: record.CON_CODIGO },
      });
      done(t('quitada'));
    } catch (e) {
      failed(e);
    } finally {
      setPending(false);
      setConfirming(false);
    }
  };

  const busy = progress !== null || pending;
  return (
    <Box component="section" sx={{ width: '100%', mb: 3 }} aria-labelledby={`${id}-titulo`}>
      <Typography variant="subtitle1" component="h3" id={`${id}-titulo`} sx={{ fontWeight: 500 }}>
        {field.label}
      </Typography>
      {field.help && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {field.help}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Box
          sx={{
            width: 220,
            maxWidth: '100%',
            height: 120,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            p: 1,
            // a light checkerboard shows transparent images
            background: 'repeating-conic-gradient(#f2f2f2 0% 25%, #fff 0% 50%) 50% / 16px 16px',
          }}
        >
          {src ? (
            <Box component="img" src={src} alt={t('actual')} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              {t('sin_imagen')}
            </Typography>
          )}
        </Box>
        <Box sx={{ flex: '1 1 260px', minWidth: 0, display: 'grid', gap: 1 }}>
          <FilePicker
            id={id}
            label={`${t('archivo')}: ${field.label}`}
            accept={SETTING_IMAGE.accept}
            file={file}
            onPick={(picked) => {
              if (!picked) return;
              const problem = fileChoiceProblem(SETTING_IMAGE, picked);
              setFileError(problem);
              setFile(problem ? null : picked);
            }}
            help={t('ayuda')}
            error={fileError}
            progress={progress}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => void send()} disabled={busy || !file}>
              {t('subir')}
            </Button>
            {value && (
              <Button color="error" startIcon={<DeleteIcon />} disabled={busy} onClick={() => setConfirming(true)}>
                {t('quitar')}
              </Button>
            )}
          </Box>
        </Box>
      </Box>
      <Confirm
        isOpen={confirming}
        loading={pending}
        title={t('quitar_titulo')}
        content={t('quitar_texto')}
        confirm={t('quitar')}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
