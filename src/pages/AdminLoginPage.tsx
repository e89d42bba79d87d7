import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { PublicLayout } from './components/PublicLayout';
import { MessageDialog } from './components/MessageDialog';
import { useSubmission } from './components/useSubmission';
import { CheckboxField, Field } from './components/Field';
import { DistributorChoice } from './components/DistributorChoice';
import { required, useForm } from './components/useForm';
import { api } from '../dataProvider/http';
import { adminSession, isDistributor, type AdminUser } from '../authProvider/session';
import { MSG } from '../domain/messages';

export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [distributor, setDistributor] = useState<AdminUser | null>(null);
  const form = useForm({ usuario: '', clave: '', recordar: false }, (v) => ({ usuario: required(v.usuario), clave: required(v.clave) }));
  const { message, setMessage, sending, handle } = useSubmission(form.check, MSG.loginErrorPrefix);

  // Only a session that existed when the page opened redirects; a sign-in here navigates by itself.
  const [signedIn] = useState(() => Boolean(adminSession.get()));
  if (signedIn) return <Navigate to="/administrador" replace />;

  const submit = handle(async () => {
    const { usuario } = await api<{ usuario: AdminUser }>('/loginAdmin', { method: 'POST', body: { ...form.values, usuario: form.values.usuario.trim() } });
    adminSession.save(usuario);
    if (isDistributor(usuario)) setDistributor(usuario);
    else navigate('/administrador', { replace: true });
  });

  return (
    <PublicLayout
      title="Administración"
      subtitle="Ingreso de administradores y distribuidores"
      footer={<nav className="am-links"><Link to="/login">Ingreso de empresas</Link></nav>}
      whiteLabelFooter={
        <nav className="am-links">
          <Link to="/recuperar-clave">¿Olvidó su clave?</Link>
          <Link to="/administrador/soporteTicket">Abrir un ticket de soporte</Link>
        </nav>
      }
    >
      <form onSubmit={submit} noValidate>
        <Field label="Usuario" autoComplete="username" {...form.text('usuario')} />
        <Field label="Clave" type="password" autoComplete="current-password" {...form.text('clave')} />
        <CheckboxField id="recordar" label="Recordarme en este equipo" checked={form.values.recordar} onChange={(v) => form.set('recordar', v)} />
        <button type="submit" className="am-btn am-btn--block" disabled={sending}>{sending ? 'Ingresando...' : 'Ingresar'}</button>
      </form>
      <MessageDialog message={message} onClose={() => setMessage(null)} />
      {distributor && (
        <DistributorChoice admin={distributor} onAdminArea={() => navigate('/administrador', { replace: true })} onCompany={() => navigate('/', { replace: true })} />
      )}
    </PublicLayout>
  );
}
