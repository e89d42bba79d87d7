import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { PublicLayout } from './components/PublicLayout';
import { MessageDialog } from './components/MessageDialog';
import { useSubmission } from './components/useSubmission';
import { CheckboxField, Field } from './components/Field';
import { SupportButtons } from './components/SupportLinks';
import { required, useForm } from './components/useForm';
import { api, ApiError } from '../dataProvider/http';
import { companySession, type CompanyUser } from '../authProvider/session';
import { checkRuc } from '../domain/identifiers';
import { MSG } from '../domain/messages';
import { DEACTIVATED_CODE } from '../domain/constants';

export default function LoginPage() {
  const navigate = useNavigate();
  const form = useForm({ ruc: '', usuario: '', clave: '', recordar: false }, (v) => ({
    ruc: required(v.ruc) ?? checkRuc(v.ruc).error,
    usuario: required(v.usuario),
    clave: required(v.clave),
  }));
  const { message, setMessage, sending, handle } = useSubmission(form.check, MSG.loginErrorPrefix);

  // Only a session that existed when the page opened redirects; a sign-in here navigates by itself.
  const [signedIn] = useState(() => Boolean(companySession.get()));
  if (signedIn) return <Navigate to="/" replace />;

  const submit = handle(async () => {
    try {
      const { usuario } = await api<{ usuario: CompanyUser }>('/login', {
        method: 'POST', body: { ...form.values, ruc: form.values.ruc.trim(), usuario: form.values.usuario.trim() },
      });
      companySession.save(usuario);
      navigate('/', { replace: true });
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
      footer={
        <nav className="am-links">
          <Link to="/recuperar-clave">¿Olvidó su clave?</Link>
          <Link to="/registro">Crear una cuenta para su empresa</Link>
          <Link to="/administrador/soporteTicket">Abrir un ticket de soporte</Link>
          <Link to="/administrador/login">Ingreso de administradores</Link>
        </nav>
      }
      whiteLabelFooter={<>
        <nav className="am-links"><Link to="/recuperar-clave">¿Olvidó su clave?</Link></nav>
        <SupportButtons />
      </>}
    >
      <form onSubmit={submit} noValidate>
        <Field label="RUC" inputMode="numeric" maxLength={13} autoComplete="username" {...form.text('ruc')} />
        <Field label="Usuario" autoComplete="username" {...form.text('usuario')} />
        <Field label="Clave" type="password" autoComplete="current-password" {...form.text('clave')} />
        <CheckboxField id="recordar" label="Recordarme en este equipo" checked={form.values.recordar} onChange={(v) => form.set('recordar', v)} />
        <button type="submit" className="am-btn am-btn--block" disabled={sending}>{sending ? 'Ingresando...' : 'Ingresar'}</button>
      </form>
      <MessageDialog message={message} onClose={() => setMessage(null)} />
    </PublicLayout>
  );
}
