import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { PublicLayout } from '../ui/PublicLayout';
import { MessageDialog } from '../ui/MessageDialog';
import { useSubmission } from '../ui/useSubmission';
import { CredentialFields } from '../ui/Field';
import { preloadable } from '../ui/preloadable';
import { required, useForm } from '../ui/useForm';
import { api } from '../http/client';
import { ADMIN_CHOOSE_PASSWORD_ROUTE, adminSession, type AdminUser } from '../authProvider/session';
import { isDistributor } from '../../domain/perfiles';
import { MSG } from '../../domain/messages';
import { useSessionEndNotice } from '../ui/useSessionEndNotice';

// Only distributors see it: loaded on demand, so the sign-in page's first load does not carry the company picker.
const DistributorChoice = preloadable(() => import('../ui/DistributorChoice').then((m) => m.default));

export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [distributor, setDistributor] = useState<AdminUser | null>(null);
  const form = useForm({ usuario: '', clave: '', recordar: false }, (v) => ({ usuario: required(v.usuario), clave: required(v.clave) }));
  const { message, setMessage, sending, handle } = useSubmission(form.check, MSG.loginErrorPrefix);
  const endNotice = useSessionEndNotice(adminSession);

  // Only a session that existed when the page opened redirects; a sign-in here navigates by itself.
  const [signedIn] = useState(() => Boolean(adminSession.get()));
  if (signedIn) return <Navigate to="/administrador" replace />;

  const submit = handle(async () => {
    const { usuario } = await api<{ usuario: AdminUser }>('/loginAdmin', {
      method: 'POST',
      body: { ...form.values, usuario: form.values.usuario.trim() },
    });
    adminSession.save(usuario);
    // Signed in with the temporary clave of a reset: a new clave first, before the area or a distributor's companies.
    if (usuario.cambiarClave) navigate(ADMIN_CHOOSE_PASSWORD_ROUTE, { replace: true });
    else if (isDistributor(usuario)) setDistributor(usuario);
    else navigate('/administrador', { replace: true });
  });

  return (
    <PublicLayout
      title="Administración"
      subtitle="Ingreso de administradores y distribuidores"
      notice={endNotice}
      footer={
        <nav className="am-links">
          <Link to="/login">Ingreso de empresas</Link>
        </nav>
      }
      whiteLabelFooter={
        <nav className="am-links">
          <Link to="/recuperar-clave">¿Olvidó su clave?</Link>
          <Link to="/administrador/soporteTicket">Abrir un ticket de soporte</Link>
        </nav>
      }
    >
      <form onSubmit={submit} noValidate>
        <CredentialFields form={form} sending={sending} />
      </form>
      <MessageDialog message={message} onClose={() => setMessage(null)} />
      {distributor && (
        <DistributorChoice
          admin={distributor}
          onAdminArea={() => navigate('/administrador', { replace: true })}
          onCompany={() => navigate('/', { replace: true })}
        />
      )}
    </PublicLayout>
  );
}
