import { useEffect, useRef, type ReactNode } from 'react';
import './public.css';

export type Message = { title: string; text: string; severity?: 'error' | 'warning' | 'success' | 'info' };

type DialogProps = { open: boolean; onClose?: () => void; labelledBy: string; wide?: boolean; className?: string; children: ReactNode };

/** A native modal <dialog>: focus trap, Escape and backdrop for free, no UI library needed. */
export function Dialog({ open, onClose, labelledBy, wide, className = '', children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`am-dialog ${wide ? 'am-dialog--wide' : ''} ${className}`}
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose?.();
      }}
    >
      {open && children}
    </dialog>
  );
}

/** The catalogue's dialogs (Error, Listo, Enviado, Atencion...): a title, a text and Aceptar. Never window.alert. */
export function MessageDialog({ message, onClose, actions }: { message: Message | null; onClose: () => void; actions?: ReactNode }) {
  return (
    <Dialog
      open={Boolean(message)}
      onClose={onClose}
      labelledBy="message-dialog-title"
      className={`am-dialog--${message?.severity ?? 'info'}`}
    >
      {message && (
        <div role="alertdialog" aria-labelledby="message-dialog-title" aria-describedby="message-dialog-text">
          <h2 id="message-dialog-title">{message.title}</h2>
          <div id="message-dialog-text" className="am-dialog__body">
            {message.text}
          </div>
          <div className="am-dialog__actions">
            {actions}
            <button type="button" className="am-btn" onClick={onClose} autoFocus>
              Aceptar
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
