import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PublicLayout } from '../ui/PublicLayout';
import { MessageDialog } from '../ui/MessageDialog';
import { useSubmission } from '../ui/useSubmission';
import { CheckboxField, Field } from '../ui/Field';
import { TermsDialog } from '../ui/TermsDialog';
import { FilePicker } from '../ui/FilePicker';
import { required, useForm } from '../ui/useForm';
import { api } from '../http/client';
import { upload, type UploadProgress } from '../http/upload';
import { checkRuc, isEmail } from '../../domain/identifiers';
import { MSG, PASSWORD_MIN_LENGTH } from '../../domain/messages';
import { fileChoiceProblem, PAYMENT_FILE } from '../../domain/archivos';
import type { RegistroCreado } from '../../domain/contratos/registro';

const TITLE = 'Crear una cuenta';

async function uploadPaymentProof(registered: RegistroCreado, reference: string, file: File, onProgress: UploadProgress): Promise<string> {
  const path = `/registro/pago/${registered.EMP_CODIGO}/${registered.EMP_RUC}/${encodeURIComponent(reference)}`;
  return (await upload(path, file, { token: registered.tokenPago, onProgress })).msg;
}

export default function RegistroPage() {
  const navigate = useNavigate();
  const [showTerms, setShowTerms] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm(
    { EMP_RUC: '', EMP_NOMBREC: '', EMP_NOMBRE: '', email: '', usuario: '', clave: '', referencia: '', terminos: false },
    (v) => ({
      EMP_RUC: required(v.EMP_RUC) ?? checkRuc(v.EMP_RUC).error,
      EMP_NOMBREC: required(v.EMP_NOMBREC),
      EMP_NOMBRE: required(v.EMP_NOMBRE),
      email: required(v.email) ?? (isEmail(v.email.trim()) ? undefined : 'Ingrese un correo electrónico válido'),
      usuario: required(v.usuario) ?? (/\s/.test(v.usuario.trim()) ? 'El usuario no puede tener espacios' : undefined),
      clave: required(v.clave) ?? (v.clave.length < PASSWORD_MIN_LENGTH ? MSG.passwordTooShort : undefined),
      referencia:
        file && !/^[A-Za-z0-9-]{1,60}$/.test(v.referencia.trim())
          ? 'Ingrese el número de referencia del pago (letras, números y guiones)'
          : undefined,
    }),
  );
  const { message, setMessage, sending, handle } = useSubmission(() => form.check() && !fileError, MSG.registrationErrorPrefix);
  const rucWarning = !form.errors.EMP_RUC && form.values.EMP_RUC.length === 13 ? checkRuc(form.values.EMP_RUC).warning : undefined;

  const pickFile = (picked: File | undefined) => {
    setFileError(null);
    setFile(null);
    if (!picked) return;
    const problem = fileChoiceProblem(PAYMENT_FILE, picked);
    if (problem) return setFileError(problem);
    setFile(picked);
  };

  const submit = handle(async () => {
    if (!form.values.terminos) {
      setMessage({ title: MSG.warningTitle, text: MSG.termsRequired, severity: 'warning' });
      return;
    }
    const { referencia, ...fields } = form.values;
    const registered = await api<RegistroCreado>('/registro', {
      method: 'POST',
      body: {
        ...fields,
        EMP_NOMBREC: fields.EMP_NOMBREC.trim(),
        EMP_NOMBRE: fields.EMP_NOMBRE.trim(),
        email: fields.email.trim(),
        usuario: fields.usuario.trim(),
        terminos: true,
      },
    });
    let text = registered.msg;
    if (file) {
      try {
        text += `\n${await uploadPaymentProof(registered, referencia.trim(), file, setProgress)}.`;
      } catch (error) {
        text += `\nNo se pudo adjuntar el comprobante de pago: ${(error as Error).message}. Envíelo luego desde soporte.`;
      } finally {
        setProgress(null);
      }
    }
    form.reset();
    setFile(null);
    setMessage({ title: MSG.registrationOkTitle, text, severity: 'success' });
  });

  return (
    <PublicLayout
      title={TITLE}
      subtitle="Registre su empresa para emitir comprobantes electrónicos"
      footer={
        <nav className="am-links">
          <span>
            ¿Ya tiene una cuenta? <Link to="/login">Inicie sesión</Link>
          </span>
        </nav>
      }
      whiteLabelFooter={
        <nav className="am-links">
          <Link to="/login">Volver a iniciar sesión</Link>
        </nav>
      }
    >
      <form onSubmit={submit} noValidate>
        <Field label="RUC" inputMode="numeric" maxLength={13} {...form.text('EMP_RUC')} warning={rucWarning} />
        <Field label="Nombre comercial" {...form.text('EMP_NOMBREC')} />
        <Field label="Razón social" {...form.text('EMP_NOMBRE')} />
        <Field label="Correo electrónico" type="email" autoComplete="email" {...form.text('email')} />
        <Field label="Usuario" autoComplete="username" {...form.text('usuario')} />
        <Field label="Clave" type="password" autoComplete="new-password" {...form.text('clave')} />
        <div className="am-box">
          <FilePicker
            id="comprobante"
            label="Comprobante de pago (opcional)"
            accept={PAYMENT_FILE.accept}
            file={file}
            onPick={pickFile}
            help="PDF, JPG o PNG de hasta 15 MB"
            error={fileError}
            progress={progress}
          />
          {file && <Field label="Número de referencia del pago" {...form.text('referencia')} />}
        </div>
        <CheckboxField
          id="terminos"
          checked={form.values.terminos}
          onChange={(v) => form.set('terminos', v)}
          label={
            <>
              Acepto los{' '}
              <button type="button" className="am-link-button" onClick={() => setShowTerms(true)}>
                términos y condiciones
              </button>
            </>
          }
        />
        <button type="submit" className="am-btn am-btn--block" disabled={sending}>
          {sending ? 'Registrando...' : 'Crear cuenta'}
        </button>
      </form>
      <TermsDialog open={showTerms} onClose={() => setShowTerms(false)} />
      <MessageDialog
        message={message}
        onClose={() => setMessage(null)}
        actions={
          message?.severity === 'success' ? (
            <button type="button" className="am-btn am-btn--text" onClick={() => navigate('/login')}>
              Iniciar sesión
            </button>
          ) : undefined
        }
      />
    </PublicLayout>
  );
}
