import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { PublicLayout } from '../ui/PublicLayout';
import { MessageDialog } from '../ui/MessageDialog';
import { useSubmission } from '../ui/useSubmission';
import { CredentialFields, Field } from '../ui/Field';
import { SupportButtons } from '../ui/SupportLinks';
import { required, useForm } from '../ui/useForm';
import { api, ApiError } from '../http/client';
import { CHOOSE_PASSWORD_ROUTE, companySession, type CompanyUser } from '../authProvider/session';
import { checkRuc } from '../../domain/identifiers';
import { MSG } from '../../domain/messages';
import { DEACTIVATED_CODE } from '../../domain/constants';
import { useSessionEndNotice } from '../ui/useSessionEndNotice';

export default function LoginPage() {
  const navigate = useNavigate();
  const form = useForm({ ruc: '', usuario: '', clave: '', recordar: false }, (v) => ({
    ruc: required(v.ruc) ?? checkRuc(v.ruc).error,
    usuario: required(v.usuario),
    clave: required(v.clave),
  }));
  const { message, setMessage, sending, handle } = useSubmission(form.check, MSG.loginErrorPrefix);
  const endNotice = useSessionEndNotice(companySession);

  // Only a session that existed when the page opened redirects; a sign-in here navigates by itself.
  const [signedIn] = useState(() => Boolean(companySession.get()));
  if (signedIn) return <Navigate to="/" replace />;

  const submit = handle(async () => {
    try {
      const { usuario } = await api<{ usuario: CompanyUser }>('/login', {
        method: 'POST',
        body: { ...form.values, ruc: form.values.ruc.trim(), usuario: form.values.usuario.trim() },
      });
      companySession.save(usuario);
      navigate(usuario.cambiarClave ? CHOOSE_PASSWORD_ROUTE : '/', { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === DEACTIVATED_CODE)) throw error;
      navigate('/error403');
    }
  });

  return (
    <PublicLayout
      title="Iniciar sesión"
      subtitle="Ingrese con el RUC de su empresa"
      showContact
      notice={endNotice}
      footer={
        <nav className="am-links">
          <Link to="/recuperar-clave">¿Olvidó su clave?</Link>
          <Link to="/registro">Crear una cuenta para su empresa</Link>
          <Link to="/administrador/soporteTicket">Abrir un ticket de soporte</Link>
          <Link to="/administrador/login">Ingreso de administradores</Link>
        </nav>
      }
      whiteLabelFooter={
        <>
          <nav className="am-links">
            <Link to="/recuperar-clave">¿Olvidó su clave?</Link>
          </nav>
          <SupportButtons />
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Field label="RUC" inputMode="numeric" maxLength={13} autoComplete="username" {...form.text('ruc')} />
        <CredentialFields form={form} sending={sending} />
      </form>
      <MessageDialog message={message} onClose={() => setMessage(null)} />
    </PublicLayout>
  );
}
