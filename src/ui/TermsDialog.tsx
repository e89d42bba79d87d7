import { Dialog } from './MessageDialog';

export function TermsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} labelledBy="terms-title" wide>
      <h2 id="terms-title">Términos y condiciones</h2>
      <div className="am-dialog__body">
        <p>
          El servicio permite emitir comprobantes electrónicos ante el Servicio de Rentas Internas (SRI) del Ecuador con los datos que su
          empresa registra. Usted es responsable de la veracidad de esos datos y del uso de su firma electrónica.
        </p>
        <p>
          Sus credenciales son personales. Guardamos las claves cifradas y no las compartimos. Los datos de su empresa y de sus clientes se
          usan solo para prestar el servicio y no se entregan a terceros salvo requerimiento de autoridad competente.
        </p>
        <p>
          El plan contratado define el número de comprobantes y su vigencia. Al caducar, la emisión se suspende hasta renovarlo; los
          comprobantes emitidos siguen disponibles.
        </p>
      </div>
      <div className="am-dialog__actions">
        <button type="button" className="am-btn" onClick={onClose}>
          Cerrar
        </button>
      </div>
    </Dialog>
  );
}
