import { useNavigate } from 'react-router';
import { Dialog } from '../ui/MessageDialog';
import { EnterCompanyForm } from '../ui/CompanyPicker';

/**
 * A distributor, inside the administration area, enters one of its companies: the company session is stored beside the
 * administration one (both stay open) and the company application opens; #/administrador still has its session.
 */
export default function EnterCompanyDialog({ token, onClose }: { token: string; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog open onClose={onClose} labelledBy="enter-company-title" wide>
      <h2 id="enter-company-title">Ingresar a una empresa</h2>
      <div className="am-dialog__body" style={{ whiteSpace: 'normal' }}>
        <EnterCompanyForm token={token} onEntered={() => navigate('/')} onBack={onClose} backLabel="Cancelar" />
      </div>
    </Dialog>
  );
}
