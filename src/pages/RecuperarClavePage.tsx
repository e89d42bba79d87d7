import { Link, useNavigate } from 'react-router';
import { PublicLayout } from '../ui/PublicLayout';
import { MessageDialog } from '../ui/MessageDialog';
import { useSubmission } from '../ui/useSubmission';
import { Field } from '../ui/Field';
import { required, useForm } from '../ui/useForm';
import { api } from '../http/client';
import { MSG } from '../../domain/messages';
import { TEMPORARY_PASSWORD_MINUTES } from '../../domain/constants';

export default function RecuperarClavePage() {
  const navigate = useNavigate();
  const form = useForm({ ruc: '', usuario: '' }, (v) => ({ ruc: required(v.ruc), usuario: required(v.usuario) }));
  const { message, setMessage, sending, handle } = useSubmission(form.check, MSG.recoveryErrorPrefix);

  const submit = handle(async () => {
    await api('/recuperar', { method: 'POST', body: { ruc: form.values.ruc.trim(), usuario: form.values.usuario.trim() } });
    setMessage({ title: MSG.recoveryOkTitle, text: MSG.recoveryOk, severity: 'success' });
  });

  const close = () => {
    const succeeded = message?.severity === 'success';
    setMessage(null);
    if (succeeded) navigate('/', { replace: true });
  };

  const back = (
    <nav className="am-links">
      <Link to="/login">Volver a iniciar sesión</Link>
    </nav>
  );
  return (
    <PublicLayout
      title="Recuperar clave"
      subtitle="Le enviaremos una clave temporal al correo registrado"
      footer={back}
      whiteLabelFooter={back}
    >
      <p className="am-subtitle">
        La clave temporal sirve durante {TEMPORARY_PASSWORD_MINUTES} minutos y su clave actual sigue funcionando. Si ingresa con la clave
        temporal, elegirá una clave nueva.
      </p>
      <form onSubmit={submit} noValidate>
        <Field label="RUC" inputMode="numeric" maxLength={13} {...form.text('ruc')} />
        <Field label="Usuario" autoComplete="username" {...form.text('usuario')} />
        <button type="submit" className="am-btn am-btn--block" disabled={sending}>
          {sending ? 'Enviando...' : 'Enviar clave temporal'}
        </button>
      </form>
      <MessageDialog message={message} onClose={close} />
    </PublicLayout>
  );
}
