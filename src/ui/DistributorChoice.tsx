import { useState } from 'react';
import { Dialog, MessageDialog } from './MessageDialog';
import { useSubmission } from './useSubmission';
import { Field } from './Field';
import { Icon } from './Icon';
import { required, useForm } from './useForm';
import { api } from '../http/client';
import { companySession, type AdminUser, type CompanyUser } from '../authProvider/session';
import { checkRuc } from '../../domain/identifiers';
import { MSG } from '../../domain/messages';

type Props = { admin: AdminUser; onAdminArea: () => void; onCompany: () => void };

/** A distributor with the counter flag chooses between invoicing as one of its companies and the administration area. */
export function DistributorChoice({ admin, onAdminArea, onCompany }: Props) {
  const [enteringCompany, setEnteringCompany] = useState(false);
  const form = useForm({ ruc: '', usuario: '', clave: '' }, (v) => ({ ruc: required(v.ruc) ?? checkRuc(v.ruc).error }));
  const { message, setMessage, sending, handle } = useSubmission(form.check, MSG.loginErrorPrefix);

  const enter = handle(async () => {
    const { ruc, usuario, clave } = form.values;
    const body = { ruc: ruc.trim(), ...(usuario.trim() ? { usuario: usuario.trim() } : {}), ...(clave ? { clave } : {}) };
    const session = await api<{ usuario: CompanyUser }>('/loginDistribuidor', { method: 'POST', body, token: admin.token });
    companySession.save(session.usuario);
    onCompany();
  });

  return (
    <Dialog open labelledBy="distributor-title" wide>
      <h2 id="distributor-title">Hola, {admin.ADM_NOMBRE}. ¿Cómo desea continuar?</h2>
      <div className="am-dialog__body" style={{ whiteSpace: 'normal' }}>
        {!enteringCompany ? (
          <div className="am-grid2">
            <button type="button" className="am-btn am-btn--outlined am-btn--big" onClick={() => setEnteringCompany(true)}>
              <Icon name="receipt" size={36} />
              Ingresar a la facturación de una empresa
            </button>
            <button type="button" className="am-btn am-btn--big" onClick={onAdminArea}>
              <Icon name="admin" size={36} />
              Continuar al área de administración
            </button>
          </div>
        ) : (
          <form onSubmit={enter} noValidate>
            <p style={{ marginTop: 0 }}>
              Ingresará como la empresa. Si no indica un usuario, entrará con el primer usuario activo de la empresa. El ingreso queda
              registrado.
            </p>
            <Field label="RUC de la empresa" inputMode="numeric" maxLength={13} {...form.text('ruc')} />
            <Field label="Usuario de la empresa (opcional)" {...form.text('usuario')} />
            <Field label="Clave del usuario (opcional)" type="password" {...form.text('clave')} />
            <div className="am-dialog__actions" style={{ padding: 0 }}>
              <button type="button" className="am-btn am-btn--text" onClick={() => setEnteringCompany(false)}>
                Volver
              </button>
              <button type="submit" className="am-btn" disabled={sending}>
                {sending ? 'Ingresando...' : 'Ingresar a la facturación'}
              </button>
            </div>
          </form>
        )}
      </div>
      <MessageDialog message={message} onClose={() => setMessage(null)} />
    </Dialog>
  );
}
