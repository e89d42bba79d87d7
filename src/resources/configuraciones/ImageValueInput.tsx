import { useState } from 'react';
import { Confirm, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import Typography from '@mui/material/Typography';
import type { SettingRow } from '../../../domain/configuraciones';
import { SETTING_IMAGE, type SettingField } from '../../../domain/configuraciones-valores';
import { ImagePicker } from '../../shell/ImagePicker';
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
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const id = `configuracion-${record.CON_CODIGO}-${field.key}`;

  const done = (message: string) => {
    notify(message, { type: 'success' });
    refresh();
    void reloadSettings().catch(() => undefined);
  };
  const failed = (e: unknown) => notify((e as Error).message, { type: 'error' });

  const upload = async (file: File, onProgress: (fraction: number) => void) => {
    await dataProvider.upload(`/configuraciones/${record.CON_CODIGO}/imagen/${field.key.slice(-1)}`, file, onProgress);
    done(t('guardada'));
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

  return (
    <ImagePicker
      id={id}
      titleId={`${id}-titulo`}
      heading={
        <>
          <Typography variant="subtitle1" component="h3" id={`${id}-titulo`} sx={{ fontWeight: 500 }}>
            {field.label}
          </Typography>
          {field.help && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {field.help}
            </Typography>
          )}
        </>
      }
      rule={SETTING_IMAGE}
      label={`${t('archivo')}: ${field.label}`}
      t={t}
      src={imageSrc(value)}
      empty={t('sin_imagen')}
      upload={upload}
      onUploadError={failed}
      onRemove={value ? () => setConfirming(true) : undefined}
      removing={pending}
      spacing={3}
      previewWidth={220}
      checkerboard
    >
      <Confirm
        isOpen={confirming}
        loading={pending}
        title={t('quitar_titulo')}
        content={t('quitar_texto')}
        confirm={t('quitar')}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </ImagePicker>
  );
}
