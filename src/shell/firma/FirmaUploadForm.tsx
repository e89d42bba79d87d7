import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FilePicker } from '../../ui/FilePicker';
import { useCheckedFile } from '../../ui/useCheckedFile';
import type { FirmaComprobada, FirmaGuardada } from '../../../domain/contratos/firmas';
import { SIGNATURE_FILE } from '../../../domain/firmas';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

type Props = {
  /** Where the signature is stored (POST) and where it is only checked. */
  uploadPath: string;
  checkPath: string;
  /** Sent with the check only (the administrator's check compares the certificate with this RUC). */
  checkFields?: Record<string, string>;
  replacing: boolean;
  onChecked: (result: FirmaComprobada) => void;
  onSaved: (result: FirmaGuardada) => void;
};

/**
 * The .p12/.pfx and its password, either checked (nothing stored) or saved as the company's signature. The password
 * goes before the file in the multipart body, and the form forgets both once the signature is saved.
 */
export function FirmaUploadForm({ uploadPath, checkPath, checkFields, replacing, onChecked, onSaved }: Props) {
  const dataProvider = useAreaDataProvider();
  const translate = useTranslate();
  const t = (key: string) => translate(`amelia.firma.${key}`);
  const { file, setFile, error: fileError, setError: setFileError, pick } = useCheckedFile(SIGNATURE_FILE);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const send = async (mode: 'check' | 'save') => {
    const missingFile = file ? null : t('elija_archivo');
    const missingPassword = password ? null : t('ingrese_clave');
    setFileError(missingFile);
    setPasswordError(missingPassword);
    if (!file || missingPassword) return;
    setError(null);
    try {
      if (mode === 'check') {
        onChecked(await dataProvider.upload<FirmaComprobada>(checkPath, file, setProgress, { password, ...checkFields }, 'signfile'));
      } else {
        const saved = await dataProvider.upload<FirmaGuardada>(uploadPath, file, setProgress, { password }, 'signfile');
        setFile(null);
        setPassword('');
        onSaved(saved);
      }
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setProgress(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send('save');
  };

  const sending = progress !== null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="firma-subir">
      <Typography variant="h6" component="h2" id="firma-subir" gutterBottom>
        {t(replacing ? 'reemplazar' : 'subir')}
      </Typography>
      <form onSubmit={submit} noValidate>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        )}
        <FilePicker
          id="firma-archivo"
          label={t('archivo')}
          accept={SIGNATURE_FILE.accept}
          file={file}
          onPick={pick}
          help={t('archivo_ayuda')}
          error={fileError}
          progress={progress}
          required
        />
        <TextField
          id="firma-clave"
          label={t('clave')}
          type="password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordError(null);
          }}
          autoComplete="new-password"
          slotProps={{ htmlInput: { maxLength: 200 } }}
          error={Boolean(passwordError)}
          helperText={passwordError ?? t('clave_ayuda')}
          required
          fullWidth
          margin="dense"
        />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap', mt: 1 }}>
          <Button variant="outlined" disabled={sending} onClick={() => void send('check')}>
            {t('comprobar')}
          </Button>
          <Button type="submit" variant="contained" disabled={sending}>
            {t('guardar')}
          </Button>
        </Box>
      </form>
    </Paper>
  );
}
