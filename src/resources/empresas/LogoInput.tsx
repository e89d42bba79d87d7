import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/Upload';
import DeleteIcon from '@mui/icons-material/Delete';
import { fileChoiceProblem } from '../../../domain/archivos';
import { MSG } from '../../../domain/messages';
import { FilePicker } from '../../ui/FilePicker';
import type { LogoGuardado } from '../../../domain/contratos/empresas';
import { UsuarioAviso, type Aviso } from './UsuarioAviso';
import { LOGO_FILE } from '../../../domain/logos';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

type Props = { empresa: number; nombre: string; logo: string | null };

/**
 * The company's logo for printed documents, on the datos tab: its preview, uploading a new one (with progress) and
 * removing it. Each change is saved at once by its own call, outside the form: the fields being edited stay as typed,
 * and the company's version does not change, so the form still saves.
 */
export function LogoInput({ empresa, nombre, logo }: Props) {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string) => translate(`resources.empresas.logo.${key}`, { nombre });
  const path = `/empresas/logo/${empresa}`;
  // The file id of the logo shown: the record's, then whatever this block uploaded or removed.
  const [current, setCurrent] = useState(logo);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [aviso, setAviso] = useState<Aviso | null>(null);
  const [pending, setPending] = useState(false);

  const { data: image, error } = useQuery({
    queryKey: ['empresas', empresa, 'logo', current],
    queryFn: () => dataProvider.blob(path),
    enabled: Boolean(current),
  });
  const src = useMemo(() => (current && image ? URL.createObjectURL(image) : null), [current, image]);
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);

  const failed = (e: unknown) => setAviso({ titulo: MSG.loginErrorTitle, texto: (e as Error).message });

  const send = async () => {
    if (!file) return;
    try {
      const saved = await dataProvider.upload<LogoGuardado>(path, file, setProgress);
      setCurrent(saved.EMP_LOGO);
      setFile(null);
      notify(saved.msg, { type: 'success' });
    } catch (e) {
      failed(e);
    } finally {
      setProgress(null);
    }
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

  const busy = progress !== null || pending;
  return (
    <Box component="section" sx={{ width: '100%', mb: 2 }} aria-labelledby="empresa-logo-titulo">
      <Typography variant="h6" component="h3" id="empresa-logo-titulo" sx={{ mb: 1 }}>
        {translate('resources.empresas.fields.EMP_LOGO')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Box
          sx={{
            width: 200,
            maxWidth: '100%',
            height: 120,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            p: 1,
            bgcolor: 'background.paper',
          }}
        >
          {src ? (
            <Box component="img" src={src} alt={t('actual')} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
          ) : (
            <Typography variant="body2" color={error ? 'error' : 'text.secondary'} sx={{ textAlign: 'center' }}>
              {error ? (error as Error).message : current ? '…' : t('sin_logo')}
            </Typography>
          )}
        </Box>
        <Box sx={{ flex: '1 1 260px', minWidth: 0, display: 'grid', gap: 1 }}>
          <FilePicker
            id="empresa-logo-archivo"
            label={t('archivo')}
            accept={LOGO_FILE.accept}
            file={file}
            onPick={(picked) => {
              if (!picked) return;
              const problem = fileChoiceProblem(LOGO_FILE, picked);
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
            {current && (
              <Button
                color="error"
                startIcon={<DeleteIcon />}
                disabled={busy}
                onClick={() =>
                  setAviso({ titulo: t('quitar_titulo'), texto: t('quitar_texto'), confirmar: t('quitar'), onConfirm: () => void remove() })
                }
              >
                {t('quitar')}
              </Button>
            )}
          </Box>
        </Box>
      </Box>
      <UsuarioAviso aviso={aviso} pending={pending} onClose={() => setAviso(null)} />
    </Box>
  );
}
