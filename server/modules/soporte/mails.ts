import type { Mail } from '../../infra/mail';
import { richTextToPlain } from '../../infra/sanitize';
import { ticketStateLabel, ticketSubjectLabel } from '../../../domain/tickets';

type MailTicket = {
  SPT_ID: number;
  PROD_NOMBRE: string;
  SPT_ASUNTO: string;
  SPT_CLIENTENOMBRE: string;
  SPT_CLIENTECORREO: string;
  SPT_ESTADO: string;
};
type NewTicket = MailTicket & {
  SPT_MENSAJE: string;
  SPT_NOMBREARCHIVO: string | null;
  SPT_RUC: string;
  SPT_CLIENTETELEFONO: string | null;
};

const ticketHeader = (t: MailTicket) =>
  `Ticket: #${t.SPT_ID}\nProducto: ${t.PROD_NOMBRE}\nAsunto: ${ticketSubjectLabel(t.SPT_ASUNTO)}\nEstado: ${ticketStateLabel(t.SPT_ESTADO)}\n`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Confirmation to the customer after the public form (soporte/correo). */
export function customerConfirmation(t: NewTicket): Mail {
  return {
    to: t.SPT_CLIENTECORREO,
    subject: `Amelia: recibimos su ticket de soporte #${t.SPT_ID}`,
    text:
      `Hola ${t.SPT_CLIENTENOMBRE}:\n\nRecibimos su solicitud de soporte. Su número de ticket es #${t.SPT_ID}; menciónelo si nos contacta.\n\n` +
      `${ticketHeader(t)}${t.SPT_NOMBREARCHIVO ? `Archivo adjunto: ${t.SPT_NOMBREARCHIVO}\n` : ''}\nSu mensaje:\n${richTextToPlain(t.SPT_MENSAJE)}\n\n` +
      'Un asesor le responderá a este correo. Gracias por escribirnos.\n',
  };
}

/** Notice to the support team's address (the support-address setting). */
export function supportNotice(t: NewTicket, to: string): Mail {
  return {
    to,
    subject: `Nuevo ticket de soporte #${t.SPT_ID}: ${ticketSubjectLabel(t.SPT_ASUNTO)} — ${t.SPT_CLIENTENOMBRE}`,
    text:
      `Se registró un ticket de soporte desde el formulario público.\n\n${ticketHeader(t)}` +
      `Cliente: ${t.SPT_CLIENTENOMBRE}\nRUC/Cédula: ${t.SPT_RUC}\nCorreo: ${t.SPT_CLIENTECORREO}\nTeléfono: ${t.SPT_CLIENTETELEFONO ?? '(no indicado)'}\n` +
      `Archivo adjunto: ${t.SPT_NOMBREARCHIVO ?? '(ninguno)'}\n\nMensaje:\n${richTextToPlain(t.SPT_MENSAJE)}\n`,
  };
}

export function stateChangeMail(t: MailTicket, comment?: string | null): Mail {
  const label = ticketStateLabel(t.SPT_ESTADO);
  return {
    to: t.SPT_CLIENTECORREO,
    subject: `Su ticket #${t.SPT_ID} cambió a ${label}`,
    text:
      `Hola ${t.SPT_CLIENTENOMBRE}:\n\nSu ticket #${t.SPT_ID} cambió a ${label}.\n\n${ticketHeader(t)}` +
      `${comment ? `\nComentario del asesor:\n${comment}\n` : ''}\nGracias por confiar en Amelia.\n`,
  };
}

export function replyMail(t: MailTicket, replyHtml: string, stateChanged: boolean): Mail {
  const plain = richTextToPlain(replyHtml);
  const changed = stateChanged ? `Su ticket #${t.SPT_ID} cambió a ${ticketStateLabel(t.SPT_ESTADO)}.\n\n` : '';
  return {
    to: t.SPT_CLIENTECORREO,
    subject: `Respuesta a su ticket #${t.SPT_ID}`,
    text: `Hola ${t.SPT_CLIENTENOMBRE}:\n\nUn asesor respondió su ticket #${t.SPT_ID}.\n\n${changed}${ticketHeader(t)}\nRespuesta:\n${plain}\n`,
    html:
      `<p>Hola ${escapeHtml(t.SPT_CLIENTENOMBRE)}:</p><p>Un asesor respondió su ticket #${t.SPT_ID}.</p>` +
      `${stateChanged ? `<p>Su ticket #${t.SPT_ID} cambió a ${escapeHtml(ticketStateLabel(t.SPT_ESTADO))}.</p>` : ''}` +
      `<hr>${replyHtml}`,
  };
}

export function assignmentMail(t: MailTicket, adviser: { ASE_NOMBRE: string; ASE_CORREO: string }): Mail {
  return {
    to: adviser.ASE_CORREO,
    subject: `Se le asignó el ticket de soporte #${t.SPT_ID}`,
    text: `Hola ${adviser.ASE_NOMBRE}:\n\nSe le asignó el ticket #${t.SPT_ID} de ${t.SPT_CLIENTENOMBRE} (${t.SPT_CLIENTECORREO}).\n\n${ticketHeader(t)}`,
  };
}
