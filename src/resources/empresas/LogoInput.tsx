import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import Typography from '@mui/material/Typography';
import { MSG } from '../../../domain/messages';
import type { LogoGuardado } from '../../../domain/contratos/empresas';
import { LOGO_FILE } from '../../../domain/logos';
import { ImagePicker } from '../../shell/ImagePicker';
import { UsuarioAviso, type Aviso } from './UsuarioAviso';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

type Props = {
  /** GET, POST and DELETE of the logo: /empresas/logo/{id} (back office) or /miEmpresa/logo (the company's own). */
  path: string;
  nombre: string;
  logo: string | null;
};

/**
 * The company's logo for printed documents, on the datos tab: its preview, uploading a new one (with progress) and
 * removing it. Each change is saved at once by its own call, outside the form: the fields being edited stay as typed,
 * and the company's version does not change, so the form still saves. The company's "Mi empresa" page uses it too.
 */
export function LogoInput({ path, nombre, logo }: Props) {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string) => translate(`resources.empresas.logo.${key}`, { nombre });
  // The file id of the logo shown: the record's, then whatever this block uploaded or removed.
  const [current, setCurrent] = useState(logo);
  const [aviso, setAviso] = useState<Aviso | null>(null);
  const [pending, setPending] = useState(false);

  const { data: image, error } = useQuery({
    queryKey: ['logo', path, current],
    queryFn: () => dataProvider.blob(path),
    enabled: Boolean(current),
  });
  const src = useMemo(() => (current && image ? URL.createObjectURL(image) : null), [current, image]);
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);

  const failed = (e: unknown) => setAviso({ titulo: MSG.loginErrorTitle, texto: (e as Error).message });

  const upload = async (file: File, onProgress: (fraction: number) => void) => {
    const saved = await dataProvider.upload<LogoGuardado>(path, file, onProgress);
    setCurrent(saved.EMP_LOGO);
    notify(saved.msg, { type: 'success' });
  };

  const remove = async () => {
    setPending(true);
    try {
      const { msg } = await dataProvider.call<{ msg: string }>(path, { method: 'DELETE' });
      setAviso(null);
      setCurrent(null);
      notify(msg, { type: 'success' });
    } catch (e) {
      failed(e);
    } finally {
      setPending(false);
    }
  };

  return (
    <ImagePicker
      id="empresa-logo-archivo"
      titleId="empresa-logo-titulo"
      heading={
        <Typography variant="h6" component="h3" id="empresa-logo-titulo" sx={{ mb: 1 }}>
          {translate('resources.empresas.fields.EMP_LOGO')}
        </Typography>
      }
      rule={LOGO_FILE}
      label={t('archivo')}
      t={t}
      src={src}
      empty={error ? (error as Error).message : current ? '…' : t('sin_logo')}
      failed={Boolean(error)}
      upload={upload}
      onUploadError={failed}
      onRemove={
        current
          ? () => setAviso({ titulo: t('quitar_titulo'), texto: t('quitar_texto'), confirmar: t('quitar'), onConfirm: () => void remove() })
          : undefined
      }
      removing={pending}
      spacing={2}
      previewWidth={200}
    >
      <UsuarioAviso aviso={aviso} pending={pending} onClose={() => setAviso(null)} />
    </ImagePicker>
  );
}
