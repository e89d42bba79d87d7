import { useState } from 'react';
import { Dialog } from './MessageDialog';
import { Icon } from './Icon';
import { EnterCompanyForm } from './CompanyPicker';
import type { AdminUser } from '../authProvider/session';

type Props = { admin: AdminUser; onAdminArea: () => void; onCompany: () => void };

/**
 * A distributor with the counter flag chooses between invoicing as one of its companies and the administration area.
 * Only distributors see it: the sign-in page loads it on demand.
 */
export default function DistributorChoice({ admin, onAdminArea, onCompany }: Props) {
  const [enteringCompany, setEnteringCompany] = useState(false);
  return (
    <Dialog open labelledBy="distributor-title" wide>
      <h2 id="distributor-title">Hola, {admin.ADM_NOMBRE}. ¿Cómo desea continuar?</h2>
      <div className="am-dialog__body" style={{ whiteSpace: 'normal' }}>
        {!enteringCompany ? (
          <>
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
            <p style={{ marginBottom: 0 }}>
              En la facturación trabaja como una de sus empresas: emite sus facturas y ve sus clientes. En el área de administración ve
              todas sus empresas, sus planes y sus tickets; desde allí también puede ingresar a una empresa cuando lo necesite.
            </p>
          </>
        ) : (
          <EnterCompanyForm token={admin.token} onEntered={onCompany} onBack={() => setEnteringCompany(false)} backLabel="Volver" />
        )}
      </div>
    </Dialog>
  );
}
